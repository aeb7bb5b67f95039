"""Where progress lives: the answers database (SQLite or PostgreSQL), the learner's
signed-cookie identity, and statistics over a learner's history.

:func:`init_app` opens the app's :class:`~tutor.storage.progress.ProgressStore`
— the first feature ``create_app`` plugs in, since every feature above keeps
its tables in it — and :func:`store` hands it to them. The database URL is
configuration (``DATABASE_URL``, which ``create_app`` reads from the
environment outside tests); without one, ``instance/progress.sqlite3``, and
for a test app a throw-away file, so a test never touches a real database.

One rule for feature tables: a feature's tables live in a module named after
the feature's package (``accounts.py`` for :mod:`tutor.accounts`,
``classes.py``, ``studio.py``); the other modules are storage's own, one job
each (opening the database, migrations, the answers and their aggregates,
the learner's cookie, sessions, sign-in counters). ``tests/test_layout.py``
fails on a module that is neither.
"""

from __future__ import annotations

import atexit
import logging
import shutil
import tempfile
from pathlib import Path

from flask import Flask, current_app

from tutor.storage import deadline
from tutor.storage.errors import StorageError
from tutor.storage.progress import ProgressStore
from tutor.web.settings import answers_per_hour, database_deadline

log = logging.getLogger(__name__)
_EXTENSION = "tempai.storage"  # written and read only here


def database_url(app: Flask) -> str:
    """``DATABASE_URL`` from the app's config, else a SQLite file (module docstring)."""
    url = app.config.get("DATABASE_URL")
    if url:
        return str(url)
    if app.testing:
        folder = Path(tempfile.mkdtemp(prefix="tempai-test-"))
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
    else:
        folder = Path(app.instance_path)
        folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'progress.sqlite3'}"


def init_app(app: Flask) -> None:
    """Open the store and migrate it (retried on first use if the database is down)."""
    per_hour = answers_per_hour(app)  # a bad value stops the start-up before anything opens
    opened = ProgressStore(database_url(app), database_deadline(app, deadline.ANSWER_SECONDS))
    opened.configured_answers_per_hour = per_hour  # the budget is data: every process reads it
    app.extensions[_EXTENSION] = opened
    try:
        opened.ensure_migrated()  # also writes the budget, or retries both on first use
    except StorageError:
        log.exception("progress storage unavailable at start; will retry on first use")


def store(app: Flask | None = None) -> ProgressStore:
    """The app's store (default: the current app's), migrated on first use."""
    found = opened_store(app)
    found.ensure_migrated()
    return found


def opened_store(app: Flask | None = None) -> ProgressStore:
    """The app's store as opened, without migrating it (``/healthz`` must not migrate)."""
    found: ProgressStore = (app or current_app).extensions[_EXTENSION]
    return found
