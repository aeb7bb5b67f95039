"""Shanten: how many tiles a hand lacks to tenpai, per form, and what improves it.

``-1`` is a complete hand, ``0`` tenpai, ``n`` means n tiles must still be
replaced. ``shanten == 0`` exactly when the hand is tenpai as
:mod:`engine.waits` says: a 13-tile shape whose only completing tiles are
ones the hand already holds four of (karaten) is not tenpai, so it is 1.

Standard form. A hand with ``m`` sets (melds included), ``t`` partial sets
(two tiles of a set: a pair not used as the head, 12, 13, 23 …) and ``p``
(1 if a pair is kept as the head) is ``8 - 2m - t - p`` tiles from tenpai,
where at most ``4 - m`` partial sets count (a hand needs only four sets).
That is ``8 - (m + min(m + t, 4) + p)``, so a suit's readings only matter
through ``m`` and ``m + t``: each suit's count tuple is read once into its
best (sets, sets+partials) pairs, with and without a head, and cached
(:func:`_suit_shapes`); a hand combines its four suits.

Chiitoitsu: ``6 - pairs + max(0, 7 - kinds)`` — a four of a kind is one pair
only, because the seven pairs must be different. Kokushi: ``13 - kinds of
terminals and honours - (1 if one of them is paired)``. Both need a closed
hand without any meld (a closed kan is a meld too).

>>> from engine.hand import parse_hand
>>> r = shanten(parse_hand("11223344556677z", size=14))
>>> r.standard, r.chiitoitsu, r.kokushi, r.minimum
(3, -1, 5, -1)
>>> shanten(parse_hand("1111223344556p", size=13)).chiitoitsu  # 1111p is one pair, not two
2
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from engine.blocks import Form
from engine.errors import HandError
from engine.hand import Hand
from engine.messages import SHANTEN_COMPLETE, SHANTEN_N, SHANTEN_NEED_13_OR_14, SHANTEN_TENPAI
from engine.plural import tiles_word
from engine.tiles import KOKUSHI_TILES, Counts, Tile

# (sets, sets + partial sets, head) of one reading.
_Shape = tuple[int, int, int]


@dataclass(frozen=True)
class ShantenResult:
    """Shanten per form; ``None`` for a form the melds make impossible."""

    standard: int
    chiitoitsu: int | None
    kokushi: int | None

    @property
    def minimum(self) -> int:
        return min(n for n in (self.standard, self.chiitoitsu, self.kokushi) if n is not None)

    @property
    def best_forms(self) -> tuple[Form, ...]:
        """The forms that reach :attr:`minimum` (standard first)."""
        pairs = (
            (Form.STANDARD, self.standard),
            (Form.CHIITOITSU, self.chiitoitsu),
            (Form.KOKUSHI, self.kokushi),
        )
        return tuple(form for form, n in pairs if n == self.minimum)


@dataclass(frozen=True)
class Improvement:
    """A tile kind that lowers the shanten, and how many copies are not in the hand."""

    tile: Tile
    remaining: int


def shanten(hand: Hand) -> ShantenResult:
    """Shanten of a 13- or 14-tile hand (each meld counts as three tiles).

    >>> from engine.hand import parse_hand
    >>> shanten(parse_hand("123m456p789s1122z", size=13)).minimum
    0
    >>> shanten(parse_hand("159m159p159s1234z", size=13)).best_forms  # 10 of 13 orphans
    (<Form.KOKUSHI: 'kokushi'>,)
    """
    if hand.size not in (13, 14):
        raise HandError(SHANTEN_NEED_13_OR_14.format(size=hand.size))
    counts = hand.concealed
    standard = standard_shanten(counts, len(hand.melds))
    if standard == 0 and hand.size == 13 and not _has_live_wait(hand):
        # Karaten: the shape waits only on tiles whose four copies the hand holds,
        # so it is not tenpai and needs one more exchange (as the waits say).
        standard = 1
    if hand.melds:
        return ShantenResult(standard, None, None)
    return ShantenResult(standard, chiitoitsu_shanten(counts), kokushi_shanten(counts))


def _has_live_wait(hand: Hand) -> bool:
    """Does a standard-form completing tile exist of which fewer than four are held?"""
    from engine.decompose import is_standard_complete

    held = hand.all_counts()
    counts = hand.concealed
    return any(
        held[tile] < 4
        and is_standard_complete(counts[:tile] + (counts[tile] + 1,) + counts[tile + 1 :])
        for tile in range(34)
    )


def standard_shanten(counts: Counts, melds: int = 0) -> int:
    """Shanten for four sets and a pair; ``melds`` fixed sets are already made.

    >>> from engine.tiles import parse_tiles
    >>> standard_shanten(parse_tiles("13m").counts(), melds=4)  # 2 tiles, no pair
    0
    """
    shapes: set[_Shape] = {(melds, melds, 0)}
    for suit in range(4):
        shapes = _combine(shapes, _suit_shapes_of(counts, suit))
    return _shanten_of(shapes)


_BOUNDS = ((0, 9), (9, 18), (18, 27), (27, 34))


def _suit_shapes_of(counts: Counts, suit: int) -> tuple[_Shape, ...]:
    a, b = _BOUNDS[suit]
    return _suit_shapes(counts[a:b], suit == 3)


def _combine(shapes: set[_Shape], suit: tuple[_Shape, ...]) -> set[_Shape]:
    """Add one suit's readings to the readings so far (one head at most)."""
    if suit == _EMPTY:
        return shapes
    joined = {(m + sm, s + ss, h + sh) for m, s, h in shapes for sm, ss, sh in suit if h + sh <= 1}
    return set(_prune(joined))


