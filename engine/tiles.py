"""Tiles as integers 0–33, mpsz notation and Russian tile names.

A tile *kind* is an ``int``: 0–8 are 1–9 man, 9–17 pin, 18–26 sou, 27–30 the
winds East, South, West, North, 31–33 the dragons haku, hatsu, chun. A hand is
34 counts (a tuple indexed by kind). Red fives are the same kind as a plain
five; whether a five is red is tracked beside the counts. Strings exist only at
the edges: :func:`parse_tiles` and :func:`to_mpsz`.

>>> to_mpsz(parse_tiles("3m12m0p77z").kinds)
'123m5p77z'
>>> tile_name(parse_tiles("0p").kinds[0], red=True)
'красная 5 пин'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.errors import HandError
from engine.text import core as text_core

Tile = int
Counts = tuple[int, ...]

NUM_KINDS = 34
MAN, PIN, SOU, HONOR = 0, 1, 2, 3
EAST, SOUTH, WEST, NORTH = 27, 28, 29, 30
HAKU, HATSU, CHUN = 31, 32, 33
WINDS = (EAST, SOUTH, WEST, NORTH)
DRAGONS = (HAKU, HATSU, CHUN)
FIVES = (4, 13, 22)
SUIT_LETTERS = "mpsz"
TERMINALS = frozenset({0, 8, 9, 17, 18, 26})
HONORS = frozenset(range(27, 34))
TERMINALS_AND_HONORS = TERMINALS | HONORS
KOKUSHI_TILES: tuple[Tile, ...] = tuple(sorted(TERMINALS_AND_HONORS))
# Tiles of ryuuiisou (all green): 2, 3, 4, 6, 8 sou and hatsu.
GREEN_TILES = frozenset({19, 20, 21, 23, 25, HATSU})

WIND_LETTERS = {"E": EAST, "S": SOUTH, "W": WEST, "N": NORTH}


_GROUP = re.compile(r"([0-9]+)([mpsz])")
_VALID = re.compile(r"(?:[0-9]+[mpsz])*")


def suit_of(tile: Tile) -> int:
    """0 man, 1 pin, 2 sou, 3 honours."""
    return tile // 9


def number_of(tile: Tile) -> int:
    """Face value 1–9 of a suit tile; 1–7 for honours (E S W N haku hatsu chun)."""
    return tile % 9 + 1 if tile < 27 else tile - 26


def is_honor(tile: Tile) -> bool:
    return tile >= 27


def is_terminal(tile: Tile) -> bool:
    return tile in TERMINALS


def is_simple(tile: Tile) -> bool:
    """2–8 of a suit (tanyao tiles)."""
    return tile < 27 and 1 <= tile % 9 <= 7


def is_wind(tile: Tile) -> bool:
    return EAST <= tile <= NORTH


def is_dragon(tile: Tile) -> bool:
    return tile >= HAKU


def tile_from(number: int, suit: int) -> Tile:
    """Kind of the tile with face value ``number`` (1-based) in ``suit`` (0–3)."""
    return suit * 9 + number - 1


@dataclass(frozen=True)
class ParsedTiles:
    """Tiles as written, in input order; ``red[i]`` says whether ``kinds[i]`` was a ``0``."""

    kinds: tuple[Tile, ...]
    red: tuple[bool, ...]

    @property
    def red_count(self) -> int:
        return sum(self.red)

    def counts(self) -> Counts:
        return counts_of(self.kinds)


def parse_tiles(text: str) -> ParsedTiles:
    """Parse mpsz notation (``"123m406p77z"``); ``0`` is a red five.

    Raises :class:`HandError` with a Russian message on anything else.
    Copy limits are checked by the hand, not here.
    """
    if not isinstance(text, str):
        raise HandError(text_core.TILES_NOT_TEXT)
    compact = "".join(text.split())
    if not compact:
        return ParsedTiles((), ())
    if len(compact) > 200:
        raise HandError(text_core.TILES_TOO_LONG)
    if not _VALID.fullmatch(compact):
        raise HandError(_explain_bad_notation(compact))
    kinds: list[Tile] = []
    red: list[bool] = []
    for digits, letter in _GROUP.findall(compact):
        suit = SUIT_LETTERS.index(letter)
        for ch in digits:
            value = int(ch)
            if suit == HONOR and not 1 <= value <= 7:
                raise HandError(text_core.TILES_NO_HONOR.format(digit=ch))
            if suit != HONOR and value == 0:
                kinds.append(tile_from(5, suit))
                red.append(True)
            else:
                kinds.append(tile_from(value, suit))
                red.append(False)
    return ParsedTiles(tuple(kinds), tuple(red))


def _explain_bad_notation(text: str) -> str:
    bad = [ch for ch in text if not (ch.isdigit() or ch in SUIT_LETTERS)]
    if bad:
        return text_core.TILES_BAD_SYMBOL.format(symbol=bad[0], text=text)
    return text_core.TILES_NO_SUIT.format(text=text)


def parse_tile(text: str) -> ParsedTiles:
    """Parse exactly one tile (``"5p"``, ``"0s"``, ``"7z"``)."""
    parsed = parse_tiles(text)
    if len(parsed.kinds) != 1:
        raise HandError(text_core.TILES_NOT_ONE.format(count=len(parsed.kinds), text=text))
    return parsed


def parse_wind(text: str) -> Tile:
    """``E``/``S``/``W``/``N`` (or ``1z``–``4z``) to a wind tile."""
    if isinstance(text, str):
        key = text.strip().upper()
        if key in WIND_LETTERS:
            return WIND_LETTERS[key]
        if key.lower() in {"1z", "2z", "3z", "4z"}:
            return EAST + int(key[0]) - 1
    raise HandError(text_core.TILES_BAD_WIND.format(text=text))


def counts_of(kinds: Iterable[Tile]) -> Counts:
    counts = [0] * NUM_KINDS
    for kind in kinds:
        counts[kind] += 1
    return tuple(counts)


def tiles_of(counts: Sequence[int]) -> tuple[Tile, ...]:
    """Counts back to a sorted tuple of kinds."""
    return tuple(kind for kind, n in enumerate(counts) for _ in range(n))


def to_mpsz(kinds: Iterable[Tile], red: int | Sequence[bool] = 0) -> str:
    """Print kinds sorted m, p, s, z; ``red`` red fives are written as ``0``.

    ``red`` is either a count (the first fives of each suit in order become red)
    or flags aligned with ``kinds``.
    """
    items = list(kinds)
    flags: list[bool]
    if isinstance(red, int):
        flags = [False] * len(items)
        remaining = red
        for i, kind in sorted(enumerate(items), key=lambda p: p[1]):
            if remaining and kind in FIVES:
                flags[i] = True
                remaining -= 1
    else:
        flags = list(red)
    pairs = sorted(zip(items, flags, strict=True), key=lambda p: (p[0], not p[1]))
    out: list[str] = []
    for suit in range(4):
        digits = "".join(
            "0" if is_red else str(number_of(kind))
            for kind, is_red in pairs
            if suit_of(kind) == suit
        )
        if digits:
            out.append(digits + SUIT_LETTERS[suit])
    return "".join(out)


def tile_code(tile: Tile) -> str:
    """One tile as ``"5p"`` (never red)."""
    return f"{number_of(tile)}{SUIT_LETTERS[suit_of(tile)]}"


def tile_name(tile: Tile, red: bool = False) -> str:
    """Russian name: ``5 пин``, ``красная 5 пин``, ``Восток``, ``Белый дракон``."""
    if tile >= 27:
        return text_core.HONOR_NAMES[tile - 27]
    suit = text_core.SUIT_NAMES[suit_of(tile)]
    name = text_core.NUMBER_TILE.format(number=number_of(tile), suit=suit)
    return text_core.RED_TILE.format(name=name) if red else name


def dora_from_indicator(indicator: Tile) -> Tile:
    """The dora a given indicator points to.

    Suits cycle 1→…→9→1; winds E→S→W→N→E; dragons haku→hatsu→chun→haku.

    >>> tile_code(dora_from_indicator(parse_tile("9m").kinds[0]))
    '1m'
    >>> tile_code(dora_from_indicator(parse_tile("7z").kinds[0]))
    '5z'
    """
    if indicator < 27:
        base = indicator - indicator % 9
        return base + (indicator % 9 + 1) % 9
    if indicator <= NORTH:
        return EAST + (indicator - EAST + 1) % 4
    return HAKU + (indicator - HAKU + 1) % 3
