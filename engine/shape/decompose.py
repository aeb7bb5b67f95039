"""Every way to read a complete hand: four sets and a pair, chiitoitsu, kokushi.

The concealed part is split suit by suit; each suit's 9 counts are split once
and cached (:func:`_suit_splits` on the count tuple), so the same suit shape in
another hand costs a dictionary look-up. Melds are fixed sets and are simply
added to every reading.

>>> from engine.hand import parse_hand
>>> h = parse_hand("111222333m789p55s", size=14)
>>> len(decompositions(h))  # three triplets, or three identical sequences
2
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from engine.hand import Hand
from engine.shape.blocks import Arrangement, Block, BlockKind, Decomposition, Form, WaitKind
from engine.tiles import KOKUSHI_TILES, Counts, Tile

# A split of one suit: (pair index or -1, ((kind, index), ...)) with indices 0–8.
_SuitSplit = tuple[int, tuple[tuple[BlockKind, int], ...]]


@lru_cache(maxsize=65536)
def _suit_splits(counts: tuple[int, ...], honors: bool) -> tuple[_SuitSplit, ...]:
    """All distinct splits of one suit into sets and at most one pair."""
    found: set[_SuitSplit] = set()
    _split(list(counts), honors, -1, [], found)
    return tuple(sorted(found, key=lambda s: (s[0], [(k.value, i) for k, i in s[1]])))


def _split(
    counts: list[int],
    honors: bool,
    pair: int,
    sets: list[tuple[BlockKind, int]],
    found: set[_SuitSplit],
) -> None:
    i = next((j for j, n in enumerate(counts) if n), -1)
    if i < 0:
        found.add((pair, tuple(sorted(sets, key=lambda s: (s[1], s[0].value)))))
        return
    if pair < 0 and counts[i] >= 2:
        counts[i] -= 2
        _split(counts, honors, i, sets, found)
        counts[i] += 2
    if counts[i] >= 3:
        counts[i] -= 3
        sets.append((BlockKind.KOUTSU, i))
        _split(counts, honors, pair, sets, found)
        sets.pop()
        counts[i] += 3
    if not honors and i <= 6 and counts[i + 1] and counts[i + 2]:
        for j in (i, i + 1, i + 2):
            counts[j] -= 1
        sets.append((BlockKind.SHUNTSU, i))
        _split(counts, honors, pair, sets, found)
        sets.pop()
        for j in (i, i + 1, i + 2):
            counts[j] += 1


@lru_cache(maxsize=65536)
def suit_is_complete(counts: tuple[int, ...], honors: bool, with_pair: bool) -> bool:
    """Can one suit be split into sets plus exactly ``with_pair`` pairs? (fast check).

    No enumeration: each pair candidate is removed in turn and the rest is
    checked greedily (:func:`_sets_only`), so a fresh count tuple costs a few
    microseconds. Counts above four are allowed (a karaten check adds a fifth).

    >>> suit_is_complete((3, 1, 1, 1, 1, 1, 1, 1, 3), False, False)
    False
    >>> suit_is_complete((3, 1, 1, 1, 2, 1, 1, 1, 3), False, True)
    True
    """
    total = sum(counts)
    if total % 3 != (2 if with_pair else 0):
        return False
    if not with_pair:
        return _sets_only(counts, honors)
    if honors:  # a pair and triplets: one count is 2 mod 3, the others 0
        rems = [n % 3 for n in counts]
        return rems.count(2) == 1 and rems.count(1) == 0
    # The indices of a set add up to 0 mod 3 (3i or 3i+3), so the pair's index
    # p has 2p = sum(i * n) mod 3: only a third of the places can hold it.
    start = (2 * (counts[1] + counts[4] + counts[7]) + counts[2] + counts[5] + counts[8]) % 3
    for i in range(start, 9, 3):
        if counts[i] >= 2 and _sets_only(counts, False, i):
            return True
    return False


def _sets_only(counts: Sequence[int], honors: bool, pair: int = -1) -> bool:
    """Do these counts (less a pair at index ``pair``, if given) split into sets alone?

    Greedy and exact: at the lowest held index, the copies that do not fit in
    triplets (``n % 3``) can only start sequences there, and three identical
    sequences use the same tiles as three triplets, so nothing is lost. The
    walk keeps the next two counts in locals instead of copying the suit.
    """
    if honors:
        return all(n % 3 == 0 for n in counts)
    a, b = counts[0], counts[1]
    if pair == 0:
        a -= 2
    elif pair == 1:
        b -= 2
    for i in range(2, 9):
        c = counts[i] - 2 if i == pair else counts[i]
        starts = a % 3
        if starts:
            if b < starts or c < starts:
                return False
            b -= starts
            c -= starts
        a, b = b, c
    return a % 3 == 0 and b % 3 == 0


def _suits(counts: Counts) -> tuple[tuple[int, ...], ...]:
    return (counts[0:9], counts[9:18], counts[18:27], counts[27:34])


def is_standard_complete(counts: Counts) -> bool:
    """Do these concealed counts (3n+2 tiles) form n sets and a pair?"""
    parts = _suits(counts)
    pair_suits = [s for s, part in enumerate(parts) if sum(part) % 3 == 2]
    if len(pair_suits) != 1 or any(sum(part) % 3 == 1 for part in parts):
        return False
    return all(
        suit_is_complete(part, s == 3, s == pair_suits[0]) for s, part in enumerate(parts)
    )


def is_chiitoitsu(counts: Counts) -> bool:
    """Seven *different* pairs (four of a kind is not two pairs).

    >>> from engine.tiles import parse_tiles
    >>> is_chiitoitsu(parse_tiles("1122334455667z").counts())
    False
    >>> is_chiitoitsu(parse_tiles("11223344556677z").counts())
    True
    >>> is_chiitoitsu(parse_tiles("11112233445566z").counts())
    False
    """
    return sum(counts) == 14 and sum(1 for n in counts if n == 2) == 7


def is_kokushi(counts: Counts) -> bool:
    """One of each terminal and honour, plus a second of one of them."""
    return sum(counts) == 14 and all(counts[t] for t in KOKUSHI_TILES) and all(
        counts[t] == 0 for t in range(34) if t not in KOKUSHI_TILES
    )


def is_complete(hand: Hand) -> bool:
    """Is this (14-tile) hand a winning shape in any form?"""
    counts = hand.concealed
    if is_standard_complete(counts):
        return True
    return not hand.melds and (is_chiitoitsu(counts) or is_kokushi(counts))


def decompositions(hand: Hand) -> tuple[Decomposition, ...]:
    """Every distinct reading of a complete hand (empty if it is not complete)."""
    counts = hand.concealed
    result: list[Decomposition] = []
    meld_blocks = tuple(Block.from_meld(m) for m in hand.melds)
    for pair, sets in _standard(counts):
        all_sets = tuple(sorted(sets + meld_blocks, key=Block.sort_key))
        result.append(Decomposition(Form.STANDARD, all_sets, pair))
    if not hand.melds:
        if is_chiitoitsu(counts):
            pairs = tuple(t for t, n in enumerate(counts) if n == 2)
            result.append(Decomposition(Form.CHIITOITSU, pairs=pairs))
        if is_kokushi(counts):
            doubled = next(t for t in KOKUSHI_TILES if counts[t] == 2)
            result.append(Decomposition(Form.KOKUSHI, pair=doubled))
    return tuple(result)


def _standard(counts: Counts) -> list[tuple[Tile, tuple[Block, ...]]]:
    if not is_standard_complete(counts):
        return []
    readings: list[tuple[int, tuple[Block, ...]]] = [(-1, ())]
    for suit, part in enumerate(_suits(counts)):
        if not sum(part):
            continue
        base = suit * 9
        needs_pair = sum(part) % 3 == 2
        options = [s for s in _suit_splits(part, suit == 3) if (s[0] >= 0) == needs_pair]
        readings = [
            (
                pair if p < 0 else base + p,
                blocks + tuple(Block(base + i, kind) for kind, i in sets),
            )
            for pair, blocks in readings
            for p, sets in options
        ]
    return [(pair, blocks) for pair, blocks in readings]


def arrangements(hand: Hand, win_tile: Tile) -> tuple[Arrangement, ...]:
    """Every (decomposition, block holding the winning tile, wait shape) of a complete hand.

    ``hand`` includes the winning tile among its concealed tiles. A sequence
    that could take the winning tile in two places gives two arrangements.
    """
    out: list[Arrangement] = []
    for dec in decompositions(hand):
        if dec.form is Form.CHIITOITSU:
            out.append(Arrangement(dec, win_tile, WaitKind.CHIITOITSU_TANKI, None))
            continue
        if dec.form is Form.KOKUSHI:
            thirteen = dec.pair == win_tile
            kind = WaitKind.KOKUSHI_13 if thirteen else WaitKind.KOKUSHI_SINGLE
            out.append(Arrangement(dec, win_tile, kind, None))
            continue
        if dec.pair == win_tile:
            pair = Block(win_tile, BlockKind.TOITSU)
            out.append(Arrangement(dec, win_tile, WaitKind.TANKI, pair))
        seen: set[tuple[Block, WaitKind]] = set()
        for block in dec.sets:
            if block.meld is not None or win_tile not in block.tiles:
                continue
            wait = _wait_in_block(block, win_tile)
            if (block, wait) not in seen:
                seen.add((block, wait))
                out.append(Arrangement(dec, win_tile, wait, block))
    return tuple(out)


def _wait_in_block(block: Block, win: Tile) -> WaitKind:
    if block.kind is BlockKind.KOUTSU:
        return WaitKind.SHANPON
    position = win - block.tile
    if position == 1:
        return WaitKind.KANCHAN
    number = block.tile % 9 + 1
    if (position == 0 and number == 7) or (position == 2 and number == 1):
        return WaitKind.PENCHAN
    return WaitKind.RYANMEN
