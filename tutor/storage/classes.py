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
        created_at  FLOAT NOT NULL
    )
    memberships(class_id, user_id, joined_at)     -- PRIMARY KEY (class_id, user_id)
    assignments(
        id          INTEGER PRIMARY KEY,
        class_id    INTEGER NOT NULL,
        kind        VARCHAR(16) NOT NULL,    -- 'lesson' | 'drill' | 'practice'
        target      VARCHAR(200) NOT NULL,   -- slug | 'slug/drill' | 'kind/level'
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
