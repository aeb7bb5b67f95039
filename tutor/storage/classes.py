"""The classes tables: a class, its learners, its assignments.

A class belongs to one instructor account (``owner_id``); every query of
:mod:`tutor.classes` filters by it, or by the member, so a guessed id finds
nothing. Dates are ISO strings (``YYYY-MM-DD``): a due date is a day, not a moment.

Schema (the classes migration, after the accounts one)::

    classes(
        id          INTEGER PRIMARY KEY AUTOINCREMENT,  -- never reused
        owner_id    INTEGER NOT NULL,        -- users.id of the instructor
        name        VARCHAR(80) NOT NULL,
        rules       VARCHAR(16) NOT NULL,    -- engine rule set the class plays
        ends_on     VARCHAR(10),             -- optional end date
        code        VARCHAR(12) UNIQUE,      -- the short join code
        created_at  FLOAT NOT NULL,
        time_zone   VARCHAR(64)              -- version 12: IANA name; NULL reads as Moscow
    )
    memberships(class_id, user_id, joined_at)     -- PRIMARY KEY (class_id, user_id)
    assignments(
        id          INTEGER PRIMARY KEY,
        class_id    INTEGER NOT NULL,
        kind        VARCHAR(16) NOT NULL,    -- lesson | drill | practice | club | position
        target      VARCHAR(200) NOT NULL,   -- slug | slug/drill | kind/level | lesson | position
        count       INTEGER NOT NULL,        -- practice problems (1 otherwise)
        seed        INTEGER NOT NULL,        -- first seed of a practice set (0 otherwise)
        due_on      VARCHAR(10),
        created_at  FLOAT NOT NULL
    )
"""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy.engine import Connection

metadata = sa.MetaData()

classes = sa.Table(
    "classes", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("owner_id", sa.Integer, nullable=False, index=True),
    sa.Column("name", sa.String(80), nullable=False),
    sa.Column("rules", sa.String(16), nullable=False),
    sa.Column("ends_on", sa.String(10)),
    sa.Column("code", sa.String(12), nullable=False, unique=True),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("time_zone", sa.String(64)),
    sqlite_autoincrement=True,  # ids are never given out again (migrations)
)

memberships = sa.Table(
    "memberships", metadata,
    sa.Column("class_id", sa.Integer, primary_key=True),
    sa.Column("user_id", sa.Integer, primary_key=True),
    sa.Column("joined_at", sa.Float, nullable=False),
    sa.Index("ix_memberships_user", "user_id"),
)

assignments = sa.Table(
    "assignments", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("class_id", sa.Integer, nullable=False, index=True),
    sa.Column("kind", sa.String(16), nullable=False),
    sa.Column("target", sa.String(200), nullable=False),
    sa.Column("count", sa.Integer, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("due_on", sa.String(10)),
    sa.Column("created_at", sa.Float, nullable=False),
)


def migrate(conn: Connection) -> None:
    """The migration step: create the classes tables."""
    metadata.create_all(conn, checkfirst=True)


def add_column(conn: Connection, table: sa.Table, name: str) -> None:
    """``ALTER TABLE … ADD COLUMN`` for a nullable column the table's definition has.

    A database made after the column joined the definition already has it
    (``create_all`` made the table whole), so it is added only when missing.
    """
    present = {column["name"] for column in sa.inspect(conn).get_columns(table.name)}
    if name in present:
        return
    column_type = table.c[name].type.compile(dialect=conn.dialect)
    conn.exec_driver_sql(f"ALTER TABLE {table.name} ADD COLUMN {name} {column_type}")


def migrate_time_zone(conn: Connection) -> None:
    """Version 12 (with :func:`tutor.storage.accounts.migrate_preferences`): a class's zone."""
    add_column(conn, classes, "time_zone")
