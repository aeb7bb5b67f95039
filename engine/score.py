"""Score a winning hand: yaku, dora, fu, limit and payments of its best reading.

Every arrangement (reading + wait) of the hand is scored once; the one that
pays most wins (ties: a real yakuman, then more han, then more fu). A reading with no yaku is
skipped; if no reading has a yaku the hand cannot win (:class:`NoYakuError`),
whatever its dora.

>>> from engine.hand import parse_hand
>>> from engine.rules import ONLINE
>>> r = score_hand(parse_hand("234567m234p22234s", size=14), 21, WinSituation(tsumo=True), ONLINE)
>>> r.han, r.fu, r.limit.value, r.payments.as_dict()
(5, 20, 'mangan', {'all': 4000})
>>> [y.id for y in r.yaku]
['menzen_tsumo', 'pinfu', 'tanyao', 'sanshoku_doujun']
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import messages as msg
from engine.blocks import Arrangement
from engine.decompose import arrangements
from engine.dora import DoraCount, count_dora
from engine.errors import HandError
from engine.fu import FuItem, FuReason, FuResult, compute_fu
from engine.hand import Hand, check_copies
from engine.points import Basic, Limit, Payments, basic_points, payments
from engine.rules import Ruleset
from engine.situation import WinSituation, check_situation
from engine.tiles import Tile
from engine.yaku import YakuItem, find_yaku
from engine.yaku_checks import WinContext, hand_facts
from engine.yaku_checks import pinfu as is_pinfu

__all__ = [
    "FuItem",
    "FuReason",
    "Limit",
    "NoYakuError",
    "Payments",
    "ScoreResult",
    "WinSituation",
    "YakuItem",
    "score_hand",
]


class NoYakuError(HandError):
    """A complete hand with no yaku in any reading: it cannot be declared a win."""


@dataclass(frozen=True, slots=True)
class ScoreResult:
    """Everything about one scored win; the site renders it via engine.messages.

    ``han`` includes dora; for a yakuman it is 13 × ``yakuman`` and dora are
    not counted (``dora``/``aka``/``ura`` are then 0). A counted (kazoe)
    yakuman keeps its real han and ``yakuman`` 0. ``points`` excludes honba
    and riichi sticks; ``payments`` include honba; ``total`` is everything
    the winner receives.
    """

    han: int
    fu: int
    fu_raw: int
    fu_items: tuple[FuItem, ...]
    yakuman: int
    yaku: tuple[YakuItem, ...]
    dora: int
    aka: int
    ura: int
    limit: Limit
    basic: int
    points: int
    payments: Payments
    total: int
    arrangement: Arrangement
    is_dealer: bool

    def to_json(self) -> dict[str, object]:
        """The batch contract's ``score`` output object."""
        return {
            "han": self.han,
            "fu": self.fu,
            "yakuman": self.yakuman,
            "yaku": [{"id": y.id, "han": y.han} for y in self.yaku],
            "dora": self.dora + self.aka + self.ura,
            "points": self.points,
            "payments": self.payments.as_dict(),
            "total": self.total,
            "fu_breakdown": [{"reason": i.reason.value, "fu": i.fu} for i in self.fu_items],
        }


@dataclass(frozen=True, slots=True)
class _Candidate:
    arrangement: Arrangement
    yaku: tuple[YakuItem, ...]
    fu: FuResult
    han: int
    yakuman: int
    basic: Basic

    @property
    def key(self) -> tuple[int, int, int, int]:
        # At equal value a real yakuman beats a counted one (14 han kazoe).
        return (self.basic.points, self.yakuman, self.han, self.fu.fu)


def score_hand(hand: Hand, win_tile: Tile, situation: WinSituation, rules: Ruleset) -> ScoreResult:
    """Score a 14-tile winning hand (the winning tile is among its concealed tiles).

    Raises :class:`HandError` if the hand or situation is invalid or the hand
    is not complete, :class:`NoYakuError` if it has no yaku.
    """
    _check_input(hand, win_tile, situation)
    arrs = arrangements(hand, win_tile)
    if not arrs:
        raise HandError(msg.NOT_A_WIN)
    facts = hand_facts(hand, win_tile)
    dora = count_dora(hand, situation, rules)
    best: _Candidate | None = None
    for arr in arrs:
        cand = _score_arrangement(WinContext.build(arr, facts, situation, rules), dora)
        if cand is not None and (best is None or cand.key > best.key):
            best = cand
    if best is None:
        raise NoYakuError(msg.NO_YAKU)
    return _result(best, dora, situation)


def _score_arrangement(ctx: WinContext, dora: DoraCount) -> _Candidate | None:
    yaku = find_yaku(ctx)
    if not yaku:
        return None
    # The pinfu shape (not the awarded yaku) drops the tsumo fu, so a yakuman
    # hand that hides pinfu still reports the same fu.
    fu = compute_fu(ctx, pinfu=ctx.facts.closed and is_pinfu(ctx))
    rules = ctx.rules
    yakuman = sum(y.yakuman for y in yaku)
    han = 13 * yakuman if yakuman else sum(y.han for y in yaku) + dora.total
    basic = basic_points(han, fu.fu, rules.kiriage, kazoe=rules.kazoe_yakuman, yakuman=yakuman)
    return _Candidate(ctx.arrangement, yaku, fu, han, yakuman, basic)


def _result(best: _Candidate, dora: DoraCount, sit: WinSituation) -> ScoreResult:
    pay = payments(best.basic, dealer=sit.is_dealer, tsumo=sit.tsumo, honba=sit.honba)
    counted = DoraCount(0, 0, 0) if best.yakuman else dora
    return ScoreResult(
        han=best.han,
        fu=best.fu.fu,
        fu_raw=best.fu.raw,
        fu_items=best.fu.items,
        yakuman=best.yakuman,
        yaku=best.yaku,
        dora=counted.dora,
        aka=counted.aka,
        ura=counted.ura,
        limit=best.basic.limit,
        basic=best.basic.points,
        points=pay.points,
        payments=pay,
        total=pay.points + 300 * sit.honba + 1000 * sit.riichi_sticks,
        arrangement=best.arrangement,
        is_dealer=sit.is_dealer,
    )


def _check_input(hand: Hand, win_tile: Tile, sit: WinSituation) -> None:
    if hand.size != 14:
        raise HandError(f"Для подсчёта нужна выигрышная рука из 14 тайлов, а в руке {hand.size}.")
    if not isinstance(win_tile, int) or not 0 <= win_tile < 34 or not hand.concealed[win_tile]:
        raise HandError("Выигрышный тайл должен быть среди закрытых тайлов руки.")
    check_situation(sit, closed=hand.is_closed, has_kan=any(m.is_kan for m in hand.melds))
    counts = list(hand.all_counts())
    for tile in (*sit.dora_indicators, *sit.ura_indicators):
        if not 0 <= tile < 34:
            raise HandError("Индикатор доры — это тайл, например 5p.")
        counts[tile] += 1
    check_copies(counts, "В руке и индикаторах доры")
