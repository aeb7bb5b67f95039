"""Shanten: how many tiles a hand lacks to tenpai, per form, and what improves it.

``-1`` is a complete hand, ``0`` tenpai, ``n`` means n draws (each with a
discard) are still needed. The four-copy rule of :mod:`engine.shape.waits` holds at
every distance, not only at tenpai: a tile the hand holds four of (concealed
and melds together) cannot be drawn, so a block that needs a fifth copy does
not count. ``shanten == 0`` is exactly "tenpai" as the waits say (a shape that
waits only on such tiles, karaten, is 1).

How it is counted. A hand's shanten is the distance to the nearest complete
hand it could still become, minus one: with ``T`` a complete hand (the same
melds, four sets and a pair, no kind more than four times counting the
melds) and ``H`` the concealed tiles, ``shanten = min over T of (tiles of T
not in H) - 1``, for 13 and 14 tiles alike. Why this is the step count: a
draw and a discard bring the hand at most one tile nearer any ``T``; and
drawing the tiles ``T`` lacks, discarding the others, gets there, because a
kind ``T`` needs more of is held fewer than ``T``'s count, at most four,
times, so a copy is always left. For the same reason some tile of the
nearest ``T`` always improves the hand: a hand at shanten ``n >= 0`` always
has improving tiles. The tiles the count cannot use are reported apart
(:func:`exhausted_tiles`): kinds held four times that a fifth copy would
have helped.

Standard form: counted exactly by :mod:`engine.shape.shanten.exact` (per-suit
tables of the best overlap with such a ``T``); a hand without melds and
without a kind held four times, where the rule cannot bind, takes the
faster block count of :mod:`engine.shape.shanten.shapes` (the same number there).

Chiitoitsu: ``6 - pairs + max(0, 7 - kinds)`` — a four of a kind is one pair
only, because the seven pairs must be different. Kokushi: ``13 - kinds of
terminals and honours - (1 if one of them is paired)``. Both need a closed
hand without any meld (a closed kan is a meld too), and in both the four-copy
rule never bites: every tile they lack is a kind the hand holds at most once.

>>> from engine.hand import parse_hand
>>> r = shanten(parse_hand("11223344556677z", size=14))
>>> r.standard, r.chiitoitsu, r.kokushi, r.minimum
(3, -1, 5, -1)
>>> shanten(parse_hand("1111223344556p", size=13)).chiitoitsu  # 1111p is one pair, not two
2
>>> shanten(parse_hand("1111222233334z", size=13)).standard  # a fourth set from nothing
3
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.errors import HandError
from engine.hand import Hand
from engine.plural import tiles_word
from engine.shape.blocks import Form
from engine.shape.shanten.exact import (
    FREE_CAPS,
    caps_of,
    exact_standard,
    free_suit_table,
    merge,
    others_table,
    suit_table_of,
)
from engine.shape.shanten.exact import shanten_of as table_shanten
from engine.shape.shanten.shapes import (
    combine,
    combine_all,
    shanten_of,
    shape_standard,
    suit_shapes_of,
)
from engine.text.messages import SHANTEN_COMPLETE, SHANTEN_N, SHANTEN_NEED_13_OR_14, SHANTEN_TENPAI
from engine.tiles import KOKUSHI_TILES, Counts, Tile


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
    >>> shanten(parse_hand("1111m234p567s789s", size=13)).minimum  # waits only on a 5th 1m
    1
    """
    if hand.size not in (13, 14):
        raise HandError(SHANTEN_NEED_13_OR_14.format(size=hand.size))
    counts = hand.concealed
    standard = standard_shanten(counts, len(hand.melds), hand.all_counts())
    if hand.melds:
        return ShantenResult(standard, None, None)
    return ShantenResult(standard, chiitoitsu_shanten(counts), kokushi_shanten(counts))


