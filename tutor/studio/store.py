"""Club lesson queries, each scoped to the lesson's owner (or an admin) or to a class member.

:func:`owned` is the only way a studio view gets a lesson by id: it returns
None for another instructor's id, and the views answer 404. Every list is
bounded by a ``LIMIT``: :data:`LESSONS_LISTED` lessons per instructor (creating
more is refused), :data:`VERSIONS_LISTED` versions shown, :data:`CLASSES_MAX`
publications per lesson, :data:`MAP_MAX` club lessons on one course map and
:data:`REVIEW_LISTED` requests on the admin's review page. A lesson page reads
one publication row (an indexed ``(class_id, slug)`` lookup) and, only when
its rendered version is not in the process's cache, the version's stored rendering.

When an instructor deletes their account, their lessons stay with the
club, as their classes do (:func:`tutor.accounts.views.delete` removes only
the account and its memberships): published lessons stay visible to the
classes and, if approved, to everyone; versions and requests name the author
as :data:`DELETED`; an admin finds such a lesson in their own ``/studio``
list (:func:`listed`) and may fix, unpublish or export it. Nothing is
unpublished behind the learners' backs, and no query needs the owner's row.

A version's check result is read for *this app's* check version only (the
query joins ``club_checks`` on it): two app servers of a rolling deploy each
check a version once under their own check version and never overwrite each
other's result; :func:`store_check` keeps the newest
:data:`~tutor.storage.studio.CHECKS_KEPT` check versions per version.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection

from tutor.accounts.store import User
from tutor.storage.accounts import users
from tutor.storage.classes import classes, memberships
from tutor.storage.studio import (
    CHECKS_KEPT,
    club_checks,
    club_lesson_versions,
    club_lessons,
    club_publications,
    club_requests,
    source_of,
)
from tutor.studio.check import check_version

LESSONS_LISTED = 200
VERSIONS_LISTED = 50
CLASSES_MAX = 100
MAP_MAX = 50
REVIEW_LISTED = 50
PROBLEMS_KEPT = 50  # check messages stored per version
DELETED = "удалённая учётная запись"  # the author of a lesson whose account is gone


@dataclass(frozen=True)
class ClubLesson:
    id: int
    owner_id: int
    slug: str
    title: str
    summary: str
    latest: int
    updated_at: float


@dataclass(frozen=True)
class Version:
    """One saved version; ``check_ok`` is None until it was checked."""

    lesson_id: int
    version: int
    author: str
    created_at: float
    check_version: str | None
    check_ok: bool | None
    problems: tuple[tuple[int, str], ...]


@dataclass(frozen=True)
class Publication:
    """One version of a lesson in one class's course map (or, class_id 0, everyone's)."""

    lesson_id: int
    class_id: int
    version: int
    position: int
    slug: str
    title: str
    summary: str
    class_name: str
    check_version: str | None
    check_ok: bool | None
    drills: int
    rendered: bool = False  # this app's check kept the version rendered (migration 14)


@dataclass(frozen=True)
class Request:
    lesson_id: int
    version: int
    state: str  # pending | approved
    title: str
    owner: str


_LESSON_COLS = (club_lessons.c.id, club_lessons.c.owner_id, club_lessons.c.slug,
                club_lessons.c.title, club_lessons.c.summary, club_lessons.c.latest,
                club_lessons.c.updated_at)
V = club_lesson_versions
P = club_publications
C = club_checks


def _checked(lesson_id: Any, number: Any) -> sa.ColumnElement[bool]:
    """The join to this app's check result of a version (none yet: NULLs)."""
    return sa.and_(C.c.lesson_id == lesson_id, C.c.version == number,
                   C.c.check_version == check_version())


def _lesson(row: Any) -> ClubLesson:
    return ClubLesson(int(row.id), int(row.owner_id), str(row.slug), str(row.title),
                      str(row.summary), int(row.latest), float(row.updated_at))


def _problems(text: str | None) -> tuple[tuple[int, str], ...]:
    if not text:
        return ()
    try:
        return tuple((int(line), str(message)) for line, message in json.loads(text))
    except (ValueError, TypeError):
        return ((0, "Сохранённый результат проверки не читается: урок будет проверен снова."),)


# -- lessons and versions ------------------------------------------------------------


def count_owned(conn: Connection, user: User) -> int:
    query = sa.select(sa.func.count()).select_from(club_lessons)
    return int(conn.execute(query.where(club_lessons.c.owner_id == user.id)).scalar_one())


