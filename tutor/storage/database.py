"""Progress storage: every graded answer, per anonymous learner.

SQLAlchemy Core over SQLite (the default: ``instance/progress.sqlite3``, WAL
mode so readers never block the writer) or PostgreSQL (``DATABASE_URL``). The
app keeps no progress in process memory, so several app processes can share
one database. The same holds for the sign-in limits (:mod:`tutor.storage.throttle`):
their counts are rows here, so every process and server counts the same ones.

Schema (version 4; the aggregate tables of version 3 are described in
:mod:`tutor.storage.aggregates`)::

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
                                             -- 'practice/<kind>/<level>/<seed>[@<rules>]'
                                             -- (stats.practice_problem_key: under 100 chars)
        correct     BOOLEAN NOT NULL,
        answered_at TIMESTAMP WITH TIME ZONE NOT NULL,
        rule        VARCHAR(64),             -- version 3: the rule the diagnosis of a
                                             -- wrong answer named ('fu.pinfu-tsumo'), or NULL
        UNIQUE (learner_id, nonce)           -- a re-sent form is counted once
    )
    session_versions, login_throttle         -- version 4: see tutor.storage.sessions
                                             -- and tutor.storage.throttle
    users, practice_solved                   -- version 5: tutor.storage.users
    classes, memberships, assignments        -- version 6: tutor.storage.groups
    learner_budget, storage_limits           -- version 8: tutor.storage.budget
    club_lessons, club_lesson_versions,      -- version 9: tutor.storage.club
    club_publications, club_requests
    club_checks                              -- version 10: tutor.storage.club
    (the answers_budget trigger again)       -- version 11: tutor.storage.budget
    classes.time_zone, users.time_zone,      -- version 12: tutor.storage.groups, users
    users.tile_size

Version 2 made ``login_failures`` (one row per wrong instructor password);
:mod:`tutor.storage.throttle` replaced it, and version 7 drops it. Migration 2
is kept as a step that does nothing, so the versions keep their numbers: a
fresh database never makes the table, an old one loses it at version 7.

Migrations are functions in :data:`MIGRATIONS`, applied in order inside one
transaction; a database newer than the code is refused. Two workers starting
on a fresh database used to race on the first ``CREATE TABLE`` (one died with
a traceback): the migration transaction now starts by taking a lock —
``BEGIN IMMEDIATE`` on SQLite (the database's write lock, waited for by the
busy timeout), ``pg_advisory_xact_lock`` on PostgreSQL — so the second one
waits, then finds the schema in place.

Pages never read the raw history: :meth:`ProgressStore.summary`,
:meth:`ProgressStore.solved_lessons` and :meth:`ProgressStore.mistakes` read
the aggregates, each query bounded (:mod:`tutor.storage.aggregates`). Only the
export reads raw answers, and those are bounded per learner
(``aggregates.RAW_LIMIT``). A client that drops its cookie to start over and
over is bounded by ``new_learners``: at most ``NEW_LEARNERS_PER_HOUR`` new
learners per address and hour are stored (a per-process memo of known learners
keeps that check off the hot path); their answers are still graded. Each
learner stores at most ``budget.ANSWERS_PER_HOUR`` answers per hour (a row of
``storage_limits``, applied by a trigger in the answer's own ``INSERT``:
:mod:`tutor.storage.budget`), so one address adds at most new learners ×
that many rows an hour; beyond it answers are graded, not stored
(:class:`AnswersBudgetSpent`).

The SQLite file deleted or replaced under a running server used to swallow
answers (they went into the unlinked file while the page said «сохранено»).
The file's device and inode are compared with the open one at most once a
second (on the next call after that) and after any SQLite error; the answers
recorded since the last good check are kept in memory and written again into
the new file after it is migrated. The old file's ``-wal`` and ``-shm``, if
still at their names, are moved aside (``-wal.replaced``) so the new file
does not read the old one's journal, and the old connections are retired, not
closed: closing the last connection to the unlinked file would delete the
``-wal`` file by name — by then the new database's. (A process that exits
with retired connections may still do that; restart the server after such an
incident, as after any file-level surgery on a live SQLite database.)

PostgreSQL that stops answering is bounded by :mod:`tutor.storage.deadline`:
every call has a deadline (the pool's pre-ping included), the pool waits at
most ``POOL_TIMEOUT`` for a free connection, and after a missed deadline calls
fail at once for a short cooldown.

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

import contextlib
import datetime as dt
import logging
import os
import shutil
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.pool import Pool, PoolProxiedConnection

from tutor.storage import aggregates, budget, club, deadline, groups, sessions, throttle, users
from tutor.storage.aggregates import (
    ALL,
    KINDS_READ,
    MISTAKES_KEPT,
    NEW_LEARNERS_PER_HOUR,
    SOLVED_READ,
    learner_kinds,
    learner_mistakes,
    learner_solved,
    new_learners,
)

log = logging.getLogger(__name__)
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
    sa.Column("rule", sa.String(64)),
    sa.UniqueConstraint("learner_id", "nonce", name="uq_answers_learner_nonce"),
    sa.Index("ix_answers_learner_time", "learner_id", "answered_at", "id"),
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


class TooManyLearners(StorageError):
    """This address started more new learners this hour than anyone does (not stored)."""


class AnswersBudgetSpent(StorageError):
    """This learner stored their answers for this hour (:mod:`tutor.storage.budget`)."""


def _migrate_to_1(conn: Connection) -> None:
    answers.create(conn, checkfirst=True)


def _migrate_to_2(conn: Connection) -> None:
    """Made ``login_failures``, which version 7 drops: nothing to make any more."""


def _drop_login_failures(conn: Connection) -> None:
    """Version 7: the wrong-password rows of version 2, unread since tutor.storage.throttle."""
    conn.exec_driver_sql("DROP TABLE IF EXISTS login_failures")  # its index goes with it


def _migrate_preferences(conn: Connection) -> None:
    groups.migrate_time_zone(conn)
    users.migrate_preferences(conn)


def _migrate_sessions(conn: Connection) -> None:
    sessions.create(conn)
    throttle.create(conn)


MIGRATIONS: tuple[Callable[[Connection], None], ...] = (
    _migrate_to_1, _migrate_to_2, aggregates.migrate, _migrate_sessions,
    users.migrate, groups.migrate,  # issue 21: accounts, then classes
    _drop_login_failures, budget.migrate,
    club.migrate,  # issue 22: lessons written in /studio
    club.migrate_checks,  # issue 22: check results per check version
    budget.recreate_trigger,  # SQLite's hour of an answer cut to whole seconds
    _migrate_preferences,  # a class's and an account's time zone, an account's tile size
)
SCHEMA_VERSION = len(MIGRATIONS)
_MIGRATION_LOCK = 0x7465_6D70  # pg_advisory_xact_lock key ('temp')
FILE_CHECK_SECONDS = 1.0  # how often the SQLite file's identity is compared
LOW_DISK_BYTES = 64 * 1024 * 1024  # /healthz reports "disk": "low" below this
POOL_TIMEOUT = 1.0  # seconds a request waits for a free pooled PostgreSQL connection
_KNOWN_MAX = 100_000  # learners remembered per process as already stored


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
    rule: str | None = None


@dataclass(frozen=True)
class KindTotals:
    """One learner_kinds row: a drill kind's (or, as ``ALL``, every answer's) figures."""

    kind: str
    total: int
    correct: int
    streak: int
    marks: str  # the latest answers, '1' right / '0' wrong, oldest first


@dataclass(frozen=True)
class Summary:
    """What «Мой прогресс» shows, read from the aggregates (two bounded queries)."""

    overall: KindTotals | None
    kinds: tuple[KindTotals, ...]  # in order of first answer
    solved: frozenset[str]  # lesson drill keys answered right at least once


@dataclass(frozen=True)
class Mistake:
    """A problem whose latest answer was wrong, and the rule its diagnosis named."""

    problem: str
    kind: str
    rule: str | None


@dataclass(frozen=True)
class Export:
    """The raw answers kept, and how many older ones were folded into the aggregates."""

    answers: tuple[Answer, ...]
    total: int
    folded: int
    kinds: tuple[KindTotals, ...]


class ProgressStore:
    """Reads and writes answers; every failure surfaces as :class:`StorageError`."""

    def __init__(self, url: str, answer_seconds: float = deadline.ANSWER_SECONDS) -> None:
        self.url = url
        # The deadline of one store call (``DATABASE_DEADLINE_SECONDS``): 1.2 s suits a
        # database beside the app; a far one, or a test run sharing two busy cores
        # with its own PostgreSQL, needs more.
        self.answer_seconds = answer_seconds
        try:
            self.engine: Engine = _make_engine(url)
        except (sa.exc.ArgumentError, ValueError, ImportError) as err:
            raise RuntimeError(_bad_url(url, err)) from None
        self._migrated = False
        # ``ANSWERS_PER_HOUR`` from the config, written with the migration (so also
        # when the database was down at start and comes up later); None: keep the stored one.
        self.configured_answers_per_hour: int | None = None
        self._lock = threading.Lock()
        self._held = _Held()
        self._write_lock = threading.Lock()  # this process's SQLite writers, one at a time
        self._breaker = deadline.Breaker()
        self._known: set[str] = set()  # learners already stored (the new-learner limit)
        # The SQLite file being served: its (device, inode), when it was last compared,
        # the answers written since, and the engines of replaced files (module docstring).
        self._file = _sqlite_file(url)
        self._identity: tuple[int, int] | None = None
        self._wal_identity: tuple[int, int] | None = None
        self._next_check = 0.0
        self._unconfirmed: list[list[Any]] = []
        self._retired: list[Any] = []

    @property
    def _postgres(self) -> bool:
        return self.engine.dialect.name == "postgresql"

    def ensure_migrated(self) -> None:
        """Migrate once per process; retried on the next call if the database was down."""
        if self._migrated:
            self._watch_file()
            return
        with self._lock:
            if not self._migrated:
                self.migrate()
                if self.configured_answers_per_hour is not None:
                    self.set_answers_per_hour(self.configured_answers_per_hour)
                self._migrated = True

    def transaction(self) -> AbstractContextManager[Connection]:
        """A connection in one transaction, failures raised as :class:`StorageError`.

        For the small tables other storage modules keep (:mod:`tutor.storage.sessions`,
        :mod:`tutor.storage.throttle`): their functions take this connection.
        """
        return self._begin()

    @contextmanager
    def _begin(self, seconds: float | None = None) -> Iterator[Connection]:
        """A transaction within ``seconds`` (unset: :attr:`answer_seconds`)."""
        self._allowed()
        try:
            with deadline.deadline(seconds or self.answer_seconds), self.engine.begin() as conn:
                yield conn
            self._breaker.close()
        except SQLAlchemyError as err:
            self._failed(err)
            raise StorageError(str(err.__class__.__name__)) from err

    def _allowed(self) -> None:
        if self._postgres and not self._breaker.allows():
            raise StorageError("database not answering (cooling down)")

    def _failed(self, err: BaseException) -> None:
        """After an error: a missed deadline opens the breaker; SQLite checks its file."""
        if isinstance(getattr(err, "orig", None), deadline.DeadlineExceeded) or isinstance(
            err, sa.exc.TimeoutError
        ):
            self._breaker.open()
        if self._file is not None:
            self._next_check = 0.0

    def migrate(self) -> int:
        """Bring the schema to :data:`SCHEMA_VERSION` under a lock; returns the version in place."""
        try:
            with deadline.deadline(None), self.engine.connect() as conn:
                if conn.dialect.name == "sqlite":
                    # BEGIN IMMEDIATE takes the write lock first: a second migrator waits
                    conn = conn.execution_options(isolation_level="AUTOCOMMIT")
                    conn.exec_driver_sql("BEGIN IMMEDIATE")
                    try:
                        self._migrate_in(conn)
                    except BaseException:
                        conn.exec_driver_sql("ROLLBACK")
                        raise
                    conn.exec_driver_sql("COMMIT")
                else:
                    with conn.begin():
                        conn.execute(sa.text("SET LOCAL statement_timeout = 0"))
                        conn.execute(sa.select(sa.func.pg_advisory_xact_lock(_MIGRATION_LOCK)))
                        self._migrate_in(conn)
        except SQLAlchemyError as err:
            raise StorageError(str(err.__class__.__name__)) from err
        self._remember_file()
        return SCHEMA_VERSION

    @staticmethod
    def _migrate_in(conn: Connection) -> None:
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

    def ping(self) -> bool:
        """A cheap liveness check: the schema is the code's (one row), within a short deadline."""
        return self.health()["db"] == "ok"

    def health(self) -> dict[str, str]:
        """``db``: ok / unavailable / schema (another version, or none) / replaced; ``disk``."""
        state = {"db": "ok"}
        if self._file is not None:
            state["disk"] = _disk_state(self._file.parent)
            if self._identity is not None and _identity(self._file) != self._identity:
                state["db"] = "replaced"  # the next answer reopens it; until then, say so
                return state
        try:
            with self._begin(deadline.HEALTH_SECONDS) as conn:  # no statement to build or key
                version = conn.exec_driver_sql("SELECT version FROM schema_version").scalar()
            if version != SCHEMA_VERSION:
                state["db"] = "schema"
        except StorageError:
            state["db"] = "unavailable"
        return state

    # --- recording ---------------------------------------------------------------

    def record(self, learner_id: str, *, nonce: str, source: str, kind: str, problem: str,
               correct: bool, level: str | None = None, lesson: str | None = None,
               at: dt.datetime | None = None, rule: str | None = None,
               address: str | None = None) -> bool:
        """Store one answer; ``False`` if this form (learner, nonce) was already counted.

        ``rule``: the diagnosis's rule id of a wrong answer. ``address``: the
        client's, for the new-learner limit (:class:`TooManyLearners`). Beyond the
        learner's hourly budget the database skips the row: :class:`AnswersBudgetSpent`.
        """
        row = {
            "learner_id": learner_id, "nonce": nonce, "source": source, "kind": kind,
            "level": level, "lesson": lesson, "problem": problem[:200], "correct": correct,
            "answered_at": at or dt.datetime.now(dt.UTC), "rule": rule[:64] if rule else None,
        }
        if address is not None and learner_id not in self._known:
            self._admit(learner_id, address)
        if self.engine.dialect.name == "sqlite":
            self._watch_file()
            return self._record_sqlite(row)
        self._allowed()
        try:
            with deadline.deadline(self.answer_seconds), self.engine.begin() as conn:
                key = conn.execute(_INSERT_ANSWER, row).inserted_primary_key
                stored = key is not None and key[0] is not None  # None: the budget skipped it
            self._breaker.close()
        except IntegrityError:
            return False
        except SQLAlchemyError as err:
            self._failed(err)
            raise StorageError(err.__class__.__name__) from err
        if not stored:
            return self._skipped(learner_id, nonce)
        return True

    def _skipped(self, learner_id: str, nonce: str) -> bool:
        """The budget skipped an answer: ``False`` if it is a re-sent form stored before.

        The trigger runs before the unique check, so a form re-sent after the
        budget was spent would otherwise be reported as not saved although it
        was (one indexed read, only on this rare path).
        """
        try:
            with self._begin() as conn:
                known = conn.execute(sa.select(answers.c.id).where(
                    answers.c.learner_id == learner_id, answers.c.nonce == nonce)).first()
        except StorageError:
            known = None
        if known is not None:
            return False
        raise AnswersBudgetSpent(f"learner {learner_id[:8]}… over the hourly budget")

    def answers_per_hour(self) -> int | None:
        """The answers a learner may store per hour (:mod:`tutor.storage.budget`), or None."""
        with self._begin() as conn:
            return budget.limit(conn)

    def set_answers_per_hour(self, value: int) -> None:
        with self._begin() as conn:
            budget.set_limit(conn, value)

    def _admit(self, learner_id: str, address: str) -> None:
        """Count a learner new to the database against its address's hourly limit."""
        hour = int(time.time() // 3600)
        key = address[:64]
        with self._begin() as conn:
            known = conn.execute(
                sa.select(learner_kinds.c.total).where(
                    learner_kinds.c.learner_id == learner_id, learner_kinds.c.kind == ALL)
            ).first()
            if known is None:
                count = self._count_new_learner(conn, key, hour)
                if count > NEW_LEARNERS_PER_HOUR:
                    raise TooManyLearners(f"{count} new learners from one address this hour")
        if len(self._known) >= _KNOWN_MAX:
            self._known.clear()
        self._known.add(learner_id)

    @staticmethod
    def _count_new_learner(conn: Connection, address: str, hour: int) -> int:
        """One more new learner for (address, hour), atomically; returns the count now."""
        table = new_learners
        insert = postgresql_insert if conn.dialect.name == "postgresql" else sqlite_insert
        statement = (
            insert(table).values(address=address, hour=hour, count=1)
            .on_conflict_do_update(index_elements=[table.c.address, table.c.hour],
                                   set_={"count": table.c.count + 1})
            .returning(table.c.count)
        )
        count = int(conn.execute(statement).scalar_one())
        if count == 1:  # this address's first this hour: forget the hours before the last
            conn.execute(table.delete().where(table.c.hour < hour - 1))
        return count

    def _record_sqlite(self, row: dict[str, Any]) -> bool:
        """One autocommitted INSERT on this thread's connection (module docstring: why)."""
        values = [row[name] for name in _ANSWER_COLUMNS]
        for index, process in self._processors():
            values[index] = process(values[index])
        try:
            with self._write_lock:
                held = self._held_connection()
                dbapi = held.conn.dbapi_connection  # type: ignore[union-attr]
                stored = dbapi.execute(_SQLITE_INSERT, values).rowcount  # committed on return
                if self._file is not None and stored:
                    self._unconfirmed.append(values)
        except sqlite3.IntegrityError:  # the statement rolled back by itself
            return False
        except sqlite3.Error as err:
            self._release_held()  # a fresh connection next time (the file may be fixed)
            self._next_check = 0.0  # and compare the file at once
            raise StorageError(err.__class__.__name__) from err
        if not stored:
            return self._skipped(row["learner_id"], row["nonce"])
        return True

    def _processors(self) -> tuple[tuple[int, Callable[[Any], Any]], ...]:
        processors = self._held.processors
        if not processors:
            processors = self._held.processors = _sqlite_processors(self.engine.dialect)
        return processors

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
        return held

    def _release_held(self) -> None:
        held = self._held
        conn, pool, held.conn, held.pool = held.conn, held.pool, None, None
        if conn is None:
            return
        if pool is not None and any(pool is engine.pool for engine in self._retired):
            self._retired.append(conn)  # to a replaced file: kept open (module docstring)
            return
        try:
            conn.close()  # detached: really closed (an open transaction rolls back)
        except Exception:  # noqa: BLE001 - a broken connection is just dropped
            pass

    # --- the SQLite file under the server ---------------------------------------------

    def _remember_file(self) -> None:
        if self._file is not None:
            self._identity = _identity(self._file)
            self._wal_identity = _identity(_sidecar(self._file, "-wal"))
            self._next_check = time.monotonic() + FILE_CHECK_SECONDS

    def _watch_file(self) -> None:
        """At most once a second: is the file still the one we write to? If not, reopen."""
        if self._file is None or time.monotonic() < self._next_check:
            return
        with self._write_lock:
            if time.monotonic() < self._next_check:
                return
            self._next_check = time.monotonic() + FILE_CHECK_SECONDS
            if _identity(self._file) == self._identity:
                self._unconfirmed.clear()  # all written before this moment is in this file
                return
            replay, self._unconfirmed = self._unconfirmed, []
            self._reopen(replay)

    def _reopen(self, replay: list[list[Any]]) -> None:
        """The file was deleted or replaced: new engine, migrate, write recent answers again."""
        log.error(
            "the database file %s was deleted or replaced while serving: reopening it and "
            "writing the %d answers of the last second again", self._file, len(replay))
        self._retired.append(self.engine)  # its connections stay open (module docstring)
        assert self._file is not None
        wal = _sidecar(self._file, "-wal")
        if self._wal_identity is not None and _identity(wal) == self._wal_identity:
            # the old file's journal, still at its name: the new file must not read it
            for suffix in ("-wal", "-shm"):
                with contextlib.suppress(OSError):
                    os.replace(_sidecar(self._file, suffix),
                               _sidecar(self._file, f"{suffix}.replaced"))
        self.engine = _make_engine(self.url)
        self._known.clear()
        self.migrate()
        if replay:
            held = self._held_connection()
            dbapi = held.conn.dbapi_connection  # type: ignore[union-attr]
            for values in replay:
                try:
                    dbapi.execute(_SQLITE_INSERT, values)
                except sqlite3.IntegrityError:
                    pass  # already there (the new file is a copy that has it)

    # --- reading (pages read only the aggregates) ------------------------------------

    def history(self, learner_id: str) -> list[Answer]:
        """The raw answers kept for a learner, oldest first (export and tests; not for pages)."""
        query = (
            sa.select(answers.c.kind, answers.c.source, answers.c.level, answers.c.lesson,
                      answers.c.problem, answers.c.correct, answers.c.answered_at,
                      answers.c.rule)
            .where(answers.c.learner_id == learner_id)
            .order_by(answers.c.answered_at, answers.c.id)
        )
        with self._begin() as conn:
            return [Answer(*row) for row in conn.execute(query)]

    def summary(self, learner_id: str) -> Summary:
        """Totals per kind and overall, and the lesson drills solved: two bounded queries."""
        kinds_query = (
            sa.select(learner_kinds.c.kind, learner_kinds.c.total, learner_kinds.c.correct,
                      learner_kinds.c.streak, learner_kinds.c.marks)
            .where(learner_kinds.c.learner_id == learner_id)
            .order_by(learner_kinds.c.first_id, learner_kinds.c.kind)
            .limit(KINDS_READ)
        )
        with self._begin() as conn:
            rows = [KindTotals(*row) for row in conn.execute(kinds_query)]
            solved = self._solved(conn, learner_id)
        overall = next((r for r in rows if r.kind == ALL), None)
        return Summary(overall, tuple(r for r in rows if r.kind != ALL), solved)

    def solved_lessons(self, learner_id: str) -> frozenset[str]:
        """Lesson drill keys this learner answered right at least once (one bounded query)."""
        with self._begin() as conn:
            return self._solved(conn, learner_id)

    @staticmethod
    def _solved(conn: Connection, learner_id: str) -> frozenset[str]:
        query = (sa.select(learner_solved.c.problem)
                 .where(learner_solved.c.learner_id == learner_id).limit(SOLVED_READ))
        return frozenset(conn.execute(query).scalars())

    def mistakes(self, learner_id: str, limit: int = MISTAKES_KEPT) -> list[Mistake]:
        """Problems whose latest answer was wrong, newest first (at most ``limit``)."""
        table = learner_mistakes
        query = (sa.select(table.c.problem, table.c.kind, table.c.rule)
                 .where(table.c.learner_id == learner_id)
                 .order_by(table.c.answer_id.desc()).limit(min(limit, MISTAKES_KEPT)))
        with self._begin() as conn:
            return [Mistake(*row) for row in conn.execute(query)]

    def export(self, learner_id: str) -> Export:
        """The raw answers kept (at most ``RAW_LIMIT`` + ``TRIM_EVERY``) and the totals."""
        answers_kept = self.history(learner_id)
        summary = self.summary(learner_id)
        total = summary.overall.total if summary.overall else len(answers_kept)
        return Export(tuple(answers_kept), total, max(0, total - len(answers_kept)),
                      summary.kinds)

    def wipe(self, learner_id: str) -> int:
        """Delete everything stored about a learner; returns how many answers went."""
        with self._begin() as conn:
            result = conn.execute(answers.delete().where(answers.c.learner_id == learner_id))
            for table in (learner_kinds, learner_solved, learner_mistakes):
                conn.execute(table.delete().where(table.c.learner_id == learner_id))
        self._known.discard(learner_id)
        return int(result.rowcount or 0)


def _sqlite_file(url: str) -> Path | None:
    """The database file of a ``sqlite:///path`` URL (None for memory or PostgreSQL)."""
    if not url.startswith("sqlite"):
        return None
    database = sa.engine.make_url(url).database
    if not database or database == ":memory:" or database.startswith("file:"):
        return None
    return Path(database).resolve()


def _sidecar(path: Path, suffix: str) -> Path:
    return path.with_name(path.name + suffix)


def _identity(path: Path) -> tuple[int, int] | None:
    try:
        info = os.stat(path)
    except OSError:
        return None
    return info.st_dev, info.st_ino


def _disk_state(folder: Path) -> str:
    """``ok``, or ``low`` when the database's filesystem has less than LOW_DISK_BYTES free."""
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent  # not made yet: the filesystem it will be made on
    try:
        free = shutil.disk_usage(folder).free
    except OSError:
        return "unknown"
    return "ok" if free >= LOW_DISK_BYTES else "low"


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


def _make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        engine = sa.create_engine(url, connect_args={"timeout": 15})

        @sa.event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
            cursor = dbapi_conn.cursor()
            cursor.execute("PRAGMA busy_timeout=15000")
            _switch_to_wal(cursor)
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.close()

        return engine
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url.removeprefix("postgresql://")
    # A database host that stops answering must not hang requests: every wait has
    # a deadline (tutor.storage.deadline), and so has the wait for a pooled connection.
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
