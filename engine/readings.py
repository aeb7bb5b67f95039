"""Compact readings of a winning hand for the scorer, and their full Arrangement.

The scorer looks at every reading of a hand, but only the best one is shown,
so readings stay plain tuples of ints while they are compared and become
:class:`engine.blocks.Arrangement` objects only when asked for
(:func:`to_arrangement`, which builds exactly what
:func:`engine.decompose.arrangements` builds for that reading).

How the per-suit table is built (profiled: building ``Block`` objects for
every reading, then splitting fresh suit shapes, were most of the scoring
time). :data:`SUIT_TABLES` holds one memo per suit, keyed on that suit's
count tuple (9 counts, 7 for honours), filled on first use by
:func:`_suit_entry`; man, pin and sou share the splitting itself
(:data:`NUMBER_SPLITS`, kinds 0–8, shifted per suit): a walk from the lowest
index where the only choice is "a triplet here or not" (whatever is left at
an index must start sequences), tried once per possible pair (only a third
of the places can hold it). Each entry is ``(flags, options)``:

* ``flags``: ``16 << suit`` (the suit is present), :data:`F_TERMINAL` (a 1,
  9 or honour), :data:`F_SIMPLE` (a 2–8), :data:`F_NOT_GREEN` (a tile outside
  ryuuiisou's), :data:`F_CHUUREN` (at least 1112345678999, 14 tiles);
* ``options``: every split as :data:`SuitOption` ``(pair or -1, sequences,
  triplets, sequence mask, triplet mask, peikou)`` in absolute kinds, masks
  with bit ``k`` for kind ``k``, peikou = pairs of identical sequences.

A whole-hand reading (:data:`FastReading`) has the same shape; combining
suits is a few tuple concatenations and ``|``.

>>> from engine.hand import parse_hand
>>> h = parse_hand("111222333m456p99s", size=14)
>>> sorted(standard_readings(h.concealed))
[(26, (0, 0, 0, 12), ()), (26, (12,), (0, 1, 2))]
"""

from __future__ import annotations

from engine.blocks import Arrangement, Block, BlockKind, Decomposition, Form, WaitKind
from engine.melds import Meld
from engine.tiles import Counts, Tile

# (pair kind or -1, sequences by lowest kind, concealed triplet kinds)
Reading = tuple[int, tuple[Tile, ...], tuple[Tile, ...]]
# Reading plus (sequence-start mask, triplet mask, identical-sequence pairs)
FastReading = tuple[int, tuple[Tile, ...], tuple[Tile, ...], int, int, int]
SuitOption = FastReading
# (wait, kind of the block the winning tile completed, that block's tile)
Placement = tuple[WaitKind, BlockKind, Tile]

F_TERMINAL, F_SIMPLE, F_NOT_GREEN, F_CHUUREN = 1, 2, 4, 8
_Split = tuple[int, list[int], list[int]]  # pair index or -1, sequence starts, triplets
_SHUNTSU, _KOUTSU, _TOITSU = BlockKind.SHUNTSU, BlockKind.KOUTSU, BlockKind.TOITSU
_CHUUREN_BASE = (3, 1, 1, 1, 1, 1, 1, 1, 3)
_RYANMEN, _KANCHAN, _PENCHAN = WaitKind.RYANMEN, WaitKind.KANCHAN, WaitKind.PENCHAN


class SuitTable(dict[tuple[int, ...], tuple[int, tuple[SuitOption, ...]]]):
    """Memo of one suit: count tuple -> ``(flags, options)``, computed on a miss.

    ``cache_clear`` (on each table, not the class) lets the benchmark start
    cold, as for ``functools`` caches.
    """

    def __init__(self, suit: int) -> None:
        super().__init__()
        self.suit = suit
        self.cache_clear = self.clear

    def __missing__(self, part: tuple[int, ...]) -> tuple[int, tuple[SuitOption, ...]]:
        entry = self[part] = _suit_entry(part, self.suit)
        return entry


class NumberSplits(dict[tuple[int, ...], tuple[SuitOption, ...]]):
    """Memo shared by man, pin and sou: count tuple -> splits with kinds 0–8.

    A suit table that misses shifts these by the suit's base instead of
    splitting again, so a shape met in one suit is split once for all three.
    """

    def __init__(self) -> None:
        super().__init__()
        self.cache_clear = self.clear

    def __missing__(self, part: tuple[int, ...]) -> tuple[SuitOption, ...]:
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
        options = self[part] = tuple([_option(pair, seqs, trips, 0) for pair, seqs, trips in found])
        return options


# Module-level names so that code clearing every engine cache finds each table.
NUMBER_SPLITS = NumberSplits()
MAN_TABLE, PIN_TABLE, SOU_TABLE, HONOR_TABLE = SUIT_TABLES = tuple(SuitTable(s) for s in range(4))


def _suit_entry(part: tuple[int, ...], suit: int) -> tuple[int, tuple[SuitOption, ...]]:
    if suit == 3:
        found: list[_Split] = []
        _honor_split(part, found)
        flags = F_TERMINAL | 128 | (F_NOT_GREEN if part[:5] != (0,) * 5 or part[6] else 0)
        return flags, tuple([_option(pair, seqs, trips, 27) for pair, seqs, trips in found])
    options = NUMBER_SPLITS[part]
    if suit:
        base = 9 * suit
        options = tuple(
            [
                (
                    pair + base if pair >= 0 else -1, tuple([t + base for t in seqs]),
                    tuple([t + base for t in trips]), seq_mask << base, trip_mask << base, peikou,
                )
                for pair, seqs, trips, seq_mask, trip_mask, peikou in options
            ]
        )  # fmt: skip
    return _flags(part, suit), options


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
    if base:
        seqs = [base + i for i in seqs]
        trips = [base + i for i in trips]
        pair = base + pair if pair >= 0 else -1
    seq_mask = trip_mask = peikou = 0
    for t in seqs:
        seq_mask |= 1 << t
    for t in trips:
        trip_mask |= 1 << t
    if seq_mask.bit_count() < len(seqs):  # pairs of identical sequences: 2 or 3 alike
        peikou = sum([seqs.count(t) // 2 for t in set(seqs)])  # make one, 4 alike two
    return (pair, tuple(seqs), tuple(trips), seq_mask, trip_mask, peikou)


def _flags(part: tuple[int, ...], suit: int) -> int:
    flags = 16 << suit  # the suit is present
    if part[0] or part[8]:
        flags |= F_TERMINAL
    if part[1:8] != (0,) * 7:
        flags |= F_SIMPLE
    if suit != 2 or part[0] or part[4] or part[6] or part[8]:
        flags |= F_NOT_GREEN
    if sum(part) == 14 and all([n >= need for n, need in zip(part, _CHUUREN_BASE, strict=True)]):
        flags |= F_CHUUREN
    return flags


_EMPTY = ((0,) * 9, (0,) * 9, (0,) * 9, (0,) * 7)


def hand_readings(counts: Counts) -> tuple[int, list[FastReading]]:
    """Flags of the concealed tiles and every four-sets-and-a-pair reading of them.

    ``counts`` are 3n+2 concealed tiles; no reading means no standard form
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
    suits = (counts[:9], counts[9:18], counts[18:27], counts[27:])
    for part, table, empty in zip(suits, SUIT_TABLES, _EMPTY, strict=True):
        if part == empty:
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
