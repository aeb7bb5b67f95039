"""Per-suit table of a hand's splits, for the scorer (:mod:`engine.scoring.readings`).

How it is built (profiled: splitting fresh suit shapes was the cold part of
scoring). :data:`SUIT_TABLES` holds one memo per suit, keyed on that suit's
count tuple (9 counts, 7 for honours), filled on first use
(``SuitTable.__missing__``); man, pin and sou share the splitting itself
(:data:`NUMBER_SPLITS`, indices 0–8; each suit builds its options in its own
kinds from them): a walk from the lowest
index where the only choice is "a triplet here or not" (whatever is left at
an index must start sequences), tried once per possible pair (only a third
of the places can hold it). Each entry is ``(flags, options)``:

* ``flags``: ``16 << suit`` (the suit is present), :data:`F_TERMINAL` (a 1,
  9 or honour), :data:`F_SIMPLE` (a 2–8), :data:`F_NOT_GREEN` (a tile outside
  ryuuiisou's), :data:`F_CHUUREN` (at least 1112345678999, 14 tiles);
* ``options``: every split as :data:`SuitOption` ``(pair or -1, sequences,
  triplets, sequence mask, triplet mask, peikou)`` in absolute kinds, masks
  with bit ``k`` for kind ``k``, peikou = pairs of identical sequences, in
  :func:`engine.shape.decompose.decompositions`' order (a test checks both).

>>> SUIT_TABLES[1][(1, 1, 1, 0, 0, 0, 0, 0, 2)][1]
((17, (9,), (), 512, 0, 0),)
"""

from __future__ import annotations

from engine.tiles import Tile

# (pair kind or -1, sequences, triplets, sequence-start mask, triplet mask, peikou)
SuitOption = tuple[int, tuple[Tile, ...], tuple[Tile, ...], int, int, int]
F_TERMINAL, F_SIMPLE, F_NOT_GREEN, F_CHUUREN = 1, 2, 4, 8
_Split = tuple[int, list[int], list[int]]  # pair index or -1, sequence starts, triplets


class SuitTable(dict[tuple[int, ...], tuple[int, tuple[SuitOption, ...]]]):
    """Memo of one suit: count tuple -> ``(flags, options)``, computed on a miss.

    ``cache_clear`` (on each table, not the class) lets the benchmark start
    cold, as for ``functools`` caches.
    """

    def __init__(self, suit: int) -> None:
        super().__init__()
        self.suit = suit
        self.base = 9 * suit
        self.cache_clear = self.clear

    def __missing__(self, part: tuple[int, ...]) -> tuple[int, tuple[SuitOption, ...]]:
        suit = self.suit
        if suit == 3:
            entry = _honor_entry(part)
        else:
            base = self.base
            options = tuple([_option(q, s, t, base) for q, s, t in NUMBER_SPLITS[part]])
            entry = (_flags(part, suit), options)
        self[part] = entry
        return entry


class NumberSplits(dict[tuple[int, ...], list[_Split]]):
    """Memo shared by man, pin and sou: count tuple -> its splits, indices 0–8.

    A suit table that misses builds its options (kinds of its own suit) from
    these, so a shape met in one suit is split once for all three.
    """

    def __init__(self) -> None:
        super().__init__()
        self.cache_clear = self.clear

    def __missing__(self, part: tuple[int, ...]) -> list[_Split]:
        found: list[_Split] = []
        if sum(part) % 3 == 0:
            _walk(list(part), 0, -1, [], [], found)
        else:
            # A set's indices add up to 0 mod 3 (3i or 3i+3), so the pair's index
            # p has 2p = sum(i * n) mod 3: a third of the places to try.
            # Indices 1, 4, 7 are 1 mod 3 and 2, 5, 8 are 2 mod 3.
            ones = part[1] + part[4] + part[7]
            twos = part[2] + part[5] + part[8]
            for p in range((2 * ones + twos) % 3, 9, 3):
                if part[p] >= 2:
                    counts = list(part)
                    counts[p] -= 2
                    _walk(counts, 0, p, [], [], found)
        if len(found) > 1:
            found.sort(key=_order)  # decompose's order, so ties pick the same reading
        self[part] = found
        return found