def create(conn: Connection, owner: User, slug: str, title: str, summary: str,
           source: str) -> ClubLesson:
    """A new lesson with its first version."""
    now = time.time()
    new_id = conn.execute(club_lessons.insert().values(
        owner_id=owner.id, slug=slug, title=title, summary=summary, created_at=now,
        updated_at=now, latest=1).returning(club_lessons.c.id)).scalar_one()
    conn.execute(V.insert().values(lesson_id=int(new_id), version=1, author_id=owner.id,
                                   created_at=now, source=source))
    found = owned(conn, owner, int(new_id))
    assert found is not None
    return found


def owned(conn: Connection, user: User, lesson_id: int) -> ClubLesson | None:
    """The lesson if ``user`` owns it and teaches (any lesson for an admin), else None."""
    if not user.teaches:
        return None
    query = sa.select(*_LESSON_COLS).where(club_lessons.c.id == lesson_id)
    if user.role != "admin":
        query = query.where(club_lessons.c.owner_id == user.id)
    row = conn.execute(query).first()
    return _lesson(row) if row else None


def listed(conn: Connection, user: User) -> list[ClubLesson]:
    """``user``'s own lessons, last edited first (bounded).

    An admin's list also has the lessons whose owner deleted their account,
    so someone can still look after them.
    """
    mine: sa.ColumnElement[bool] = club_lessons.c.owner_id == user.id
    query = sa.select(*_LESSON_COLS)
    if user.role == "admin":
        query = query.join(users, users.c.id == club_lessons.c.owner_id, isouter=True)
        mine = sa.or_(mine, users.c.id.is_(None))
    query = query.where(mine).order_by(club_lessons.c.updated_at.desc()).limit(LESSONS_LISTED)
    return [_lesson(row) for row in conn.execute(query)]


def save(conn: Connection, lesson: ClubLesson, author: User, source: str, slug: str,
         title: str, summary: str) -> int:
    """A new version with ``source`` (the latest's number if nothing changed)."""
    current = source_of(conn, lesson.id, lesson.latest)
    if current == source:
        return lesson.latest
    version, now = lesson.latest + 1, time.time()
    conn.execute(V.insert().values(lesson_id=lesson.id, version=version, author_id=author.id,
                                   created_at=now, source=source))
    conn.execute(club_lessons.update().where(club_lessons.c.id == lesson.id).values(
        latest=version, updated_at=now, slug=slug, title=title, summary=summary))
    return version


def versions(conn: Connection, lesson_id: int) -> list[Version]:
    """The newest :data:`VERSIONS_LISTED` versions, newest first, with their authors' names."""
    query = (sa.select(V.c.lesson_id, V.c.version, V.c.created_at, C.c.check_version,
                       C.c.ok.label("check_ok"), C.c.problems.label("check_problems"),
                       users.c.display_name)
             .join(users, users.c.id == V.c.author_id, isouter=True)
             .join(C, _checked(V.c.lesson_id, V.c.version), isouter=True)
             .where(V.c.lesson_id == lesson_id).order_by(V.c.version.desc())
             .limit(VERSIONS_LISTED))
    return [Version(int(r.lesson_id), int(r.version), str(r.display_name or DELETED),
                    float(r.created_at), r.check_version, r.check_ok,
                    _problems(r.check_problems)) for r in conn.execute(query)]


def version(conn: Connection, lesson_id: int, number: int) -> Version | None:
    """One version's metadata (one primary-key row)."""
    return next((v for v in _version_rows(conn, lesson_id, number)), None)


def _version_rows(conn: Connection, lesson_id: int, number: int) -> list[Version]:
    query = (sa.select(V.c.lesson_id, V.c.version, V.c.created_at, C.c.check_version,
                       C.c.ok.label("check_ok"), C.c.problems.label("check_problems"),
                       users.c.display_name)
             .join(users, users.c.id == V.c.author_id, isouter=True)
             .join(C, _checked(V.c.lesson_id, V.c.version), isouter=True)
             .where(V.c.lesson_id == lesson_id, V.c.version == number).limit(1))
    return [Version(int(r.lesson_id), int(r.version), str(r.display_name or DELETED),
                    float(r.created_at), r.check_version, r.check_ok,
                    _problems(r.check_problems)) for r in conn.execute(query)]


def rendering_of(conn: Connection, lesson_id: int, number: int) -> tuple[str, str] | None:
    """(source, stored HTML) of a version this app's check passed and rendered, else None."""
    row = conn.execute(sa.select(V.c.source, C.c.html).join(C, _checked(V.c.lesson_id, V.c.version))
                       .where(V.c.lesson_id == lesson_id, V.c.version == number,
                              C.c.ok.is_(True), C.c.html.is_not(None))).first()
    return None if row is None else (str(row.source), str(row.html))


@dataclass(frozen=True)
class Rendering:
    """A version as learners see it: the sanitised body with drill slots, and its drills."""

    html: str
    drill_list: tuple[tuple[str, str, str], ...]  # (drill id, kind, question)


