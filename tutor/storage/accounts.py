"""The accounts table: who may sign in, with which role, owning which progress.

Progress stays keyed by a learner id (:mod:`tutor.storage.learner`); an
account owns exactly one (``learner_id``), so every aggregate, mistake and
answer of the anonymous site works for accounts unchanged. Passwords and
recovery codes are stored only as argon2id hashes (:mod:`tutor.accounts.passwords`).
Sessions are revoked through :mod:`tutor.storage.sessions` (identity
``user:<id>``), not here.

Schema (the accounts migration, after the aggregates and session versions)::

    users(
        id            INTEGER PRIMARY KEY AUTOINCREMENT, -- never reused
        login         VARCHAR(40) UNIQUE,    -- lower-cased, [a-z0-9_.-]
        display_name  VARCHAR(80) NOT NULL,  -- shown to the learner and their instructors
        password_hash VARCHAR(200) NOT NULL, -- argon2id
        role          VARCHAR(16) NOT NULL,  -- 'learner' | 'instructor' | 'admin'
        learner_id    VARCHAR(64) UNIQUE,    -- the progress this account owns
        recovery_hash VARCHAR(200),          -- the one-time code shown at registration
        reset_hash    VARCHAR(200),          -- a code an instructor issued, with its expiry
        reset_until   FLOAT,                 -- epoch seconds
        disabled      BOOLEAN NOT NULL,      -- an admin switched the account off
        created_at    FLOAT NOT NULL,
        time_zone     VARCHAR(64),           -- version 12: IANA name; NULL reads as Moscow
        tile_size     VARCHAR(8)             -- version 12: the tile size chosen; NULL: default
    )
    practice_solved(learner_id, problem,     -- practice problems answered right by an
                    later)                   -- account (assignment sets), PRIMARY KEY both;
                                             -- later: only on a later attempt of a form

Ids are never given out again (``AUTOINCREMENT`` on SQLite, a sequence on
PostgreSQL), so a new account can never inherit what a deleted one owned.
When an instructor leaves — his account deleted, or his role taken away —
his classes and studio lessons pass to the earliest active admin
(:func:`hand_over`); with no admin they keep their owner, whom no page lets
in any more (only a teaching role opens them), so they stay as they are,
read-only, until an admin exists and takes them (:func:`adopt_orphans`).
"""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection

from tutor.storage.classes import add_column, classes
from tutor.storage.studio import club_lessons

metadata = sa.MetaData()

ROLES = ("learner", "instructor", "admin")
TEACHING = ("instructor", "admin")  # the roles that own classes and studio lessons

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
    sa.Column("time_zone", sa.String(64)),
    sa.Column("tile_size", sa.String(8)),
    sqlite_autoincrement=True,  # ids are never given out again (migrations)
)

practice_solved = sa.Table(
    "practice_solved", metadata,
    sa.Column("learner_id", sa.String(64), primary_key=True),
    sa.Column("problem", sa.String(200), primary_key=True),
    sa.Column("later", sa.Boolean),  # solved only on a later attempt (NULL: on a first)
)


def migrate(conn: Connection) -> None:
    """The migration step: create the accounts tables."""
    metadata.create_all(conn, checkfirst=True)


_OWNED = (classes, club_lessons)  # the tables whose rows an instructor owns (owner_id)


def migrate_preferences(conn: Connection) -> None:
    """Version 12: an account's time zone and tile size (nullable: the defaults)."""
    for name in ("time_zone", "tile_size"):
        add_column(conn, users, name)


def earliest_admin(conn: Connection, besides: int | None = None) -> int | None:
    """The id of the oldest enabled admin account (not ``besides``), or None."""
    query = sa.select(sa.func.min(users.c.id)).where(
        users.c.role == "admin", users.c.disabled.is_(False))
    if besides is not None:
        query = query.where(users.c.id != besides)
    found = conn.execute(query).scalar()
    return None if found is None else int(found)


def hand_over(conn: Connection, owner_id: int) -> int | None:
    """Pass ``owner_id``'s classes and lessons to the earliest other admin; returns its id."""
    admin = earliest_admin(conn, besides=owner_id)
    if admin is not None:
        for table in _OWNED:
            conn.execute(table.update().where(table.c.owner_id == owner_id)
                         .values(owner_id=admin))
    return admin


def adopt_orphans(conn: Connection, admin_id: int) -> None:
    """Classes and lessons whose owner is gone or no longer teaches pass to ``admin_id``."""
    teachers = sa.select(users.c.id).where(users.c.role.in_(TEACHING))
    for table in _OWNED:
        conn.execute(table.update().where(table.c.owner_id.not_in(teachers))
                     .values(owner_id=admin_id))


def note_practice_solved(conn: Connection, learner_id: str, problem: str,
                         later: bool = False) -> None:
    """Mark ``problem`` answered right by the account owning ``learner_id`` (once).

    The answer path (:mod:`tutor.drills.grading`) calls it for a right practice
    answer of a signed-in learner; an instructor's assignment sets read it.
    Anonymous learners cannot be in a class, so their answers cost nothing more.
    ``later``: right only on a later attempt of its form; a right first attempt,
    then or afterwards, clears it (a set's score counts first attempts).
    """
    dialect = postgresql if conn.dialect.name == "postgresql" else sqlite
    insert = dialect.insert(practice_solved).values(
        learner_id=learner_id, problem=problem[:200], later=later)
    conn.execute(insert.on_conflict_do_update(
        index_elements=[practice_solved.c.learner_id, practice_solved.c.problem],
        set_={"later": sa.and_(sa.func.coalesce(practice_solved.c.later, False),
                               insert.excluded.later)}))
