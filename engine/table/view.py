"""What the table looks like at one moment of a hand: the data a replay page draws.

A :class:`TableView` is built by :func:`engine.table.replay.view_at` from the
table state (:mod:`engine.table.state`); seats are the log's (0 = the game's
first dealer). ``last`` is a Russian line describing the last event.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.melds import Meld
from engine.tiles import Tile

Scores = tuple[int, int, int, int]


@dataclass(frozen=True)
class PondTile:
    """One discard in a pond: tsumogiri, the riichi declaration (turned), taken by a call."""

    tile: Tile
    tsumogiri: bool = False
    riichi: bool = False
    called: bool = False
    red: bool = False


@dataclass(frozen=True)
class TableView:
    """The table after ``step`` events of one hand (step 0: after the deal)."""

    round: str
    honba: int
    sticks: int  # riichi sticks on the table, this hand's declarations included
    scores: Scores  # riichi deposits of this hand already taken off
    dealer: int
    turn: int | None  # the seat to act next (None once the hand is over)
    wall_left: int  # live wall tiles still to draw
    dora_indicators: tuple[Tile, ...]
    ponds: tuple[tuple[PondTile, ...], ...]
    melds: tuple[tuple[Meld, ...], ...]
    hands: tuple[tuple[Tile, ...], ...]  # concealed tiles, sorted, the drawn tile last
    riichi: tuple[bool, bool, bool, bool]
    last: str
    steps: int  # the hand's number of events
    step: int = 0
    hand: int = 0
