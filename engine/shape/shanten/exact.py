"""Exact standard-form shanten under the four-copy rule: per-suit overlap tables.

A hand's shanten is ``min over T of (tiles of T not in H) - 1`` (see
:mod:`engine.shape.shanten` for why), ``T`` a complete hand with the same melds and
no kind more than four times counting them. "Tiles of T not in H" is
``|T| - overlap``, and the overlap sums over suits: each suit's count tuple,
with the copies the melds leave of each kind (``caps``), is read once into a
table, the largest overlap of at most ``s`` sets and ``p`` pairs placed in
that suit (:func:`suit_table`, cached), and a hand merges its four suits'
tables (:func:`merge`). Sets and a pair that overlap nothing can always go
on a kind nobody holds (a 14-tile hand leaves at least 20), so "at most" is
enough and blocks that overlap nothing are never placed.

>>> kanchan = (1, 0, 1, 0, 0, 0, 0, 2, 0) + (0,) * 25  # 13m 88m beside three melds
>>> exact_standard(kanchan, 3, FREE_CAPS)
0
>>> exact_standard(kanchan, 3, (4, 0) + (4,) * 32)  # all four 2m called: 1m or 3m to draw
1
>>> exact_standard((0,) * 27 + (4, 4, 4, 1, 0, 0, 0), 0, (4,) * 34)  # 1111 2222 3333 4z
3
"""

from __future__ import annotations

from functools import lru_cache

from engine.shape.shanten.shapes import suit_shapes
from engine.tiles import Counts

# A suit's table: index 2*s + p -> largest overlap with at most s sets (0..4) and p pairs (0..1).
Table = tuple[int, ...]
EMPTY: Table = (0,) * 10


def exact_standard(counts: Counts, melds: int, caps: Counts) -> int:
    """Standard shanten of concealed ``counts`` with ``melds`` sets made, ``caps`` copies usable."""
    best = EMPTY
    for suit in range(4):
        best = merge(best, suit_table_of(counts, caps, suit))
    return shanten_of(best, melds)


def shanten_of(table: Table, melds: int) -> int:
    """The shanten a whole hand's table gives: 13 concealed-and-called tiles, less the overlap."""
    return 13 - 3 * melds - table[9 - 2 * melds]


def caps_of(counts: Counts, held: Counts | None) -> Counts:
    """How many copies of each kind the concealed part may end with: 4 minus those in melds."""
    if held is None or held == counts:
        return FREE_CAPS
    return tuple([4 - h + c for h, c in zip(held, counts, strict=True)])


FREE_CAPS: Counts = (4,) * 34  # no copy in a meld


_BOUNDS = ((0, 9), (9, 18), (18, 27), (27, 34))


def suit_table_of(counts: Counts, caps: Counts, suit: int) -> Table:
    """One suit's table: from its block-count readings unless a cap can bind there."""
    a, b = _BOUNDS[suit]
    part = counts[a:b]
    if not any(part):
        return EMPTY
    honors = suit == 3
    limits = binding_caps(part, caps[a:b], honors)
    if limits is None:
        return free_table(part, honors)
    return suit_table(part, limits, honors)


def free_suit_table(counts: Counts, suit: int) -> Table:
    """One suit's table without any copy limit: an upper bound of :func:`suit_table_of`."""
    a, b = _BOUNDS[suit]
    part = counts[a:b]
    return free_table(part, suit == 3) if any(part) else EMPTY


def binding_caps(part: tuple[int, ...], caps: tuple[int, ...], honors: bool) -> Counts | None:
    """The caps that may bind in this suit, others raised to 4; ``None`` if none can.

    A kind ``j`` the suit does not hold is only ever used by sequences
    through it (a pair or triplet on it would overlap nothing), and each of
    those overlaps a held tile of its own, among ``j-2 .. j+2``: an optimal
    arrangement without blocks that overlap nothing uses ``j`` at most
    ``min(4, W)`` times, ``W`` the tiles held in that window (none for an
    honour). So a cap at least that never binds and reads as 4; raising a
    cap can only help, and the best arrangement with it raised still keeps
    to the old one. With every cap then 4 or more and no kind held four
    times, the suit's table is its table without any limit (see
    :mod:`engine.shape.shanten.shapes`): ``None``, read it from the block count.

    >>> binding_caps((0, 0, 0, 0, 0, 1, 1, 0, 0), (4, 1, 4, 4, 4, 4, 4, 4, 4), False)  # 2m far
    >>> binding_caps((0, 0, 1, 1, 0, 0, 0, 0, 0), (4, 1, 4, 4, 4, 4, 4, 4, 4), False)  # 34m near
    (4, 1, 4, 4, 4, 4, 4, 4, 4)
    """
    if min(caps) >= 4:
        return None if max(part) <= 3 else caps
    size = len(part)
    out = list(caps)
    for j, cap in enumerate(caps):
        if cap >= 4 or part[j]:
            continue
        window = 0 if honors else sum(part[max(0, j - 2) : min(size, j + 3)])
        if cap >= min(4, window):
            out[j] = 4
    if min(out) >= 4 and max(part) <= 3:
        return None
    return tuple(out)


