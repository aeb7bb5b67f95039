"""Class queries, each scoped to the instructor who owns the class or to one member.

:func:`owned` is the only way a view gets a class by id for its instructor
(an admin may open any); :func:`membership` the only way for a learner. Both
return None for someone else's id, and the views answer 404. Lists are
bounded: :data:`CLASSES_LISTED` classes, :data:`MEMBERS_MAX` learners and
:data:`ASSIGNMENTS_MAX` assignments per class (joining and assigning beyond
them are refused with a message).
"""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from tutor.accounts.store import User
from tutor.accounts.zones import DEFAULT_ZONE, known
from tutor.storage.accounts import users
from tutor.storage.classes import assignments, classes, memberships

CLASSES_LISTED = 100
MEMBERS_MAX = 500
ASSIGNMENTS_MAX = 100
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 8


@dataclass(frozen=True)
class Klass:
    """A class (``class`` is taken by Python)."""

    id: int
    owner_id: int
    name: str
    rules: str
    ends_on: str | None
    code: str
    time_zone: str = DEFAULT_ZONE  # due dates end at midnight here; times are shown in it


@dataclass(frozen=True)
class Member:
    user_id: int
    login: str
    display_name: str
    learner_id: str
    joined_at: float


@dataclass(frozen=True)
class Assignment:
    id: int
    class_id: int
    kind: str  # lesson | drill | practice | club (a published studio lesson) | position
    target: str
    count: int
    seed: int
    due_on: str | None
    rules: str  # the class's rule set: a practice set is solved under it
    time_zone: str = DEFAULT_ZONE  # the class's: its due date ends at midnight there


def _klass(row: sa.Row[*tuple[Any, ...]]) -> Klass:
    return Klass(int(row.id), int(row.owner_id), row.name, row.rules, row.ends_on, row.code,
                 known(row.time_zone))


_CLASS_COLS = (classes.c.id, classes.c.owner_id, classes.c.name, classes.c.rules,
               classes.c.ends_on, classes.c.code, classes.c.time_zone)


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(text: str) -> str:
    return "".join(c for c in text.upper() if c.isalnum())[:CODE_LENGTH]


def create(conn: Connection, owner: User, name: str, rules: str, ends_on: str | None,
           time_zone: str = DEFAULT_ZONE) -> Klass:
    for _ in range(5):  # a clash of random 8-letter codes is a one-in-10¹² event
        code = new_code()
        if conn.execute(sa.select(classes.c.id).where(classes.c.code == code)).first() is None:
            break
    new_id = conn.execute(classes.insert().values(
        owner_id=owner.id, name=name, rules=rules, ends_on=ends_on, code=code,
        created_at=time.time(), time_zone=known(time_zone)).returning(classes.c.id)).scalar_one()
    found = owned(conn, owner, int(new_id))
    assert found is not None
    return found


def set_time_zone(conn: Connection, class_id: int, time_zone: str) -> None:
    """The class's zone (the caller checked ownership with :func:`owned`)."""
    conn.execute(classes.update().where(classes.c.id == class_id)
                 .values(time_zone=known(time_zone)))


def owned(conn: Connection, user: User, class_id: int) -> Klass | None:
    """The class if ``user`` owns it and teaches (any class for an admin), else None.

    The role is checked too: an instructor made a learner loses his classes
    (:func:`tutor.storage.accounts.hand_over`), also while no admin has taken them yet.
    """
    if not user.teaches:
        return None
    query = sa.select(*_CLASS_COLS).where(classes.c.id == class_id)
    if user.role != "admin":
        query = query.where(classes.c.owner_id == user.id)
    row = conn.execute(query).first()
    return _klass(row) if row else None


def membership(conn: Connection, user: User, class_id: int) -> Klass | None:
    """The class if ``user`` is a member of it, else None."""
    row = conn.execute(
        sa.select(*_CLASS_COLS).join(memberships, memberships.c.class_id == classes.c.id)
        .where(classes.c.id == class_id, memberships.c.user_id == user.id)
    ).first()
    return _klass(row) if row else None


def by_code(conn: Connection, code: str) -> Klass | None:
    row = conn.execute(sa.select(*_CLASS_COLS).where(classes.c.code == code)).first()
    return _klass(row) if row else None


def teaching(conn: Connection, user: User) -> list[Klass]:
    """The classes ``user`` owns, newest first (bounded); none unless ``user`` teaches."""
    if not user.teaches:
        return []
    query = (sa.select(*_CLASS_COLS).where(classes.c.owner_id == user.id)
             .order_by(classes.c.id.desc()).limit(CLASSES_LISTED))
    return [_klass(row) for row in conn.execute(query)]


def joined(conn: Connection, user: User) -> list[Klass]:
    """The classes ``user`` is a member of (bounded)."""
    query = (sa.select(*_CLASS_COLS).join(memberships, memberships.c.class_id == classes.c.id)
             .where(memberships.c.user_id == user.id)
             .order_by(classes.c.id).limit(CLASSES_LISTED))
    return [_klass(row) for row in conn.execute(query)]


