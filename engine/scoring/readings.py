"""Compact readings of a winning hand for the scorer, and their full Arrangement.

The scorer looks at every reading of a hand, but only the best one is shown,
so readings stay plain tuples of ints while they are compared and become
:class:`engine.shape.blocks.Arrangement` objects only when asked for
(:func:`to_arrangement`, which builds exactly what
:func:`engine.shape.decompose.arrangements` builds for that reading).

Profiled: building ``Block`` objects for every reading, then splitting
fresh suit shapes, were most of the scoring time. Each suit's splits come
from the per-suit table of :mod:`engine.scoring.suit_table` (how it is built is
documented there); :func:`hand_readings` combines the suits.

A whole-hand reading (:data:`FastReading`) has the same shape; combining
suits is a few tuple concatenations and ``|``.

>>> from engine.hand import parse_hand
>>> h = parse_hand("111222333m456p99s", size=14)
>>> sorted(standard_readings(h.concealed))
[(26, (0, 0, 0, 12), ()), (26, (12,), (0, 1, 2))]
"""

from __future__ import annotations

from engine.melds import Meld
from engine.scoring.suit_table import (
    F_CHUUREN,
    F_NOT_GREEN,
    F_SIMPLE,
    F_TERMINAL,
    SUIT_TABLES,
    SuitOption,
)
from engine.shape.blocks import Arrangement, Block, BlockKind, Decomposition, Form, WaitKind
from engine.tiles import Counts, Tile

__all__ = [
    "F_CHUUREN",
    "F_NOT_GREEN",
    "F_SIMPLE",
    "F_TERMINAL",
    "SUIT_TABLES",
    "FastReading",
    "Placement",
    "Reading",
    "hand_readings",
    "placements",
    "sequence_wait",
    "standard_readings",
    "to_arrangement",
]

# (pair kind or -1, sequences by lowest kind, concealed triplet kinds)
Reading = tuple[int, tuple[Tile, ...], tuple[Tile, ...]]
# Reading plus (sequence-start mask, triplet mask, identical-sequence pairs)
FastReading = SuitOption
# (wait, kind of the block the winning tile completed, that block's tile)
Placement = tuple[WaitKind, BlockKind, Tile]

_SHUNTSU, _KOUTSU, _TOITSU = BlockKind.SHUNTSU, BlockKind.KOUTSU, BlockKind.TOITSU
_RYANMEN, _KANCHAN, _PENCHAN = WaitKind.RYANMEN, WaitKind.KANCHAN, WaitKind.PENCHAN




def hand_readings(
    counts: Counts, suits: tuple[Counts, Counts, Counts, Counts] | None = None
) -> tuple[int, list[FastReading]]:
    """Flags of the concealed tiles and every four-sets-and-a-pair reading of them.

    ``counts`` are 3n+2 concealed tiles (``suits`` the same split m/p/s/z, when
    the caller has it: :attr:`engine.hand.Hand.suits`); no reading means no standard form
    (a suit that cannot be split, or pairs in more than one suit, as in the
    chiitoitsu ``99m99p44778899s22z``). The flags are exact either way.
    Suits with one split (nearly all) are added up in place; suits with
    several are multiplied out at the end, in suit order.
    """
    flags = pairs = seq_mask = trip_mask = peikou = 0
    pair = -1
    seqs: tuple[Tile, ...] = ()
    trips: tuple[Tile, ...] = ()
    several: list[tuple[SuitOption, ...]] = []
    dead = False
    if suits is None:
        suits = (counts[:9], counts[9:18], counts[18:27], counts[27:])
    for part, table in zip(suits, SUIT_TABLES, strict=True):
        if not any(part):
            continue
        f, options = table[part]
        flags |= f
        if len(options) != 1:
            if options:
                several.append(options)
                pairs += options[0][0] >= 0  # every split of a 3n+2 suit has its pair
            else:
                dead = True
            continue
        q, t, u, tm, um, qk = options[0]
        if q >= 0:
            pair = q
            pairs += 1
        seqs += t
        trips += u
        seq_mask |= tm
        trip_mask |= um
        peikou += qk
    if dead or pairs != 1:
        return flags, []
    readings: list[FastReading] = [(pair, seqs, trips, seq_mask, trip_mask, peikou)]
    for options in several:
        readings = [
            (
                p if p >= 0 else q, tuple(sorted(s + t)), tuple(sorted(k + u)),
                sm | tm, km | um, pk + qk,
            )
            for p, s, k, sm, km, pk in readings
            for q, t, u, tm, um, qk in options
        ]  # fmt: skip
    return flags, readings