def standard_shanten(counts: Counts, melds: int = 0, held: Counts | None = None) -> int:
    """Shanten for four sets and a pair; ``melds`` fixed sets are already made.

    ``held`` is every copy the player holds, melds included (default: only
    ``counts``, as for a hand without melds): a kind held four times cannot
    be drawn again, so no set or pair may need one more of it.

    >>> from engine.tiles import parse_tiles
    >>> standard_shanten(parse_tiles("13m").counts(), melds=4)  # 2 tiles, no pair
    0
    >>> standard_shanten(parse_tiles("1111z").counts(), melds=3)  # 111z, then a pair elsewhere
    1
    """
    caps = caps_of(counts, held)
    if caps == FREE_CAPS and max(counts) <= 3:
        return shape_standard(counts, melds)  # nothing can run out: the block count
    return exact_standard(counts, melds, caps)


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
    kind with no copy left cannot be drawn and is left out. Never empty for
    a hand that is not complete (see the module's docstring).

    >>> from engine.hand import parse_hand
    >>> [(i.tile, i.remaining) for i in improving_tiles(parse_hand("123m456p789s1122z", size=13))]
    [(27, 2), (28, 2)]
    """
    held = hand.all_counts()
    return tuple(
        Improvement(tile, 4 - held[tile]) for tile in _lowering(hand, held, exhausted=False)
    )


def exhausted_tiles(hand: Hand) -> tuple[Tile, ...]:
    """Kinds the hand holds all four of whose fifth copy would lower its shanten.

    Such a tile cannot be drawn, so it is not among :func:`improving_tiles`
    and the shanten is counted without it; this names them for the
    explanation (like :attr:`engine.shape.waits.WaitsResult.karaten` at tenpai).

    >>> from engine.hand import parse_hand
    >>> from engine.tiles import to_mpsz
    >>> to_mpsz(exhausted_tiles(parse_hand("1111m234p567s789s", size=13)))
    '1m'
    """
    return _lowering(hand, hand.all_counts(), exhausted=True)


def _lowering(hand: Hand, held: Counts, *, exhausted: bool) -> tuple[Tile, ...]:
    """Kinds whose draw lowers the minimum shanten: drawable ones, or (``exhausted``) held 4.

    A draw changes one suit: the other three are combined once per suit, as
    block-count readings while the grown hand keeps the fast path's
    condition (no melds, at most three of a kind), as exact tables otherwise.
    Chiitoitsu and kokushi are asked first (cheap); and before an exact table
    for the grown suit, its table without copy limits: that overlaps at least
    as much, so when even it leaves the shanten where it was, the draw does
    not improve and the exact search is skipped.
    """
    if hand.size != 13:
        raise HandError(SHANTEN_NEED_13_OR_14.format(size=hand.size))
    counts, melds = hand.concealed, len(hand.melds)
    current = shanten(hand).minimum
    caps = caps_of(counts, held)
    fast = caps == FREE_CAPS and max(counts) <= 3
    shapes = [combine_all(counts, melds, suit) for suit in range(4)] if fast else []
    tables = [others_table(counts, caps, suit) for suit in range(4)] if not fast else []
    out = []
    for tile in range(34):
        if (held[tile] >= 4) != exhausted:
            continue
        grown = counts[:tile] + (counts[tile] + 1,) + counts[tile + 1 :]
        suit = tile // 9 if tile < 27 else 3
        if not melds and min(chiitoitsu_shanten(grown), kokushi_shanten(grown)) < current:
            out.append(tile)
            continue
        if fast and grown[tile] <= 3:
            best = shanten_of(combine(shapes[suit], suit_shapes_of(grown, suit)))
        else:
            if not tables:
                tables = [others_table(counts, caps, s) for s in range(4)]
            # The table without copy limits overlaps at least as much as the exact
            # one: if even it does not lower the shanten, skip the exact search.
            if table_shanten(merge(tables[suit], free_suit_table(grown, suit)), melds) >= current:
                continue
            # ``exhausted``: pretend a fifth copy existed
            wider = caps[:tile] + (caps[tile] + 1,) + caps[tile + 1 :] if exhausted else caps
            best = table_shanten(merge(tables[suit], suit_table_of(grown, wider, suit)), melds)
        if best < current:
            out.append(tile)
    return tuple(out)


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
