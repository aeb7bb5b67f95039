"""Game logs in: recognise the format of a log and read it into a :class:`GameLog`.

The public names of the log layer live here: :func:`read_log`, the event
types and :class:`LogError` (re-exported from :mod:`engine.table.events`).
"""

from __future__ import annotations

from engine.table.events import (
    Abort,
    Call,
    Discard,
    Draw,
    Event,
    ExhaustiveDraw,
    GameLog,
    HandLog,
    IllegalEvent,
    Kan,
    LogError,
    NewDora,
    Ron,
    Tsumo,
)

__all__ = [
    "Abort", "Call", "Discard", "Draw", "Event", "ExhaustiveDraw", "GameLog", "HandLog",
    "IllegalEvent", "Kan", "LogError", "NewDora", "Ron", "Tsumo",
]  # fmt: skip
