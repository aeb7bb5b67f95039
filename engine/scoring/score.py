"""Score a winning hand: yaku, dora, fu, limit and payments of its best reading.

Every arrangement (reading + wait) of the hand is scored once; the one that
pays most wins (ties: a real yakuman, then more han, then more fu; at full
equality the first in :mod:`engine.shape.decompose`'s order). A reading with no
yaku is skipped; if no reading has a yaku the hand cannot win
(:class:`NoYakuError`), whatever its dora.

Speed (profiled; ``benchmarks/engine.py`` times fresh hands): readings are
tuples of ints from a per-suit table (:mod:`engine.scoring.readings`); one
:class:`~engine.scoring.win_context.WinContext` of ints and bit masks is built per
hand and pointed at each reading in turn, so comparing readings builds no
object but the yaku tuple; what every reading shares (checks, dora, meld fu,
situation and whole-hand yaku) is computed once per hand; the explanation
(``arrangement``, ``fu_items``) is built only when asked for, from the same
reading, by the itemising code in :mod:`engine.scoring.fu`.

>>> from engine.hand import parse_hand
>>> from engine.rules.sets import ONLINE
>>> r = score_hand(parse_hand("234567m234p22234s", size=14), 21, WinSituation(tsumo=True), ONLINE)
>>> r.han, r.fu, r.limit.value, r.payments.as_dict()
(5, 20, 'mangan', {'all': 4000})
>>> [y.id for y in r.yaku]
['menzen_tsumo', 'tanyao', 'pinfu', 'sanshoku_doujun']
>>> [(i.reason.value, i.fu) for i in r.fu_items]
[('base', 20)]
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.errors import HandError
from engine.hand import Hand
from engine.rules.sets import Ruleset
from engine.scoring.dora import dora_ints
from engine.scoring.fu import FuItem, FuReason, FuResult, compute_fu, fu_total, meld_fu
from engine.scoring.points import LIMIT_BY_BASIC, Limit, Payments, basic_value, split_payments
from engine.scoring.readings import FastReading, Placement, placements, to_arrangement
from engine.scoring.situation import WinSituation, check_situation
from engine.scoring.win_context import WinContext, hand_context
from engine.scoring.yaku import YakuDef, YakuItem, find_yaku, fixed_yaku
from engine.scoring.yaku.checks import pinfu as is_pinfu
from engine.shape.blocks import Arrangement, Form, WaitKind
from engine.text import messages as msg
from engine.tiles import EAST, KOKUSHI_TILES, Counts, Tile, tile_name

# Annotations only: importing typing at run time costs start-up (see engine.batch.quick_parse).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

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


@dataclass(slots=True, init=False)
class ScoreResult:
    """Everything about one scored win; the site renders it via engine.text.messages.

    ``han`` includes dora; for a yakuman it is 13 × ``yakuman`` and dora are
    not counted (``dora``/``aka``/``ura`` are then 0). A counted (kazoe)
    yakuman keeps its real han and ``yakuman`` 0. ``points`` excludes honba
    and riichi sticks; ``payments`` include honba; ``total`` is everything
    the winner receives. ``arrangement`` (the best reading) and ``fu_items``
    are built when asked for: the scorer compares readings in compact form
    and the scoring loop of most callers never looks at them. A value: treat
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
    # (context, form, reading, placement, wait, pinfu shape, hand): what the
    # explanation is rebuilt from.
    source: tuple[Any, ...] = field(repr=False, compare=False)
    # The explanation, once built (a page and its diagnoses ask several times).
    _fu: FuResult | None = field(default=None, init=False, repr=False, compare=False)
    _fu_items: tuple[FuItem, ...] | None = field(
        default=None, init=False, repr=False, compare=False
    )
    _arrangement: Arrangement | None = field(default=None, init=False, repr=False, compare=False)

    def __init__(
        self, han: int, fu: int, fu_raw: int, yakuman: int, yaku: tuple[YakuItem, ...],
        dora: int, aka: int, ura: int, limit: Limit, basic: int, points: int,
        payments: Payments, total: int, is_dealer: bool, source: tuple[Any, ...],
    ) -> None:
        # Written out, not generated: compiled, this __init__ is C (engine/__init__.py).
        self.han = han
        self.fu = fu
        self.fu_raw = fu_raw
        self.yakuman = yakuman
        self.yaku = yaku
        self.dora = dora
        self.aka = aka
        self.ura = ura
        self.limit = limit
        self.basic = basic
        self.points = points
        self.payments = payments
        self.total = total
        self.is_dealer = is_dealer
        self.source = source
        self._fu = None
        self._fu_items = None
        self._arrangement = None

    @property
    def fu_result(self) -> FuResult:
        """The itemised fu of the best reading (its total is ``fu_raw``)."""
        if self._fu is None:
            ctx, form, reading, placement, wait, pinfu, hand = self.source
            if ctx.form is not form or ctx.placement is not placement or ctx.reading is not reading:
                _place(ctx, form, reading, placement, wait)  # the context moved on since
            melds = meld_fu(hand.melds) if hand.melds else ()
            self._fu = compute_fu(ctx, pinfu=pinfu, melds=melds)
        return self._fu

    @property
    def fu_items(self) -> tuple[FuItem, ...]:
        if self._fu_items is None:
            self._fu_items = self.fu_result.items
        return self._fu_items

    @property
    def arrangement(self) -> Arrangement:
        """The reading that scored best, as :func:`engine.shape.decompose.arrangements` gives it."""
        if self._arrangement is None:
            ctx, form, reading, placement, wait, _pinfu, hand = self.source
            self._arrangement = to_arrangement(
                form, reading, placement, ctx.win, hand.melds, hand.concealed, wait
            )
        return self._arrangement

    def to_json_text(self) -> str:
        """``to_json()`` encoded as the batch writes it (``", "``/``": "``), in one format call.

        The batch answers thousands of score lines; building the dicts and
        walking them in the encoder was a sixth of a line. Yaku ids and fu
        reasons are ASCII identifiers, so no escaping is needed; a test
        checks the text against ``json.dumps(to_json())`` on generated hands.
        """
        yaku = ", ".join([f'{{"id": "{y.id}", "han": {y.han}}}' for y in self.yaku])
        fu = ", ".join(
            [f'{{"reason": "{i[0]._value_}", "fu": {i[1]}}}' for i in self.fu_result.raw_items]
        )
        p = self.payments
        if p.ron is not None:
            pay = f'{{"ron": {p.ron}}}'
        elif p.all is not None:
            pay = f'{{"all": {p.all}}}'
        else:
            pay = f'{{"dealer": {p.dealer or 0}, "non_dealer": {p.non_dealer or 0}}}'
        return (
            f'{{"han": {self.han}, "fu": {self.fu}, "yakuman": {self.yakuman}, "yaku": [{yaku}], '
            f'"dora": {self.dora + self.aka + self.ura}, "points": {self.points}, '
            f'"payments": {pay}, "total": {self.total}, "fu_breakdown": [{fu}]}}'
        )

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
            # _value_ is the member's stored value: .value is a descriptor call per item
            "fu_breakdown": [
                {"reason": i[0]._value_, "fu": i[1]} for i in self.fu_result.raw_items
            ],
        }


