"""The accounts table: who may sign in, with which role, owning which progress.

Progress stays keyed by a learner id (:mod:`tutor.storage.learner`); an
account owns exactly one (``learner_id``), so every aggregate, mistake and
answer of the anonymous site works for accounts unchanged. Passwords and
recovery codes are stored only as argon2id hashes (:mod:`tutor.accounts.passwords`).
Sessions are revoked through :mod:`tutor.storage.sessions` (identity
``user:<id>``), not here.

Schema (the accounts migration, after the aggregates and session versions)::

    users(
        id            INTEGER PRIMARY KEY,   -- autoincrement
        login         VARCHAR(40) UNIQUE,    -- lower-cased, [a-z0-9_.-]
        display_name  VARCHAR(80) NOT NULL,  -- shown to the learner and their instructors
        password_hash VARCHAR(200) NOT NULL, -- argon2id
        role          VARCHAR(16) NOT NULL,  -- 'learner' | 'instructor' | 'admin'
        learner_id    VARCHAR(64) UNIQUE,    -- the progress this account owns
        recovery_hash VARCHAR(200),          -- the one-time code shown at registration
        reset_hash    VARCHAR(200),          -- a code an instructor issued, with its expiry
        reset_until   FLOAT,                 -- epoch seconds
        disabled      BOOLEAN NOT NULL,      -- an admin switched the account off
        created_at    FLOAT NOT NULL
    )
    practice_solved(learner_id, problem)     -- practice problems answered right by an
                                             -- account (assignment sets), PRIMARY KEY both
"""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy.engine import Connection

metadata = sa.MetaData()

ROLES = ("learner", "instructor", "admin")

users = sa.Table(
    "users", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("login", sa.String(40), nullable=False, unique=True),
    sa.Column("display_name", sa.String(80), nullable=False),
    sa.Column("password_hash", sa.String(200), nullable=False),
    sa.Column("role", sa.String(16), nullable=False),
    sa.Column("learner_id", sa.String(64), nullable=False, unique=True),
    sa.Column("recovery_hash", sa.String(200)),
    sa.Column("reset_hash", sa.String(200)),
    sa.Column("reset_until", sa.Float),
    sa.Column("disabled", sa.Boolean, nullable=False, default=False),
    sa.Column("created_at", sa.Float, nullable=False),
)

practice_solved = sa.Table(
    "practice_solved", metadata,
    sa.Column("learner_id", sa.String(64), primary_key=True),
    sa.Column("problem", sa.String(200), primary_key=True),
)


def migrate(conn: Connection) -> None:
    """The migration step: create the accounts tables."""
    metadata.create_all(conn, checkfirst=True)
