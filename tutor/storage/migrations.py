"""The schema's versions: one migration step per version, applied in order, under a lock.

Each step is a function of a connection, kept in :data:`MIGRATIONS`; the table
``schema_version`` holds one row, the number of steps applied. All pending
steps run in one transaction, and a database newer than the code is refused.

Two workers starting on a fresh database used to race on the first
``CREATE TABLE`` (one died with a traceback): the migration transaction
starts by taking a lock — ``BEGIN IMMEDIATE`` on SQLite (the database's write
lock, waited for by the busy timeout), ``pg_advisory_xact_lock`` on
PostgreSQL — so the second one waits, then finds the schema in place.

The steps, by version: 1 answers (:mod:`tutor.storage.answers`); 2 nothing
(it made ``login_failures``, which 7 drops — kept so the numbers stay);
3 aggregates; 4 session versions and sign-in throttle; 5 accounts
(:mod:`tutor.storage.accounts`); 6 classes (:mod:`tutor.storage.classes`);
7 drops ``login_failures``; 8 the hourly budget; 9 and 10 studio lessons and
their checks (:mod:`tutor.storage.studio`); 11 the budget trigger again; 12 a
class's and an account's time zone and an account's tile size (nullable
columns added by ``ALTER TABLE``, :func:`tutor.storage.classes.add_column`);
13 ids never reused (:func:`_never_reuse_ids`); 14 a published studio version
kept rendered (:func:`tutor.storage.studio.migrate_renders`); 15 the kept
answers of pending mistakes in a table of their own, which 18 folds into the
answers and the pending mistakes (:func:`_kept_answers`); 16 reviewed games
and their positions (:mod:`tutor.storage.review`); 17 an answer's attempt and
«почти», first attempts counted apart (:func:`_attempts`); 18 a wrong answer's
fields and rule fingerprint on its row and on its pending mistake
(:func:`_kept_answers`); 19 a pending mistake's «почти»
(:func:`tutor.storage.aggregates.migrate_near`).
"""

from __future__ import annotations

from collections.abc import Callable

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import SQLAlchemyError

from tutor.storage import (
    accounts,
    aggregates,
    answers,
    budget,
    classes,
    deadline,
    review,
    sessions,
    studio,
    throttle,
)
from tutor.storage.errors import StorageError

metadata = sa.MetaData()
schema_version = sa.Table(
    "schema_version", metadata, sa.Column("version", sa.Integer, nullable=False)
)
_LOCK_KEY = 0x7465_6D70  # pg_advisory_xact_lock key ('temp')


def _nothing(conn: Connection) -> None:
    """Version 2 made ``login_failures``, which version 7 drops: nothing to make any more."""


def _kept_apart(conn: Connection) -> None:
    """Version 15 made ``mistake_answers``, which version 18 folds away: nothing to make."""


def _kept_answers(conn: Connection) -> None:
    """Version 18: a wrong answer's fields and rule fingerprint travel in its own row.

    Version 15 kept them in ``mistake_answers``, written through a second
    transaction after the answer's: a failure between the two kept one without
    the other, and the second connection doubled an answer's cost. Now the
    answer row has them and the trigger copies them onto the pending mistake
    (:mod:`tutor.storage.aggregates`). The kept rows move onto their mistakes;
    a mistake without one keeps ``graded`` NULL (recorded before fingerprints
    were kept, :mod:`tutor.course.regrade`).
    """
    for table, name in ((answers.answers, "answer"), (answers.answers, "graded"),
                        (aggregates.learner_mistakes, "answer"),
                        (aggregates.learner_mistakes, "graded")):
        classes.add_column(conn, table, name)
    if sa.inspect(conn).has_table("mistake_answers"):
        conn.exec_driver_sql(
            "UPDATE learner_mistakes SET "
            "answer = (SELECT k.answer FROM mistake_answers k WHERE k.learner_id = "
            "learner_mistakes.learner_id AND k.problem = learner_mistakes.problem), "
            "graded = (SELECT k.graded FROM mistake_answers k WHERE k.learner_id = "
            "learner_mistakes.learner_id AND k.problem = learner_mistakes.problem)")
        conn.exec_driver_sql("DROP TABLE mistake_answers")
    aggregates.create_triggers(conn)


def _drop_login_failures(conn: Connection) -> None:
    """Version 7: the wrong-password rows of version 2, unread since tutor.storage.throttle."""
    conn.exec_driver_sql("DROP TABLE IF EXISTS login_failures")  # its index goes with it


def _preferences(conn: Connection) -> None:
    classes.migrate_time_zone(conn)
    accounts.migrate_preferences(conn)


def _attempts(conn: Connection) -> None:
    """Version 17: an answer's attempt and «почти», first attempts counted apart.

    All the new columns are nullable, NULL reading as a first attempt: the
    answers stored before were all counted as first attempts, and the
    aggregates already hold them so — only the trigger changes
    (:mod:`tutor.storage.aggregates`).
    """
    for table, name in ((answers.answers, "attempt"), (answers.answers, "partial"),
                        (aggregates.learner_kinds, "partial"),
                        (aggregates.learner_kinds, "later"),
                        (aggregates.learner_solved, "later"),
                        (accounts.practice_solved, "later")):
        classes.add_column(conn, table, name)
    aggregates.create_triggers(conn)