def _place(
    ctx: WinContext,
    form: Form,
    reading: FastReading | None,
    placement: Placement | None,
    wait: WaitKind,
) -> None:
    if reading is None or placement is None:
        ctx.place_special(form, wait)
    else:
        ctx.place(reading, placement)


# (basic points, yakuman, han, fu, raw fu, yaku, pinfu shape, form, reading, placement, wait)
_Candidate = tuple[
    int, int, int, int, int, tuple[YakuItem, ...], bool, Form,
    FastReading | None, Placement | None, WaitKind,
]  # fmt: skip


def score_hand(hand: Hand, win_tile: Tile, situation: WinSituation, rules: Ruleset) -> ScoreResult:
    """Score a 14-tile winning hand (the winning tile is among its concealed tiles).

    Raises :class:`HandError` if the hand or situation is invalid or the hand
    is not complete, :class:`NoYakuError` if it has no yaku.
    """
    ctx, readings, specials, dora, fixed, melds = _prepare(hand, win_tile, situation, rules)
    han_dora = dora[0] + dora[1] + dora[2]
    best: _Candidate | None = None
    for reading in readings:
        for placement in placements(reading, win_tile):
            ctx.place(reading, placement)
            cand = _evaluate(ctx, fixed, han_dora, melds)
            if cand is not None and (best is None or cand[:4] > best[:4]):
                best = cand
    for form, wait in specials:
        ctx.place_special(form, wait)
        cand = _evaluate(ctx, fixed, han_dora, melds)
        if cand is not None and (best is None or cand[:4] > best[:4]):
            best = cand
    if best is None:
        raise NoYakuError(msg.NO_YAKU)
    return _result(best, dora, situation, hand, ctx)


