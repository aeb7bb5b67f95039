"""Account queries: every read is by primary key or unique login, or bounded by a LIMIT.

The app's store (:func:`tutor.storage.store`) provides the connection; these
functions take it, so a caller can group several of them in one transaction.
"""

from __future__ import annotations

import re
import secrets
import time
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Row

from tutor.accounts.zones import DEFAULT_ZONE, known
from tutor.storage import sessions
from tutor.storage.accounts import ROLES, TEACHING, adopt_orphans, hand_over, users
from tutor.storage.classes import classes, memberships
from tutor.storage.errors import StorageError

LOGIN = re.compile(r"[a-z0-9_.-]{3,40}")
MAX_NAME = 80
USERS_LISTED = 200  # the admin page's bound


@dataclass(frozen=True)
class User:
    """An account as the site uses it (never its hashes)."""

    id: int
    login: str
    display_name: str
    role: str
    learner_id: str
    disabled: bool
    time_zone: str = DEFAULT_ZONE  # times outside a class are shown in it
    tile_size: str = ""  # tutor.accounts.preferences.TILE_SIZES; empty: the default

    @property
    def identity(self) -> str:
        """Its name in :mod:`tutor.storage.sessions`."""
        return identity(self.id)

    @property
    def teaches(self) -> bool:
        return self.role in TEACHING


class LoginTaken(Exception):
    """Another account already has this login."""


def identity(user_id: int) -> str:
    return f"user:{user_id}"


_COLUMNS = (users.c.id, users.c.login, users.c.display_name, users.c.role,
            users.c.learner_id, users.c.disabled, users.c.time_zone, users.c.tile_size)


def _user(row: Row[*tuple[Any, ...]]) -> User:
    return User(int(row.id), row.login, row.display_name, row.role, row.learner_id,
                bool(row.disabled), known(row.time_zone), str(row.tile_size or ""))


def normal_login(text: str) -> str:
    return text.strip().lower()


def login_problem(login: str) -> str | None:
    if not LOGIN.fullmatch(login):
        return ("Логин — от 3 до 40 символов: латинские буквы, цифры, точка, дефис "
                "или подчёркивание.")
    return None


def clean_name(text: str, fallback: str) -> str:
    """A display name: trimmed, single-spaced, at most :data:`MAX_NAME` characters."""
    name = " ".join(text.split())[:MAX_NAME]
    return name or fallback


def create(conn: Connection, *, login: str, display_name: str, password_hash: str,
           role: str = "learner", learner_id: str | None = None,
           recovery_hash: str | None = None) -> User:
    """A new account; ``learner_id`` None gets a fresh one. Raises :class:`LoginTaken`."""
    assert role in ROLES
    values = {
        "login": login, "display_name": display_name, "password_hash": password_hash,
        "role": role, "learner_id": learner_id or secrets.token_hex(16),
        "recovery_hash": recovery_hash, "disabled": False, "created_at": time.time(),
    }
    # Checked first; two registrations racing for one login leave the second to the
    # unique index (its transaction fails and the form says «попробуйте ещё раз»).
    if by_login(conn, login) is not None:
        raise LoginTaken(login)
    new_id = conn.execute(users.insert().values(**values).returning(users.c.id)).scalar_one()
    if role == "admin":
        adopt_orphans(conn, int(new_id))
    found = by_id(conn, int(new_id))
    assert found is not None
    return found


def by_id(conn: Connection, user_id: int) -> User | None:
    row = conn.execute(sa.select(*_COLUMNS).where(users.c.id == user_id)).first()
    return _user(row) if row else None


def by_login(conn: Connection, login: str) -> tuple[User, str, str | None] | None:
    """(user, password hash, recovery hash) for a login, or None."""
    row = conn.execute(
        sa.select(*_COLUMNS, users.c.password_hash, users.c.recovery_hash)
        .where(users.c.login == login)
    ).first()
    return (_user(row), row.password_hash, row.recovery_hash) if row else None


def reset_hash(conn: Connection, user_id: int, now: float) -> str | None:
    """The instructor-issued reset code's hash, if one is valid for this account right now.

    A reset code hands the account to whoever holds it, so it is honoured only
    while what made it legitimate still holds: the account is an enabled
    learner and a member of a class whose owner still teaches. An instructor
    who got an admin (or another instructor) to join his class, or a learner
    who has since left or been promoted, gets nothing from an old code.
    """
    owners = users.alias("owner")
    teaching = (
        sa.select(memberships.c.user_id)
        .join(classes, classes.c.id == memberships.c.class_id)
        .join(owners, owners.c.id == classes.c.owner_id)
        .where(memberships.c.user_id == users.c.id,
               owners.c.role.in_(("instructor", "admin")), owners.c.disabled.is_(False))
    )
    row = conn.execute(
        sa.select(users.c.reset_hash, users.c.reset_until)
        .where(users.c.id == user_id, users.c.role == "learner", users.c.disabled.is_(False),
               teaching.exists())
    ).first()
    if row is None or row.reset_hash is None or (row.reset_until or 0) < now:
        return None
    return str(row.reset_hash)


def clear_reset(conn: Connection, user_id: int) -> None:
    """Forget the account's reset code (it left a class, or its role changed)."""
    update(conn, user_id, reset_hash=None, reset_until=None)


def session_user(conn: Connection, user_id: int, version: int, session_id: str) -> User | None:
    """The account a session names, if that session is still honoured.

    Honoured while the account is enabled, its version is the session's (no
    «everywhere» sign-out, password change or admin change since) and this
    session's own id has not been revoked (no «this device» sign-out). One
    statement: the account and both session rows (outer joins).
    """
    versions = sessions.session_versions
    revoked = versions.alias("revoked")
    query = (
        sa.select(*_COLUMNS, versions.c.version, revoked.c.identity.label("revoked"))
        .select_from(
            users.outerjoin(versions, versions.c.identity == sa.literal("user:")
                            + sa.cast(users.c.id, sa.String))
            .outerjoin(revoked, revoked.c.identity
                       == sessions.session_identity(session_id)[:100]))
        .where(users.c.id == user_id)
    )
    row = conn.execute(query).first()
    if row is None or row.disabled or int(row.version or 0) != version or row.revoked:
        return None
    return _user(row)


def update(conn: Connection, user_id: int, **values: object) -> None:
    """Change an account; a new role moves classes and lessons (:mod:`tutor.storage.accounts`).

    A role without teaching hands the account's classes and studio lessons to
    the earliest admin; a new admin takes those whose owner left.
    """
    conn.execute(users.update().where(users.c.id == user_id).values(**values))
    role = values.get("role")
    if role is not None and role not in TEACHING:
        hand_over(conn, user_id)
    elif role == "admin":
        adopt_orphans(conn, user_id)


def delete(conn: Connection, user_id: int) -> None:
    """Delete an account; its classes and studio lessons go to the earliest admin."""
    hand_over(conn, user_id)
    conn.execute(users.delete().where(users.c.id == user_id))


def listed(conn: Connection, search: str = "") -> list[User]:
    """Accounts for the admin page, newest first, at most :data:`USERS_LISTED`."""
    query = sa.select(*_COLUMNS).order_by(users.c.id.desc()).limit(USERS_LISTED)
    if search:
        query = query.where(users.c.login.contains(normal_login(search), autoescape=True))
    return [_user(row) for row in conn.execute(query)]


def count_admins(conn: Connection) -> int:
    return int(conn.execute(sa.select(sa.func.count()).select_from(users)
                            .where(users.c.role == "admin", users.c.disabled.is_(False)))
               .scalar_one())


__all__ = ["LoginTaken", "StorageError", "User"]
