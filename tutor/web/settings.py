"""Settings read from the app's config that more than one floor of the site needs.

``CONTENT_RECHECK_SECONDS``: how long the server trusts what it last read from
disk — the lessons' folder (:mod:`tutor.course.content`) and the static files'
hashes (:mod:`tutor.web.assets`). ``wsgi.py`` sets 1 s for production, where a
``stat`` per request hands the GIL to another thread and costs measurably;
``make run`` and the tests keep 0 (check on every request, live editing).

``DATABASE_DEADLINE_SECONDS``: how long one store call may wait for the
database before the answer is graded unsaved (:mod:`tutor.storage.deadline`);
unset, 1.2 s.
"""

from __future__ import annotations

from typing import Any

from flask import Flask

_RECHECK = "tempai.recheck_seconds"  # app.extensions: the parsed value


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