@lru_cache(maxsize=65536)
def free_table(part: tuple[int, ...], honors: bool) -> Table:
    """The table without copy limits, from the suit's block-count readings (no search).

    Each reading (``m`` sets, ``t`` partial sets, a head or not, the rest
    loose) fills at most ``s`` set places and ``p`` pair places greedily:
    sets (3 tiles of overlap), partial sets or a head used as one (2), the
    head as the pair (2), then any tile left over (1, a block around it).
    That is an arrangement, so no more than the table; and the best
    arrangement, its blocks' tiles taken from the hand, is such a reading
    (3, 2 or 1 of a block's tiles held) that fills as well. A pruned
    reading is beaten by one with as many sets and blocks and the same
    head, which fills at least as well (a set breaks into a partial set
    and a leftover tile, a partial set into two).

    >>> free_table((1, 1, 1, 0, 0, 0, 0, 2, 0), False)[:4]  # 123 and 88: as suit_table's
    (0, 2, 3, 5)
    >>> free_table((1, 0, 0, 0, 1, 0, 0, 0, 1), False)[6:8]  # 159: three sets, one tile each
    (3, 3)
    """
    n = sum(part)
    out = [0] * 10
    for m, k, h in suit_shapes(part, honors):
        for s in range(5):
            for p in range(2):
                v = _fill(m, k - m, h, n, s, p)
                if v > out[2 * s + p]:
                    out[2 * s + p] = v
    return tuple(out)


def _fill(m: int, t: int, h: int, n: int, s: int, p: int) -> int:
    """The overlap of one reading in ``s`` set places and ``p`` pair places (see free_table)."""
    a = min(m, s)
    b = min(t + h, s - a)  # the head as a partial set, the pair place left to a loose tile
    used = 3 * a + 2 * b
    best = used + min(n - used, s - a - b + p)
    if h and p:
        b = min(t, s - a)
        used = 3 * a + 2 * b + 2
        best = max(best, used + min(n - used, s - a - b))
    return best


def merge(a: Table, b: Table) -> Table:
    """The table of two parts together: the best split of at most ``s`` sets and ``p`` pairs."""
    if b is EMPTY:
        return a
    out: list[int] = []
    for s in range(5):
        none = both = 0
        for s1 in range(s + 1):
            i, j = 2 * s1, 2 * (s - s1)
            x0, y0 = a[i], b[j]
            if x0 + y0 > none:
                none = x0 + y0
            pair = max(a[i + 1] + y0, x0 + b[j + 1])
            if pair > both:
                both = pair
        out += (none, both)
    return tuple(out)


@lru_cache(maxsize=65536)
def suit_table(part: tuple[int, ...], caps: tuple[int, ...], honors: bool) -> Table:
    """Largest overlap with ``part`` of at most ``s`` sets and ``p`` pairs in this suit.

    Index ``2 * s + p``. ``caps`` bounds how many copies of each kind the
    arrangement may use. Honours are independent kinds (a pair or a triplet
    each); a number suit is walked index by index carrying the sequences
    still open, so every kind's total is known when the walk leaves it.

    >>> suit_table((1, 1, 1, 0, 0, 0, 0, 2, 0), (4,) * 9, False)[:4]  # 123 and 88
    (0, 2, 3, 5)
    >>> suit_table((4, 0, 0, 0, 0, 0, 0), (4,) * 7, True)[:4]  # 1111z: a pair or a triplet
    (0, 2, 3, 3)
    """
    if honors:
        return _honor_table(part, caps)
    # State key: (5 * x + y) * 10 + 2 * s + p, where x sequences end at this
    # index, y pass through it, s sets and p pairs are placed; ``vals[key]`` is
    # the best overlap so far (-1: no such state) and ``active`` lists the keys
    # in use. A flat list, not a dict: compiled, the walk is ~6× faster.
    vals = [-1] * _STATES
    vals[0] = 0
    active = [0]
    padded = (*part, 0, 0)
    for i in range(9):
        if not (padded[i] or padded[i + 1] or padded[i + 2]) and max(active) < 10:
            continue  # nothing open and nothing held here or next: the step changes nothing
        vals, active = _step(vals, active, padded, i, caps[i])
    out = [0] * 10
    for key in active:  # x = y = 0 after the last index
        value = vals[key]
        for j in range(key, 10, 2):
            if value > out[j]:
                out[j] = value
    for j in range(1, 10, 2):
        if out[j - 1] > out[j]:
            out[j] = out[j - 1]
    return tuple(out)