# Module-level names so that code clearing every engine cache finds each table.
NUMBER_SPLITS = NumberSplits()
MAN_TABLE, PIN_TABLE, SOU_TABLE, HONOR_TABLE = SUIT_TABLES = tuple(SuitTable(s) for s in range(4))
_BITS = tuple(1 << t for t in range(34))


def _honor_entry(part: tuple[int, ...]) -> tuple[int, tuple[SuitOption, ...]]:
    found: list[_Split] = []
    _honor_split(part, found)
    flags = F_TERMINAL | 128 | (F_NOT_GREEN if part[:5] != (0,) * 5 or part[6] else 0)
    return flags, tuple([_option(pair, seqs, trips, 27) for pair, seqs, trips in found])


def _walk(
    c: list[int], i: int, pair: int, seqs: list[int], trips: list[int], found: list[_Split]
) -> None:
    """Split counts from index ``i`` on into sets; each split once.

    Whatever is left at the lowest index must start sequences; the only
    choice is whether three copies there are a triplet instead (that branch
    gets copies of the lists; this path goes on with its own, in place).
    """
    while True:
        while i < 9 and not c[i]:
            i += 1
        if i == 9:
            found.append((pair, seqs, trips))
            return
        n = c[i]
        if n >= 3:
            r = n - 3
            if not r or (i < 7 and c[i + 1] >= r and c[i + 2] >= r):
                d = c[:]
                d[i] = 0
                if r:
                    d[i + 1] -= r
                    d[i + 2] -= r
                _walk(d, i + 1, pair, seqs + [i] * r, [*trips, i], found)
        if i > 6 or c[i + 1] < n or c[i + 2] < n:
            return
        c[i] = 0
        c[i + 1] -= n
        c[i + 2] -= n
        if n == 1:
            seqs.append(i)
        else:
            seqs.extend([i] * n)
        i += 1


def _honor_split(c: tuple[int, ...], found: list[_Split]) -> None:
    if 1 in c or 4 in c or c.count(2) > 1:
        return
    pair = c.index(2) if 2 in c else -1
    found.append((pair, [], [i for i, n in enumerate(c) if n == 3]))


def _order(split: _Split) -> tuple[int, list[tuple[str, int]]]:
    pair, seqs, trips = split
    sets = sorted([(i, "shuntsu") for i in seqs] + [(i, "koutsu") for i in trips])
    return pair, [(kind, i) for i, kind in sets]


def _option(pair: int, seqs: list[int], trips: list[int], base: int) -> SuitOption:
    bits = _BITS
    seq_mask = trip_mask = 0
    if base:
        seqs = [base + i for i in seqs]
        trips = [base + i for i in trips]
        if pair >= 0:
            pair += base
    for t in seqs:
        seq_mask |= bits[t]
    for t in trips:
        trip_mask |= bits[t]
    peikou = 0
    if seq_mask.bit_count() < len(seqs):  # pairs of identical sequences: 2 or 3 alike
        peikou = sum([seqs.count(t) // 2 for t in set(seqs)])  # make one, 4 alike two
    return (pair, tuple(seqs), tuple(trips), seq_mask, trip_mask, peikou)


def _flags(part: tuple[int, ...], suit: int) -> int:
    flags = 16 << suit  # the suit is present
    if part[0] or part[8]:
        flags |= F_TERMINAL
    if part[1:8] != _NO_SIMPLES:
        flags |= F_SIMPLE
    if suit != 2 or part[0] or part[4] or part[6] or part[8]:
        flags |= F_NOT_GREEN
    if part[0] >= 3 and part[8] >= 3 and min(part[1:8]) and sum(part) == 14:
        flags |= F_CHUUREN  # at least 1112345678999 and one more
    return flags


_NO_SIMPLES = (0,) * 7
