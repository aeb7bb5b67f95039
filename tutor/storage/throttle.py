"""Counters of wrong passwords per key (an address, an account), kept atomically in the database.

Counting rows and then inserting one would let parallel requests all read the
same count before any wrote, so the limit could be overshot at will. Here a
wrong password is one ``INSERT … ON CONFLICT DO UPDATE …
RETURNING`` per key, so each request gets its own, exact count back — the
database serialises them (SQLite's write lock, PostgreSQL's row lock on the
conflicting row) — and every process and server sharing the database counts
the same ones.

A counter covers a window: the first failure opens it, and a failure after
it has passed starts again from one. Times are seconds since the epoch
(wall clock: the tries are compared across machines), a float, so both
dialects compare plain numbers.

What the counts are for (holds that grow and end by themselves) is the
caller's business: :mod:`tutor.accounts.limits`.

Schema (migration 3, with :mod:`tutor.storage.sessions`)::

    login_throttle(
        key           VARCHAR(100) PRIMARY KEY,  -- 'address:<ip>' or 'account:<name>'
        failures      INTEGER NOT NULL,          -- wrong passwords since window_start
        window_start  FLOAT NOT NULL             -- epoch seconds of the window's first failure
    )
"""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection

metadata = sa.MetaData()

login_throttle = sa.Table(
    "login_throttle",
    metadata,
    sa.Column("key", sa.String(100), primary_key=True),
    sa.Column("failures", sa.Integer, nullable=False),
    sa.Column("window_start", sa.Float, nullable=False),
)


def create(conn: Connection) -> None:
    """The migration step: create the table."""
    login_throttle.create(conn, checkfirst=True)


def count_failure(conn: Connection, key: str, now: float, window: float) -> int:
    """Count one failure for ``key``; returns the failures in its window, this one included."""
    table = login_throttle
    dialect = postgresql if conn.dialect.name == "postgresql" else sqlite
    insert = dialect.insert(table).values(key=key[:100], failures=1, window_start=now)
    expired = table.c.window_start < now - window
    statement = insert.on_conflict_do_update(
        index_elements=[table.c.key],
        set_={
            "failures": sa.case((expired, 1), else_=table.c.failures + 1),
            "window_start": sa.case((expired, now), else_=table.c.window_start),
        },
    ).returning(table.c.failures)
    return int(conn.execute(statement).scalar_one())


def failures(conn: Connection, key: str, now: float, window: float) -> int:
    """The failures counted for ``key`` in a window still open at ``now`` (0 if none)."""
    table = login_throttle
    query = sa.select(table.c.failures).where(
        table.c.key == key[:100], table.c.window_start >= now - window
    )
    return int(conn.execute(query).scalar() or 0)


def forget(conn: Connection, key: str) -> None:
    """Drop the counter of ``key`` (its rightful owner just signed in)."""
    conn.execute(login_throttle.delete().where(login_throttle.c.key == key[:100]))


def forget_expired(conn: Connection, now: float, window: float) -> None:
    """Drop every counter whose window has passed (keeps the table as small as the attack)."""
    conn.execute(login_throttle.delete().where(login_throttle.c.window_start < now - window))


def hold(conn: Connection, key: str, until: float) -> None:
    """Refuse ``key`` until ``until`` (epoch seconds); a later hold already set is kept.

    A hold is a row of the same table under its own key, with the end of the
    hold in ``window_start`` (so :func:`forget_expired` drops it a window after
    it ended) and ``failures`` unused.
    """
    table = login_throttle
    dialect = postgresql if conn.dialect.name == "postgresql" else sqlite
    statement = dialect.insert(table).values(key=key[:100], failures=0, window_start=until)
    later = sa.case((table.c.window_start < until, until), else_=table.c.window_start)
    conn.execute(statement.on_conflict_do_update(index_elements=[table.c.key],
                                                 set_={"window_start": later}))


def held_until(conn: Connection, key: str) -> float:
    """When the hold on ``key`` ends (0 if there is none)."""
    query = sa.select(login_throttle.c.window_start).where(login_throttle.c.key == key[:100])
    return float(conn.execute(query).scalar() or 0.0)