def members(conn: Connection, class_id: int) -> list[Member]:
    """The class's learners, by name (at most :data:`MEMBERS_MAX`)."""
    query = (
        sa.select(users.c.id, users.c.login, users.c.display_name, users.c.learner_id,
                  memberships.c.joined_at)
        .join(users, users.c.id == memberships.c.user_id)
        .where(memberships.c.class_id == class_id)
        .order_by(users.c.display_name, users.c.id).limit(MEMBERS_MAX)
    )
    return [Member(int(r[0]), r[1], r[2], r[3], float(r[4])) for r in conn.execute(query)]


def member(conn: Connection, class_id: int, user_id: int) -> Member | None:
    found = [m for m in _member_rows(conn, class_id, user_id)]
    return found[0] if found else None


def _member_rows(conn: Connection, class_id: int, user_id: int) -> list[Member]:
    query = (
        sa.select(users.c.id, users.c.login, users.c.display_name, users.c.learner_id,
                  memberships.c.joined_at)
        .join(users, users.c.id == memberships.c.user_id)
        .where(memberships.c.class_id == class_id, memberships.c.user_id == user_id)
    )
    return [Member(int(r[0]), r[1], r[2], r[3], float(r[4])) for r in conn.execute(query)]


def teachers(conn: Connection, klasses: list[Klass]) -> dict[int, str]:
    """The display name of each class's instructor, by class id (one query)."""
    owners = {k.owner_id for k in klasses}
    if not owners:
        return {}
    names = dict(conn.execute(sa.select(users.c.id, users.c.display_name)
                              .where(users.c.id.in_(owners))).all())
    return {k.id: str(names.get(k.owner_id, "")) for k in klasses}


def count_members(conn: Connection, class_id: int) -> int:
    return int(conn.execute(sa.select(sa.func.count()).select_from(memberships)
                            .where(memberships.c.class_id == class_id)).scalar_one())


def join(conn: Connection, klass: Klass, user: User) -> bool:
    """Add ``user``; False when already in (nothing changes)."""
    exists = conn.execute(sa.select(memberships.c.user_id).where(
        memberships.c.class_id == klass.id, memberships.c.user_id == user.id)).first()
    if exists:
        return False
    conn.execute(memberships.insert().values(class_id=klass.id, user_id=user.id,
                                             joined_at=time.time()))
    return True


def leave(conn: Connection, class_id: int, user_id: int) -> int:
    result = conn.execute(memberships.delete().where(memberships.c.class_id == class_id,
                                                     memberships.c.user_id == user_id))
    return int(result.rowcount or 0)


def _assignment(row: sa.Row[*tuple[Any, ...]]) -> Assignment:
    # row.count is the column at run time, but Row's types say tuple.count.
    count = int(row._mapping["count"])
    return Assignment(int(row.id), int(row.class_id), row.kind, row.target, count,
                      int(row.seed), row.due_on, row.rules, known(row.time_zone))


def _with_rules() -> sa.Select[tuple[object, ...]]:
    """The assignments with their class's rule set and zone (one join on its primary key)."""
    return (sa.select(assignments, classes.c.rules, classes.c.time_zone)
            .join(classes, classes.c.id == assignments.c.class_id))


def assignments_of(conn: Connection, class_ids: list[int]) -> list[Assignment]:
    """The assignments of these classes, oldest first (bounded per class)."""
    if not class_ids:
        return []
    query = (_with_rules().where(assignments.c.class_id.in_(class_ids))
             .order_by(assignments.c.class_id, assignments.c.id)
             .limit(ASSIGNMENTS_MAX * len(class_ids)))
    return [_assignment(row) for row in conn.execute(query)]


def add_assignment(conn: Connection, class_id: int, kind: str, target: str, count: int,
                   seed: int, due_on: str | None) -> int:
    return int(conn.execute(assignments.insert().values(
        class_id=class_id, kind=kind, target=target, count=count, seed=seed, due_on=due_on,
        created_at=time.time()).returning(assignments.c.id)).scalar_one())


def assignment(conn: Connection, class_id: int, assignment_id: int) -> Assignment | None:
    row = conn.execute(_with_rules().where(
        assignments.c.id == assignment_id, assignments.c.class_id == class_id)).first()
    return _assignment(row) if row else None


def remove_assignment(conn: Connection, class_id: int, assignment_id: int) -> int:
    result = conn.execute(assignments.delete().where(
        assignments.c.id == assignment_id, assignments.c.class_id == class_id))
    return int(result.rowcount or 0)


def count_assignments(conn: Connection, class_id: int) -> int:
    return int(conn.execute(sa.select(sa.func.count()).select_from(assignments)
                            .where(assignments.c.class_id == class_id)).scalar_one())


def latest_rules(conn: Connection, user: User) -> str | None:
    """The rule set of the class ``user`` joined most recently (None: in no class); one row."""
    query = (sa.select(classes.c.rules).join(memberships, memberships.c.class_id == classes.c.id)
             .where(memberships.c.user_id == user.id)
             .order_by(memberships.c.joined_at.desc(), classes.c.id.desc()).limit(1))
    found = conn.execute(query).scalar()
    return str(found) if found is not None else None
