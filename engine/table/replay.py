"""Replay a game log through the table: each hand's result computed by the engine.

:func:`replay` applies every hand of a :class:`~engine.table.events.GameLog`
to the one table state machine (:mod:`engine.table.state`) and settles it
through the scorer and :func:`engine.table.game.next_state`; the log's own
result is kept beside for comparison, never used. :func:`view_at` replays one
hand only, up to a step, for a page that steps through a game.
"""

from __future__ import annotations

from dataclasses import dataclass

Scores = tuple[int, int, int, int]
RESULTS = ("win", "draw", "abortive", "nagashi")


@dataclass(frozen=True)
class HandReplay:
    """One hand replayed: the engine's result next to the one the log records."""

    round: str
    honba: int
    result: str  # one of RESULTS
    deltas: Scores  # computed: riichi deposits as losses, sticks and honba as gains
    recorded_deltas: Scores | None  # the log's, comparable to deltas (deposits subtracted)
    differs: bool
    difference_note: str | None  # Russian: the rule that explains a difference, when known
    scores_before: Scores = (0, 0, 0, 0)
    sticks_after: int = 0  # riichi sticks left on the table after the hand


@dataclass(frozen=True)
class GameReplay:
    """Every hand replayed and the scores after the last one (sticks left not awarded)."""

    hands: tuple[HandReplay, ...]
    final: Scores