_STATES = 250  # keys of suit_table's walk: x, y in 0..4, s in 0..4, p in 0..1


def _step(
    vals: list[int], active: list[int], part: tuple[int, ...], i: int, cap: int
) -> tuple[list[int], list[int]]:
    """One index of a number suit: ``x`` sequences end here, ``y`` pass, ``z`` start.

    Besides the sequences, one index may hold a pair, a triplet, or both (five
    copies: only when a cap above four is asked for); ``value + h`` for both
    is ``min(used, h)`` with ``used >= 5 > h``. Blocks that overlap no
    tile of the hand are never placed here (they can go on a kind nobody
    holds): a pair or triplet only on a held kind, and no more sequences from
    ``i`` than any of their three kinds is held.
    """
    h = part[i]
    starts = max(part[i], part[i + 1], part[i + 2]) if i <= 6 else 0
    new = [-1] * _STATES
    touched: list[int] = []
    for key in active:
        value = vals[key]
        xy = key // 10
        sp = key - 10 * xy
        x = xy // 5
        y = xy - 5 * x
        s = sp >> 1
        p = sp & 1
        base = x + y
        most = cap - base  # sequences that may start here
        if 4 - s < most:
            most = 4 - s
        if starts < most:
            most = starts
        for z in range(most + 1):
            used = base + z  # copies of this kind the sequences use
            sets = s + z
            k = (5 * y + z) * 10 + 2 * sets + p
            _offer(new, touched, k, value + (used if used < h else h))
            if not h:
                continue  # a pair or a triplet only on a held kind
            if p == 0 and used + 2 <= cap:  # a pair
                _offer(new, touched, k + 1, value + (used + 2 if used + 2 < h else h))
            if sets < 4 and used + 3 <= cap:  # a triplet
                _offer(new, touched, k + 2, value + (used + 3 if used + 3 < h else h))
            if p == 0 and sets < 4 and used + 5 <= cap:  # both: only past a cap of four
                _offer(new, touched, k + 3, value + h)
    return new, touched


def _offer(new: list[int], touched: list[int], key: int, value: int) -> None:
    """Keep ``value`` for state ``key`` if it beats what the step has found for it so far."""
    old = new[key]
    if value > old:
        if old < 0:
            touched.append(key)
        new[key] = value


# (copies, key offset) added at one index of an honour besides nothing: a pair
# (+1: p), a triplet (+2: one set more), both (five copies: only past a cap of four).
_EXTRAS = ((2, 1), (3, 2), (5, 3))


def _honor_table(part: tuple[int, ...], caps: tuple[int, ...]) -> Table:
    vec = list(EMPTY)
    for h, cap in zip(part, caps, strict=True):
        if not h:
            continue
        new = vec[:]
        for used, dk in _EXTRAS:  # a pair, a triplet, both (only past a cap of 4)
            ds, dp = dk >> 1, dk & 1
            if used > cap:
                continue
            gain = used if used < h else h
            for s in range(ds, 5):
                for p in range(dp, 2):
                    v = vec[2 * (s - ds) + p - dp] + gain
                    if v > new[2 * s + p]:
                        new[2 * s + p] = v
        vec = new
    return tuple(vec)


def others_table(counts: Counts, caps: Counts, skip: int) -> Table:
    best = EMPTY
    for suit in range(4):
        if suit != skip:
            best = merge(best, suit_table_of(counts, caps, suit))
    return best
