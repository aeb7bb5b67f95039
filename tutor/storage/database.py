"""Progress storage: every graded answer, per anonymous learner (and wrong instructor passwords).

SQLAlchemy Core over SQLite (the default: ``instance/progress.sqlite3``, WAL
mode so readers never block the writer) or PostgreSQL (``DATABASE_URL``). The
app keeps no progress in process memory, so several app processes can share
one database. The same holds for the instructor login's guess limit: its
wrong tries are rows here, so every process and server counts the same ones.

Schema (version 2)::

    schema_version(version INTEGER)          -- one row: the applied version
    answers(
        id          INTEGER PRIMARY KEY,     -- autoincrement
        learner_id  VARCHAR(64) NOT NULL,    -- random id from the signed cookie
        nonce       VARCHAR(64) NOT NULL,    -- one per rendered question form
        source      VARCHAR(16) NOT NULL,    -- 'lesson' | 'practice'
        kind        VARCHAR(32) NOT NULL,    -- drill kind: waits, furiten, fu, ...
        level       VARCHAR(16),             -- practice level, NULL for lessons
        lesson      VARCHAR(100),            -- lesson slug, NULL for practice
        problem     VARCHAR(200) NOT NULL,   -- 'lesson/<slug>/<drill>' or
                                             -- 'practice/<kind>/<level>/<seed>'
        correct     BOOLEAN NOT NULL,
        answered_at TIMESTAMP WITH TIME ZONE NOT NULL,
        UNIQUE (learner_id, nonce)           -- a re-sent form is counted once
    )
    login_failures(                          -- version 2
        id          INTEGER PRIMARY KEY,
        address     VARCHAR(64) NOT NULL,    -- the client's address (after a trusted proxy)
        failed_at   TIMESTAMP WITH TIME ZONE NOT NULL
    )                                        -- rows older than the window are deleted
                                             -- (no longer written: tutor.storage.throttle)
    session_versions, login_throttle         -- version 3: see tutor.storage.sessions
                                             -- and tutor.storage.throttle

Migrations are functions in :data:`MIGRATIONS`, applied in order inside one
transaction each; a database newer than the code is refused.

Recording an answer is the one write on the hot path (every drill answer), so
on SQLite it skips SQLAlchemy's Connection/Transaction/execution-context
layers: each thread keeps one DB-API connection, made by the engine's pool
(so the engine's ``connect`` events — the pragmas below — still apply) and
then detached from it, and runs one prepared ``INSERT`` on it in autocommit
mode. A new pool (``engine.dispose()``, another engine) gets a new connection.
The values are converted by the same SQLAlchemy type processors, so the rows
are the ones the Core path would write. Durability is unchanged: the
statement is its own transaction, committed before
:meth:`ProgressStore.record` returns.

Why autocommit, and why the process lock around it (issue 8: under 50
saturating clients a gunicorn worker's threads slept in SQLite about once
per answer): SQLite's busy handler does not wait for a lock to be freed, it
retries after sleeps of 1, 2, 5, 10… ms. With ``INSERT`` then ``COMMIT``
as two calls, the thread held the database's write lock between them while
waiting for the GIL (up to 5 ms), so the other threads' INSERTs found it
taken and slept (``strace -c`` on one worker: 1.3 sleeps per answer). Now
the whole transaction is one C call that never needs the GIL, and the
threads of a process queue on a Python lock, which hands over at once; only
the rarer collisions with other processes still sleep (0.19 per answer).

In WAL mode with ``synchronous=NORMAL`` a committed answer survives a crash
of the app or of gunicorn (it is in the WAL file in the OS's page cache);
only a power loss or kernel crash can roll back the last few commits, never
corrupt the file.
"""

from __future__ import annotations

import datetime as dt
import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.pool import Pool, PoolProxiedConnection

from tutor.storage import sessions, throttle

metadata = sa.MetaData()

schema_version = sa.Table(
    "schema_version", metadata, sa.Column("version", sa.Integer, nullable=False)
)

answers = sa.Table(
    "answers",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("learner_id", sa.String(64), nullable=False),
    sa.Column("nonce", sa.String(64), nullable=False),
    sa.Column("source", sa.String(16), nullable=False),
    sa.Column("kind", sa.String(32), nullable=False),
    sa.Column("level", sa.String(16)),
    sa.Column("lesson", sa.String(100)),
    sa.Column("problem", sa.String(200), nullable=False),
    sa.Column("correct", sa.Boolean, nullable=False),
    sa.Column("answered_at", sa.DateTime(timezone=True), nullable=False),
    sa.UniqueConstraint("learner_id", "nonce", name="uq_answers_learner_nonce"),
    sa.Index("ix_answers_learner_time", "learner_id", "answered_at", "id"),
)


