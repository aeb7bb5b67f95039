"""The review of an imported game, computed once and kept as plain JSON with the game.

A whole game's replay and review take the engine about a second (far more
on the pure-Python engine), so they run once, at import, and the page reads
what they returned (docs/review.md). Stepping through the table replays one
hand only (:func:`engine.table.replay.view_at`) and is not kept.

A kept review carries the :func:`engine.review.fingerprint.fingerprint` it was
computed with; when the engine's thresholds, the rule set's values or the
review's version have changed since, :func:`refreshed` computes it again (the
page does, for the one game it shows) and :func:`moved_flags` tells where the
flags already made drills went.

Shape::

    {"players": [4 names], "seat": 0, "fingerprint": "…", "summary": {category: n},
     "summary_text": "…",
     "hands": [{"round", "honba", "result", "deltas", "recorded", "differs", "note",
                "steps"}],
     "final": [4 scores],
     "flags": [{"hand", "event", "action", "played", "better", "category", "cost",
                "message", "lesson", "informational", "position": {drill parameters}}]}
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any

from engine.review import Review, review, summary_text
from engine.review.fingerprint import fingerprint
from engine.table.logs import GameLog, LogError
from engine.table.replay import GameReplay, replay
from tutor.drills import DrillError
from tutor.review.intake import IntakeError, error_text, read
from tutor.review.position import drill_params
from tutor.review.positions import built

log = logging.getLogger(__name__)


def _plain(value: object) -> Any:
    if isinstance(value, (int, float, str, bool)) or value is None:
        return value
    return str(value)


def _usable(params: dict[str, Any]) -> dict[str, Any] | None:
    """The drill's parameters, or None when the drill kind refuses them (no «Решить как задачу»)."""
    try:
        built(params)
    except DrillError:
        log.warning("a flagged position makes no drill: %s", params.get("situation"))
        return None
    return params


def computed(game: GameLog, seat: int, rules: str) -> dict[str, Any]:
    """Replay and review ``game`` for ``seat``; :class:`IntakeError` when the engine refuses it."""
    try:
        played = replay(game, rules)
        judged = review(game, seat, rules)
    except LogError as err:
        raise IntakeError(error_text(err)) from None
    return {**as_json(game, seat, played, judged), "fingerprint": fingerprint(rules)}


def refreshed(text: str, seat: int, rules: str,
              kept: Mapping[str, Any]) -> dict[str, Any] | None:
    """The review computed again when ``kept`` was computed with other thresholds, rule
    values or review version; None when it is current (or the log no longer replays —
    then the kept one is still the best there is)."""
    if kept.get("fingerprint") == fingerprint(rules):
        return None
    try:
        return computed(read(text), seat, rules)
    except IntakeError:
        log.warning("a stale review could not be computed again", exc_info=True)
        return None


def _flag_key(flag: Mapping[str, Any]) -> tuple[object, ...]:
    return (flag.get("hand"), flag.get("event"), flag.get("category"), flag.get("action"),
            flag.get("played"))


def moved_flags(old: Sequence[Mapping[str, Any]],
                new: Sequence[Mapping[str, Any]]) -> dict[int, int]:
    """Old flag index → new index of the same decision and category (-1: no longer flagged)."""
    where = {_flag_key(f): i for i, f in enumerate(new)}
    return {i: where.get(_flag_key(f), -1) for i, f in enumerate(old)}


def as_json(game: GameLog, seat: int, played: GameReplay, judged: Review) -> dict[str, Any]:
    hands = [
        {"round": h.round, "honba": h.honba, "result": h.result, "deltas": list(h.deltas),
         "recorded": list(h.recorded_deltas) if h.recorded_deltas is not None else None,
         "differs": h.differs, "note": h.difference_note,
         "steps": len(game.hands[i].events)}
        for i, h in enumerate(played.hands)
    ]
    flags = [
        {"hand": f.hand, "event": f.event, "action": f.action, "played": f.played,
         "better": f.better, "category": f.category,
         "cost": {str(k): _plain(v) for k, v in f.cost.items()},
         "message": f.message, "lesson": f.lesson, "informational": f.informational,
         "position": _usable(drill_params(f, game.hands[f.hand].round))}
        for f in judged.decisions
    ]
    return {"players": list(game.players), "seat": seat, "summary": dict(judged.summary),
            "summary_text": summary_text(judged), "hands": hands, "final": list(played.final),
            "flags": flags}
