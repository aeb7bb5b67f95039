"""The typed win context the yaku predicates and the fu count read.

:class:`HandFacts` holds what depends only on the tiles (computed once per
hand); :class:`WinContext` adds one reading with the winning tile placed
(computed once per reading). Both are built in the scorer's inner loop, so
they are plain slotted dataclasses (read-only by convention) and the facts
are computed with tuple comparisons rather than generic loops.

>>> from engine.hand import parse_hand
>>> f = hand_facts(parse_hand("123m456p789s11z", ["pon:555z"], size=14))
>>> f.closed, f.suits, f.honors, f.meld_triplets
(False, (0, 1, 2), True, (31,))
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.blocks import Form, WaitKind
from engine.hand import Hand
from engine.melds import MeldKind
from engine.readings import Placement, Reading
from engine.rules import Ruleset
from engine.situation import WinSituation
from engine.tiles import Counts, Tile

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