login_failures = sa.Table(
    "login_failures",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("address", sa.String(64), nullable=False),
    sa.Column("failed_at", sa.DateTime(timezone=True), nullable=False),
    sa.Index("ix_login_failures_address_time", "address", "failed_at"),
)


# Built once: the values travel as parameters, so SQLAlchemy reuses the compiled
# statement instead of building and cache-keying a new one per answer (issue 8).
_INSERT_ANSWER = answers.insert()
# The SQLite fast path (see the module docstring): the same columns, qmark parameters.
_ANSWER_COLUMNS = tuple(c.name for c in answers.c if c.name != "id")
_SQLITE_INSERT = (f"INSERT INTO answers ({', '.join(_ANSWER_COLUMNS)}) "
                  f"VALUES ({', '.join('?' for _ in _ANSWER_COLUMNS)})")


class _Held(threading.local):
    """This thread's SQLite connection, the pool that made it and its value converters."""

    pool: Pool | None = None
    conn: PoolProxiedConnection | None = None
    processors: tuple[tuple[int, Callable[[Any], Any]], ...] = ()


class StorageError(Exception):
    """The database could not be read or written (read-only, full disk, server down)."""


def _migrate_to_1(conn: Connection) -> None:
    answers.create(conn, checkfirst=True)


def _migrate_to_2(conn: Connection) -> None:
    login_failures.create(conn, checkfirst=True)


def _migrate_to_3(conn: Connection) -> None:
    sessions.create(conn)
    throttle.create(conn)


MIGRATIONS: tuple[Callable[[Connection], None], ...] = (
    _migrate_to_1, _migrate_to_2, _migrate_to_3,
)
SCHEMA_VERSION = len(MIGRATIONS)


@dataclass(frozen=True)
class Answer:
    """One recorded answer, as read back."""

    kind: str
    source: str
    level: str | None
    lesson: str | None
    problem: str
    correct: bool
    answered_at: dt.datetime


