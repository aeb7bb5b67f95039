"""The batch kind ``review``: one seat's costly decisions in a played game.

:mod:`engine.batch` checks field names and JSON types; this handler reads
the log (a tenhou.net/6 object, or its text or mjai JSON Lines as a string:
:func:`engine.table.logs.read_log` tells them apart), reviews the seat
(:func:`engine.review.review`) and writes the contract's answer. A log that
cannot be read or replayed, or a seat outside 0–3, raises
:class:`~engine.table.events.LogError`, answered as ``{"error", "hand", "event"}``.
"""

from __future__ import annotations

from engine.review import review
from engine.table.logs import read_log

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    Obj = dict[str, Any]

FIELDS: dict[str, dict[str, tuple[str, Any]]] = {
    "review": {"log": ("log", None), "seat": ("int", None), "rules": ("str", "online")},
}


def review_answer(f: Obj) -> Obj:
    """``{"decisions": [{"hand", "event", "action", "played", "better", "category", "cost",
    "message"}, …], "summary": {"efficiency": n, …}}``."""
    return review(read_log(f["log"]), f["seat"], f["rules"]).to_json()


HANDLERS: dict[str, Callable[[Obj], Obj]] = {"review": review_answer}
