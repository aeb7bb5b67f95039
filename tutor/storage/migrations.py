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
(:mod:`tutor.storage.users`); 6 classes (:mod:`tutor.storage.groups`);
7 drops ``login_failures``; 8 the hourly budget; 9 and 10 studio lessons and
their checks (:mod:`tutor.storage.club`); 11 the budget trigger again.
"""

from __future__ import annotations

from collections.abc import Callable

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import SQLAlchemyError

from tutor.storage import (
    aggregates,
    answers,
    budget,
    club,
    deadline,
    groups,
    sessions,
    throttle,
    users,
)
from tutor.storage.errors import StorageError

metadata = sa.MetaData()
schema_version = sa.Table(
    "schema_version", metadata, sa.Column("version", sa.Integer, nullable=False)
)
_LOCK_KEY = 0x7465_6D70  # pg_advisory_xact_lock key ('temp')


def _nothing(conn: Connection) -> None:
    """Version 2 made ``login_failures``, which version 7 drops: nothing to make any more."""


def _drop_login_failures(conn: Connection) -> None:
    """Version 7: the wrong-password rows of version 2, unread since tutor.storage.throttle."""
    conn.exec_driver_sql("DROP TABLE IF EXISTS login_failures")  # its index goes with it


def _sessions(conn: Connection) -> None:
    sessions.create(conn)
    throttle.create(conn)


MIGRATIONS: tuple[Callable[[Connection], None], ...] = (
    answers.migrate, _nothing, aggregates.migrate, _sessions,
    users.migrate, groups.migrate,
    _drop_login_failures, budget.migrate,
    club.migrate,
    club.migrate_checks,
    budget.recreate_trigger,  # SQLite's hour of an answer cut to whole seconds
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
