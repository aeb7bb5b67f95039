"""Waits of a 13-tile hand: which tiles win, and in which shapes.

Two layers, because the site needs the answer fast and the explanation only
sometimes:

* :func:`shape_waits` / :func:`wait_tiles` find the winning tiles without
  building any decomposition. The concealed counts are split into suits; by
  the suit sizes modulo 3 at most two suits can take the winning tile, and for
  a suit the answer "which added tiles complete it" is cached on its count
  tuple (:func:`suit_waits`), so a hand costs a handful of dictionary look-ups.
* :attr:`WaitsResult.options` reads every winning tile's arrangements
  (decomposition, block and wait shape) through
  :func:`engine.decompose.arrangements`, computed on first access.

The four-copy rule: a tile the hand already holds four of (concealed and
melds together) cannot be drawn or called, so it is not a wait even if it
completes the shape; such tiles are reported as ``karaten``. A hand whose
only completing tiles are karaten is not tenpai.

>>> from engine.hand import parse_hand
>>> from engine.tiles import to_mpsz
>>> to_mpsz(find_waits(parse_hand("1112345678999m", size=13)).waits)
'123456789m'
>>> r = find_waits(parse_hand("1111m234p567s789s", size=13))  # only 1m fits: karaten
>>> r.tenpai, r.waits, to_mpsz(r.karaten)
(False, (), '1m')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property, lru_cache

from engine.blocks import Arrangement, WaitKind
from engine.decompose import arrangements, suit_is_complete
from engine.errors import HandError
from engine.hand import Hand
from engine.messages import WAITS_NEED_13
from engine.suit_walk import completing_tiles
from engine.tiles import KOKUSHI_TILES, Counts, Tile


@dataclass(frozen=True)
class WaitOption:
    """One winning tile with every way the hand can be read after winning on it.

    ``shapes`` lists the distinct wait shapes in :class:`WaitKind` order; a tile
    can be, say, both ryanmen and tanki in different readings.
    """

    tile: Tile
    arrangements: tuple[Arrangement, ...]

    @property
    def shapes(self) -> tuple[WaitKind, ...]:
        found = {a.wait for a in self.arrangements}
        return tuple(kind for kind in WaitKind if kind in found)


@dataclass(frozen=True)
class WaitsResult:
    """Waits of a 13-tile hand.

    ``waits`` are sorted and obey the four-copy rule; ``karaten`` are tiles
    that would complete the shape but are all already in the hand. ``tenpai``
    is ``bool(waits)``. ``options`` (one :class:`WaitOption` per wait, same
    order) is computed lazily: building decompositions costs more than finding
    the tiles, and most callers only need the tiles.
    """

    hand: Hand = field(repr=False)
    waits: tuple[Tile, ...]
    karaten: tuple[Tile, ...] = ()

    @property
    def tenpai(self) -> bool:
        return bool(self.waits)

    @property
    def shape_tenpai(self) -> bool:
        """Tenpai in shape: some tile completes the hand, karaten included."""
        return bool(self.waits or self.karaten)

    @cached_property
    def options(self) -> tuple[WaitOption, ...]:
        return tuple(
            WaitOption(tile, arrangements(self.hand.with_tile(tile), tile)) for tile in self.waits
        )

    def option(self, tile: Tile) -> WaitOption | None:
        """The option for ``tile``, or ``None`` if it is not a wait."""
        return next((o for o in self.options if o.tile == tile), None)


def find_waits(hand: Hand) -> WaitsResult:
    """Tenpai, waits and karaten of a 13-tile hand (melds included).

    >>> from engine.hand import parse_hand
    >>> from engine.tiles import to_mpsz
    >>> r = find_waits(parse_hand("3456m123p456s789s", size=13))
    >>> to_mpsz(r.waits), [s.value for s in r.options[0].shapes]
    ('36m', ['tanki'])
    """
    _check_size(hand)
    waits: list[Tile] = []
    karaten: list[Tile] = []
    held = hand.all_counts() if hand.melds else hand.concealed
    for tile in shape_waits(hand):
        (karaten if held[tile] >= 4 else waits).append(tile)
    return WaitsResult(hand, tuple(waits), tuple(karaten))


def wait_tiles(hand: Hand) -> tuple[Tile, ...]:
    """Only the winning tiles (four-copy rule applied), sorted: the fast path."""
    _check_size(hand)
    held = hand.all_counts() if hand.melds else hand.concealed
    return tuple(t for t in shape_waits(hand) if held[t] < 4)


def shape_waits(hand: Hand) -> tuple[Tile, ...]:
    """Every tile that completes the shape in any form, karaten included, sorted."""
    counts = hand.concealed
    tiles = set(_standard_waits(counts))
    if not hand.melds and sum(counts) == 13:
        tiles.update(_chiitoitsu_waits(counts))
        tiles.update(_kokushi_waits(counts))
    return tuple(sorted(tiles))


def _check_size(hand: Hand) -> None:
    if hand.size != 13:
        raise HandError(WAITS_NEED_13.format(size=hand.size))


_BOUNDS = ((0, 9), (9, 18), (18, 27), (27, 34))


def _standard_waits(counts: Counts) -> list[Tile]:
    """Winning tiles for four sets and a pair.

    The concealed part has 3n+1 tiles. Either one suit has a remainder of 1
    (it takes the tile and becomes the pair's suit, the rest must be bare sets)
    or two suits have a remainder of 2 (one keeps its pair, the other takes the
    tile and becomes bare sets). Any other remainder pattern cannot win.
    """
    parts = [counts[a:b] for a, b in _BOUNDS]
    rems = [sum(p) % 3 for p in parts]
    ones = [s for s in range(4) if rems[s] == 1]
    twos = [s for s in range(4) if rems[s] == 2]
    found: list[Tile] = []
    if len(ones) == 1 and not twos:
        s = ones[0]
        if all(suit_is_complete(parts[o], o == 3, False) for o in range(4) if o != s):
            found.extend(_BOUNDS[s][0] + i for i in suit_waits(parts[s], s == 3, True))
    elif len(twos) == 2 and not ones:
        first, second = twos
        for s, other in ((first, second), (second, first)):
            pair_ok = suit_is_complete(parts[other], other == 3, True)
            rest_ok = all(
                suit_is_complete(parts[o], o == 3, False) for o in range(4) if o not in twos
            )
            if pair_ok and rest_ok:
                found.extend(_BOUNDS[s][0] + i for i in suit_waits(parts[s], s == 3, False))
    return found


@lru_cache(maxsize=65536)
def suit_waits(part: tuple[int, ...], honors: bool, with_pair: bool) -> tuple[int, ...]:
    """Indices whose tile, added to this suit, makes it sets (and a pair if asked).

    Cached on the count tuple; a new shape is read by two walks over the
    suit (:func:`engine.suit_walk.completing_tiles`), not by one completeness
    check per candidate tile.

    >>> suit_waits((0, 0, 1, 1, 1, 1, 0, 0, 0), False, True)
    (2, 5)
    """
    return completing_tiles(part, honors, with_pair)


def _chiitoitsu_waits(counts: Counts) -> list[Tile]:
    """Six different pairs and a single: the single waits for its pair."""
    singles = [t for t, n in enumerate(counts) if n == 1]
    pairs = sum(1 for n in counts if n == 2)
    return singles if pairs == 6 and len(singles) == 1 else []


def _kokushi_waits(counts: Counts) -> list[Tile]:
    """All 13 kinds: any of them (13-sided); 12 kinds and a pair: the missing one."""
    if any(counts[t] for t in range(34) if t not in _KOKUSHI_SET):
        return []
    missing = [t for t in KOKUSHI_TILES if not counts[t]]
    if not missing:
        return list(KOKUSHI_TILES)
    if len(missing) == 1 and max(counts[t] for t in KOKUSHI_TILES) == 2:
        return missing
    return []


_KOKUSHI_SET = frozenset(KOKUSHI_TILES)
