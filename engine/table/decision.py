"""The choices one seat had in a game: the positions a review judges.

:func:`decisions` replays a :class:`~engine.table.events.GameLog` through the
table and yields a :class:`Decision` at every point where the seat chose:
each discard (after a draw or a call), each call offer on another's discard
(taken or passed), each kan chance, each riichi chance (riichi or dama),
each win chance (taken or not) and each exhaustive draw (tenpai or noten).
Everything a judgement needs is in the decision itself (tiles seen, the
opponents' ponds and riichi), so a review never touches the table.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.melds import Meld
from engine.table.view import PondTile
from engine.tiles import Tile

Scores = tuple[int, int, int, int]
ACTIONS = ("discard", "call", "pass", "kan", "riichi", "dama", "win", "no_win", "tenpai", "noten")


@dataclass(frozen=True)
class Opponent:
    """Another seat as the deciding seat sees it."""

    seat: int
    riichi_turn: int | None  # index of the riichi tile in its pond (None: no riichi)
    pond: tuple[PondTile, ...]
    melds: tuple[Meld, ...]
    passed_after_riichi: tuple[Tile, ...]  # tiles discarded by anyone after its riichi, not ronned


@dataclass(frozen=True)
class Decision:
    """One choice of the seat: where it was, what was played, what else was legal.

    ``event`` is the index of the event that answered the choice (the discard,
    the call, the win) or, for a choice let pass, of the event after which it
    was offered. ``played`` is a tile (``"5p"``), a call (``"pon 5p"``,
    ``"chi 345p"``, ``"ankan 1z"``), ``"riichi"``/``"dama"``, ``"ron"``/
    ``"tsumo"``/``"no_win"``, ``"pass"`` or ``"tenpai"``/``"noten"``;
    ``options`` are the legal alternatives in the same notation.
    """

    hand: int
    event: int
    seat: int
    action: str  # one of ACTIONS
    played: str
    concealed: tuple[Tile, ...]  # before the action, sorted, the drawn tile last
    melds: tuple[Meld, ...]
    visible: tuple[int, ...]  # 34 counts: own hand and melds, all ponds and melds, indicators
    dora_indicators: tuple[Tile, ...]
    round_wind: Tile
    seat_wind: Tile
    turn: int  # the seat's own discards so far
    wall_left: int
    scores: Scores  # by the log's seats
    honba: int
    sticks: int
    is_all_last: bool
    opponents: tuple[Opponent, ...]
    options: tuple[str, ...]
    offered: Tile | None = None  # the discard a call or ron decision is about
    furiten: bool = False
    drawn: Tile | None = None  # the tile just drawn, when the choice follows a draw
    riichi: bool = False  # the seat is in riichi
