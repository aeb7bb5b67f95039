"""Fu as an itemised list: every item has a reason code and, where it has one, its block.

Rules (000 gives all of them; 002 agrees on the set table and the shanpon rule):
base 20; +10 for a closed hand won by ron; +2 for tsumo, except with pinfu
and, where the rule set says so, on rinshan kaihou (000); +2 for a kanchan,
penchan or tanki wait; +2 for a pair of dragons, the seat or the round wind,
a double-wind pair +4; sets 2/4 (simple/terminal-honour) open, 4/8 closed,
kans 8/16 open, 16/32 closed; a shanpon triplet completed by ron counts as
open; rounded up to tens. An open hand with nothing but the base 20 won by
ron is counted as 30; chiitoitsu is 25, never rounded; kokushi has no fu.

The scorer compares readings by :func:`fu_total` (ints only) and itemises
only the reading it shows (:func:`compute_fu`); both follow the same rules
and a test checks that the items always add up to the total.

>>> from engine.hand import parse_hand
>>> from engine.scoring.readings import placements
>>> from engine.scoring.win_context import hand_context
>>> from engine.scoring.situation import WinSituation
>>> from engine.rules.sets import ONLINE
>>> h = parse_hand("123m456p789s11z", ["pon:555z"], size=14)
>>> ctx, readings = hand_context(h, 27, WinSituation(), ONLINE)
>>> ctx.place(readings[0], placements(readings[0], 27)[0])
>>> fu = compute_fu(ctx, pinfu=False, melds=meld_fu(h.melds))
>>> [(i.reason.value, i.fu) for i in fu.items], fu.fu
([('base', 20), ('wait_tanki', 2), ('pair_double_wind', 4), ('open_triplet_terminal', 4)], 30)
>>> fu_total(ctx, False, sum(i[1] for i in meld_fu(h.melds)))
30
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from engine.melds import Meld, MeldKind
from engine.scoring.readings import hand_block
from engine.scoring.win_context import TERMINAL_HONOR_MASK, WinContext
from engine.shape.blocks import Block, BlockKind, Form, WaitKind
from engine.tiles import DRAGONS, TERMINALS, Tile


class FuReason(Enum):
    BASE = "base"
    CHIITOITSU = "chiitoitsu"
    MENZEN_RON = "menzen_ron"
    TSUMO = "tsumo"
    WAIT_KANCHAN = "wait_kanchan"
    WAIT_PENCHAN = "wait_penchan"
    WAIT_TANKI = "wait_tanki"
    PAIR_DRAGON = "pair_dragon"
    PAIR_SEAT_WIND = "pair_seat_wind"
    PAIR_ROUND_WIND = "pair_round_wind"
    PAIR_DOUBLE_WIND = "pair_double_wind"
    OPEN_TRIPLET_SIMPLE = "open_triplet_simple"
    OPEN_TRIPLET_TERMINAL = "open_triplet_terminal"
    RON_TRIPLET_SIMPLE = "ron_triplet_simple"
    RON_TRIPLET_TERMINAL = "ron_triplet_terminal"
    CLOSED_TRIPLET_SIMPLE = "closed_triplet_simple"
    CLOSED_TRIPLET_TERMINAL = "closed_triplet_terminal"
    OPEN_KAN_SIMPLE = "open_kan_simple"
    OPEN_KAN_TERMINAL = "open_kan_terminal"
    CLOSED_KAN_SIMPLE = "closed_kan_simple"
    CLOSED_KAN_TERMINAL = "closed_kan_terminal"
    OPEN_PINFU = "open_pinfu"


@dataclass(frozen=True, slots=True)
class FuItem:
    """One line of the breakdown; ``block`` is the set, pair or wait block it is for."""

    reason: FuReason
    fu: int
    block: Block | None = None


# A fu item while readings are compared: (reason, fu, block kind, block tile, meld).
# Turned into FuItem (with a Block) only for the reading that is shown.
RawItem = tuple[FuReason, int, BlockKind | None, Tile, Meld | None]


@dataclass(frozen=True, slots=True, init=False)
class FuResult:
    raw_items: tuple[RawItem, ...]
    raw: int  # sum of the items
    fu: int  # rounded up to tens (chiitoitsu stays 25)

    def __init__(self, raw_items: tuple[RawItem, ...], raw: int, fu: int) -> None:
        # Written out, not generated: compiled, this __init__ is C (engine/__init__.py).
        object.__setattr__(self, "raw_items", raw_items)
        object.__setattr__(self, "raw", raw)
        object.__setattr__(self, "fu", fu)

    @property
    def items(self) -> tuple[FuItem, ...]:
        return to_fu_items(self.raw_items)


def to_fu_items(raw_items: tuple[RawItem, ...]) -> tuple[FuItem, ...]:
    """Full :class:`FuItem` values, each with its :class:`Block`.

    Items without a meld are frozen values from a small domain (reason, fu,
    kind, tile), so each is built once and shared (:data:`_SHARED_ITEMS`):
    building frozen dataclasses was most of the cost of an explanation.
    """
    out: list[FuItem] = []
    for reason, fu, kind, tile, meld in raw_items:
        if meld is not None:
            out.append(FuItem(reason, fu, Block(tile, kind, meld)))  # type: ignore[arg-type]
            continue
        # str and int keys: hashing an Enum member runs Python code
        key = (reason._value_, fu, "" if kind is None else kind._value_, tile)
        item = _SHARED_ITEMS.get(key)
        if item is None:
            block = None if kind is None else hand_block(kind, tile)
            item = _SHARED_ITEMS[key] = FuItem(reason, fu, block)
        out.append(item)
    return tuple(out)


_SHARED_ITEMS: dict[tuple[str, int, str, Tile], FuItem] = {}


_R = FuReason
# (is kan, how it counts: "open" | "ron" | "closed", terminal or honour) -> (reason, fu)
SET_FU: dict[tuple[bool, str, bool], tuple[FuReason, int]] = {
    (False, "open", False): (_R.OPEN_TRIPLET_SIMPLE, 2),
    (False, "open", True): (_R.OPEN_TRIPLET_TERMINAL, 4),
    (False, "ron", False): (_R.RON_TRIPLET_SIMPLE, 2),
    (False, "ron", True): (_R.RON_TRIPLET_TERMINAL, 4),
    (False, "closed", False): (_R.CLOSED_TRIPLET_SIMPLE, 4),
    (False, "closed", True): (_R.CLOSED_TRIPLET_TERMINAL, 8),
    (True, "open", False): (_R.OPEN_KAN_SIMPLE, 8),
    (True, "open", True): (_R.OPEN_KAN_TERMINAL, 16),
    (True, "closed", False): (_R.CLOSED_KAN_SIMPLE, 16),
    (True, "closed", True): (_R.CLOSED_KAN_TERMINAL, 32),
}
WAIT_FU: dict[WaitKind, FuReason] = {
    WaitKind.KANCHAN: _R.WAIT_KANCHAN,
    WaitKind.PENCHAN: _R.WAIT_PENCHAN,
    WaitKind.TANKI: _R.WAIT_TANKI,
}
_WAIT_REASONS = tuple(WAIT_FU.items())
_CHIITOITSU = FuResult(((_R.CHIITOITSU, 25, None, 0, None),), 25, 25)
_KOKUSHI = FuResult((), 0, 0)
_BASE: RawItem = (_R.BASE, 20, None, 0, None)
_MENZEN_RON: RawItem = (_R.MENZEN_RON, 10, None, 0, None)
_TSUMO: RawItem = (_R.TSUMO, 2, None, 0, None)
_OPEN_PINFU: RawItem = (_R.OPEN_PINFU, 10, None, 0, None)
_KOUTSU, _KANTSU, _TOITSU = BlockKind.KOUTSU, BlockKind.KANTSU, BlockKind.TOITSU


def _is_terminal(tile: Tile) -> bool:
    return tile >= 27 or tile in TERMINALS


def meld_fu(melds: tuple[Meld, ...]) -> tuple[RawItem, ...]:
    """Fu of the called and declared sets: the same for every reading of a hand."""
    out: list[RawItem] = []
    for meld in melds:
        if meld.kind is MeldKind.CHI:
            continue
        tile = meld.tiles[0]
        reason, fu = SET_FU[(meld.is_kan, "open" if meld.opened else "closed", _is_terminal(tile))]
        out.append((reason, fu, _KANTSU if meld.is_kan else _KOUTSU, tile, meld))
    return tuple(out)


def compute_fu(ctx: WinContext, *, pinfu: bool, melds: tuple[RawItem, ...] = ()) -> FuResult:
    """Itemised fu of one reading; ``pinfu``: the closed pinfu shape (no tsumo fu).

    ``melds`` is :func:`meld_fu` of the hand's melds, computed once per hand.
    """
    if ctx.form is Form.CHIITOITSU:
        return _CHIITOITSU
    if ctx.form is Form.KOKUSHI or ctx.reading is None or ctx.placement is None:
        return _KOKUSHI
    sit = ctx.situation
    closed = ctx.closed
    items = [_BASE]
    raw = 20
    if closed and not sit.tsumo:
        items.append(_MENZEN_RON)
        raw += 10
    if sit.tsumo and not pinfu and (ctx.rules.rinshan_tsumo_fu or not sit.rinshan):
        items.append(_TSUMO)
        raw += 2
    wait, kind, tile = ctx.placement
    for w, reason in _WAIT_REASONS:  # identity tests: hashing an Enum runs Python code
        if w is wait:
            items.append((reason, 2, kind, tile, None))
            raw += 2
    pair_item = _pair_fu(ctx) if ctx.pair >= 27 else None
    if pair_item is not None:
        items.append(pair_item)
        raw += pair_item[1]
    ron_tile = tile if wait is WaitKind.SHANPON and not sit.tsumo else -1
    for t in ctx.reading[2]:
        reason, fu = SET_FU[(False, "ron" if t == ron_tile else "closed", _is_terminal(t))]
        items.append((reason, fu, _KOUTSU, t, None))
        raw += fu
    for item in melds:
        items.append(item)
        raw += item[1]
    if raw == 20 and not closed:
        # Open hand, ron, nothing beyond the base: counted as 30 fu.
        items.append(_OPEN_PINFU)
        raw = 30
    return FuResult(tuple(items), raw, -(-raw // 10) * 10)


def fu_total(ctx: WinContext, pinfu: bool, meld_total: int) -> int:
    """Fu of the placed standard reading before rounding: :func:`compute_fu` without the items.

    ``meld_total`` is the sum of :func:`meld_fu` for the hand.
    """
    sit = ctx.situation
    raw = 20 + meld_total
    if sit.tsumo:
        if not pinfu and (not sit.rinshan or ctx.rules.rinshan_tsumo_fu):
            raw += 2
    elif ctx.closed:
        raw += 10
    wait, _kind, tile = ctx.placement  # type: ignore[misc]
    if wait is _KANCHAN or wait is _PENCHAN or wait is _TANKI:
        raw += 2
    if ctx.pair >= 27:
        item = _pair_fu(ctx)
        if item is not None:
            raw += item[1]
    _pair, _seqs, trips, _seq_mask, trip_mask, _peikou = ctx.reading  # type: ignore[misc]
    if trips:
        raw += 4 * len(trips) + 4 * (trip_mask & TERMINAL_HONOR_MASK).bit_count()
        if wait is _SHANPON and not sit.tsumo:
            raw -= 4 if tile >= 27 or tile in TERMINALS else 2  # counted as open
    if raw == 20 and not ctx.closed:
        return 30
    return raw


_KANCHAN, _PENCHAN, _TANKI, _SHANPON = (
    WaitKind.KANCHAN,
    WaitKind.PENCHAN,
    WaitKind.TANKI,
    WaitKind.SHANPON,
)


def _pair_fu(ctx: WinContext) -> RawItem | None:
    pair = ctx.pair
    if pair < 27:
        return None
    if pair in DRAGONS:
        return (_R.PAIR_DRAGON, 2, _TOITSU, pair, None)
    seat, round_ = ctx.situation.seat_wind, ctx.situation.round_wind
    if pair == seat == round_:
        return (_R.PAIR_DOUBLE_WIND, ctx.rules.double_wind_pair_fu, _TOITSU, pair, None)
    if pair == seat:
        return (_R.PAIR_SEAT_WIND, 2, _TOITSU, pair, None)
    if pair == round_:
        return (_R.PAIR_ROUND_WIND, 2, _TOITSU, pair, None)
    return None