def store_check(conn: Connection, lesson_id: int, number: int, check_version: str,
                problems: list[tuple[int, str]], drills: int,
                rendering: Rendering | None = None) -> None:
    """Keep a version's check result with the check version it was made under.

    A passing version's ``rendering`` is kept beside it (:func:`rendering_of`).
    """
    kept = json.dumps(problems[:PROBLEMS_KEPT], ensure_ascii=False)
    values = {"lesson_id": lesson_id, "version": number, "check_version": check_version,
              "ok": not problems, "problems": kept, "drills": drills, "checked_at": time.time(),
              "html": rendering.html if rendering else None,
              "drill_list": (json.dumps(rendering.drill_list, ensure_ascii=False)
                             if rendering else None)}
    insert = (postgresql.insert(C) if conn.dialect.name == "postgresql"
              else sqlite.insert(C)).values(**values)
    conn.execute(insert.on_conflict_do_update(
        index_elements=[C.c.lesson_id, C.c.version, C.c.check_version],
        set_={k: insert.excluded[k]
              for k in ("ok", "problems", "drills", "checked_at", "html", "drill_list")}))
    newest = (sa.select(C.c.check_version).where(C.c.lesson_id == lesson_id, C.c.version == number)
              .order_by(C.c.checked_at.desc()).limit(CHECKS_KEPT))
    conn.execute(C.delete().where(C.c.lesson_id == lesson_id, C.c.version == number,
                                  C.c.check_version.not_in(newest.scalar_subquery())))


# -- publications --------------------------------------------------------------------


_RENDERED = C.c.html.is_not(None).label("rendered")  # a flag: the HTML itself is not read
_PUB_COLS = (P.c.lesson_id, P.c.class_id, P.c.version, P.c.position, P.c.slug,
             club_lessons.c.title, club_lessons.c.summary, classes.c.name,
             C.c.check_version, C.c.ok.label("check_ok"), C.c.drills, _RENDERED)


def _publication(row: Any) -> Publication:
    return Publication(int(row.lesson_id), int(row.class_id), int(row.version),
                       int(row.position), str(row.slug), str(row.title), str(row.summary),
                       str(row.name), row.check_version, row.check_ok, int(row.drills or 0),
                       bool(row.rendered))


def _publications() -> sa.Select[tuple[object, ...]]:
    return (sa.select(*_PUB_COLS)
            .join(club_lessons, club_lessons.c.id == P.c.lesson_id)
            .join(classes, classes.c.id == P.c.class_id)
            .join(C, _checked(P.c.lesson_id, P.c.version), isouter=True))


def slug_taken(conn: Connection, class_id: int, slug: str, lesson_id: int) -> bool:
    """Another lesson of this class already has this address."""
    found = conn.execute(sa.select(P.c.lesson_id).where(
        P.c.class_id == class_id, P.c.slug == slug, P.c.lesson_id != lesson_id).limit(1)).first()
    return found is not None


def publish(conn: Connection, lesson: ClubLesson, class_id: int, number: int,
            position: int) -> None:
    """Put version ``number`` into the class's course map (replacing an earlier publication)."""
    conn.execute(P.delete().where(P.c.lesson_id == lesson.id, P.c.class_id == class_id))
    conn.execute(P.insert().values(lesson_id=lesson.id, class_id=class_id, version=number,
                                   position=position, slug=lesson.slug, published_at=time.time()))


def unpublish(conn: Connection, lesson_id: int, class_id: int) -> int:
    return int(conn.execute(P.delete().where(P.c.lesson_id == lesson_id,
                                             P.c.class_id == class_id)).rowcount)


def publications_of(conn: Connection, lesson_id: int) -> list[Publication]:
    """Where a lesson is published (bounded)."""
    query = _publications().where(P.c.lesson_id == lesson_id).order_by(P.c.class_id)
    return [_publication(row) for row in conn.execute(query.limit(CLASSES_MAX))]


def publications_among(conn: Connection, lesson_ids: list[int]) -> list[Publication]:
    """Where each of these lessons is published, in one query (bounded per lesson on average)."""
    if not lesson_ids:
        return []
    query = (_publications().where(P.c.lesson_id.in_(lesson_ids))
             .order_by(P.c.lesson_id, P.c.class_id).limit(CLASSES_MAX * len(lesson_ids)))
    return [_publication(row) for row in conn.execute(query)]


def requests_among(conn: Connection, lesson_ids: list[int]) -> dict[int, Request]:
    """The publish-to-everyone requests of these lessons, by lesson id (one query)."""
    if not lesson_ids:
        return {}
    found = _requests(conn, club_requests.c.lesson_id.in_(lesson_ids), len(lesson_ids))
    return {r.lesson_id: r for r in found}