def _sessions(conn: Connection) -> None:
    sessions.create(conn)
    throttle.create(conn)


# Tables whose ids the site shows (URLs, forms), each with the columns elsewhere that
# hold such an id: a row deleted before this migration may still be named there, so
# SQLite's counter starts above every one of them.
_EXPOSED_IDS: dict[sa.Table, tuple[sa.Column[int], ...]] = {
    accounts.users: (classes.classes.c.owner_id, classes.memberships.c.user_id,
                     studio.club_lessons.c.owner_id, studio.club_lesson_versions.c.author_id,
                     studio.club_requests.c.decided_by),
    classes.classes: (classes.memberships.c.class_id, classes.assignments.c.class_id,
                      studio.club_publications.c.class_id),
    studio.club_lessons: (studio.club_lesson_versions.c.lesson_id,
                          studio.club_publications.c.lesson_id,
                          studio.club_requests.c.lesson_id, studio.club_checks.c.lesson_id),
}


def _never_reuse_ids(conn: Connection) -> None:
    """Version 13: on SQLite, accounts, classes and lessons get ``AUTOINCREMENT``.

    Without it SQLite gives the id of the newest deleted row to the next
    insert: the next registration became a deleted instructor, with his
    classes and lessons. SQLite cannot add ``AUTOINCREMENT`` to a table, so
    each is rebuilt (new table, rows copied, old one dropped, new one
    renamed, its indexes made again). PostgreSQL's sequences never go back.
    """
    if conn.dialect.name != "sqlite":
        return
    for table, references in _EXPOSED_IDS.items():
        _rebuild_with_autoincrement(conn, table)
        highest = max(conn.execute(sa.select(sa.func.coalesce(sa.func.max(column), 0))).scalar_one()
                      for column in (table.c.id, *references))
        conn.exec_driver_sql("DELETE FROM sqlite_sequence WHERE name = ?", (table.name,))
        conn.exec_driver_sql("INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)",
                             (table.name, int(highest)))


def _rebuild_with_autoincrement(conn: Connection, table: sa.Table) -> None:
    found = conn.exec_driver_sql("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?",
                                 (table.name,)).scalar()
    if found is not None and "AUTOINCREMENT" in str(found).upper():
        return  # made with it (a database created after this version's code)
    rebuilt = f"{table.name}_rebuilt"
    create = str(sa.schema.CreateTable(table).compile(dialect=conn.dialect))
    conn.exec_driver_sql(create.replace(f"CREATE TABLE {table.name} ",
                                        f"CREATE TABLE {rebuilt} ", 1))
    names = ", ".join(column.name for column in table.columns)
    conn.exec_driver_sql(f"INSERT INTO {rebuilt} ({names}) SELECT {names} FROM {table.name}")
    conn.exec_driver_sql(f"DROP TABLE {table.name}")  # its indexes go with it
    conn.exec_driver_sql(f"ALTER TABLE {rebuilt} RENAME TO {table.name}")
    for index in table.indexes:
        index.create(conn)


MIGRATIONS: tuple[Callable[[Connection], None], ...] = (
    answers.migrate, _nothing, aggregates.migrate, _sessions,
    accounts.migrate, classes.migrate,
    _drop_login_failures, budget.migrate,
    studio.migrate,
    studio.migrate_checks,
    budget.recreate_trigger,  # SQLite's hour of an answer cut to whole seconds
    _preferences,  # a class's and an account's time zone, an account's tile size
    _never_reuse_ids,
    studio.migrate_renders,  # a checked studio version's rendering, kept in the database
    _kept_apart,  # the answers of pending mistakes in a table of their own (18 folds it)
    review.migrate,  # reviewed games and the positions made drills of them
    _attempts,  # try again before the solution: first attempts count
    _kept_answers,  # a wrong answer's fields and rule fingerprint in its own row
    aggregates.migrate_near,  # a pending mistake's «почти»: half a task of a practice set
)
SCHEMA_VERSION = len(MIGRATIONS)


def migrate(engine: Engine) -> int:
    """Bring the schema to :data:`SCHEMA_VERSION` under a lock; returns the version in place."""
    try:
        with deadline.deadline(None), engine.connect() as conn:
            if conn.dialect.name == "sqlite":
                # BEGIN IMMEDIATE takes the write lock first: a second migrator waits
                conn = conn.execution_options(isolation_level="AUTOCOMMIT")
                conn.exec_driver_sql("BEGIN IMMEDIATE")
                try:
                    _migrate_in(conn)
                except BaseException:
                    conn.exec_driver_sql("ROLLBACK")
                    raise
                conn.exec_driver_sql("COMMIT")
            else:
                with conn.begin():
                    conn.execute(sa.text("SET LOCAL statement_timeout = 0"))
                    conn.execute(sa.select(sa.func.pg_advisory_xact_lock(_LOCK_KEY)))
                    _migrate_in(conn)
    except SQLAlchemyError as err:
        raise StorageError(str(err.__class__.__name__)) from err
    return SCHEMA_VERSION


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


def version_in_place(conn: Connection) -> int | None:
    """The schema version a database holds (one row; no statement to build or key)."""
    found = conn.exec_driver_sql("SELECT version FROM schema_version").scalar()
    return None if found is None else int(found)
