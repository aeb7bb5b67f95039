"""Which tiles complete one suit: two greedy walks that meet, instead of one check per tile.

:func:`engine.shape.waits.suit_waits` asks, for one suit's counts, which added
tile leaves the suit as sets (and a pair, if asked). Checking every
candidate with :func:`engine.shape.decompose.suit_is_complete` walked the whole
suit up to nine times (three pair places each) and filled a cache with
thousands of grown count tuples; the first pass over a batch spent most of
its waits time there. Here the suit is walked once from each end and every
candidate costs one step.

Why one step is enough. Split a suit into sets: three copies of a sequence
use the same tiles as three triplets, so only the number of sequences
starting at each index mod 3 matters, and it is forced, from the left, by
``s[k] = (n[k] - s[k-1] - s[k-2]) % 3`` (a negative remainder means no
split). The same holds from the right, with sequences counted by their top
index. So a suit splits exactly when, at some boundary between two indices,
the left walk and the right walk carry the same two open sequence counts;
adding a tile at ``x`` changes only the step at ``x``, so "does ``x``
complete the suit" is the walk from the left up to ``x``, one step with one
more tile, and a comparison with the walk from the right after ``x``. A
pair at ``p`` is one more changed step: the walks are redone once per held
pair, from the pair outwards.

Two counting facts prune the candidates: every set's indices add up to
0 mod 3 (``3i`` or ``3i + 3``), so the sum of ``index * count`` fixes the
added tile's index mod 3 for a given pair place; and honours have no
sequences, so there only the counts mod 3 matter.

>>> completing_tiles((0, 0, 1, 1, 1, 1, 0, 0, 0), False, True)  # 3456: 3 or 6
(2, 5)
>>> completing_tiles((3, 1, 1, 1, 1, 1, 1, 1, 3), False, True)  # chuuren: all nine
(0, 1, 2, 3, 4, 5, 6, 7, 8)
>>> completing_tiles((2, 0, 0, 2, 0, 0, 0), True, True)  # shanpon on two honours
(0, 3)
"""

from __future__ import annotations

from collections.abc import Sequence

# A carry no count can pay: a walk that died leaves it, and every later check fails.
_DEAD = 99


def completing_tiles(part: Sequence[int], honors: bool, with_pair: bool) -> tuple[int, ...]:
    """Indices whose tile, added to this suit, makes it sets (plus one pair if ``with_pair``).

    ``part`` is one suit's counts (9, or 7 for honours); counts above four
    are allowed (a karaten tile is added as a fifth copy).
    """
    if sum(part) % 3 != (1 if with_pair else 2):
        return ()
    if honors:
        return _honor_tiles(part, with_pair)
    return _pair_tiles(part) if with_pair else _set_tiles(part)


def _honor_tiles(part: Sequence[int], with_pair: bool) -> tuple[int, ...]:
    """Honours are triplets and a pair: after the tile, one count is 2 mod 3, the rest 0."""
    ones = tuple(i for i, n in enumerate(part) if n % 3 == 1)
    twos = tuple(i for i, n in enumerate(part) if n % 3 == 2)
    if not with_pair:
        return twos if not ones and len(twos) == 1 else ()  # the pair becomes a triplet
    if not twos and len(ones) == 1:
        return ones  # tanki
    return twos if not ones and len(twos) == 2 else ()  # shanpon


def _walk_right(part: Sequence[int], k: int, a: int, b: int, fa: list[int], fb: list[int]) -> None:
    """From boundary ``k`` carrying ``(a, b)`` open sequences, fill ``fa``/``fb`` rightwards.

    ``fa[j], fb[j]`` are the sequences started at ``j - 2`` and ``j - 1``
    that still need tiles at ``j``; a walk that cannot go on leaves ``_DEAD``.
    """
    while k < 9:
        e = part[k] - a - b
        if e < 0:
            return
        a, b = b, e % 3
        k += 1
        fa[k] = a
        fb[k] = b


