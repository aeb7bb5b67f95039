"""Standard-form shanten by the block count, for hands the four-copy rule cannot touch.

A hand with ``m`` sets (melds included), ``t`` partial sets (a pair not used
as the head, 12, 13, 23 …) and ``p`` (1 if a pair is kept as the head) is
``8 - 2m - t - p`` tiles from tenpai, where at most ``4 - m`` partial sets
count. That is ``8 - (m + min(m + t, 4) + p)``, so a suit's readings only
matter through ``m`` and ``m + t``: each suit's count tuple is read once into
its best (sets, sets+partials, head) readings, cached (:func:`suit_shapes`).

The count assumes every tile a block lacks can still be drawn. That holds,
and this count equals the exact one of :mod:`engine.shape.shanten.exact`, when
the hand has no melds and no kind four times: with four usable copies of
each kind and at most three held, every suit's exact table is its table with
no limit at all (checked once for all 161,347 number-suit count tuples of at
most three of a kind and at most 14 tiles; honours are independent kinds;
tests/engine/test_shanten_four_copies.py keeps a sample and compares the two
counts on whole hands). :mod:`engine.shape.shanten` uses it only then: it is
several times faster on a cold cache.

>>> shape_standard((1, 0, 1, 0, 0, 0, 0, 2, 0) + (0,) * 25, 3)  # 13m 88m beside three melds
0
"""

from __future__ import annotations

from functools import lru_cache

from engine.tiles import Counts

# (sets, sets + partial sets, head) of one reading.
_Shape = tuple[int, int, int]


def shape_standard(counts: Counts, melds: int) -> int:
    """``8 - 2m - t - p`` at its best over the readings of ``counts`` (``melds`` sets made)."""
    shapes: set[_Shape] = {(melds, melds, 0)}
    for suit in range(4):
        shapes = combine(shapes, suit_shapes_of(counts, suit))
    return shanten_of(shapes)


_BOUNDS = ((0, 9), (9, 18), (18, 27), (27, 34))


def suit_shapes_of(counts: Counts, suit: int) -> tuple[_Shape, ...]:
    a, b = _BOUNDS[suit]
    return suit_shapes(counts[a:b], suit == 3)


def combine(shapes: set[_Shape], suit: tuple[_Shape, ...]) -> set[_Shape]:
    """Add one suit's readings to the readings so far (one head at most)."""
    if suit == _EMPTY:
        return shapes
    joined = {(m + sm, s + ss, h + sh) for m, s, h in shapes for sm, ss, sh in suit if h + sh <= 1}
    return set(_prune(joined))


def shanten_of(shapes: set[_Shape]) -> int:
    return 8 - max(m + min(s, 4) + h for m, s, h in shapes)


def combine_all(counts: Counts, melds: int, skip: int) -> set[_Shape]:
    shapes: set[_Shape] = {(melds, melds, 0)}
    for suit in range(4):
        if suit != skip:
            shapes = combine(shapes, suit_shapes_of(counts, suit))
    return shapes


@lru_cache(maxsize=65536)
def suit_shapes(part: tuple[int, ...], honors: bool) -> tuple[_Shape, ...]:
    """The best (sets, sets + partials, head) readings of one suit's counts.

    Readings are enumerated block by block at the lowest held index (each
    remainder is itself a cached count tuple), then pruned: a reading is kept
    only if no other with the same head has at least as many sets and at
    least as many blocks.

    >>> suit_shapes((1, 1, 1, 0, 0, 0, 0, 2, 0), False)
    ((1, 2, 0), (1, 1, 1))
    """
    i = next((j for j, n in enumerate(part) if n), -1)
    if i < 0:
        return ((0, 0, 0),)
    found: set[_Shape] = set()
    for removed, (dm, dt, dh) in _blocks_at(part, i, honors):
        rest = tuple(n - r for n, r in zip(part, removed, strict=True))
        for m, s, h in suit_shapes(rest, honors):
            if h + dh <= 1:
                found.add((m + dm, s + dm + dt, h + dh))
    return tuple(_prune(found))


_EMPTY: tuple[_Shape, ...] = ((0, 0, 0),)


def _blocks_at(
    part: tuple[int, ...], i: int, honors: bool
) -> list[tuple[tuple[int, ...], tuple[int, int, int]]]:
    """Every block that can use the tile at ``i``: (tiles removed, (sets, partials, head)).

    Dropping the tile as a loose one is always an option.
    """
    size = len(part)

    def take(*idx: int) -> tuple[int, ...]:
        removed = [0] * size
        for j in idx:
            removed[j] += 1
        return tuple(removed)

    options = [(take(i), (0, 0, 0))]
    if part[i] >= 2:
        options += [(take(i, i), (0, 1, 0)), (take(i, i), (0, 0, 1))]
    if part[i] >= 3:
        options.append((take(i, i, i), (1, 0, 0)))
    if not honors:
        if i + 1 < size and part[i + 1]:
            options.append((take(i, i + 1), (0, 1, 0)))
        if i + 2 < size and part[i + 2]:
            options.append((take(i, i + 2), (0, 1, 0)))
        if i + 2 < size and part[i + 1] and part[i + 2]:
            options.append((take(i, i + 1, i + 2), (1, 0, 0)))
    return options


def _prune(shapes: set[_Shape]) -> list[_Shape]:
    """Drop readings another reading with the same head beats on both counts."""
    ordered = sorted(shapes, key=lambda x: (-x[1], -x[0], x[2]))
    return [
        x
        for x in ordered
        if not any(y != x and y[2] == x[2] and y[0] >= x[0] and y[1] >= x[1] for y in ordered)
    ]

