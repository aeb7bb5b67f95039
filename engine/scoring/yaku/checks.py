"""The small predicates the yaku table is made of.

Each reads a placed :class:`engine.scoring.win_context.WinContext`, whose sets of
kinds are bit masks, so most predicates are one or two integer operations.
Every predicate is a plain function ``WinContext -> bool`` so the table in
:mod:`engine.scoring.yaku` stays data. Closed-only and open reductions are the
table's business, not the predicates'.

>>> from engine.hand import parse_hand
>>> from engine.scoring.readings import placements
>>> from engine.rules.sets import ONLINE
>>> h = parse_hand("234567m234p22234s", size=14)
>>> ctx, readings = hand_context(h, 21, WinSituation(tsumo=True), ONLINE)
>>> ctx.place(readings[0], placements(readings[0], 21)[0])
>>> pinfu(ctx), tanyao(ctx), sanshoku_doujun(ctx)
(True, True, True)
"""

from __future__ import annotations

from collections.abc import Callable

from engine.rules.sets import Renhou
from engine.scoring.situation import WinSituation
from engine.scoring.win_context import (
    DRAGON_MASK,
    OUTSIDE_SEQ_MASK,
    SIMPLE_MASK,
    WIND_MASK,
    WinContext,
    hand_context,
)
from engine.shape.blocks import Form, WaitKind
from engine.tiles import DRAGONS, Tile

__all__ = ["WinContext", "hand_context", "is_yakuhai"]

_RYANMEN, _TANKI, _KOKUSHI_13 = WaitKind.RYANMEN, WaitKind.TANKI, WaitKind.KOKUSHI_13
_STANDARD, _CHIITOITSU, _KOKUSHI = Form.STANDARD, Form.CHIITOITSU, Form.KOKUSHI
_SUIT_BITS = 0x1FF  # one suit's nine kinds
_ITTSU = 0b1001001  # sequences 123, 456, 789 of one suit


def is_yakuhai(tile: Tile, sit: WinSituation) -> bool:
    """Dragons, the seat wind and the round wind: a pair of them is not a pinfu pair."""
    return tile in DRAGONS or tile == sit.seat_wind or tile == sit.round_wind


# --- situational yaku ----------------------------------------------------------


def riichi(c: WinContext) -> bool:
    return c.situation.riichi or c.situation.double_riichi


def double_riichi(c: WinContext) -> bool:
    return c.situation.double_riichi


def ippatsu(c: WinContext) -> bool:
    return c.situation.ippatsu


def menzen_tsumo(c: WinContext) -> bool:
    return c.situation.tsumo


def haitei(c: WinContext) -> bool:
    return c.situation.haitei and c.situation.tsumo


def houtei(c: WinContext) -> bool:
    return c.situation.houtei and not c.situation.tsumo


def rinshan(c: WinContext) -> bool:
    return c.situation.rinshan


def chankan(c: WinContext) -> bool:
    return c.situation.chankan


def tenhou(c: WinContext) -> bool:
    return c.situation.tenhou


def chiihou(c: WinContext) -> bool:
    return c.situation.chiihou


def renhou_yakuman(c: WinContext) -> bool:
    return c.situation.renhou and c.rules.renhou is Renhou.YAKUMAN


def renhou_mangan(c: WinContext) -> bool:
    return c.situation.renhou and c.rules.renhou is Renhou.MANGAN


# --- shape yaku ------------------------------------------------------------------


def pinfu(c: WinContext) -> bool:
    """Closed, four sequences, a pair that is not yakuhai, won on a two-sided wait."""
    return (
        c.n_seq == 4
        and c.wait is _RYANMEN
        and c.form is _STANDARD
        and not (c.yakuhai >> c.pair) & 1
    )


def tanyao(c: WinContext) -> bool:
    return c.all_simple and (c.closed or c.rules.open_tanyao)


def iipeikou(c: WinContext) -> bool:
    """A pair of identical sequences (closed only: the table says so)."""
    return c.peikou >= 1


