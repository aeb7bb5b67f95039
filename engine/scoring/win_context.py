"""The win context the yaku predicates and the fu count read: plain ints and bit masks.

One :class:`WinContext` is built per scored hand (what depends on the tiles,
the melds and the situation), then pointed at each reading in turn with
:meth:`WinContext.place` (what depends on the reading and where the winning
tile sits). Sets of kinds are bit masks (bit ``k`` for kind ``k``), so a
yaku predicate is one or two integer operations: sanshoku is
``m & m >> 9 & m >> 18``, a yakuhai triplet is one bit test. The scorer's
inner loop builds no object per reading; that is why the context is mutable.
Treat it as read-only everywhere else.

>>> from engine.hand import parse_hand
>>> from engine.rules.sets import ONLINE
>>> from engine.scoring.situation import WinSituation
>>> h = parse_hand("123m456p789s11z", ["pon:555z"], size=14)
>>> c, readings = hand_context(h, 27, WinSituation(), ONLINE)
>>> c.closed, c.suits, c.honors, bin(c.meld_trip_mask >> 27)
(False, 7, True, '0b10000')
"""

from __future__ import annotations

from engine.hand import Hand
from engine.melds import MeldKind
from engine.rules.sets import Ruleset
from engine.scoring.readings import (
    F_CHUUREN,
    F_NOT_GREEN,
    F_SIMPLE,
    F_TERMINAL,
    FastReading,
    Placement,
    hand_readings,
)
from engine.scoring.situation import WinSituation
from engine.shape.blocks import Form, WaitKind
from engine.tiles import GREEN_TILES, TERMINALS_AND_HONORS, Counts, Tile

F_MAN, F_PIN, F_SOU, F_HONOR = 16, 32, 64, 128  # suit present (16 << suit)
DRAGON_MASK = 0b111 << 31
WIND_MASK = 0b1111 << 27
SIMPLE_MASK = sum(1 << t for t in range(27) if 1 <= t % 9 <= 7)
TERMINAL_HONOR_MASK = sum(1 << t for t in TERMINALS_AND_HONORS)
# Sequences starting at 1 or 7 of a suit (123, 789): the only ones with a terminal.
OUTSIDE_SEQ_MASK = sum(1 << t for t in range(27) if t % 9 in (0, 6))
_CHUUREN_BASE = (3, 1, 1, 1, 1, 1, 1, 1, 3)


