"""A class's studio lessons as its pages track them: assignments, solved drills, mistakes.

A studio lesson published to a class is part of the class: the instructor
assigns it, or one of its drills, like a course lesson (an assignment of
kind ``club``, target ``<lesson id>`` or ``<lesson id>/<drill>``), and the
dashboard, the learner page and the CSV show it
(:func:`tutor.storage.studio.class_lessons` reads them, with the drills the
published version's stored rendering names). Its problems are the
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

import re
from collections.abc import Iterable, Mapping

import sqlalchemy as sa
from flask import url_for
from sqlalchemy.engine import Connection

from tutor.storage.stats import club_problem_key, parse_club_key
from tutor.storage.studio import ClassLesson, class_lessons

Published = Mapping[tuple[int, int], ClassLesson]  # by (class id, lesson id)
GONE = "Урок класса (снят с публикации)"
DRILL_ID = re.compile(r"[a-z0-9-]{1,180}")


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


def parse_target(target: str) -> tuple[int, str] | None:
    """An assignment's target: ``<lesson id>`` (the lesson) or ``<lesson id>/<drill>``."""
    lesson, _, drill_id = target.partition("/")
    if not (lesson.isascii() and lesson.isdigit() and len(lesson) < 10):
        return None
    if "/" in target and not DRILL_ID.fullmatch(drill_id):
        return None
    return int(lesson), drill_id


def find(published: Published, class_id: int, target: str) -> ClassLesson | None:
    """The studio lesson an assignment's target names in this class, or None."""
    parsed = parse_target(target)
    return published.get((class_id, parsed[0])) if parsed else None


def drill_names(lesson: ClassLesson) -> dict[str, str]:
    """«упр. 2: Найдите ожидание…» of each drill, in the lesson's order."""
    return {drill_id: f"упр. {number}: {question}"
            for number, (drill_id, _, question) in enumerate(lesson.drills, start=1)}


def work_parts(lesson: ClassLesson, drill_id: str) -> tuple[str, str, tuple[str, ...]]:
    """(title, url, problems) of the lesson, or of one drill of it («…: упражнение убрано»)."""
    if not drill_id:
        return title(lesson), url(lesson), problems(lesson)
    name = drill_names(lesson).get(drill_id)
    if name is None:
        return f"{title(lesson)}: упражнение убрано", url(lesson), ()
    return (f"{title(lesson)}, {name}",
            url_for("club.class_lesson", class_id=lesson.class_id, slug=lesson.slug,
                    _anchor=f"drill-{drill_id}"),
            (club_problem_key(lesson.lesson_id, lesson.version, drill_id),))


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
    if parsed is None or lesson is None or parsed.version != lesson.version:
        return False
    return any(drill_id == parsed.drill_id for drill_id, _, _ in lesson.drills)


def link(key: str, class_id: int, club: Published) -> tuple[str, str] | None:
    """(url, «Урок класса «…», упр. 2: Найдите ожидание…») of a drill the class tracks."""
    parsed = parse_club_key(key)
    lesson = club.get((class_id, parsed.lesson_id)) if parsed else None
    if parsed is None or lesson is None or parsed.version != lesson.version:
        return None
    found_title, found_url, found = work_parts(lesson, parsed.drill_id)
    return (found_url, found_title) if found else None
