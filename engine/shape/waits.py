"""Waits of a 13-tile hand: which tiles win, and in which shapes.

Two layers, because the site needs the answer fast and the explanation only
sometimes:

* :func:`shape_waits` / :func:`wait_tiles` find the winning tiles without
  building any decomposition. The concealed counts are read suit by suit
  (:attr:`engine.hand.Hand.suits`, already split by the batch parser); by
  the suit sizes modulo 3 at most two suits can take the winning tile, and for
  a suit the answer "which added tiles complete it" is cached on its count
  tuple (:func:`suit_waits`; a new shape costs two walks over the suit,
  :mod:`engine.shape.suit_walk`), so a hand costs a handful of dictionary look-ups.
* :attr:`WaitsResult.options` reads every winning tile's arrangements
  (decomposition, block and wait shape) through
  :func:`engine.shape.decompose.arrangements`, computed on first access.

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
from functools import lru_cache

from engine.errors import HandError
from engine.hand import Hand
from engine.shape.blocks import Arrangement, WaitKind
from engine.shape.decompose import arrangements, suit_is_complete
from engine.shape.suit_walk import completing_tiles
from engine.text.messages import WAITS_NEED_13
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
    order) is computed when first asked for and kept: building decompositions
    costs more than finding the tiles, and most callers only need the tiles.
    """

    hand: Hand = field(repr=False)
    waits: tuple[Tile, ...]
    karaten: tuple[Tile, ...] = ()
    # ``options`` once built: kept outside the value (equality, hash, repr).
    _options: tuple[WaitOption, ...] | None = field(
        default=None, init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        # Compiled (engine/__init__.py), an init=False field has no class-level
        # default to fall back on: set it on the instance.
        object.__setattr__(self, "_options", None)

    @property
    def tenpai(self) -> bool:
        return bool(self.waits)

    @property
    def shape_tenpai(self) -> bool:
        """Tenpai in shape: some tile completes the hand, karaten included."""
        return bool(self.waits or self.karaten)

    @property
    def options(self) -> tuple[WaitOption, ...]:
        options = self._options
        if options is None:
            hand = self.hand
            options = tuple(
                WaitOption(tile, arrangements(hand.with_tile(tile), tile)) for tile in self.waits
            )
            object.__setattr__(self, "_options", options)  # frozen: a cache, not a change
        return options

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
    tiles = _checked_shape_waits(hand)
    if tiles and (hand.melds or 4 in hand.concealed):  # else no tile can be a fifth copy
        karaten = tuple([t for t in tiles if _held(hand, t) >= 4])
        if karaten:
            return WaitsResult(hand, tuple([t for t in tiles if t not in karaten]), karaten)
    return WaitsResult(hand, tiles)


def wait_tiles(hand: Hand) -> tuple[Tile, ...]:
    """Only the winning tiles (four-copy rule applied), sorted: the fast path."""
    return tuple(t for t in _checked_shape_waits(hand) if _held(hand, t) < 4)


def _held(hand: Hand, tile: Tile) -> int:
    """Copies of ``tile`` in the hand, melds included (a kan holds four)."""
    n = hand.concealed[tile]
    for meld in hand.melds:
        n += meld.tiles.count(tile)
    return n


def shape_waits(hand: Hand) -> tuple[Tile, ...]:
    """Every tile that completes the shape in any form, karaten included, sorted."""
    suits = hand.suits
    return _shape_waits(hand, suits, (sum(suits[0]), sum(suits[1]), sum(suits[2]), sum(suits[3])))


def _checked_shape_waits(hand: Hand) -> tuple[Tile, ...]:
    """:func:`shape_waits` of a hand that must hold 13 tiles (else :class:`HandError`)."""
    suits = hand.suits
    sizes = (sum(suits[0]), sum(suits[1]), sum(suits[2]), sum(suits[3]))
    size = sizes[0] + sizes[1] + sizes[2] + sizes[3] + 3 * len(hand.melds)
    if size != 13:
        raise HandError(WAITS_NEED_13.format(size=size))
    return _shape_waits(hand, suits, sizes)


def _shape_waits(hand: Hand, suits: tuple[Counts, ...], sizes: tuple[int, ...]) -> tuple[Tile, ...]:
    """Standard-form tiles, plus chiitoitsu and kokushi ones for a closed 13-tile hand.

    The standard tiles come out sorted (one suit, or two in order); only a
    hand that also reads as chiitoitsu or kokushi needs a merge. Seven kinds
    (27 absent) is the only chiitoitsu count and 12 or 13 kinds the only
    kokushi ones, so one C-level count of absent kinds skips both checks.
    """
    tiles = _standard_waits(suits, sizes)
    if not hand.melds and sizes[0] + sizes[1] + sizes[2] + sizes[3] == 13:
        counts = hand.concealed
        absent = counts.count(0)
        extra = (
            _chiitoitsu_waits(counts) if absent == 27
            else _kokushi_waits(counts) if absent <= 22
            else []
        )  # fmt: skip
        if extra:
            return tuple(sorted({*tiles, *extra}))
    return tuple(tiles)


# (suit taking the tile, with a pair?, suit keeping the pair or -1), per way; the bare suits.
_Plan = tuple[tuple[tuple[int, bool, int], ...], tuple[int, ...]]


def _plans() -> dict[tuple[int, ...], _Plan]:
    """Which suits can take the winning tile, by the suits' sizes mod 3.

    The concealed part has 3n+1 tiles. Either one suit has a remainder of 1
    (it takes the tile and becomes the pair's suit, the rest must be bare
    sets) or two suits have a remainder of 2 (one keeps its pair, the other
    takes the tile and becomes bare sets). Any other pattern cannot win.
    """
    plans: dict[tuple[int, ...], _Plan] = {}
    for s in range(4):
        rems = tuple(1 if o == s else 0 for o in range(4))
        plans[rems] = (((s, True, -1),), tuple(o for o in range(4) if o != s))
        for t in range(s + 1, 4):
            rems = tuple(2 if o in (s, t) else 0 for o in range(4))
            rest = tuple(o for o in range(4) if o not in (s, t))
            plans[rems] = (((s, False, t), (t, False, s)), rest)
    return plans


_PLANS = _plans()


def _standard_waits(parts: tuple[Counts, ...], sizes: tuple[int, ...]) -> list[Tile]:
    """Winning tiles for four sets and a pair, sorted (see :func:`_plans`)."""
    plan = _PLANS.get((sizes[0] % 3, sizes[1] % 3, sizes[2] % 3, sizes[3] % 3))
    if plan is None:
        return []
    takers, bare = plan
    for o in bare:
        if sizes[o] and not suit_is_complete(parts[o], o == 3, False):
            return []
    found: list[Tile] = []
    for s, with_pair, other in takers:
        if other < 0 or suit_is_complete(parts[other], other == 3, True):
            found.extend(map((9 * s).__add__, suit_waits(parts[s], s == 3, with_pair)))
    return found


@lru_cache(maxsize=65536)
def suit_waits(part: tuple[int, ...], honors: bool, with_pair: bool) -> tuple[int, ...]:
    """Indices whose tile, added to this suit, makes it sets (and a pair if asked).

    Cached on the count tuple; a new shape is read by two walks over the
    suit (:func:`engine.shape.suit_walk.completing_tiles`), not by one completeness
    check per candidate tile.

    >>> suit_waits((0, 0, 1, 1, 1, 1, 0, 0, 0), False, True)
    (2, 5)
    """
    return completing_tiles(part, honors, with_pair)


def _chiitoitsu_waits(counts: Counts) -> list[Tile]:
    """Six different pairs and a single (13 tiles): the single waits for its pair."""
    if counts.count(2) == 6 and counts.count(1) == 1:
        return [counts.index(1)]
    return []


def _kokushi_waits(counts: Counts) -> list[Tile]:
    """All 13 kinds: any of them (13-sided); 12 kinds and a pair: the missing one."""
    if any(counts[1:8]) or any(counts[10:17]) or any(counts[19:26]):
        return []  # a simple tile: no kokushi
    missing = [t for t in KOKUSHI_TILES if not counts[t]]
    if not missing:
        return list(KOKUSHI_TILES)
    if len(missing) == 1 and max(counts[t] for t in KOKUSHI_TILES) == 2:
        return missing
    return []