def _walk_left(part: Sequence[int], k: int, u: int, v: int, ba: list[int], bb: list[int]) -> None:
    """The mirror walk from index ``k`` down to 0, in the boundary terms of :func:`_walk_right`."""
    while k >= 0:
        e = part[k] - u - v
        if e < 0:
            return
        u, v = e % 3, u
        ba[k] = u
        bb[k] = v
        k -= 1


def _walks(part: Sequence[int]) -> tuple[list[int], list[int], list[int], list[int]]:
    fa = [0] + [_DEAD] * 9
    fb = fa[:]
    ba = [_DEAD] * 9 + [0]
    bb = ba[:]
    _walk_right(part, 0, 0, 0, fa, fb)
    _walk_left(part, 8, 0, 0, ba, bb)
    return fa, fb, ba, bb


def _weight(part: Sequence[int]) -> int:
    """Sum of index × count, mod 3 (every set contributes 0)."""
    return (part[1] + part[4] + part[7] + 2 * (part[2] + part[5] + part[8])) % 3


def _set_tiles(part: Sequence[int]) -> tuple[int, ...]:
    """3n+2 tiles of a number suit: the tiles that leave sets only."""
    fa, fb, ba, bb = _walks(part)
    found = []
    for x in range(-_weight(part) % 3, 9, 3):
        e = part[x] + 1 - fa[x] - fb[x]
        if e >= 0 and fb[x] == ba[x + 1] and e % 3 == bb[x + 1]:
            found.append(x)
    return tuple(found)


def _pair_tiles(part: Sequence[int]) -> tuple[int, ...]:
    """3n+1 tiles of a number suit: the tiles that leave sets and a pair.

    The pair is the added tile with a held one (tanki, one step with one
    tile fewer), or a held pair ``p``: then the walks are redone outwards
    from ``p`` with two tiles fewer, checking the tiles of the matching index
    class as they pass.
    """
    fa, fb, ba, bb = _walks(part)
    weight = _weight(part)
    found = []
    for x in range(weight, 9, 3):  # tanki: x - 2x and the weight agree mod 3
        e = part[x] - 1 - fa[x] - fb[x]
        if e >= 0 and fb[x] == ba[x + 1] and e % 3 == bb[x + 1]:
            found.append(x)
    for p in range(9):
        if part[p] >= 2:
            first = (2 * p - weight) % 3
            for x in _beside_pair(part, p, first, fa, fb, ba, bb):
                if x not in found:
                    found.append(x)
    found.sort()
    return tuple(found)


def _beside_pair(
    part: Sequence[int], p: int, first: int,
    fa: list[int], fb: list[int], ba: list[int], bb: list[int],
) -> list[int]:  # fmt: skip
    """Tiles ``x != p`` (``x ≡ first`` mod 3) that complete the suit with the pair at ``p``.

    Leftwards, the walk from the right is redone from ``p`` without the pair
    and met by the walk from the left at each candidate; rightwards the same
    in the mirror. Each walk stops where it dies.
    """
    found: list[int] = []
    e = part[p] - 2 - ba[p + 1] - bb[p + 1]
    if e >= 0:
        u, v = e % 3, ba[p + 1]  # the open sequences at boundary x + 1
        for x in range(p - 1, first - 1, -1):
            if (x - first) % 3 == 0:
                e = part[x] + 1 - fa[x] - fb[x]
                if e >= 0 and fb[x] == u and e % 3 == v:
                    found.append(x)
            e = part[x] - u - v
            if e < 0:
                break
            u, v = e % 3, u
    e = part[p] - 2 - fa[p] - fb[p]
    if e >= 0:
        a, b = fb[p], e % 3  # the open sequences at boundary x
        for x in range(p + 1, 9):
            if (x - first) % 3 == 0:
                e = part[x] + 1 - a - b
                if e >= 0 and b == ba[x + 1] and e % 3 == bb[x + 1]:
                    found.append(x)
            e = part[x] - a - b
            if e < 0:
                break
            a, b = b, e % 3
    return found
