"""The small predicates the yaku table is made of.

Each reads a :class:`engine.win_context.WinContext`. Every predicate is a
plain function ``WinContext -> bool`` so the table in :mod:`engine.yaku`
stays data. Closed-only and open reductions are the
table's business, not the predicates'.

>>> from engine.hand import parse_hand
>>> from engine.readings import placements, standard_readings
>>> from engine.rules import ONLINE
>>> from engine.win_context import hand_facts
>>> h = parse_hand("234567m234p22234s", size=14)
>>> reading = standard_readings(h.concealed)[0]
>>> sit = WinSituation(tsumo=True)
>>> ctx = WinContext.build(hand_facts(h), sit, ONLINE, reading, placements(reading, 21)[0])
>>> pinfu(ctx), tanyao(ctx), sanshoku_doujun(ctx)
(True, True, True)
"""

from __future__ import annotations

from collections.abc import Callable

from engine.blocks import Form, WaitKind
from engine.rules import Renhou
from engine.situation import WinSituation
from engine.tiles import DRAGONS, Tile
from engine.win_context import HandFacts as HandFacts  # re-exported for older imports
from engine.win_context import WinContext as WinContext
from engine.win_context import hand_facts as hand_facts

_SIMPLE = frozenset(t for t in range(27) if 1 <= t % 9 <= 7)


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
        c.standard
        and len(c.shuntsu) == 4
        and c.wait is WaitKind.RYANMEN
        and c.pair is not None
        and not is_yakuhai(c.pair, c.situation)
    )


def tanyao(c: WinContext) -> bool:
    return c.facts.all_simple and (c.facts.closed or c.rules.open_tanyao)


def _identical_sequences(c: WinContext) -> int:
    """How many pairs of identical sequences (0, 1 or 2) the reading holds."""
    s = c.shuntsu
    if len(s) < 2:
        return 0
    if len(s) == 4 and s[0] == s[1] and s[2] == s[3]:
        return 2
    for i in range(len(s) - 1):
        if s[i] == s[i + 1]:
            return 1
    return 0


def iipeikou(c: WinContext) -> bool:
    return _identical_sequences(c) >= 1


def ryanpeikou(c: WinContext) -> bool:
    return _identical_sequences(c) == 2


def yakuhai_triplet(tile: Tile) -> Callable[[WinContext], bool]:
    """A predicate: the reading has a triplet or quad of ``tile`` (a dragon)."""

    def check(c: WinContext) -> bool:
        return tile in c.triplets

    return check


def yakuhai_seat_wind(c: WinContext) -> bool:
    return c.situation.seat_wind in c.triplets


def yakuhai_round_wind(c: WinContext) -> bool:
    return c.situation.round_wind in c.triplets


# Plain loops over at most four sets: cheaper than sets and generators here.


def _three_suits(kinds: tuple[Tile, ...]) -> bool:
    """A man kind with the same number in pin and sou among ``kinds``."""
    for t in kinds:
        if t < 9 and t + 9 in kinds and t + 18 in kinds:
            return True
    return False


def sanshoku_doujun(c: WinContext) -> bool:
    return _three_suits(c.shuntsu)


def sanshoku_doukou(c: WinContext) -> bool:
    return _three_suits(c.triplets)


def ittsu(c: WinContext) -> bool:
    s = c.shuntsu
    for b in (0, 9, 18):
        if b in s and b + 3 in s and b + 6 in s:
            return True
    return False


def _outside(c: WinContext) -> bool:
    """Every set and the pair hold a terminal or honour, and there is a sequence."""
    if not c.shuntsu or c.pair is None or c.pair in _SIMPLE:
        return False
    for t in c.triplets:
        if t in _SIMPLE:
            return False
    for t in c.shuntsu:
        if t % 9 not in (0, 6):
            return False
    return True


def chanta(c: WinContext) -> bool:
    return c.facts.honors and _outside(c)


def junchan(c: WinContext) -> bool:
    return not c.facts.honors and _outside(c)


def honroutou(c: WinContext) -> bool:
    return c.facts.all_terminal_honor  # a kokushi is a yakuman: this is hidden


def toitoi(c: WinContext) -> bool:
    return c.standard and len(c.triplets) == 4


def sanankou(c: WinContext) -> bool:
    return c.concealed_triplets == 3


def sankantsu(c: WinContext) -> bool:
    return c.facts.kans == 3


def shousangen(c: WinContext) -> bool:
    return c.pair in DRAGONS and sum(1 for t in c.triplets if t in DRAGONS) == 2


def chiitoitsu(c: WinContext) -> bool:
    return c.form is Form.CHIITOITSU


def honitsu(c: WinContext) -> bool:
    return len(c.facts.suits) == 1 and c.facts.honors


def chinitsu(c: WinContext) -> bool:
    return len(c.facts.suits) == 1 and not c.facts.honors


# --- yakuman ---------------------------------------------------------------------


def kokushi(c: WinContext) -> bool:
    return c.form is Form.KOKUSHI


def kokushi_13(c: WinContext) -> bool:
    return c.wait is WaitKind.KOKUSHI_13


def suuankou(c: WinContext) -> bool:
    return c.concealed_triplets == 4


def suuankou_tanki(c: WinContext) -> bool:
    return c.concealed_triplets == 4 and c.wait is WaitKind.TANKI


def daisangen(c: WinContext) -> bool:
    return sum(1 for t in c.triplets if t in DRAGONS) == 3


def shousuushii(c: WinContext) -> bool:
    pair_is_wind = c.pair is not None and 27 <= c.pair <= 30
    return pair_is_wind and sum(1 for t in c.triplets if 27 <= t <= 30) == 3


def daisuushii(c: WinContext) -> bool:
    return sum(1 for t in c.triplets if 27 <= t <= 30) == 4


def tsuuiisou(c: WinContext) -> bool:
    return not c.facts.suits


def ryuuiisou(c: WinContext) -> bool:
    return c.facts.all_green


def chinroutou(c: WinContext) -> bool:
    return not c.facts.honors and c.facts.all_terminal_honor


def suukantsu(c: WinContext) -> bool:
    return c.facts.kans == 4


def chuuren(c: WinContext) -> bool:
    return c.facts.chuuren > 0


def chuuren_9(c: WinContext) -> bool:
    return c.facts.chuuren == 2
