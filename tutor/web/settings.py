"""Settings read from the app's config that more than one floor of the site needs.

``CONTENT_RECHECK_SECONDS``: how long the server trusts what it last read from
disk — the lessons' folder (:mod:`tutor.course.content`) and the static files'
hashes (:mod:`tutor.web.assets`). ``wsgi.py`` sets 1 s for production, where a
``stat`` per request hands the GIL to another thread and costs measurably;
``make run`` and the tests keep 0 (check on every request, live editing).

``DATABASE_DEADLINE_SECONDS``: how long one store call may wait for the
database before the answer is graded unsaved (:mod:`tutor.storage.deadline`);
unset, 1.2 s.

``ANSWERS_PER_HOUR``: how many answers one learner may store per hour
(:mod:`tutor.storage.budget`); unset, the figure already in the database.
A whole number from 1 to :data:`MAX_ANSWERS_PER_HOUR`: 0, a negative number
(the trigger would then store nothing, silently) or a word stops the start-up
with a Russian message, as a bad deadline does.
"""

from __future__ import annotations

from typing import Any

from flask import Flask

_RECHECK = "tempai.recheck_seconds"
MAX_ANSWERS_PER_HOUR = 2**31 - 1  # the budget's INTEGER column  # app.extensions: the parsed value


def recheck_seconds(app: Flask) -> float:
    """``CONTENT_RECHECK_SECONDS`` as seconds (unset: 0); a bad value stops the start-up."""
    found = app.extensions.get(_RECHECK)
    if found is None:
        found = app.extensions[_RECHECK] = _seconds(app.config.get("CONTENT_RECHECK_SECONDS"))
    return float(found)


def database_deadline(app: Flask, default: float) -> float:
    """``DATABASE_DEADLINE_SECONDS`` (unset or 0: ``default``); a bad value stops the start-up."""
    value = app.config.get("DATABASE_DEADLINE_SECONDS")
    return _seconds(value, "DATABASE_DEADLINE_SECONDS") or default


def _seconds(value: Any, name: str = "CONTENT_RECHECK_SECONDS") -> float:
    try:
        seconds = float(value or 0)
    except (TypeError, ValueError):
        raise RuntimeError(
            f"{name} должно быть числом секунд (например 1), а задано {value!r}."
        ) from None
    return max(0.0, seconds)


def answers_per_hour(app: Flask) -> int | None:
    """``ANSWERS_PER_HOUR`` as a whole number ≥ 1 (unset: None); a bad value stops the start-up."""
    value = app.config.get("ANSWERS_PER_HOUR")
    if value is None or value == "":
        return None
    try:
        if isinstance(value, bool) or (isinstance(value, float) and not value.is_integer()):
            raise ValueError(value)
        number = int(value)
    except (TypeError, ValueError, OverflowError):
        number = 0
    if not 1 <= number <= MAX_ANSWERS_PER_HOUR:
        raise RuntimeError(
            f"ANSWERS_PER_HOUR должно быть целым числом ответов в час от 1 до "
            f"{MAX_ANSWERS_PER_HOUR} (по умолчанию 3600), а задано {value!r}."
        )
    return number
