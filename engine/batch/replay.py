"""The batch kind ``replay``: a tenhou.net/6 game replayed by the engine's table.

:mod:`engine.batch` checks field names and JSON types; this handler reads
the log (:func:`engine.table.logs.read_log`), replays it
(:func:`engine.table.replay.replay`) and writes the contract's answer. A log
that cannot be read or replayed raises :class:`~engine.table.events.LogError`,
which the batch answers as ``{"error", "hand", "event"}``.
"""

from __future__ import annotations

from engine.table.logs import read_log
from engine.table.replay import replay

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    Obj = dict[str, Any]

FIELDS: dict[str, dict[str, tuple[str, Any]]] = {
    "replay": {"log": ("object", None), "rules": ("str", "online")},
}


def replay_answer(f: Obj) -> Obj:
    """``{"hands": [{"round", "honba", "result", "deltas"}, …], "final": [s0, s1, s2, s3]}``."""
    game = replay(read_log(f["log"]), f["rules"])
    return {
        "hands": [
            {"round": h.round, "honba": h.honba, "result": h.result, "deltas": list(h.deltas)}
            for h in game.hands
        ],
        "final": list(game.final),
    }


HANDLERS: dict[str, Callable[[Obj], Obj]] = {"replay": replay_answer}