def score_readings(
    hand: Hand, win_tile: Tile, situation: WinSituation, rules: Ruleset
) -> tuple[tuple[Arrangement, ScoreResult | None], ...]:
    """Every reading of the hand scored on its own (``None``: no yaku in that reading).

    For explanations of why :func:`score_hand` picked its reading; the same
    checks and errors as :func:`score_hand`, except that no yaku anywhere is
    not an error here. Each result has a context of its own.
    """
    _ctx, readings, specials, _dora, _fixed, _melds = _prepare(hand, win_tile, situation, rules)
    ways: list[tuple[Form, FastReading | None, Placement | None, WaitKind]] = [
        (Form.STANDARD, reading, placement, placement[0])
        for reading in readings
        for placement in placements(reading, win_tile)
    ]
    ways += [(form, None, None, wait) for form, wait in specials]
    out: list[tuple[Arrangement, ScoreResult | None]] = []
    for form, reading, placement, wait in ways:
        ctx, _readings, _specials, dora, fixed, melds = _prepare(hand, win_tile, situation, rules)
        _place(ctx, form, reading, placement, wait)
        cand = _evaluate(ctx, fixed, sum(dora), melds)
        if cand is None:
            arrangement = to_arrangement(
                form, reading, placement, win_tile, hand.melds, hand.concealed, wait
            )
            out.append((arrangement, None))
        else:
            result = _result(cand, dora, situation, hand, ctx)
            out.append((result.arrangement, result))
    return tuple(out)


_Dora = tuple[int, int, int]  # dora, aka, ura


def _prepare(
    hand: Hand, win_tile: Tile, situation: WinSituation, rules: Ruleset
) -> tuple[WinContext, list[FastReading], _Specials, _Dora, list[YakuDef], int]:
    """Checks, then what every reading shares: context, dora, fixed yaku, meld fu."""
    concealed, melds = hand.concealed, hand.melds
    if (
        sum(concealed) + 3 * len(melds) != 14
        or type(win_tile) is not int
        or not 0 <= win_tile < 34
        or not concealed[win_tile]
    ):
        _check_input(hand, win_tile)  # raises with the precise message
    ctx, readings = hand_context(hand, win_tile, situation, rules)
    counts = ctx.counts
    check_situation(
        situation, closed=ctx.closed, has_kan=ctx.kans > 0, win_copies=counts[win_tile]
    )
    if situation.dora_indicators or situation.ura_indicators:
        _check_indicators(counts, situation)
    specials = () if melds else _specials(concealed, win_tile)
    if not readings and not specials:
        raise HandError(msg.NOT_A_WIN)
    dora = dora_ints(hand, situation, rules, counts)
    return ctx, readings, specials, dora, fixed_yaku(ctx), ctx.meld_fu