def _tile_flags(t: Tile) -> int:
    flags = F_TERMINAL if t in TERMINALS_AND_HONORS else F_SIMPLE
    return flags | (0 if t in GREEN_TILES else F_NOT_GREEN) | 16 << (t // 9)


_TILE_FLAGS = tuple(_tile_flags(t) for t in range(34))
_CHI_FLAGS = tuple(
    _TILE_FLAGS[t] | _TILE_FLAGS[t + 1] | _TILE_FLAGS[t + 2] if t < 27 and t % 9 < 7 else 0
    for t in range(34)
)
_CHI, _PON, _ANKAN = MeldKind.CHI, MeldKind.PON, MeldKind.ANKAN
_STANDARD, _SHANPON = Form.STANDARD, WaitKind.SHANPON


class WinContext:
    """A hand and, after :meth:`place`, one reading of it with the winning tile placed.

    Hand fields (fixed): ``closed``; ``suits`` (bits 1 man, 2 pin, 4 sou);
    ``honors``; ``all_simple``, ``all_terminal_honor``, ``all_green`` (every
    tile, melds included); ``one_suit``; ``kans``, ``closed_kans``;
    ``chuuren`` (0 no, 1 chuuren, 2 nine-sided wait); ``yakuhai`` (mask of the
    dragons and both winds); the melds' masks and counts; ``meld_fu`` (the
    fu of the melds, as :func:`engine.scoring.fu.meld_fu` itemises them); ``counts``
    (every tile held, kans as four: ``hand.all_counts()``).
    Reading fields: ``form``, ``wait``, ``pair`` (-1 for none), ``reading``,
    ``placement``, ``seq_mask``/``trip_mask`` (melds included), ``n_seq``,
    ``n_trip``, ``peikou`` (pairs of identical sequences), ``concealed_triplets``
    (a shanpon triplet completed by ron counts as open).
    """

    __slots__ = (
        "win", "situation", "rules", "closed", "suits", "honors", "all_simple",
        "all_terminal_honor", "all_green", "one_suit", "kans", "closed_kans", "chuuren",
        "yakuhai", "meld_seq_mask", "meld_trip_mask", "n_meld_seq", "n_meld_trip", "form",
        "wait", "pair", "reading", "placement", "seq_mask", "trip_mask", "n_seq", "n_trip",
        "peikou", "concealed_triplets", "meld_fu", "counts",
    )  # fmt: skip

    win: Tile
    situation: WinSituation
    rules: Ruleset
    closed: bool
    suits: int
    honors: bool
    all_simple: bool
    all_terminal_honor: bool
    all_green: bool
    one_suit: bool
    kans: int
    closed_kans: int
    chuuren: int
    yakuhai: int
    meld_seq_mask: int
    meld_trip_mask: int
    n_meld_seq: int
    n_meld_trip: int
    form: Form
    wait: WaitKind
    pair: int
    reading: FastReading | None
    placement: Placement | None
    seq_mask: int
    trip_mask: int
    n_seq: int
    n_trip: int
    peikou: int
    concealed_triplets: int
    meld_fu: int
    counts: Counts

    @property
    def standard(self) -> bool:
        return self.form is _STANDARD

    def place(self, reading: FastReading, placement: Placement) -> None:
        """Point the context at a standard-form reading with the winning tile placed."""
        pair, seqs, trips, seq_mask, trip_mask, peikou = reading
        self.form = _STANDARD
        self.reading = reading
        self.placement = placement
        self.wait = wait = placement[0]
        self.pair = pair
        self.seq_mask = seq_mask | self.meld_seq_mask
        self.trip_mask = trip_mask | self.meld_trip_mask
        self.n_seq = len(seqs) + self.n_meld_seq
        self.n_trip = len(trips) + self.n_meld_trip
        self.peikou = peikou
        concealed = len(trips) + self.closed_kans
        if wait is _SHANPON and not self.situation.tsumo:
            concealed -= 1  # the triplet completed by ron counts as open
        self.concealed_triplets = concealed

    def place_special(self, form: Form, wait: WaitKind) -> None:
        """Point the context at the chiitoitsu or kokushi reading."""
        self.form = form
        self.wait = wait
        self.reading = self.placement = None
        self.pair = -1
        self.seq_mask = self.trip_mask = self.n_seq = self.n_trip = 0
        self.peikou = self.concealed_triplets = 0


def hand_context(
    hand: Hand, win: Tile, sit: WinSituation, rules: Ruleset
) -> tuple[WinContext, list[FastReading]]:
    """The hand's context (not yet placed) and its standard readings."""
    flags, readings = hand_readings(hand.concealed, hand.suits)
    c = WinContext()
    c.win, c.situation, c.rules = win, sit, rules
    kans = closed_kans = n_seq = n_trip = seq_mask = trip_mask = meld_fu = 0
    melds = hand.melds
    counts = list(hand.concealed) if melds else []
    for m in melds:
        kind, t = m.kind, m.tiles[0]
        if kind is _CHI:
            flags |= _CHI_FLAGS[t]
            seq_mask |= 1 << t
            n_seq += 1
            counts[t] += 1
            counts[t + 1] += 1
            counts[t + 2] += 1
            continue
        counts[t] += len(m.tiles)
        flags |= _TILE_FLAGS[t]
        trip_mask |= 1 << t
        n_trip += 1
        # engine.scoring.fu.SET_FU: pon 2, open kan 8, closed kan 16; doubled for a
        # terminal or honour
        if kind is _PON:
            fu = 2
        else:
            kans += 1
            fu = 8
            if kind is _ANKAN:
                closed_kans += 1
                fu = 16
        meld_fu += fu << ((TERMINAL_HONOR_MASK >> t) & 1)
    c.meld_fu = meld_fu
    c.counts = tuple(counts) if melds else hand.concealed
    c.closed = closed_kans == len(melds)
    c.kans, c.closed_kans = kans, closed_kans
    c.meld_seq_mask, c.meld_trip_mask = seq_mask, trip_mask
    c.n_meld_seq, c.n_meld_trip = n_seq, n_trip
    c.suits = suits = (flags >> 4) & 7
    c.honors = honors = flags & F_HONOR != 0
    c.all_simple = not flags & F_TERMINAL
    c.all_terminal_honor = not flags & F_SIMPLE
    c.all_green = not flags & F_NOT_GREEN
    c.one_suit = one = suits in (1, 2, 4)
    chuuren = 0
    if one and not honors and flags & F_CHUUREN and not melds:
        chuuren = 2 if hand.concealed[win] - 1 == _CHUUREN_BASE[win % 9] else 1
    c.chuuren = chuuren
    c.yakuhai = DRAGON_MASK | 1 << sit.seat_wind | 1 << sit.round_wind
    return c, readings
