"""Shared helpers that turn engine results into data the drill templates draw.

Wording comes from :mod:`engine.text.messages`, so a rule is named the same way on
the site, in the CLI and in the lessons.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from engine.hand import Hand
from engine.shape.blocks import Arrangement, Block, BlockKind, Form
from engine.shape.shanten import improving_tiles, shanten
from engine.shape.waits import find_waits
from engine.text.messages import BLOCK_NAMES, FORM_NAMES, WAIT_EXPLANATIONS, WAIT_NAMES
from engine.tiles import KOKUSHI_TILES, Tile


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


__all__ = ["BlockKind", "BlockView", "ReadingView", "distinct_readings", "reading"]


# --- what each discard of a 14-tile hand leaves (the discard and complete kinds) -----

@dataclass(frozen=True)
class Draw:
    """A tile that would help after the discard, and how many copies are still unseen."""

    tile: Tile
    remaining: int


@dataclass(frozen=True)
class DiscardOption:
    """What one discard leaves: the shanten of the 13 tiles and the tiles that help.

    ``draws`` are the waits when ``shanten == 0`` (tenpai), otherwise the
    tiles that lower the shanten (ukeire).
    """

    tile: Tile
    shanten: int
    draws: tuple[Draw, ...]

    @property
    def tenpai(self) -> bool:
        return self.shanten == 0

    @property
    def total(self) -> int:
        return sum(d.remaining for d in self.draws)

    @property
    def draw_tiles(self) -> tuple[Tile, ...]:
        return tuple(d.tile for d in self.draws)


def discard_options(
    hand: Hand, detail: Callable[[int], bool] | None = None
) -> tuple[DiscardOption, ...]:
    """Every distinct discard of a 14-tile hand with what it leaves, in tile order.

    ``detail`` says for which shanten the helping tiles are worked out (all by
    default); the other options get none. Finding the tiles that lower the
    shanten of every discard was most of the cost of preparing a drill, and
    the feedback shows them only for the correct discards.
    """
    return options_of(hand, rate_discards(hand), detail)


_Rated = list[tuple[Tile, Hand, int]]  # discard, the 13 tiles left, their shanten


def rate_discards(hand: Hand) -> _Rated:
    """Each distinct discard with the 13 tiles it leaves and their shanten."""
    rests = [(tile, hand.without_tile(tile)) for tile, n in enumerate(hand.concealed) if n]
    return [(tile, rest, shanten(rest).minimum) for tile, rest in rests]


def options_of(  # the options of discards already rated
    hand: Hand, rated: _Rated, detail: Callable[[int], bool] | None
) -> tuple[DiscardOption, ...]:
    held = hand.all_counts()
    return tuple(
        DiscardOption(tile, n, _draws(rest, n, held) if detail is None or detail(n) else ())
        for tile, rest, n in rated
    )


def _draws(rest: Hand, n: int, held: tuple[int, ...]) -> tuple[Draw, ...]:
    helping = find_waits(rest).waits if n == 0 else tuple(i.tile for i in improving_tiles(rest))
    return tuple(Draw(t, max(0, 4 - held[t])) for t in helping)
