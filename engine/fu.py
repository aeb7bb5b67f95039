"""Fu as an itemised list: every item has a reason code and, where it has one, its block.

Rules (000 gives all of them; 002 agrees on the set table and the shanpon rule):
base 20; +10 for a closed hand won by ron; +2 for tsumo, except with pinfu
and, where the rule set says so, on rinshan kaihou (000); +2 for a kanchan,
penchan or tanki wait; +2 for a pair of dragons, the seat or the round wind,
a double-wind pair +4; sets 2/4 (simple/terminal-honour) open, 4/8 closed,
kans 8/16 open, 16/32 closed; a shanpon triplet completed by ron counts as
open; rounded up to tens. An open hand with nothing but the base 20 won by
ron is counted as 30; chiitoitsu is 25, never rounded; kokushi has no fu.

>>> from engine.hand import parse_hand
>>> from engine.decompose import arrangements
>>> from engine.yaku_checks import WinContext, hand_facts
>>> from engine.situation import WinSituation
>>> from engine.rules import ONLINE
>>> h = parse_hand("123m456p789s11z", ["pon:555z"], size=14)
>>> ctx = WinContext.build(arrangements(h, 27)[0], hand_facts(h), WinSituation(), ONLINE)
>>> r = compute_fu(ctx, pinfu=False)
>>> [(i.reason.value, i.fu) for i in r.items], r.fu
([('base', 20), ('wait_tanki', 2), ('pair_double_wind', 4), ('open_triplet_terminal', 4)], 30)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from engine.blocks import Block, BlockKind, Form, WaitKind
from engine.tiles import DRAGONS, TERMINALS
from engine.yaku_checks import WinContext


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


@dataclass(frozen=True, slots=True)
class FuResult:
    items: tuple[FuItem, ...]
    raw: int  # sum of the items
    fu: int  # rounded up to tens (chiitoitsu stays 25)


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
_CHIITOITSU = FuResult((FuItem(_R.CHIITOITSU, 25),), 25, 25)
_KOKUSHI = FuResult((), 0, 0)
_BASE = FuItem(_R.BASE, 20)


def compute_fu(ctx: WinContext, *, pinfu: bool) -> FuResult:
    """Itemised fu of one reading; ``pinfu`` says whether the pinfu yaku was awarded."""
    if ctx.form is Form.CHIITOITSU:
        return _CHIITOITSU
    if ctx.form is Form.KOKUSHI:
        return _KOKUSHI
    sit, arr = ctx.situation, ctx.arrangement
    items = [_BASE]
    if ctx.facts.closed and not sit.tsumo:
        items.append(FuItem(_R.MENZEN_RON, 10))
    if sit.tsumo and not pinfu and (ctx.rules.rinshan_tsumo_fu or not sit.rinshan):
        items.append(FuItem(_R.TSUMO, 2))
    wait_reason = WAIT_FU.get(arr.wait)
    if wait_reason is not None:
        items.append(FuItem(wait_reason, 2, arr.win_block))
    items.extend(_pair_fu(ctx))
    items.extend(_set_fu(ctx))
    raw = sum(item.fu for item in items)
    if raw == 20 and not ctx.facts.closed:
        # Open hand, ron, nothing beyond the base: counted as 30 fu.
        items.append(FuItem(_R.OPEN_PINFU, 10))
        raw = 30
    return FuResult(tuple(items), raw, -(-raw // 10) * 10)


def _pair_fu(ctx: WinContext) -> list[FuItem]:
    pair = ctx.pair
    if pair is None:
        return []
    block = Block(pair, BlockKind.TOITSU)
    if pair in DRAGONS:
        return [FuItem(_R.PAIR_DRAGON, 2, block)]
    seat, round_ = ctx.situation.seat_wind, ctx.situation.round_wind
    if pair == seat == round_:
        return [FuItem(_R.PAIR_DOUBLE_WIND, ctx.rules.double_wind_pair_fu, block)]
    if pair == seat:
        return [FuItem(_R.PAIR_SEAT_WIND, 2, block)]
    if pair == round_:
        return [FuItem(_R.PAIR_ROUND_WIND, 2, block)]
    return []


def _set_fu(ctx: WinContext) -> list[FuItem]:
    arr = ctx.arrangement
    ron_shanpon = arr.wait is WaitKind.SHANPON and not ctx.situation.tsumo
    out: list[FuItem] = []
    for block in arr.decomposition.sets:
        if block.kind is BlockKind.SHUNTSU:
            continue
        if block.opened:
            state = "open"
        elif ron_shanpon and block == arr.win_block:
            state = "ron"
        else:
            state = "closed"
        terminal = block.tile >= 27 or block.tile in TERMINALS
        reason, fu = SET_FU[(block.kind is BlockKind.KANTSU, state, terminal)]
        out.append(FuItem(reason, fu, block))
    return out
