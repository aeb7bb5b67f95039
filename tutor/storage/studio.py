"""The club lessons tables: lessons instructors write in ``/studio``.

A lesson (``club_lessons``) belongs to one instructor account (``owner_id``);
every query of :mod:`tutor.studio.store` filters by it (an admin may open any),
so a guessed id finds nothing. Each save adds an immutable row to
``club_lesson_versions`` (who, when, the whole Markdown source); a version's
content check results live in ``club_checks``, one row per *check version*
(:mod:`tutor.studio.check`) it was made under: a lesson published before the
engine or the checks changed is checked again on first use, and during a
rolling deploy each app server reads the result of its own check version and
never overwrites the other's (at most :data:`CHECKS_KEPT` check versions are
kept per version, the oldest go). A passing check also keeps the version
rendered for learners (``html``: the sanitised body with an empty slot where
each drill goes; ``drill_list``: each drill's id, kind and question), so a
published lesson is rendered once, not in every app process after each start.

A publication puts one version of a lesson into one class's course map at a
position; ``slug`` is copied into it so that ``/classes/<id>/lessons/<slug>``
is one indexed lookup and two lessons of a class can never share an address.
A request to publish to everyone waits in ``club_requests`` for an admin.

Schema (migration 9, after the answer budget's; ``club_checks`` is migration 10,
and the ``check_*`` and ``drills`` columns of ``club_lesson_versions`` are no
longer read since)::

    club_lessons(id PK, owner_id, slug VARCHAR(40), title VARCHAR(120), summary VARCHAR(300),
                 created_at FLOAT, updated_at FLOAT, latest INTEGER)
    club_lesson_versions(lesson_id, version, author_id, created_at, source TEXT,
                         check_version VARCHAR(64), check_ok BOOLEAN,
                         check_problems TEXT, drills INTEGER)  -- PK (lesson_id, version)
    club_publications(lesson_id, class_id, version, position, slug, published_at)
                         -- PK (lesson_id, class_id), UNIQUE (class_id, slug)
    club_requests(lesson_id PK, version, state VARCHAR(12), requested_at,
                  decided_by, decided_at)                 -- state: pending | approved
    club_checks(lesson_id, version, check_version VARCHAR(64), ok BOOLEAN, problems TEXT,
                drills INTEGER, checked_at FLOAT,  -- PK (lesson_id, version, check_version)
                html TEXT, drill_list TEXT)        -- migration 14: the version rendered
"""

from __future__ import annotations

import json
from dataclasses import dataclass

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from tutor.storage.classes import add_column

metadata = sa.MetaData()
checks_metadata = sa.MetaData()
CHECKS_KEPT = 3  # check versions whose results are kept per lesson version

