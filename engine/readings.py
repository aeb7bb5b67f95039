"""Compact readings of a winning hand for the scorer, and their full Arrangement.

The scorer looks at every reading of a hand, but only the best one is shown,
so readings are kept as plain tuples of kinds while they are compared and
turned into :class:`engine.blocks.Arrangement` objects only for the winner
(:func:`to_arrangement`, which builds exactly what
:func:`engine.decompose.arrangements` builds for that reading).

The splitting itself is :mod:`engine.decompose`'s (``_suit_splits``, cached on
each suit's count tuple); this module only re-shapes its output per suit
(cached too) so that combining suits costs a few tuple concatenations.
Profiling showed building ``Block`` objects for every reading to be most of
the scoring time, which is why this layer exists.

>>> from engine.hand import parse_hand
>>> h = parse_hand("111222333m456p99s", size=14)
>>> sorted(standard_readings(h.concealed))
[(26, (0, 0, 0, 12), ()), (26, (12,), (0, 1, 2))]
"""

from __future__ import annotations

from functools import lru_cache

from engine.blocks import Arrangement, Block, BlockKind, Decomposition, Form, WaitKind
from engine.decompose import _suit_splits
from engine.melds import Meld
from engine.tiles import Counts, Tile

# (pair kind or -1, sequences by lowest kind, concealed triplet kinds)
Reading = tuple[int, tuple[Tile, ...], tuple[Tile, ...]]
# (wait, kind of the block the winning tile completed, that block's tile)
Placement = tuple[WaitKind, BlockKind, Tile]

_SHUNTSU, _KOUTSU, _TOITSU = BlockKind.SHUNTSU, BlockKind.KOUTSU, BlockKind.TOITSU
_BOUNDS = ((0, 9), (9, 18), (18, 27), (27, 34))
_EMPTY = {9: (0,) * 9, 7: (0,) * 7}


@lru_cache(maxsize=65536)
def _suit_readings(part: tuple[int, ...], suit: int) -> tuple[Reading, ...]:
    """Every split of one suit as absolute kinds (a suit with 3n+1 tiles has none)."""
    base = suit * 9
    return tuple(
        (
            base + p if p >= 0 else -1,
            tuple(base + i for kind, i in sets if kind is _SHUNTSU),
            tuple(base + i for kind, i in sets if kind is _KOUTSU),
        )
        for p, sets in _suit_splits(part, suit == 3)
    )


def standard_readings(counts: Counts) -> list[Reading]:
    """Every four-sets-and-a-pair reading of the concealed counts (3n+2 tiles)."""
    readings: list[Reading] = [(-1, (), ())]
    for lo, hi in _BOUNDS:
        part = counts[lo:hi]
        if part == _EMPTY[hi - lo]:
            continue
        options = _suit_readings(part, lo // 9)
        if not options:
            return []
        if len(options) == 1 and len(readings) == 1:  # the usual case: one way only
            (p, s, k), (q, t, u) = readings[0], options[0]
            readings = [(p if p >= 0 else q, s + t, k + u)]
            continue
        readings = [
            (p if p >= 0 else q, s + t, k + u) for p, s, k in readings for q, t, u in options
        ]
    return [r for r in readings if r[0] >= 0]


def placements(reading: Reading, win: Tile) -> list[Placement]:
    """Where the winning tile can sit in a reading, with the wait that makes."""
    pair, shuntsu, koutsu = reading
    out: list[Placement] = []
    if pair == win:
        out.append((WaitKind.TANKI, _TOITSU, win))
    if win in koutsu:
        out.append((WaitKind.SHANPON, _KOUTSU, win))
    for start in sorted({s for s in shuntsu if s <= win <= s + 2}):
        out.append((_sequence_wait(start, win), _SHUNTSU, start))
    return out


def _sequence_wait(start: Tile, win: Tile) -> WaitKind:
    position = win - start
    if position == 1:
        return WaitKind.KANCHAN
    number = start % 9 + 1
    if (position == 0 and number == 7) or (position == 2 and number == 1):
        return WaitKind.PENCHAN
    return WaitKind.RYANMEN


def to_arrangement(
    form: Form,
    reading: Reading | None,
    placement: Placement | None,
    win: Tile,
    melds: tuple[Meld, ...],
    counts: Counts,
    wait: WaitKind,
) -> Arrangement:
    """The full :class:`Arrangement` of one compact reading (as decompose builds it)."""
    if form is Form.CHIITOITSU:
        pairs = tuple(t for t, n in enumerate(counts) if n == 2)
        return Arrangement(Decomposition(Form.CHIITOITSU, pairs=pairs), win, wait, None)
    if form is Form.KOKUSHI:
        doubled = next(t for t, n in enumerate(counts) if n == 2)
        return Arrangement(Decomposition(Form.KOKUSHI, pair=doubled), win, wait, None)
    assert reading is not None and placement is not None
    pair, shuntsu, koutsu = reading
    blocks = [Block(t, _SHUNTSU) for t in shuntsu] + [Block(t, _KOUTSU) for t in koutsu]
    blocks += [Block.from_meld(m) for m in melds]
    dec = Decomposition(Form.STANDARD, tuple(sorted(blocks, key=Block.sort_key)), pair)
    _wait, kind, tile = placement
    return Arrangement(dec, win, wait, Block(tile, kind))