def _shanten_of(shapes: set[_Shape]) -> int:
    return 8 - max(m + min(s, 4) + h for m, s, h in shapes)


def chiitoitsu_shanten(counts: Counts) -> int:
    """Seven different pairs; a four of a kind gives one pair, not two."""
    pairs = sum(1 for n in counts if n >= 2)
    kinds = sum(1 for n in counts if n)
    return 6 - pairs + max(0, 7 - kinds)


def kokushi_shanten(counts: Counts) -> int:
    """One of each terminal and honour plus one more of any of them."""
    kinds = sum(1 for t in KOKUSHI_TILES if counts[t])
    paired = any(counts[t] >= 2 for t in KOKUSHI_TILES)
    return 13 - kinds - (1 if paired else 0)


def improving_tiles(hand: Hand) -> tuple[Improvement, ...]:
    """Tile kinds whose draw lowers the minimum shanten of a 13-tile hand (ukeire).

    ``remaining`` is 4 minus the copies the hand holds (melds included); a
    kind with no copy left cannot be drawn and is left out.

    >>> from engine.hand import parse_hand
    >>> [(i.tile, i.remaining) for i in improving_tiles(parse_hand("123m456p789s1122z", size=13))]
    [(27, 2), (28, 2)]
    """
    if hand.size != 13:
        raise HandError(SHANTEN_NEED_13_OR_14.format(size=hand.size))
    current = shanten(hand).minimum
    held = hand.all_counts()
    counts = hand.concealed
    melds = len(hand.melds)
    # Drawing a tile changes one suit only: combine the other three once per suit.
    others = [_combine_all(counts, melds, skip=suit) for suit in range(4)]
    out = []
    for tile in range(34):
        if held[tile] >= 4:
            continue
        grown = counts[:tile] + (counts[tile] + 1,) + counts[tile + 1 :]
        suit = tile // 9 if tile < 27 else 3
        best = _shanten_of(_combine(others[suit], _suit_shapes_of(grown, suit)))
        if not melds:
            best = min(best, chiitoitsu_shanten(grown), kokushi_shanten(grown))
        if best < current:
            out.append(Improvement(tile, 4 - held[tile]))
    return tuple(out)


def _combine_all(counts: Counts, melds: int, skip: int) -> set[_Shape]:
    shapes: set[_Shape] = {(melds, melds, 0)}
    for suit in range(4):
        if suit != skip:
            shapes = _combine(shapes, _suit_shapes_of(counts, suit))
    return shapes


@lru_cache(maxsize=65536)
def _suit_shapes(part: tuple[int, ...], honors: bool) -> tuple[_Shape, ...]:
    """The best (sets, sets + partials, head) readings of one suit's counts.

    Readings are enumerated block by block at the lowest held index (each
    remainder is itself a cached count tuple), then pruned: a reading is kept
    only if no other with the same head has at least as many sets and at
    least as many blocks.

    >>> _suit_shapes((1, 1, 1, 0, 0, 0, 0, 2, 0), False)
    ((1, 2, 0), (1, 1, 1))
    """
    i = next((j for j, n in enumerate(part) if n), -1)
    if i < 0:
        return ((0, 0, 0),)
    found: set[_Shape] = set()
    for removed, (dm, dt, dh) in _blocks_at(part, i, honors):
        rest = tuple(n - r for n, r in zip(part, removed, strict=True))
        for m, s, h in _suit_shapes(rest, honors):
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


def describe_shanten(n: int) -> str:
    """Russian phrase for a shanten number: complete, tenpai or «2-шантен: …».

    >>> describe_shanten(2)
    '2-шантен: до темпая нужно заменить ещё 2 тайла'
    """
    if n < 0:
        return SHANTEN_COMPLETE
    if n == 0:
        return SHANTEN_TENPAI
    return SHANTEN_N.format(n=n, tiles=tiles_word(n))
