"""The progress store: every graded answer, per learner, and what the pages read back.

SQLAlchemy Core over SQLite (the default) or PostgreSQL (``DATABASE_URL``),
opened by :mod:`tutor.storage.connection` and migrated by
:mod:`tutor.storage.migrations`. The app keeps no progress in process memory,
so several app processes can share one database; the same holds for the
small tables of the other storage modules, which get their connection from
:meth:`ProgressStore.transaction`.

:meth:`ProgressStore.record` says what it did as a :class:`SaveResult` —
saved, a re-sent form already counted, over the learner's hourly budget, or
failed — and never raises for a database failure: the caller shows the
verdict either way and tells the learner when the answer was not kept.

Pages never read the raw history: :meth:`ProgressStore.summary`,
:meth:`ProgressStore.solved_lessons` and :meth:`ProgressStore.mistakes` read
the aggregates, each query bounded (:mod:`tutor.storage.aggregates`). Only the
export reads raw answers, and those are bounded per learner
(``aggregates.RAW_LIMIT``). A client that drops its cookie to start over and
over is bounded by ``new_learners``: at most ``NEW_LEARNERS_PER_HOUR`` new
learners per address and hour are stored (a per-process memo of known
learners keeps that check off the hot path); their answers are still graded.
Each learner stores at most ``budget.ANSWERS_PER_HOUR`` answers per hour
(:mod:`tutor.storage.budget`, applied by a trigger in the answer's own
``INSERT``).

A SQLite file deleted or replaced under the running server is refused, not
followed: SQLite keeps writing into the unlinked inode, so every answer would
be lost while the page said «сохранено». The file's (device, inode) is
compared with the one migrated at start before every transaction and after
every write; once it differs, every call fails with :class:`StorageError`
(the answer is graded and reported not saved, ``/healthz`` says
``"replaced"``) until the server is restarted on the file now in place.
Nothing is written into the new file by this process: what it holds is the
operator's to decide.
"""

from __future__ import annotations

import datetime as dt
import enum
import json
import logging
import os
import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from tutor.storage import budget, connection, deadline, migrations
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
from tutor.storage.answers import ANSWER_MAX, INSERT, answers
from tutor.storage.errors import AnswersBudgetSpent, StorageError, TooManyLearners
from tutor.storage.sqlite_writer import SqliteWriter

log = logging.getLogger(__name__)
_KNOWN_MAX = 100_000  # learners remembered per process as already stored
# A learner's solved lesson drills, read after each right answer (the lesson's «решено N
# из M»): built once, as building the statement per call cost as much as running it.
_SOLVED = (sa.select(learner_solved.c.problem)
           .where(learner_solved.c.learner_id == sa.bindparam("learner")).limit(SOLVED_READ))
_SOLVED_SQL = "SELECT problem FROM learner_solved WHERE learner_id = ? LIMIT ?"  # the same