def standard_readings(counts: Counts) -> list[Reading]:
    """Every four-sets-and-a-pair reading of the concealed counts (3n+2 tiles)."""
    return [(p, s, k) for p, s, k, *_ in hand_readings(counts)[1]]


def placements(reading: Reading | FastReading, win: Tile) -> list[Placement]:
    """Where the winning tile can sit in a reading, with the wait that makes.

    Order: the pair (tanki), a triplet (shanpon), then sequences by their
    lowest tile. The placement tuples are built once per tile (:data:`_AT`).
    """
    tanki, shanpon, sequences = _AT[win]
    out = [tanki] if reading[0] == win else []
    if win in reading[2]:
        out.append(shanpon)
    shuntsu = reading[1]
    for start, placement in sequences:
        if start in shuntsu:
            out.append(placement)
    return out


def sequence_wait(start: Tile, win: Tile) -> WaitKind:
    """The wait of a sequence starting at ``start`` completed by ``win``.

    >>> sequence_wait(0, 2).value, sequence_wait(1, 1).value, sequence_wait(1, 2).value
    ('penchan', 'ryanmen', 'kanchan')
    """
    position = win - start
    if position == 1:
        return _KANCHAN
    number = start % 9
    if (position == 0 and number == 6) or (position == 2 and number == 0):
        return _PENCHAN
    return _RYANMEN


def _at(win: Tile) -> tuple[Placement, Placement, tuple[tuple[Tile, Placement], ...]]:
    starts = [s for s in (win - 2, win - 1, win) if 0 <= s < 27 and s % 9 <= 6]
    return (
        (WaitKind.TANKI, _TOITSU, win),
        (WaitKind.SHANPON, _KOUTSU, win),
        tuple((s, (sequence_wait(s, win), _SHUNTSU, s)) for s in starts),
    )


# Per winning tile: its tanki and shanpon placements, and (start, placement) of
# each sequence that can hold it.
_AT = tuple(_at(t) for t in range(34))


def to_arrangement(
    form: Form,
    reading: Reading | FastReading | None,
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
    pair, shuntsu, koutsu = reading[0], reading[1], reading[2]
    blocks = [SHUNTSU_BLOCKS[t] for t in shuntsu] + [KOUTSU_BLOCKS[t] for t in koutsu]
    if melds:
        blocks += [Block.from_meld(m) for m in melds]
        blocks.sort(key=Block.sort_key)
    else:  # sequences and triplets are each in order already: merge by tile
        blocks.sort(key=_by_tile_sequence_first)
    dec = Decomposition(Form.STANDARD, tuple(blocks), pair)
    _wait, kind, tile = placement
    return Arrangement(dec, win, wait, hand_block(kind, tile))


def _by_tile_sequence_first(block: Block) -> int:
    # Block.sort_key for concealed blocks: by tile, a sequence before a triplet.
    return 2 * block.tile + (block.kind is _KOUTSU)


# Blocks are frozen values: the concealed ones are built once per kind and tile
# (a frozen dataclass costs a few object.__setattr__ calls to build).
SHUNTSU_BLOCKS = tuple(Block(t, _SHUNTSU) for t in range(34))
KOUTSU_BLOCKS = tuple(Block(t, _KOUTSU) for t in range(34))
TOITSU_BLOCKS = tuple(Block(t, _TOITSU) for t in range(34))


def hand_block(kind: BlockKind, tile: Tile) -> Block:
    """``Block(tile, kind)`` of a concealed set or pair, shared rather than rebuilt."""
    # Identity tests: hashing an Enum (a dict keyed by kind) runs Python code.
    if kind is _SHUNTSU:
        return SHUNTSU_BLOCKS[tile]
    if kind is _KOUTSU:
        return KOUTSU_BLOCKS[tile]
    if kind is _TOITSU:
        return TOITSU_BLOCKS[tile]
    return Block(tile, kind)
