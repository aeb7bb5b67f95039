"""The replay of a reviewed game at one step, as the page draws it, and where each link goes.

``?hand=i&step=j`` names the table after ``j`` events of hand ``i``
(:func:`engine.table.replay.view_at` replays that hand only). A flagged
decision is shown at the step of its event — the moment before the move —
so «следующая ошибка» lands where the learner chose. The reviewed seat sits
at the bottom; the others follow in turn order (right, across, left).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from engine.melds import Meld
from engine.table.logs import GameLog, read_log
from engine.table.replay import view_at
from engine.table.view import PondTile, TableView
from engine.text.messages import TABLE_SEAT_NAMES
from engine.tiles import Tile

PLACES = ("bottom", "right", "top", "left")  # relative to the reviewed seat
PLACE_NAMES = {"bottom": "вы", "right": "справа", "top": "напротив", "left": "слева"}
LOGS_KEPT = 8  # parsed logs kept per process: the games learners are stepping through now


@lru_cache(maxsize=LOGS_KEPT)
def played(log: str) -> GameLog:
    """The stored log read into a game, once per process while a learner steps through it.

    Every step of the table needs the game, and reading a whole hanchan's log
    costs three times the one-hand replay of the step (6 ms against 2 ms for a
    bot hanchan in tenhou.net/6 on the Python engine; mjai lines read slower).
    A stored log never changes and a :class:`GameLog` is frozen, so the text
    itself is the key; the page still reads the row, which checks its owner.
    :class:`engine.table.logs.LogError` is raised each time, never kept.
    """
    return read_log(log)


@dataclass(frozen=True)
class Seat:
    """One player at the table as drawn."""

    index: int
    name: str
    wind: str
    place: str
    score: int
    pond: tuple[PondTile, ...]
    melds: tuple[Meld, ...]
    riichi: bool
    to_act: bool

    @property
    def label(self) -> str:
        who = self.name or f"игрок {self.index + 1}"
        return f"{self.wind} — {who} ({PLACE_NAMES[self.place]})"


@dataclass(frozen=True)
class Board:
    """The table at (hand, step), the seats in drawing order, and the moves around it."""

    view: TableView
    seats: tuple[Seat, ...]  # right, top, left, then the reviewed seat
    hand: tuple[Tile, ...]
    hand_index: int
    step: int
    steps: int
    previous: tuple[int, int] | None
    next: tuple[int, int] | None
    next_flag: int | None  # index into the stored flags
    flags_here: tuple[int, ...]

    @property
    def me(self) -> Seat:
        return self.seats[-1]


def clamp(value: int, low: int, high: int) -> int:
    return max(low, min(high, value))


def place(hand: int, step: int, hands: Sequence[Mapping[str, Any]]) -> tuple[int, int]:
    """(hand, step) brought inside the game (a link with numbers past the end is not an error)."""
    hand = clamp(hand, 0, len(hands) - 1)
    return hand, clamp(step, 0, int(hands[hand]["steps"]))


def neighbours(hand: int, step: int, hands: Sequence[Mapping[str, Any]]
               ) -> tuple[tuple[int, int] | None, tuple[int, int] | None]:
    """The steps before and after (across the hands' borders)."""
    steps = int(hands[hand]["steps"])
    before = (hand, step - 1) if step > 0 else (
        (hand - 1, int(hands[hand - 1]["steps"])) if hand > 0 else None)
    after = (hand, step + 1) if step < steps else (
        (hand + 1, 0) if hand + 1 < len(hands) else None)
    return before, after


def flag_steps(flags: Sequence[Mapping[str, Any]]) -> list[tuple[int, int, int]]:
    """(hand, step, flag index) of every flag, in table order."""
    return sorted((int(f["hand"]), int(f["event"]), i) for i, f in enumerate(flags))


def board(game: GameLog, rules: str, seat: int, hand: int, step: int,
          stored: Mapping[str, Any]) -> Board:
    """The table at (hand, step) of a reviewed game (both already inside the game)."""
    view = view_at(game, rules, hand, step)
    seats = []
    for offset in (1, 2, 3, 0):
        index = (seat + offset) % 4
        seats.append(Seat(index, game.players[index], TABLE_SEAT_NAMES[(index - view.dealer) % 4],
                          PLACES[offset], view.scores[index], view.ponds[index],
                          view.melds[index], view.riichi[index], view.turn == index))
    before, after = neighbours(hand, step, stored["hands"])
    order = flag_steps(stored["flags"])
    later = [i for h, s, i in order if (h, s) > (hand, step)]
    here = tuple(i for h, s, i in order if (h, s) == (hand, step))
    return Board(view, tuple(seats), view.hands[seat], hand, step, view.steps, before, after,
                 later[0] if later else None, here)
