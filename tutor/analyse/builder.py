"""The hand builder: palette links, removable tiles and mode switches as plain GET links.

Every clickable thing is a link to the next :class:`Query`, so the builder
works without JavaScript and every state has its own URL; htmx only makes
the same links swap the page in place.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.errors import HandError
from engine.melds import Meld, parse_meld_text
from engine.tiles import FIVES, Tile, parse_tiles, suit_of, tile_code, tile_name
from tutor.analyse.query import MODES, TILE_LIST_MODES, Query, codes
from tutor.tiles.palette import PALETTE_SECTIONS

Url = Callable[[Query], str]
_ADD_VERB = {
    "hand": "Добавить в руку", "chi": "Объявить чи с", "pon": "Объявить пон из",
    "minkan": "Объявить открытый кан из", "ankan": "Объявить закрытый кан из",
    "win": "Сделать выигрышным тайлом", "dora": "Добавить индикатор доры",
    "discards": "Добавить в свой сброс", "visible": "Добавить к видимым тайлам",
}  # fmt: skip
_NEEDS = {"pon": 3, "minkan": 4, "ankan": 4}  # copies a meld takes from the set


@dataclass(frozen=True)
class PaletteTile:
    tile: Tile
    red: bool
    href: str | None  # None: this click is impossible now (no copies left, no such chi)
    label: str
    ident: str


@dataclass(frozen=True)
class PlacedTile:
    """A tile already in the input, with the link that takes it out."""

    tile: Tile
    red: bool
    href: str
    label: str


@dataclass(frozen=True)
class PlacedMeld:
    meld: Meld | None  # None: unreadable text, still removable
    text: str
    href: str


@dataclass(frozen=True)
class ModeLink:
    mode: str
    label: str
    href: str
    current: bool


def used_copies(q: Query) -> list[int]:
    """Copies of each kind already used by the hand, melds, indicators, discards, visible, win."""
    used = [0] * 34
    for text in (q.hand, q.dora, q.discards, q.visible, q.opp, q.win):
        for code in codes(text):
            used[parse_tiles(code).kinds[0]] += 1
    for meld in melds(q):
        if meld.meld is not None:
            for tile in meld.meld.tiles:
                used[tile] += 1
    return used


def used_red_fives(q: Query) -> set[int]:
    """The suits whose one red five is already placed somewhere (hand, a field or a meld)."""
    suits = set()
    for text in (q.hand, q.dora, q.discards, q.visible, q.opp, q.win):
        suits |= {suit_of(parse_tiles(code).kinds[0]) for code in codes(text) if code[0] == "0"}
    for meld in melds(q):
        if meld.meld is not None and meld.meld.red:
            suits.add(suit_of(meld.meld.tiles[0]))
    return suits


def melds(q: Query, url: Url | None = None) -> list[PlacedMeld]:
    out = []
    for i, text in enumerate(q.meld_texts):
        try:
            meld: Meld | None = parse_meld_text(text)
        except HandError:
            meld = None
        out.append(PlacedMeld(meld, text, url(q.remove_at("melds", i)) if url else ""))
    return out


def palette(q: Query, url: Url) -> list[tuple[str, list[PaletteTile]]]:
    """The 34 kinds (and the three red fives) as links adding them in the current mode."""
    used, reds_used = used_copies(q), used_red_fives(q)
    verb = _ADD_VERB[q.mode]
    sections = []
    for legend, kinds in PALETTE_SECTIONS:
        items = []
        for tile in kinds:
            reds = (
                (False, True)
                if tile in FIVES and q.mode in ("hand", "win", *TILE_LIST_MODES)
                else (False,)
            )
            for red in reds:
                possible = _possible(q.mode, tile, used) and not (
                    red and suit_of(tile) in reds_used)
                href = url(q.add_tile(tile, red)) if possible else None
                ident = "pal-" + ("0" + tile_code(tile)[1] if red else tile_code(tile))
                items.append(PaletteTile(tile, red, href, f"{verb} {tile_name(tile, red)}", ident))
        sections.append((legend, items))
    return sections


def _possible(mode: str, tile: Tile, used: list[int]) -> bool:
    if mode == "chi":
        return tile < 27 and tile % 9 <= 6 and all(used[tile + i] < 4 for i in range(3))
    return used[tile] + _NEEDS.get(mode, 1) <= 4


def placed(q: Query, field: str, url: Url) -> list[PlacedTile]:
    """Tiles of ``field`` in sorted order, each linking to the query without it."""
    items = []
    for i, code in enumerate(codes(getattr(q, field))):
        tile = parse_tiles(code).kinds[0]
        red = code[0] == "0"
        items.append(
            PlacedTile(tile, red, url(q.remove_at(field, i)), f"Убрать {tile_name(tile, red)}")
        )
    return sorted(items, key=lambda p: (p.tile, not p.red))


def modes(q: Query, url: Url) -> list[ModeLink]:
    return [ModeLink(m, label, url(q.with_changes(mode=m)), m == q.mode) for m, label in MODES]