class ProgressStore:
    """Reads and writes answers; every failure surfaces as :class:`StorageError`."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine: Engine = _make_engine(url)
        self._migrated = False
        self._lock = threading.Lock()
        self._held = _Held()
        self._write_lock = threading.Lock()  # this process's SQLite writers, one at a time

    def ensure_migrated(self) -> None:
        """Migrate once per process; retried on the next call if the database was down."""
        if self._migrated:
            return
        with self._lock:
            if not self._migrated:
                self.migrate()
                self._migrated = True

    def transaction(self) -> AbstractContextManager[Connection]:
        """A connection in one transaction, failures raised as :class:`StorageError`.

        For the small tables other storage modules keep (:mod:`tutor.storage.sessions`,
        :mod:`tutor.storage.throttle`): their functions take this connection.
        """
        return self._begin()

    @contextmanager
    def _begin(self) -> Iterator[Connection]:
        try:
            with self.engine.begin() as conn:
                yield conn
        except SQLAlchemyError as err:
            raise StorageError(str(err.__class__.__name__)) from err

    def migrate(self) -> int:
        """Bring the schema to :data:`SCHEMA_VERSION`; returns the version now in place."""
        with self._begin() as conn:
            schema_version.create(conn, checkfirst=True)
            current = conn.execute(sa.select(schema_version.c.version)).scalar()
            if current is None:
                conn.execute(schema_version.insert().values(version=0))
                current = 0
            if current > SCHEMA_VERSION:
                raise StorageError(f"database schema {current} is newer than the code")
            for version in range(current, SCHEMA_VERSION):
                MIGRATIONS[version](conn)
                conn.execute(schema_version.update().values(version=version + 1))
            return SCHEMA_VERSION

    def ping(self) -> bool:
        """A cheap liveness check for /healthz."""
        try:
            with self.engine.connect() as conn:
                conn.execute(sa.text("SELECT 1"))
            return True
        except SQLAlchemyError:
            return False

    def record(self, learner_id: str, *, nonce: str, source: str, kind: str, problem: str,
               correct: bool, level: str | None = None, lesson: str | None = None,
               at: dt.datetime | None = None) -> bool:
        """Store one answer; ``False`` if this form (learner, nonce) was already counted."""
        row = {
            "learner_id": learner_id, "nonce": nonce, "source": source, "kind": kind,
            "level": level, "lesson": lesson, "problem": problem[:200], "correct": correct,
            "answered_at": at or dt.datetime.now(dt.UTC),
        }
        if self.engine.dialect.name == "sqlite":
            return self._record_sqlite(row)
        try:
            with self.engine.begin() as conn:
                conn.execute(_INSERT_ANSWER, row)
            return True
        except IntegrityError:
            return False
        except SQLAlchemyError as err:
            raise StorageError(err.__class__.__name__) from err

    def recent_login_failures(self, address: str, since: dt.datetime) -> int:
        """Wrong instructor passwords sent from ``address`` at ``since`` or later."""
        table = login_failures
        query = (
            sa.select(sa.func.count())
            .select_from(table)
            .where(table.c.address == address[:64], table.c.failed_at >= since)
        )
        with self._begin() as conn:
            return int(conn.execute(query).scalar_one())

    def record_login_failure(
        self, address: str, at: dt.datetime, forget_before: dt.datetime
    ) -> None:
        """Count one wrong password from ``address``; older tries than ``forget_before`` go."""
        table = login_failures
        with self._begin() as conn:
            conn.execute(table.delete().where(table.c.failed_at < forget_before))
            conn.execute(table.insert().values(address=address[:64], failed_at=at))

    def _record_sqlite(self, row: dict[str, Any]) -> bool:
        """One autocommitted INSERT on this thread's connection (module docstring: why)."""
        held = self._held_connection()
        dbapi = held.conn.dbapi_connection  # type: ignore[union-attr]
        values = [row[name] for name in _ANSWER_COLUMNS]
        for index, process in held.processors:
            values[index] = process(values[index])
        try:
            with self._write_lock:
                dbapi.execute(_SQLITE_INSERT, values)  # autocommit: committed on return
            return True
        except sqlite3.IntegrityError:  # the statement rolled back by itself
            return False
        except sqlite3.Error as err:
            self._release_held()  # a fresh connection next time (the file may be fixed)
            raise StorageError(err.__class__.__name__) from err

    def _held_connection(self) -> _Held:
        """This thread's connection, made by the current engine's pool (a new pool: a new one).

        Detached from the pool once made: it belongs to the thread (no pool slot
        taken for ever, nothing for the garbage collector to warn about) and is
        closed when replaced or when the thread ends.
        """
        held = self._held
        pool = self.engine.pool
        if held.conn is None or held.pool is not pool:
            self._release_held()
            try:
                conn = self.engine.raw_connection()
                conn.detach()
                # autocommit (the pool's reset-on-return no longer applies: detached)
                conn.dbapi_connection.isolation_level = None  # type: ignore[union-attr]
            except SQLAlchemyError as err:
                raise StorageError(err.__class__.__name__) from err
            held.conn, held.pool = conn, pool
            held.processors = _sqlite_processors(self.engine.dialect)
        return held

    def _release_held(self) -> None:
        held = self._held
        conn, held.conn, held.pool = held.conn, None, None
        if conn is not None:
            try:
                conn.close()  # detached: really closed (an open transaction rolls back)
            except Exception:  # noqa: BLE001 - a broken connection is just dropped
                pass

    def history(self, learner_id: str) -> list[Answer]:
        """Every answer of a learner, oldest first."""
        query = (
            sa.select(answers.c.kind, answers.c.source, answers.c.level, answers.c.lesson,
                      answers.c.problem, answers.c.correct, answers.c.answered_at)
            .where(answers.c.learner_id == learner_id)
            .order_by(answers.c.answered_at, answers.c.id)
        )
        with self._begin() as conn:
            return [Answer(*row) for row in conn.execute(query)]

    def wipe(self, learner_id: str) -> int:
        """Delete everything stored about a learner; returns how many answers went."""
        with self._begin() as conn:
            result = conn.execute(answers.delete().where(answers.c.learner_id == learner_id))
            return int(result.rowcount or 0)


def _sqlite_processors(dialect: sa.Dialect) -> tuple[tuple[int, Callable[[Any], Any]], ...]:
    """(column index, SQLAlchemy's bind processor) for the answer columns that have one.

    The same conversions the Core ``INSERT`` applies (datetime → SQLite's text
    format, bool → 0/1), so both paths write identical rows.
    """
    pairs = []
    for index, name in enumerate(_ANSWER_COLUMNS):
        process = answers.c[name].type.dialect_impl(dialect).bind_processor(dialect)
        if process is not None:
            pairs.append((index, process))
    return tuple(pairs)


def _make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        engine = sa.create_engine(url, connect_args={"timeout": 15})

        @sa.event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
            cursor = dbapi_conn.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA busy_timeout=15000")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.close()

        return engine
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url.removeprefix("postgresql://")
    # A database host that stops answering must not hang requests until the
    # server's worker timeout: give up connecting after a few seconds.
    return sa.create_engine(url, pool_pre_ping=True, connect_args={"connect_timeout": 5})
