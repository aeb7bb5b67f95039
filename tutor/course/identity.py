"""Checks that keep learners' progress attached to its drills when the course changes.

Progress is stored under ``lesson/<slug>/<drill id>`` (:mod:`tutor.storage.path`).
Lesson numbers and file names can change freely; a slug cannot vanish without
orphaning every answer stored under it. So:

- ``published-slugs.txt`` in the content directory lists the slugs learners'
  progress may be stored under (``flask content new`` adds each new lesson's);
  a listed slug that is neither a lesson's ``slug`` nor in some lesson's
  ``moved_from`` is an error at its line;
- one stored key must mean one drill: a drill id that appears both in a lesson
  and in a lesson that lists that lesson's slug in ``moved_from`` (a split that
  kept the same id on both sides), or a lesson naming its own slug, is an error.

A duplicate drill id inside one lesson is already an error where the drill
block is read (:mod:`tutor.course.markdown.drills`).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from tutor.course.problems import Problem
from tutor.storage.path import LessonDrills, drill_keys

if TYPE_CHECKING:
    from tutor.course.content import Lesson

PUBLISHED_FILE = "published-slugs.txt"


def lesson_drills(lesson: Lesson) -> LessonDrills:
    """The part of a lesson the progress queries need."""
    return LessonDrills(lesson.slug, tuple(lesson.drills), lesson.moved_from)


def key_problems(lessons: list[Lesson]) -> list[Problem]:
    """Two drills that one stored progress key would both claim, and self-references."""
    found = []
    owner: dict[str, tuple[Lesson, str]] = {}
    for lesson in lessons:
        if lesson.slug in lesson.moved_from:
            found.append(Problem(lesson.file, 1, f"Поле «moved_from» называет собственный slug "
                                                 f"урока «{lesson.slug}»: уберите его."))
        path = lesson_drills(lesson)
        for drill_id, drill in lesson.drills.items():
            for key in drill_keys(path, drill_id):
                first = owner.setdefault(key, (lesson, drill_id))
                if first[0] is not lesson:
                    found.append(Problem(lesson.file, drill.line, (
                        f"Упражнение «{drill_id}»: прогресс «{key}» засчитался бы и здесь, и в "
                        f"уроке {first[0].file} (через moved_from). Дайте одному из них другой id."
                    )))
    return found


def published_problems(content_dir: Path, lessons: list[Lesson], file: str) -> list[Problem]:
    """Each slug of ``published-slugs.txt`` must still lead to a lesson (its slug or moved_from)."""
    path = content_dir / PUBLISHED_FILE
    if not path.is_file():
        return []
    known = {lesson.slug for lesson in lessons}
    known.update(slug for lesson in lessons for slug in lesson.moved_from)
    found = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        slug = line.split("#", 1)[0].strip()
        if slug and slug not in known:
            found.append(Problem(file, number, (
                f"Урока со slug «{slug}» больше нет: прогресс учеников по нему потеряется. "
                f"Верните slug или добавьте «moved_from: [{slug}]» в шапку урока, "
                "куда перешли его упражнения."
            )))
    return found


def publish(content_dir: Path, slug: str) -> None:
    """Add a new lesson's slug to ``published-slugs.txt`` (``flask content new``)."""
    path = content_dir / PUBLISHED_FILE
    if not path.is_file():
        return
    text = path.read_text(encoding="utf-8")
    if slug in (line.split("#", 1)[0].strip() for line in text.splitlines()):
        return
    path.write_text(text + ("" if text.endswith("\n") or not text else "\n") + slug + "\n",
                    encoding="utf-8")
