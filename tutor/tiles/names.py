"""Tiles in Russian words, for the templates and the drills' messages.

Beside the drawings (:mod:`tutor.tiles.render`) because a template that draws
tiles names them too: «Вы пропустили: [tiles] (1 ман, 4 ман)».
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.plural import count_word
from engine.tiles import Tile, tile_name


def tile_names(tiles: Iterable[Tile]) -> str:
    """``1 ман, 4 ман, Восток`` — Russian names, comma-separated."""
    return ", ".join(tile_name(t) for t in tiles)


def tiles_count(n: int) -> str:
    """``3 тайла`` with the right Russian plural."""
    return count_word(n, "тайл", "тайла", "тайлов")


__all__ = ["tile_name", "tile_names", "tiles_count"]
