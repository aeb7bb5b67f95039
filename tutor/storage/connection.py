"""Opening the database: the engine for a ``DATABASE_URL``, with its pragmas and deadlines.

SQLite (the default, ``instance/progress.sqlite3``) runs in WAL mode so readers
never block the writer, with ``synchronous=NORMAL``: a committed answer
survives a crash of the app or of gunicorn (it is in the WAL file in the OS's
page cache); only a power loss or kernel crash can roll back the last few
commits, never corrupt the file. The busy timeout (15 s) lets writers of
several processes queue instead of failing.

PostgreSQL that stops answering is bounded by :mod:`tutor.storage.deadline`:
every call has a deadline (the pool's pre-ping included), the pool waits at
most :data:`POOL_TIMEOUT` for a free connection, and a missed deadline counts
as a disconnect, so the pool drops that connection.

The SQLite file is also watched, by the store itself
(:class:`~tutor.storage.progress.ProgressStore`): a file deleted or replaced
under the running server is refused loudly instead of swallowing answers into
an unlinked inode.
"""

from __future__ import annotations

import shutil
import sqlite3
import time
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from tutor.storage import deadline

LOW_DISK_BYTES = 64 * 1024 * 1024  # /healthz reports "disk": "low" below this
POOL_TIMEOUT = 1.0  # seconds a request waits for a free pooled PostgreSQL connection
SQLITE_BUSY_MS = 15_000


def make_engine(url: str) -> Engine:
    """The engine for ``url``; an unusable one raises ``RuntimeError`` with a Russian message."""
    try:
        return _sqlite_engine(url) if url.startswith("sqlite") else _postgres_engine(url)
    except (sa.exc.ArgumentError, ValueError, ImportError) as err:
        raise RuntimeError(_bad_url(url, err)) from None


def _sqlite_engine(url: str) -> Engine:
    engine = sa.create_engine(url, connect_args={"timeout": SQLITE_BUSY_MS / 1000})

    @sa.event.listens_for(engine, "connect")
    def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
        cursor = dbapi_conn.cursor()
        cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_MS}")
        _switch_to_wal(cursor)
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.close()

    return engine


def _postgres_engine(url: str) -> Engine:
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url.removeprefix("postgresql://")
    parsed = sa.engine.make_url(url)
    options = parsed.query.get("options")  # e.g. a search_path: kept beside ours
    engine = sa.create_engine(parsed, pool_pre_ping=True, pool_timeout=POOL_TIMEOUT,
                              connect_args=deadline.connect_args(
                                  options if isinstance(options, str) else None))

    @sa.event.listens_for(engine, "do_connect")
    def _connect(_dialect: Any, _record: Any, cargs: Any, cparams: Any) -> Any:
        return deadline.DeadlineConnection.connect_within(*cargs, **cparams)

    @sa.event.listens_for(engine, "handle_error")
    def _deadline_is_a_disconnect(context: Any) -> None:
        if isinstance(context.original_exception, deadline.DeadlineExceeded):
            context.is_disconnect = True

    return engine


def _switch_to_wal(cursor: Any, tries: int = 50) -> None:
    """``PRAGMA journal_mode=WAL``, retried: on a fresh file several processes starting at once
    race to switch it, and SQLite answers "database is locked" at once, without its busy handler."""
    for attempt in range(tries):
        try:
            cursor.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or attempt == tries - 1:
                raise
            time.sleep(0.02 * (attempt + 1))


def _bad_url(url: str, err: Exception) -> str:
    """Why the site does not start with this ``DATABASE_URL`` (its password never shown)."""
    scheme = url.split("://", 1)[0][:40] + "://…" if "://" in url else "без схемы"
    return (f"DATABASE_URL не подходит ({scheme}): адрес не разобрать или для него нет "
            f"драйвера ({err.__class__.__name__}). Нужен postgresql://пользователь:пароль@хост:"
            "порт/база или sqlite:///путь/к/файлу.")


def disk_state(folder: Path) -> str:
    """``ok``, or ``low`` when the database's filesystem has less than LOW_DISK_BYTES free."""
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent  # not made yet: the filesystem it will be made on
    try:
        free = shutil.disk_usage(folder).free
    except OSError:
        return "unknown"
    return "ok" if free >= LOW_DISK_BYTES else "low"
