"""A class's studio lessons as its pages track them: assignments, solved drills, mistakes.

A studio lesson published to a class is part of the class: the instructor
assigns it like a course lesson, and the dashboard, the learner page and the
CSV show it (:func:`tutor.storage.studio.class_lessons` reads them, with the
drills the published version's stored rendering names). Its problems are the
drills of the version published to the class
(``club/<lesson>/<version>/<drill>``, :func:`tutor.storage.stats.club_problem_key`):

- a drill solved in an earlier version of the lesson stays solved when the
  instructor republishes it (:func:`solved_now`: by the drill's id), so
  fixing a typo does not undo the class's work;
- a mistake counts while it was made in the version the class has now
  (:func:`current`): an older version can no longer be answered, so its
  mistake cannot be repeated, and a lesson of another class is not this
  class's business.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import sqlalchemy as sa
from flask import url_for
from sqlalchemy.engine import Connection

from tutor.storage.stats import club_problem_key, parse_club_key
from tutor.storage.studio import ClassLesson, class_lessons

Published = Mapping[tuple[int, int], ClassLesson]  # by (class id, lesson id)
GONE = "Урок класса (снят с публикации)"


def published(conn: Connection, class_ids: list[int]) -> dict[tuple[int, int], ClassLesson]:
    """The studio lessons of these classes, by (class id, lesson id)."""
    return {(p.class_id, p.lesson_id): p for p in class_lessons(conn, class_ids)}


def title(lesson: ClassLesson) -> str:
    return f"Урок класса «{lesson.title}»"


def url(lesson: ClassLesson) -> str:
    return url_for("club.class_lesson", class_id=lesson.class_id, slug=lesson.slug)


def problems(lesson: ClassLesson) -> tuple[str, ...]:
    """The problem keys of the version published to the class, in the lesson's order."""
    return tuple(club_problem_key(lesson.lesson_id, lesson.version, drill_id)
                 for drill_id, _, _ in lesson.drills)


def is_club(key: str) -> bool:
    return key.startswith("club/")


def answered_in(column: sa.ColumnElement[str], club: Published) -> sa.ColumnElement[bool]:
    """Keys of any version of these lessons (a range of the learner's index per lesson)."""
    lesson_ids = sorted({lesson_id for _, lesson_id in club})
    return sa.or_(sa.false(), *(column.startswith(f"club/{lesson_id}/", autoescape=True)
                                for lesson_id in lesson_ids))


def solved_now(keys: Iterable[str], club: Published) -> set[str]:
    """Solved drills of any version, as the keys of the versions published now."""
    drills_now: dict[int, list[tuple[int, set[str]]]] = {}
    for lesson in club.values():
        ids = {drill_id for drill_id, _, _ in lesson.drills}
        drills_now.setdefault(lesson.lesson_id, []).append((lesson.version, ids))
    found = set()
    for key in keys:
        parsed = parse_club_key(key)
        if parsed is None:
            continue
        for version, ids in drills_now.get(parsed.lesson_id, ()):
            if parsed.drill_id in ids:
                found.add(club_problem_key(parsed.lesson_id, version, parsed.drill_id))
    return found


def current(key: str, class_id: int, club: Published) -> bool:
    """A key the class tracks: not a studio lesson's, or a drill of the version it has now."""
    if not is_club(key):
        return True
    parsed = parse_club_key(key)
    lesson = club.get((class_id, parsed.lesson_id)) if parsed else None
    return lesson is not None and parsed is not None and parsed.version == lesson.version and \
        any(drill_id == parsed.drill_id for drill_id, _, _ in lesson.drills)


def link(key: str, class_id: int, club: Published) -> tuple[str, str] | None:
    """(url, «Урок класса «…», упр. 2: Найдите ожидание…») of a drill the class tracks."""
    parsed = parse_club_key(key)
    lesson = club.get((class_id, parsed.lesson_id)) if parsed else None
    if parsed is None or lesson is None or parsed.version != lesson.version:
        return None
    for number, (drill_id, _, question) in enumerate(lesson.drills, start=1):
        if drill_id == parsed.drill_id:
            return (url_for("club.class_lesson", class_id=class_id, slug=lesson.slug,
                            _anchor=f"drill-{drill_id}"),
                    f"{title(lesson)}, упр. {number}: {question}")
    return None
