"""The win context and the small predicates the yaku table is made of.

:class:`HandFacts` holds what depends only on the tiles (computed once per
hand); :class:`WinContext` adds one arrangement (computed once per reading).
Every predicate is a plain function ``WinContext -> bool`` so the table in
:mod:`engine.yaku` stays data. Closed-only and open reductions are the
table's business, not the predicates'.

>>> from engine.hand import parse_hand
>>> from engine.readings import placements, standard_readings
>>> from engine.rules import ONLINE
>>> h = parse_hand("234567m234p22234s", size=14)
>>> reading = standard_readings(h.concealed)[0]
>>> sit = WinSituation(tsumo=True)
>>> ctx = WinContext.build(hand_facts(h), sit, ONLINE, reading, placements(reading, 21)[0])
>>> pinfu(ctx), tanyao(ctx), sanshoku_doujun(ctx)
(True, True, True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.blocks import Form, WaitKind
from engine.hand import Hand
from engine.melds import MeldKind
from engine.readings import Placement, Reading
from engine.rules import Renhou, Ruleset
from engine.situation import WinSituation
from engine.tiles import DRAGONS, Counts, Tile

_SIMPLE = frozenset(t for t in range(27) if 1 <= t % 9 <= 7)
_CHUUREN_BASE = (3, 1, 1, 1, 1, 1, 1, 1, 3)
_CHI, _PON, _ANKAN = MeldKind.CHI, MeldKind.PON, MeldKind.ANKAN
_Z9, _Z7, _Z5 = (0,) * 9, (0,) * 7, (0,) * 5
_SUITS = {
    (m, p, s): tuple(i for i, flag in enumerate((m, p, s)) if flag)
    for m in (False, True)
    for p in (False, True)
    for s in (False, True)
}


@dataclass(slots=True)
class HandFacts:
    """Tile-only facts of a complete hand (melds included, kans as four). Read-only by convention.

    Not frozen: it is built once per scored hand and a frozen dataclass of
    this size costs more to build than all the facts cost to compute.
    """

    counts: Counts
    closed: bool
    suits: tuple[int, ...]  # 0 man, 1 pin, 2 sou present
    honors: bool
    all_simple: bool
    all_terminal_honor: bool
    all_green: bool
    kans: int
    chuuren: int  # 0 no; 1 chuuren; 2 the nine-sided wait (before the winning tile: 1112345678999)
    meld_shuntsu: tuple[Tile, ...]  # chi melds by lowest kind
    meld_triplets: tuple[Tile, ...]  # pon and kan melds
    closed_kans: int  # ankan: concealed triplet-likes among the melds
    maybe_yakuman: bool  # cheap gate: could any tile-shape yakuman hold?


def hand_facts(hand: Hand, win_tile: Tile | None = None) -> HandFacts:
    """Compute the facts once; ``win_tile`` tells chuuren's nine-sided wait apart."""
    counts = hand.all_counts()
    man, pin, sou, hon = counts[0:9], counts[9:18], counts[18:27], counts[27:34]
    # Tuple comparisons instead of any(): no call per suit in this hot path.
    suits = _SUITS[man != _Z9, pin != _Z9, sou != _Z9]
    honors = hon != _Z7
    ends = man[0] or man[8] or pin[0] or pin[8] or sou[0] or sou[8]
    middles = man[1:8] != _Z7 or pin[1:8] != _Z7 or sou[1:8] != _Z7
    # ryuuiisou tiles (tiles.GREEN_TILES): 2 3 4 6 8 sou and hatsu
    green = suits in ((), (2,)) and not (sou[0] or sou[4] or sou[6] or sou[8])
    green = green and not (hon[:5] != _Z5 or hon[6])
    melds = hand.melds
    if melds:
        kans = closed_kans = 0
        shuntsu: list[Tile] = []
        triplets: list[Tile] = []
        for m in melds:
            kind = m.kind
            if kind is _CHI:
                shuntsu.append(m.tiles[0])
                continue
            triplets.append(m.tiles[0])
            if kind is not _PON:
                kans += 1
                closed_kans += kind is _ANKAN
        meld_shuntsu, meld_triplets = tuple(shuntsu), tuple(triplets)
        closed = closed_kans == len(melds)
        chuuren = 0
    else:
        kans = closed_kans = 0
        meld_shuntsu = meld_triplets = ()
        closed = True
        chuuren = _chuuren(counts, suits, win_tile) if len(suits) == 1 and not honors else 0
    maybe = not suits or green or not middles or chuuren > 0 or kans == 4
    if honors and not maybe:
        maybe = sum(hon[:4]) >= 11 or sum(hon[4:]) >= 9
    return HandFacts(
        counts, closed, suits, honors, not honors and not ends, not middles, green, kans,
        chuuren, meld_shuntsu, meld_triplets, closed_kans, maybe,
    )  # fmt: skip


def _chuuren(counts: Counts, suits: tuple[int, ...], win: Tile | None) -> int:
    base = suits[0] * 9
    part = counts[base : base + 9]
    if any(n < need for n, need in zip(part, _CHUUREN_BASE, strict=True)):
        return 0
    if win is not None and part[win - base] - 1 == _CHUUREN_BASE[win - base]:
        return 2
    return 1


@dataclass(slots=True)
class WinContext:
    """One reading of the winning hand with everything the predicates ask about.

    Not frozen: one is built per reading in the scorer's inner loop, and a
    frozen dataclass costs three times as much to build.
    """

    facts: HandFacts
    situation: WinSituation
    rules: Ruleset
    form: Form
    wait: WaitKind
    shuntsu: tuple[Tile, ...]  # lowest tile of each sequence, sorted
    triplets: tuple[Tile, ...]  # tile of each triplet or quad, sorted
    concealed_triplets: int  # closed triplets/quads; a shanpon triplet won by ron is open
    pair: Tile | None
    reading: Reading | None = None  # the compact reading (standard form)
    placement: Placement | None = None  # where the winning tile sits in it

    @classmethod
    def build(
        cls,
        facts: HandFacts,
        sit: WinSituation,
        rules: Ruleset,
        reading: Reading,
        placement: Placement,
    ) -> WinContext:
        """Context of a standard-form reading with the winning tile placed."""
        pair, shuntsu, koutsu = reading
        wait = placement[0]
        concealed = len(koutsu) + facts.closed_kans
        if wait is WaitKind.SHANPON and not sit.tsumo:
            concealed -= 1  # the triplet completed by ron counts as open
        # Readings list their sets in ascending order already; only melds need a sort.
        if facts.meld_shuntsu:
            shuntsu = tuple(sorted(shuntsu + facts.meld_shuntsu))
        if facts.meld_triplets:
            koutsu = tuple(sorted(koutsu + facts.meld_triplets))
        return cls(
            facts, sit, rules, Form.STANDARD, wait, shuntsu, koutsu, concealed, pair, reading,
            placement,
        )  # fmt: skip

    @classmethod
    def special(
        cls, facts: HandFacts, sit: WinSituation, rules: Ruleset, form: Form, wait: WaitKind
    ) -> WinContext:
        """Context of a chiitoitsu or kokushi reading."""
        return cls(facts, sit, rules, form, wait, (), (), 0, None)

    @property
    def standard(self) -> bool:
        return self.form is Form.STANDARD


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