def ryanpeikou(c: WinContext) -> bool:
    return c.peikou == 2


def yakuhai_triplet(tile: Tile) -> Callable[[WinContext], bool]:
    """A predicate: the reading has a triplet or quad of ``tile`` (a dragon)."""

    def check(c: WinContext) -> bool:
        return (c.trip_mask >> tile) & 1 == 1

    return check


def yakuhai_seat_wind(c: WinContext) -> bool:
    return (c.trip_mask >> c.situation.seat_wind) & 1 == 1


def yakuhai_round_wind(c: WinContext) -> bool:
    return (c.trip_mask >> c.situation.round_wind) & 1 == 1


def _three_suits(mask: int) -> bool:
    """The same number in man, pin and sou among the kinds of ``mask``."""
    return (mask & mask >> 9 & mask >> 18 & _SUIT_BITS) != 0


def sanshoku_doujun(c: WinContext) -> bool:
    return _three_suits(c.seq_mask)


def sanshoku_doukou(c: WinContext) -> bool:
    return _three_suits(c.trip_mask)


def ittsu(c: WinContext) -> bool:
    m = c.seq_mask
    return m & _ITTSU == _ITTSU or m >> 9 & _ITTSU == _ITTSU or m >> 18 & _ITTSU == _ITTSU


def _outside(c: WinContext) -> bool:
    """Every set and the pair hold a terminal or honour, and there is a sequence."""
    return (
        c.n_seq > 0
        and c.pair >= 0
        and not c.seq_mask & ~OUTSIDE_SEQ_MASK
        and not (c.trip_mask | 1 << c.pair) & SIMPLE_MASK
    )


def chanta(c: WinContext) -> bool:
    return c.honors and _outside(c)


def junchan(c: WinContext) -> bool:
    return not c.honors and _outside(c)


def honroutou(c: WinContext) -> bool:
    return c.all_terminal_honor  # a kokushi is a yakuman: this is hidden


def toitoi(c: WinContext) -> bool:
    return c.n_trip == 4


def sanankou(c: WinContext) -> bool:
    return c.concealed_triplets == 3


def sankantsu(c: WinContext) -> bool:
    return c.kans == 3


def shousangen(c: WinContext) -> bool:
    return c.pair >= 31 and (c.trip_mask & DRAGON_MASK).bit_count() == 2


def chiitoitsu(c: WinContext) -> bool:
    return c.form is _CHIITOITSU


def honitsu(c: WinContext) -> bool:
    return c.one_suit and c.honors


def chinitsu(c: WinContext) -> bool:
    return c.one_suit and not c.honors


# --- yakuman ---------------------------------------------------------------------


def kokushi(c: WinContext) -> bool:
    return c.form is _KOKUSHI


def kokushi_13(c: WinContext) -> bool:
    return c.wait is _KOKUSHI_13


def suuankou(c: WinContext) -> bool:
    return c.concealed_triplets == 4


def suuankou_tanki(c: WinContext) -> bool:
    return c.concealed_triplets == 4 and c.wait is _TANKI


def daisangen(c: WinContext) -> bool:
    return c.trip_mask & DRAGON_MASK == DRAGON_MASK


def shousuushii(c: WinContext) -> bool:
    pair_is_wind = 27 <= c.pair <= 30
    return pair_is_wind and (c.trip_mask & WIND_MASK).bit_count() == 3


def daisuushii(c: WinContext) -> bool:
    return c.trip_mask & WIND_MASK == WIND_MASK


def tsuuiisou(c: WinContext) -> bool:
    return not c.suits


def ryuuiisou(c: WinContext) -> bool:
    return c.all_green


def chinroutou(c: WinContext) -> bool:
    return not c.honors and c.all_terminal_honor


def suukantsu(c: WinContext) -> bool:
    return c.kans == 4


def chuuren(c: WinContext) -> bool:
    return c.chuuren > 0


def chuuren_9(c: WinContext) -> bool:
    return c.chuuren == 2
