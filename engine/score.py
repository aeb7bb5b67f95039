"""Score a winning hand: yaku, dora, fu, limit and payments of its best reading.

Every arrangement (reading + wait) of the hand is scored once; the one that
pays most wins (ties: a real yakuman, then more han, then more fu). A
reading with no yaku is skipped; if no reading has a yaku the hand cannot
win (:class:`NoYakuError`), whatever its dora.

Speed (profiled, see the commit messages): readings stay compact tuples
(:mod:`engine.readings`) until the best one is known; what every reading
shares (checks, dora, meld fu, situation and whole-hand yaku) is computed
once per hand; the yaku table is walked only over rows whose necessary
conditions the reading meets.

>>> from engine.hand import parse_hand
>>> from engine.rules import ONLINE
>>> r = score_hand(parse_hand("234567m234p22234s", size=14), 21, WinSituation(tsumo=True), ONLINE)
>>> r.han, r.fu, r.limit.value, r.payments.as_dict()
(5, 20, 'mangan', {'all': 4000})
>>> [y.id for y in r.yaku]
['menzen_tsumo', 'tanyao', 'pinfu', 'sanshoku_doujun']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine import messages as msg
from engine.blocks import Arrangement, Form, WaitKind
from engine.decompose import is_chiitoitsu, is_kokushi
from engine.dora import DoraCount, count_dora
from engine.errors import HandError
from engine.fu import FuItem, FuReason, FuResult, RawItem, compute_fu, meld_fu
from engine.hand import Hand
from engine.points import Basic, Limit, Payments, basic_points, payments
from engine.readings import placements, standard_readings, to_arrangement
from engine.rules import Ruleset
from engine.situation import WinSituation, check_situation
from engine.tiles import Counts, Tile, tile_name
from engine.win_context import HandFacts, WinContext, hand_facts
from engine.yaku import YakuDef, YakuItem, find_yaku, fixed_yaku
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
    "score_readings",
]


class NoYakuError(HandError):
    """A complete hand with no yaku in any reading: it cannot be declared a win."""


@dataclass(slots=True)
class ScoreResult:
    """Everything about one scored win; the site renders it via engine.messages.

    ``han`` includes dora; for a yakuman it is 13 × ``yakuman`` and dora are
    not counted (``dora``/``aka``/``ura`` are then 0). A counted (kazoe)
    yakuman keeps its real han and ``yakuman`` 0. ``points`` excludes honba
    and riichi sticks; ``payments`` include honba; ``total`` is everything
    the winner receives. ``arrangement`` (the best reading) and ``fu_items``
    are built when asked for: the scorer compares readings in compact form
    and most callers (the batch command) never look at them. A value: treat
    it as read-only (not frozen only because building a frozen dataclass of
    this size was a tenth of the scoring time).
    """

    han: int
    fu: int
    fu_raw: int
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
    is_dealer: bool
    fu_result: FuResult = field(repr=False, compare=False)
    source: tuple[Any, ...] = field(repr=False, compare=False)  # to_arrangement arguments

    @property
    def fu_items(self) -> tuple[FuItem, ...]:
        return self.fu_result.items

    @property
    def arrangement(self) -> Arrangement:
        """The reading that scored best, as :func:`engine.decompose.arrangements` gives it."""
        return to_arrangement(*self.source)

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
            "fu_breakdown": [{"reason": i[0].value, "fu": i[1]} for i in self.fu_result.raw_items],
        }


# (basic points, yakuman, han, fu, context, yaku, fu result, basic)
_Candidate = tuple[int, int, int, int, WinContext, tuple[YakuItem, ...], FuResult, Basic]


def score_hand(hand: Hand, win_tile: Tile, situation: WinSituation, rules: Ruleset) -> ScoreResult:
    """Score a 14-tile winning hand (the winning tile is among its concealed tiles).

    Raises :class:`HandError` if the hand or situation is invalid or the hand
    is not complete, :class:`NoYakuError` if it has no yaku.
    """
    dora, contexts, fixed, melds = _prepare(hand, win_tile, situation, rules)
    best: _Candidate | None = None
    for ctx in contexts:
        cand = _evaluate(ctx, fixed, dora.total, melds)
        if cand is not None and (best is None or cand[:4] > best[:4]):
            best = cand
    if best is None:
        raise NoYakuError(msg.NO_YAKU)
    return _result(best, dora, situation, hand, win_tile)


def score_readings(
    hand: Hand, win_tile: Tile, situation: WinSituation, rules: Ruleset
) -> tuple[tuple[Arrangement, ScoreResult | None], ...]:
    """Every reading of the hand scored on its own (``None``: no yaku in that reading).

    For explanations of why :func:`score_hand` picked its reading; the same
    checks and errors as :func:`score_hand`, except that no yaku anywhere is
    not an error here.
    """
    dora, contexts, fixed, melds = _prepare(hand, win_tile, situation, rules)
    out: list[tuple[Arrangement, ScoreResult | None]] = []
    for ctx in contexts:
        cand = _evaluate(ctx, fixed, dora.total, melds)
        if cand is None:
            source = (ctx.form, ctx.reading, ctx.placement, win_tile, hand.melds, hand.concealed)
            out.append((to_arrangement(*source, ctx.wait), None))
        else:
            result = _result(cand, dora, situation, hand, win_tile)
            out.append((result.arrangement, result))
    return tuple(out)


def _prepare(
    hand: Hand, win_tile: Tile, situation: WinSituation, rules: Ruleset
) -> tuple[DoraCount, list[WinContext], list[YakuDef], tuple[RawItem, ...]]:
    """Checks, then what every reading shares: dora, contexts, fixed yaku, meld fu."""
    _check_input(hand, win_tile)
    facts = hand_facts(hand, win_tile)
    check_situation(situation, closed=facts.closed, has_kan=facts.kans > 0)
    if situation.dora_indicators or situation.ura_indicators:
        _check_indicators(facts.counts, situation)
    dora = count_dora(hand, situation, rules, facts.counts)
    contexts = _contexts(hand, win_tile, facts, situation, rules)
    if not contexts:
        raise HandError(msg.NOT_A_WIN)
    melds = meld_fu(hand.melds) if hand.melds else ()
    return dora, contexts, fixed_yaku(contexts[0]), melds


def _contexts(
    hand: Hand, win: Tile, facts: HandFacts, sit: WinSituation, rules: Ruleset
) -> list[WinContext]:
    """One context per (reading, place of the winning tile), special forms included."""
    out = [
        WinContext.build(facts, sit, rules, reading, placement)
        for reading in standard_readings(hand.concealed)
        for placement in placements(reading, win)
    ]
    counts = hand.concealed
    if not hand.melds:
        if counts.count(2) == 7 and is_chiitoitsu(counts):
            out.append(WinContext.special(facts, sit, rules, Form.CHIITOITSU, _CHIITOI_WAIT))
        if counts[0] and counts[33] and is_kokushi(counts):
            wait = _KOKUSHI_13 if counts[win] == 2 else _KOKUSHI_1
            out.append(WinContext.special(facts, sit, rules, Form.KOKUSHI, wait))
    return out


def _evaluate(
    ctx: WinContext, fixed: list[YakuDef], dora: int, melds: tuple[RawItem, ...]
) -> _Candidate | None:
    yaku = find_yaku(ctx, fixed)
    if not yaku:
        return None
    # The pinfu shape (not the awarded yaku) drops the tsumo fu, so a yakuman
    # hand that hides pinfu still reports the same fu.
    fu = compute_fu(ctx, pinfu=ctx.facts.closed and is_pinfu(ctx), melds=melds)
    rules = ctx.rules
    yakuman = sum([y.yakuman for y in yaku]) if yaku[0].yakuman else 0
    han = 13 * yakuman if yakuman else sum([y.han for y in yaku]) + dora
    basic = basic_points(han, fu.fu, rules.kiriage, kazoe=rules.kazoe_yakuman, yakuman=yakuman)
    # At equal value a real yakuman beats a counted one (14 han kazoe).
    return (basic.points, yakuman, han, fu.fu, ctx, yaku, fu, basic)


def _result(
    best: _Candidate, dora: DoraCount, sit: WinSituation, hand: Hand, win: Tile
) -> ScoreResult:
    _points, yakuman, han, _fu, ctx, yaku, fu, basic = best
    pay = payments(basic, dealer=sit.is_dealer, tsumo=sit.tsumo, honba=sit.honba)
    counted = _NO_DORA if yakuman else dora
    return ScoreResult(
        han=han,
        fu=fu.fu,
        fu_raw=fu.raw,
        yakuman=yakuman,
        yaku=yaku,
        dora=counted.dora,
        aka=counted.aka,
        ura=counted.ura,
        limit=basic.limit,
        basic=basic.points,
        points=pay.points,
        payments=pay,
        total=pay.points + 300 * sit.honba + 1000 * sit.riichi_sticks,
        is_dealer=sit.is_dealer,
        fu_result=fu,
        source=(ctx.form, ctx.reading, ctx.placement, win, hand.melds, hand.concealed, ctx.wait),
    )


_NO_DORA = DoraCount(0, 0, 0)
_CHIITOI_WAIT = WaitKind.CHIITOITSU_TANKI
_KOKUSHI_13, _KOKUSHI_1 = WaitKind.KOKUSHI_13, WaitKind.KOKUSHI_SINGLE


def _check_input(hand: Hand, win_tile: Tile) -> None:
    if hand.size != 14:
        raise HandError(f"Для подсчёта нужна выигрышная рука из 14 тайлов, а в руке {hand.size}.")
    if not isinstance(win_tile, int) or not 0 <= win_tile < 34 or not hand.concealed[win_tile]:
        raise HandError("Выигрышный тайл должен быть среди закрытых тайлов руки.")


def _check_indicators(counts: Counts, sit: WinSituation) -> None:
    """Indicators are real tiles: with the hand, at most four copies of a kind."""
    indicators = sit.dora_indicators + sit.ura_indicators
    for tile in indicators:
        if not isinstance(tile, int) or not 0 <= tile < 34:
            raise HandError("Индикатор доры — это тайл, например 5p.")
        if counts[tile] + indicators.count(tile) > 4:
            raise HandError(f"В руке и индикаторах доры больше четырёх тайлов «{tile_name(tile)}».")