club_lessons = sa.Table(
    "club_lessons", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("owner_id", sa.Integer, nullable=False, index=True),
    sa.Column("slug", sa.String(40), nullable=False),
    sa.Column("title", sa.String(120), nullable=False),
    sa.Column("summary", sa.String(300), nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("updated_at", sa.Float, nullable=False),
    sa.Column("latest", sa.Integer, nullable=False),
    sqlite_autoincrement=True,  # ids are never given out again (migrations)
)

club_lesson_versions = sa.Table(
    "club_lesson_versions", metadata,
    sa.Column("lesson_id", sa.Integer, primary_key=True),
    sa.Column("version", sa.Integer, primary_key=True),
    sa.Column("author_id", sa.Integer, nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("source", sa.Text, nullable=False),
    sa.Column("check_version", sa.String(64)),
    sa.Column("check_ok", sa.Boolean),
    sa.Column("check_problems", sa.Text),
    sa.Column("drills", sa.Integer),
)

club_publications = sa.Table(
    "club_publications", metadata,
    sa.Column("lesson_id", sa.Integer, primary_key=True),
    sa.Column("class_id", sa.Integer, primary_key=True),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("position", sa.Integer, nullable=False),
    sa.Column("slug", sa.String(40), nullable=False),
    sa.Column("published_at", sa.Float, nullable=False),
    sa.UniqueConstraint("class_id", "slug", name="uq_club_publications_class_slug"),
)

club_requests = sa.Table(
    "club_requests", metadata,
    sa.Column("lesson_id", sa.Integer, primary_key=True),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("state", sa.String(12), nullable=False, index=True),
    sa.Column("requested_at", sa.Float, nullable=False),
    sa.Column("decided_by", sa.Integer),
    sa.Column("decided_at", sa.Float),
)

club_checks = sa.Table(
    "club_checks", checks_metadata,
    sa.Column("lesson_id", sa.Integer, primary_key=True),
    sa.Column("version", sa.Integer, primary_key=True),
    sa.Column("check_version", sa.String(64), primary_key=True),
    sa.Column("ok", sa.Boolean, nullable=False),
    sa.Column("problems", sa.Text, nullable=False),
    sa.Column("drills", sa.Integer, nullable=False),
    sa.Column("checked_at", sa.Float, nullable=False),
    sa.Column("html", sa.Text),  # migration 14: the body as learners see it, drill slots in it
    sa.Column("drill_list", sa.Text),  # migration 14: JSON [[drill id, kind, question], …]
)


def migrate(conn: Connection) -> None:
    """The migration step: create the club lessons tables."""
    metadata.create_all(conn, checkfirst=True)


def migrate_checks(conn: Connection) -> None:
    """Migration 10: check results keyed by check version (the rolling deploy's flip-flop)."""
    checks_metadata.create_all(conn, checkfirst=True)


def migrate_renders(conn: Connection) -> None:
    """Migration 14: a passing check keeps the version rendered (``html``, ``drill_list``).

    A version published before has neither until its first use, which renders
    and stores it once (:mod:`tutor.studio.published`).
    """
    add_column(conn, club_checks, "html")
    add_column(conn, club_checks, "drill_list")


# -- what a class sees of its studio lessons --------------------------------------------

PUBLISHED_READ = 100  # studio lessons read per class (the studio publishes at most so many)


@dataclass(frozen=True)
class ClassLesson:
    """A studio lesson published to a class, as the class's pages track it.

    ``drills`` are the published version's (id, kind, question), as its
    rendering stored them; empty until the version was rendered once
    (a version published before migration 14, before anyone opened it).
    """

    lesson_id: int
    class_id: int
    slug: str
    title: str
    version: int
    drills: tuple[tuple[str, str, str], ...]


def class_lessons(conn: Connection, class_ids: list[int]) -> list[ClassLesson]:
    """The studio lessons published to these classes, by class and place (two bounded queries).

    A version's drills come from its newest stored rendering, whichever
    check version made it: the drills of a version do not change with the checks.
    """
    if not class_ids:
        return []
    P = club_publications
    rows = conn.execute(
        sa.select(P.c.lesson_id, P.c.class_id, P.c.slug, P.c.version, club_lessons.c.title)
        .join(club_lessons, club_lessons.c.id == P.c.lesson_id)
        .where(P.c.class_id.in_(class_ids))
        .order_by(P.c.class_id, P.c.position, P.c.published_at)
        .limit(PUBLISHED_READ * len(class_ids))).all()
    pairs = sorted({(int(r.lesson_id), int(r.version)) for r in rows})
    drills: dict[tuple[int, int], tuple[tuple[str, str, str], ...]] = {}
    if pairs:
        C = club_checks
        found = conn.execute(
            sa.select(C.c.lesson_id, C.c.version, C.c.drill_list)
            .where(sa.tuple_(C.c.lesson_id, C.c.version).in_(pairs),
                   C.c.drill_list.is_not(None))
            .order_by(C.c.checked_at.desc()))
        for lesson_id, version, text in found:
            drills.setdefault((int(lesson_id), int(version)), _drill_list(text))
    return [ClassLesson(int(r.lesson_id), int(r.class_id), str(r.slug), str(r.title),
                        int(r.version), drills.get((int(r.lesson_id), int(r.version)), ()))
            for r in rows]


def _drill_list(text: str) -> tuple[tuple[str, str, str], ...]:
    try:
        return tuple((str(d), str(k), str(q)) for d, k, q in json.loads(text))
    except (ValueError, TypeError):
        return ()


def newest_published(conn: Connection, lesson_ids: list[int]) -> dict[int, int]:
    """Each of these lessons' newest version published to any class (one grouped query).

    What a pending mistake of an older version is graded against again
    (:mod:`tutor.course.regrade`); a lesson published nowhere is absent.
    """
    if not lesson_ids:
        return {}
    P = club_publications
    rows = conn.execute(sa.select(P.c.lesson_id, sa.func.max(P.c.version))
                        .where(P.c.lesson_id.in_(sorted(set(lesson_ids))))
                        .group_by(P.c.lesson_id))
    return {int(lesson_id): int(version) for lesson_id, version in rows}


def source_of(conn: Connection, lesson_id: int, number: int) -> str | None:
    """One version's Markdown (one primary-key row)."""
    V = club_lesson_versions
    found = conn.execute(sa.select(V.c.source).where(
        V.c.lesson_id == lesson_id, V.c.version == number)).scalar()
    return None if found is None else str(found)
