"""Server-side session versions: signing out revokes every copy of a signed cookie.

Flask's session is a signed cookie the server keeps no record of, so a copy
of an instructor's cookie kept working for its whole 31 days after the
instructor signed out. Each privileged identity now has a version
number in the database; a session records the version it was signed in at,
and is honoured only while that is still the current one. Signing out bumps
the version, so every copy of every cookie signed in before dies at once,
on every process and server sharing the database.

An identity is a short string naming who the privilege belongs to:
:data:`INSTRUCTOR` for the one instructor login today. User accounts (the
classes issue) will use ``user:<id>``, one version per account: changing a
password, signing out everywhere, or an admin disabling the account each
call :func:`bump_version` for it. The check is one primary-key read, made
only on requests that need the privilege — never on a learner's answer.

One device's session is revoked alone through its random session id: a
row ``session:<id>`` says that session (every copy of its cookie) is over.
Its ``version`` is the epoch *minute* after which the cookie would have
expired anyway (minutes: a 32-bit ``INTEGER`` holds them for millennia);
later the row is useless and :func:`revoke_session` drops it.

Schema (migration 3, with :mod:`tutor.storage.throttle`)::

    session_versions(
        identity  VARCHAR(100) PRIMARY KEY,  -- 'instructor', 'user:<id>' or 'session:<id>'
        version   INTEGER NOT NULL           -- no row: version 0; for 'session:<id>' the
    )                                        -- epoch minute the revocation may be forgotten
"""

from __future__ import annotations

import time

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection

INSTRUCTOR = "instructor"

metadata = sa.MetaData()

session_versions = sa.Table(
    "session_versions",
    metadata,
    sa.Column("identity", sa.String(100), primary_key=True),
    sa.Column("version", sa.Integer, nullable=False),
)


def create(conn: Connection) -> None:
    """The migration step: create the table."""
    session_versions.create(conn, checkfirst=True)


def current_version(conn: Connection, identity: str) -> int:
    """The version a session of ``identity`` must carry to be honoured (0 before any bump)."""
    query = sa.select(session_versions.c.version).where(
        session_versions.c.identity == identity[:100]
    )
    return int(conn.execute(query).scalar() or 0)


def bump_version(conn: Connection, identity: str) -> int:
    """Revoke every session of ``identity``; returns the new version.

    One ``INSERT … ON CONFLICT DO UPDATE … RETURNING`` statement, so two
    sign-outs at once both count and never race (SQLite and PostgreSQL alike).
    """
    table = session_versions
    dialect = postgresql if conn.dialect.name == "postgresql" else sqlite
    statement = dialect.insert(table).values(identity=identity[:100], version=1)
    statement = statement.on_conflict_do_update(
        index_elements=[table.c.identity], set_={"version": table.c.version + 1}
    ).returning(table.c.version)
    return int(conn.execute(statement).scalar_one())


SESSION = "session:"


def session_identity(session_id: str) -> str:
    return SESSION + session_id


def revoke_session(conn: Connection, session_id: str, until: float) -> None:
    """End one device's session (and every copy of its cookie) until ``until`` (epoch s).

    Revocations whose cookies have expired by now are dropped in passing, so
    the rows stay as few as the sign-outs of one cookie lifetime.
    """
    table = session_versions
    now = int(time.time() // 60)
    conn.execute(table.delete().where(table.c.identity.startswith(SESSION),
                                      table.c.version < now))
    dialect = postgresql if conn.dialect.name == "postgresql" else sqlite
    statement = dialect.insert(table).values(identity=session_identity(session_id)[:100],
                                             version=int(until // 60) + 1)
    conn.execute(statement.on_conflict_do_nothing(index_elements=[table.c.identity]))