_Specials = tuple[tuple[Form, WaitKind], ...]


def _specials(counts: Counts, win: Tile) -> _Specials:
    """The chiitoitsu and kokushi readings of a hand without melds, if any."""
    if counts.count(2) == 7:
        return _CHIITOI
    if counts.count(0) == 21 and all([counts[t] for t in KOKUSHI_TILES]):
        return _KOKUSHI_13 if counts[win] == 2 else _KOKUSHI_1
    return ()


_CHIITOI = ((Form.CHIITOITSU, WaitKind.CHIITOITSU_TANKI),)
_KOKUSHI_13 = ((Form.KOKUSHI, WaitKind.KOKUSHI_13),)
_KOKUSHI_1 = ((Form.KOKUSHI, WaitKind.KOKUSHI_SINGLE),)
_STANDARD, _CHIITOITSU = Form.STANDARD, Form.CHIITOITSU


def _evaluate(ctx: WinContext, fixed: list[YakuDef], dora: int, melds: int) -> _Candidate | None:
    yaku = find_yaku(ctx, fixed)
    if not yaku:
        return None
    # The pinfu shape (not the awarded yaku) drops the tsumo fu, so a yakuman
    # hand that hides pinfu still reports the same fu.
    form = ctx.form
    pinfu = ctx.closed and ctx.n_seq == 4 and is_pinfu(ctx)
    if form is _STANDARD:
        raw = fu_total(ctx, pinfu, melds)
        fu = -(-raw // 10) * 10
    else:
        raw = fu = 25 if form is _CHIITOITSU else 0
    rules = ctx.rules
    yakuman = 0
    if yaku[0].yakuman:
        for y in yaku:
            yakuman += y.yakuman
        han = 13 * yakuman
    else:
        han = dora
        for y in yaku:
            han += y.han
        if ctx.situation.renhou:
            yaku, han = _renhou_alone_or_without(yaku, han, fu, rules)
    basic = basic_value(han, fu, rules.kiriage, rules.kazoe_yakuman, yakuman)
    # At equal value a real yakuman beats a counted one (14 han kazoe).
    return (basic, yakuman, han, fu, raw, yaku, pinfu, form, ctx.reading, ctx.placement, ctx.wait)


def _renhou_alone_or_without(
    yaku: tuple[YakuItem, ...], han: int, fu: int, rules: Ruleset
) -> tuple[tuple[YakuItem, ...], int]:
    """Renhou as a mangan does not combine (EMA 2016; rules-ru 4.5): the hand is a mangan
    by renhou alone, or — when it is worth more without renhou — its own value."""
    alone = tuple(y for y in yaku if y.id == "renhou_mangan")
    if not alone:
        return yaku, han
    rest = tuple(y for y in yaku if y.id != "renhou_mangan")
    rest_han = han - alone[0].han
    if rest and basic_value(rest_han, fu, rules.kiriage, rules.kazoe_yakuman, 0) > 2000:
        return rest, rest_han
    return alone, alone[0].han


def _result(
    best: _Candidate, dora: _Dora, sit: WinSituation, hand: Hand, ctx: WinContext
) -> ScoreResult:
    basic, yakuman, han, fu, raw, yaku, pinfu, form, reading, placement, wait = best
    dealer = sit.seat_wind == EAST
    pay = split_payments(basic, dealer, sit.tsumo, sit.honba)
    limit = Limit.YAKUMAN if yakuman else LIMIT_BY_BASIC.get(basic, Limit.NONE)
    counted = _NO_DORA if yakuman else dora
    return ScoreResult(
        han, fu, raw, yakuman, yaku, counted[0], counted[1], counted[2], limit, basic,
        pay.points, pay, pay.points + 300 * sit.honba + 1000 * sit.riichi_sticks, dealer,
        (ctx, form, reading, placement, wait, pinfu, hand),
    )  # fmt: skip


_NO_DORA = (0, 0, 0)


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