class SaveResult(enum.Enum):
    """What storage did with one graded answer."""

    SAVED = "saved"
    DUPLICATE = "duplicate"  # this form (learner, nonce) was counted before: nothing new
    OVER_BUDGET = "over_budget"  # the learner's hourly budget is spent: graded, not stored
    FAILED = "failed"  # the database could not take it (down, full, read-only, replaced)
    NOT_RECORDED = "not_recorded"  # the caller records nothing (previews); never from record()

    @property
    def kept(self) -> bool:
        """The answer is in the database (now or from before)."""
        return self in (SaveResult.SAVED, SaveResult.DUPLICATE)


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
    partial: int = 0  # first attempts graded «почти»
    later: int = 0  # right answers on a later attempt («со 2-й попытки»)

    @property
    def score(self) -> float:
        """The first attempts' credit: a right one 1, a «почти» one half."""
        return self.correct + self.partial / 2


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
    """Reads and writes answers; every read failure surfaces as :class:`StorageError`."""

    def __init__(self, url: str, answer_seconds: float = deadline.ANSWER_SECONDS) -> None:
        self.url = url
        # The deadline of one store call (``DATABASE_DEADLINE_SECONDS``): 1.2 s suits a
        # database beside the app; a far one, or a test run sharing two busy cores
        # with its own PostgreSQL, needs more.
        self.answer_seconds = answer_seconds
        self.engine: Engine = connection.make_engine(url)
        self._migrated = False
        # ``ANSWERS_PER_HOUR`` from the config, written with the migration (so also
        # when the database was down at start and comes up later); None: keep the stored one.
        self.configured_answers_per_hour: int | None = None
        self._lock = threading.Lock()
        self._breaker = deadline.Breaker()
        self._known: set[str] = set()  # learners already stored (the new-learner limit)
        sqlite = self.engine.dialect.name == "sqlite"
        self._sqlite = SqliteWriter(self.engine.dialect) if sqlite else None
        # The SQLite file being served and its (device, inode) once migrated (module docstring).
        self._file = sqlite_file(url)
        self._identity: tuple[int, int] | None = None

    @property
    def _postgres(self) -> bool:
        return self.engine.dialect.name == "postgresql"

    def ensure_migrated(self) -> None:
        """Migrate once per process; retried on the next call if the database was down."""
        if self._migrated:
            return
        with self._lock:
            if not self._migrated:
                self.migrate()
                if self.configured_answers_per_hour is not None:
                    self.set_answers_per_hour(self.configured_answers_per_hour)
                self._migrated = True

    def migrate(self) -> int:
        """Bring the schema to the code's version (:mod:`tutor.storage.migrations`)."""
        self._check_file()
        version = migrations.migrate(self.engine)
        if self._file is not None and self._identity is None:
            self._identity = file_identity(self._file)
        return version

    def transaction(self) -> AbstractContextManager[Connection]:
        """A connection in one transaction, failures raised as :class:`StorageError`.

        For the small tables other storage modules keep (:mod:`tutor.storage.sessions`,
        :mod:`tutor.storage.throttle`, …): their functions take this connection.
        """
        return self._begin()

    @contextmanager
    def _begin(self, seconds: float | None = None) -> Iterator[Connection]:
        """A transaction within ``seconds`` (unset: :attr:`answer_seconds`)."""
        self._allowed()
        self._check_file()
        try:
            with self._within(seconds or self.answer_seconds), self.engine.begin() as conn:
                yield conn
            if self._postgres:
                self._breaker.close()
        except SQLAlchemyError as err:
            self._failed(err)
            raise StorageError(str(err.__class__.__name__)) from err
        self._check_file()  # what was committed went into the file being served

    def _within(self, seconds: float) -> AbstractContextManager[object]:
        """One call's deadline on PostgreSQL (:mod:`tutor.storage.deadline`).

        SQLite is a file beside the app: its waits are bounded by the busy timeout.
        """
        return deadline.deadline(seconds) if self._postgres else nullcontext()

    def _allowed(self) -> None:
        if self._postgres and not self._breaker.allows():
            raise StorageError("database not answering (cooling down)")

    def _failed(self, err: BaseException) -> None:
        """After an error: a missed deadline opens the breaker."""
        if isinstance(getattr(err, "orig", None), deadline.DeadlineExceeded) or isinstance(
            err, sa.exc.TimeoutError
        ):
            self._breaker.open()

    # --- the SQLite file under the server ---------------------------------------------

    def replaced(self) -> bool:
        """The SQLite file at the URL's path is no longer (or not) the one migrated."""
        return (self._file is not None and self._identity is not None
                and file_identity(self._file) != self._identity)

    def _check_file(self) -> None:
        if self.replaced():
            log.error("the database file %s was deleted or replaced while serving: nothing "
                      "is stored until the server is restarted", self._file)
            raise StorageError("database file deleted or replaced")

    # --- health --------------------------------------------------------------------

    def ping(self) -> bool:
        """A cheap liveness check: the schema is the code's (one row), within a short deadline."""
        return self.health()["db"] == "ok"

    def health(self) -> dict[str, str]:
        """``db``: ok / unavailable / schema (another version, or none) / replaced; ``disk``."""
        state = {"db": "ok"}
        if self._file is not None:
            state["disk"] = connection.disk_state(self._file.parent)
            if self.replaced():
                state["db"] = "replaced"  # refused until a restart (module docstring)
                return state
        try:
            with self._begin(deadline.HEALTH_SECONDS) as conn:
                version = migrations.version_in_place(conn)
            if version != migrations.SCHEMA_VERSION:
                state["db"] = "schema"
        except StorageError:
            state["db"] = "unavailable"
        return state

    # --- recording -----------------------------------------------------------------

    def record(self, learner_id: str, *, nonce: str, source: str, kind: str, problem: str,
               correct: bool, level: str | None = None, lesson: str | None = None,
               at: dt.datetime | None = None, rule: str | None = None,
               address: str | None = None, attempt: int = 1,
               partial: bool = False, kept: Sequence[tuple[str, str]] = (),
               graded: str | None = None) -> SaveResult:
        """Store one answer and say what happened (never raises for a database failure).

        ``rule``: the diagnosis's rule id of a wrong answer. ``address``: the
        client's, for the new-learner limit (beyond it: :attr:`SaveResult.FAILED`).
        ``attempt``: the form's attempt (only first ones count in the figures,
        :mod:`tutor.storage.aggregates`); ``partial``: graded «почти».
        ``kept`` and ``graded``: a wrong answer's fields and the fingerprint of
        the rule values it was graded under, written in the same row (and by its
        trigger onto the pending mistake), to grade it again if a value changes
        (:mod:`tutor.storage.regrade`). A right answer keeps neither.
        """
        row = {
            "learner_id": learner_id, "nonce": nonce, "source": source, "kind": kind,
            "level": level, "lesson": lesson, "problem": problem[:200], "correct": correct,
            "answered_at": at or dt.datetime.now(dt.UTC), "rule": rule[:64] if rule else None,
            "attempt": max(1, min(attempt, 999)), "partial": partial,
            "answer": None if correct else _answer_text(kept),
            "graded": None if correct or graded is None else graded[:32],
        }
        try:
            self.ensure_migrated()
            if address is not None and learner_id not in self._known:
                self._admit(learner_id, address)
            stored = self._insert(row)
            if stored is None:
                return SaveResult.DUPLICATE
            if not stored:
                return self._skipped(learner_id, nonce)
        except AnswersBudgetSpent:
            log.warning("answer not stored: the learner's hourly budget is spent")
            return SaveResult.OVER_BUDGET
        except TooManyLearners:
            log.warning("answer not stored: too many new learners from one address this hour")
            return SaveResult.FAILED
        except StorageError:
            log.warning("could not save an answer", exc_info=True)
            return SaveResult.FAILED
        return SaveResult.SAVED

    def _insert(self, row: dict[str, Any]) -> bool | None:
        """Whether the row was stored (False: the budget skipped it; None: a re-sent form)."""
        if self._sqlite is not None:
            try:
                stored = self._sqlite.insert(self.engine, row) > 0
            except sqlite3.IntegrityError:
                return None
            except sqlite3.Error as err:
                raise StorageError(err.__class__.__name__) from err
            self._check_file()  # a row in a deleted or replaced file is lost: not saved
            return stored
        self._allowed()
        try:
            with self._within(self.answer_seconds), self.engine.begin() as conn:
                key = conn.execute(INSERT, row).inserted_primary_key
            self._breaker.close()
        except IntegrityError:
            return None
        except SQLAlchemyError as err:
            self._failed(err)
            raise StorageError(err.__class__.__name__) from err
        return key is not None and key[0] is not None  # None: the budget skipped it

    def _skipped(self, learner_id: str, nonce: str) -> SaveResult:
        """The budget skipped an answer: a duplicate if it is a re-sent form stored before.

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
            return SaveResult.DUPLICATE
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
                      learner_kinds.c.streak, learner_kinds.c.marks,
                      sa.func.coalesce(learner_kinds.c.partial, 0),
                      sa.func.coalesce(learner_kinds.c.later, 0))
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
        """Lesson drill keys this learner answered right at least once (one bounded query).

        On SQLite, once this thread has stored an answer, on the connection it stores
        them with (:meth:`~tutor.storage.sqlite_writer.SqliteWriter.select`): a right
        answer reads them at once, and that connection has the pages it just wrote.
        """
        if self._sqlite is not None:
            self._check_file()
            try:
                rows = self._sqlite.select(self.engine, _SOLVED_SQL, (learner_id, SOLVED_READ))
            except sqlite3.Error as err:
                raise StorageError(err.__class__.__name__) from err
            if rows is not None:
                return frozenset(row[0] for row in rows)
        with self._begin() as conn:
            return self._solved(conn, learner_id)

    @staticmethod
    def _solved(conn: Connection, learner_id: str) -> frozenset[str]:
        return frozenset(conn.execute(_SOLVED, {"learner": learner_id}).scalars())

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


def _answer_text(fields: Sequence[tuple[str, str]]) -> str | None:
    """A wrong answer's fields as kept, JSON ``[[name, value], ...]`` (None: too long)."""
    text = json.dumps([list(pair) for pair in fields], ensure_ascii=False)
    return text if fields and len(text) <= ANSWER_MAX else None


def sqlite_file(url: str) -> Path | None:
    """The database file of a ``sqlite:///path`` URL (None for memory or PostgreSQL)."""
    if not url.startswith("sqlite"):
        return None
    database = sa.engine.make_url(url).database
    if not database or database == ":memory:" or database.startswith("file:"):
        return None
    return Path(database).resolve()


def file_identity(path: Path) -> tuple[int, int] | None:
    """(device, inode) of the file at ``path``, or None when there is none."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return info.st_dev, info.st_ino