def class_lesson(conn: Connection, class_id: int, slug: str) -> Publication | None:
    """The lesson at ``/classes/<class_id>/lessons/<slug>`` (one indexed lookup)."""
    row = conn.execute(_publications().where(P.c.class_id == class_id, P.c.slug == slug)
                       .limit(1)).first()
    return _publication(row) if row else None


def for_member(conn: Connection, user: User) -> list[Publication]:
    """The club lessons of every class ``user`` is a member of (bounded by :data:`MAP_MAX`)."""
    query = (_publications().join(memberships, memberships.c.class_id == P.c.class_id)
             .where(memberships.c.user_id == user.id)
             .order_by(P.c.class_id, P.c.position, P.c.published_at).limit(MAP_MAX))
    return [_publication(row) for row in conn.execute(query)]


# -- publishing to everyone ------------------------------------------------------------


def request_everyone(conn: Connection, lesson: ClubLesson, number: int) -> None:
    """Ask an admin to publish version ``number`` to everyone.

    It replaces an earlier request, an approved one too: a new version is read
    by an admin before everyone sees it, so the lesson leaves ``/club`` until then.
    """
    conn.execute(club_requests.delete().where(club_requests.c.lesson_id == lesson.id))
    conn.execute(club_requests.insert().values(lesson_id=lesson.id, version=number,
                                               state="pending", requested_at=time.time()))


def request_of(conn: Connection, lesson_id: int) -> Request | None:
    return next(iter(_requests(conn, club_requests.c.lesson_id == lesson_id, 1)), None)


def pending(conn: Connection) -> list[Request]:
    """Requests waiting for an admin, oldest first (bounded)."""
    return _requests(conn, club_requests.c.state == "pending", REVIEW_LISTED)


def _requests(conn: Connection, where: sa.ColumnElement[bool], limit: int) -> list[Request]:
    R = club_requests
    query = (sa.select(R.c.lesson_id, R.c.version, R.c.state, club_lessons.c.title,
                       users.c.display_name)
             .join(club_lessons, club_lessons.c.id == R.c.lesson_id)
             .join(users, users.c.id == club_lessons.c.owner_id, isouter=True)
             .where(where).order_by(R.c.requested_at).limit(limit))
    return [Request(int(r.lesson_id), int(r.version), str(r.state), str(r.title),
                    str(r.display_name or DELETED)) for r in conn.execute(query)]


def decide(conn: Connection, lesson_id: int, number: int, admin: User, approve: bool) -> bool:
    """Approve a pending request for version ``number``, or refuse it (the row goes).

    False when no request for that very version is pending: the admin read
    one version, and only that one may be approved.
    """
    R = club_requests
    where = sa.and_(R.c.lesson_id == lesson_id, R.c.version == number, R.c.state == "pending")
    if approve:
        done = conn.execute(R.update().where(where).values(
            state="approved", decided_by=admin.id, decided_at=time.time())).rowcount
    else:
        done = conn.execute(R.delete().where(where)).rowcount
    return bool(done)


def withdraw(conn: Connection, lesson_id: int) -> None:
    conn.execute(club_requests.delete().where(club_requests.c.lesson_id == lesson_id))


def for_everyone(conn: Connection) -> list[Publication]:
    """Approved lessons, shown to every visitor (bounded by :data:`MAP_MAX`; class_id 0)."""
    query = _approved().order_by(club_requests.c.decided_at).limit(MAP_MAX)
    return [_approved_row(r) for r in conn.execute(query)]


def everyone_lesson(conn: Connection, lesson_id: int) -> Publication | None:
    """One approved lesson (``/club/<lesson_id>``), or None."""
    row = conn.execute(_approved().where(club_requests.c.lesson_id == lesson_id).limit(1)).first()
    return None if row is None else _approved_row(row)


def _approved() -> sa.Select[Any]:
    """Approved requests with their lesson and this app's check result (class_id 0)."""
    R = club_requests
    return (sa.select(R.c.lesson_id, R.c.version, club_lessons.c.slug, club_lessons.c.title,
                      club_lessons.c.summary, C.c.check_version, C.c.ok.label("check_ok"),
                      C.c.drills, _RENDERED)
            .join(club_lessons, club_lessons.c.id == R.c.lesson_id)
            .join(C, _checked(R.c.lesson_id, R.c.version), isouter=True)
            .where(R.c.state == "approved"))


def _approved_row(r: Any) -> Publication:
    return Publication(int(r.lesson_id), 0, int(r.version), 0, str(r.slug), str(r.title),
                       str(r.summary), "", r.check_version, r.check_ok, int(r.drills or 0),
                       bool(r.rendered))
