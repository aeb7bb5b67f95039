"""Shared helpers that turn engine results into data the drill templates draw.

Wording comes from :mod:`engine.text.messages`, so a rule is named the same way on
the site, in the CLI and in the lessons.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine.shape.blocks import Arrangement, Block, BlockKind, Form
from engine.text.messages import BLOCK_NAMES, FORM_NAMES, WAIT_EXPLANATIONS, WAIT_NAMES
from engine.tiles import KOKUSHI_TILES, Tile, tile_name


@dataclass(frozen=True)
class BlockView:
    """One block of a decomposition as drawn: its tiles, Russian name, role."""

    tiles: tuple[Tile, ...]
    name: str
    is_win: bool = False
    called: bool = False


@dataclass(frozen=True)
class ReadingView:
    """One reading of a complete hand: blocks in order and the wait shape."""

    blocks: tuple[BlockView, ...]
    wait: str
    wait_explanation: str
    form: str


def tile_names(tiles: Iterable[Tile]) -> str:
    """``1 ман, 4 ман, Восток`` — Russian names, comma-separated."""
    return ", ".join(tile_name(t) for t in tiles)


def _block_view(block: Block, win: Block | None) -> BlockView:
    name = BLOCK_NAMES[block.kind.value]
    return BlockView(block.tiles, name, block == win, block.meld is not None)


def reading(arrangement: Arrangement) -> ReadingView:
    """How the hand splits when it wins this way (the winning block marked)."""
    deco = arrangement.decomposition
    if deco.form is Form.KOKUSHI:
        extra = (deco.pair,) if deco.pair is not None else ()
        tiles = tuple(sorted((*KOKUSHI_TILES, *extra)))
        blocks: tuple[BlockView, ...] = (BlockView(tiles, FORM_NAMES[Form.KOKUSHI.value]),)
    else:
        ordered = sorted(deco.blocks, key=lambda b: (b.meld is not None, b.sort_key()))
        blocks = tuple(_block_view(b, arrangement.win_block) for b in ordered)
        if deco.form is Form.CHIITOITSU:
            blocks = tuple(
                BlockView(b.tiles, b.name, b.tiles[0] == arrangement.win_tile) for b in blocks
            )
    return ReadingView(
        blocks,
        WAIT_NAMES[arrangement.wait.value],
        WAIT_EXPLANATIONS[arrangement.wait.value],
        FORM_NAMES[deco.form.value],
    )


def distinct_readings(arrangements: Iterable[Arrangement]) -> list[ReadingView]:
    """Readings without repeats (two arrangements can draw the same way)."""
    seen: list[ReadingView] = []
    for arrangement in arrangements:
        view = reading(arrangement)
        if view not in seen:
            seen.append(view)
    return seen


__all__ = ["BlockKind", "BlockView", "ReadingView", "distinct_readings", "reading", "tile_names"]
