"""Checks that keep learners' progress attached to its drills when the course changes.

Each drill's answers are stored under one key, ``lesson/<slug>/<drill id>`` of
the place it was first published (:func:`tutor.storage.path.drill_key`): a
drill moved to another lesson says ``moved_from: old-slug`` (or
``old-slug/old-id``) in its block, a lesson renamed as a whole says
``moved_from: [old-slug]`` in its front matter. Lesson numbers and file names
can change freely. So that no learner's progress, pending mistakes or class
assignments are orphaned:

- ``published-slugs.txt`` in the content directory lists the slugs learners'
  progress may be stored under (``flask content new`` adds each new lesson's);
  a listed slug that is neither a lesson's ``slug``, nor in some lesson's
  ``moved_from``, nor the first place of some moved drill is an error at its
  line, and a lesson whose slug is not listed is an error too (its answers
  would not be protected);
- a drill's ``moved_from`` must name a published slug (a typo would start
  everyone's progress on it from zero);
- one stored key must mean one drill: two drills claiming the same key (a
  split that kept the same id on both sides), or a lesson naming its own
  slug, is an error.

A drill that leaves the course — removed, or retired under a new id because
its answer changed — leaves its answers under its key, and its learners'
pending mistakes are retired (:mod:`tutor.course.regrade`). ``retired-drills.txt``
lists such keys (``slug/id``) so that no later drill takes one over: a drill
claiming a listed key (its own id, or a ``moved_from`` naming it) would have
the old drill's answers counted as its own and its pending mistakes graded by
its new answer, the opposite one for a drill retired because its answer
changed. That drill is an error at its line, as is a listed key of a slug that
was never published (a typo protects nothing).

A duplicate drill id inside one lesson is already an error where the drill
block is read (:mod:`tutor.course.markdown.drills`).
"""

from __future__ import annotations

from pathlib import Path

from tutor.course.content import Lesson
from tutor.course.problems import Problem
from tutor.storage.path import LessonDrills

PUBLISHED_FILE = "published-slugs.txt"
RETIRED_FILE = "retired-drills.txt"


def lesson_drills(lesson: Lesson) -> LessonDrills:
    """The part of a lesson the progress queries need."""
    ids = tuple(lesson.drills)
    return LessonDrills(lesson.slug, ids, tuple(lesson.problem_keys[d] for d in ids))


def key_problems(lessons: list[Lesson]) -> list[Problem]:
    """Two drills that one stored progress key would both claim, and self-references."""
    found = []
    owner: dict[str, tuple[Lesson, str]] = {}
    for lesson in lessons:
        if lesson.slug in lesson.moved_from:
            found.append(Problem(lesson.file, 1, f"Поле «moved_from» называет собственный slug "
                                                 f"урока «{lesson.slug}»: уберите его."))
        for drill_id, drill in lesson.drills.items():
            key = lesson.problem_keys[drill_id]
            first = owner.setdefault(key, (lesson, drill_id))
            if first == (lesson, drill_id):
                continue
            where = "здесь же" if first[0] is lesson else f"в уроке {first[0].file}"
            found.append(Problem(lesson.file, drill.line, (
                f"Упражнение «{drill_id}»: прогресс «{key}» засчитался бы и здесь, и {where} "
                f"(упражнение «{first[1]}», через moved_from). Дайте одному из них другой id."
            )))
    return found


def _published(path: Path) -> list[tuple[int, str]]:
    """``(line, slug)`` of each slug in ``published-slugs.txt``."""
    found = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        slug = line.split("#", 1)[0].strip()
        if slug:
            found.append((number, slug))
    return found


def published_problems(content_dir: Path, lessons: list[Lesson], file: str) -> list[Problem]:
    """Each published slug still leads to drills; each lesson and drill origin is published."""
    path = content_dir / PUBLISHED_FILE
    if not path.is_file():
        return []
    listed = _published(path)
    slugs = {slug for _, slug in listed}
    known = {lesson.slug for lesson in lessons}
    known.update(slug for lesson in lessons for slug in lesson.moved_from)
    known.update(key.split("/")[1] for lesson in lessons for key in lesson.problem_keys.values())
    found = [Problem(file, number, (
        f"Урока со slug «{slug}» больше нет: прогресс учеников по нему потеряется. "
        f"Верните slug или добавьте «moved_from: [{slug}]» в шапку урока, "
        "куда перешли его упражнения."
    )) for number, slug in listed if slug not in known]
    for lesson in lessons:
        if lesson.slug not in slugs and not set(lesson.moved_from) & slugs:
            found.append(Problem(lesson.file, 1, (
                f"Slug урока «{lesson.slug}» не записан в {PUBLISHED_FILE}: допишите его "
                "туда (так делает «flask content new»), чтобы прогресс учеников по уроку "
                "не потерялся при переименовании."
            )))
        for drill_id, drill in lesson.drills.items():
            origin = drill.params.get("moved_from")
            if origin and origin.split("/")[0] not in slugs:
                found.append(Problem(lesson.file, drill.line, (
                    f"Упражнение «{drill_id}»: moved_from «{origin}» — такого slug нет в "
                    f"{PUBLISHED_FILE}. Укажите slug урока, где упражнение было "
                    "опубликовано впервые."
                )))
    return found


def retired_problems(content_dir: Path, lessons: list[Lesson], file: str) -> list[Problem]:
    """A drill claiming a retired key, and a retired key that cannot be one."""
    path = content_dir / RETIRED_FILE
    if not path.is_file():
        return []
    listed = _published(path)  # the same format: one entry a line, «#» comments
    published = content_dir / PUBLISHED_FILE
    slugs = {slug for _, slug in _published(published)} if published.is_file() else set()
    found = [Problem(file, number, (
        f"«{key}» — не ключ упражнения: пишите «slug/id» с опубликованным slug урока "
        f"(из {PUBLISHED_FILE}), где упражнение было опубликовано впервые."
    )) for number, key in listed
        if key.count("/") != 1 or (slugs and key.split("/")[0] not in slugs)]
    retired = {key for _, key in listed}
    for lesson in lessons:
        for drill_id, drill in lesson.drills.items():
            key = lesson.problem_keys[drill_id].removeprefix("lesson/")
            if key in retired:
                found.append(Problem(lesson.file, drill.line, (
                    f"Упражнение «{drill_id}»: ключ «{key}» снят с курса ({RETIRED_FILE}). "
                    "Ответы учеников под ним относятся к прежнему упражнению, и его ответ "
                    "мог быть другим: дайте упражнению новый id (или уберите moved_from)."
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
