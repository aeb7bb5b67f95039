"""The thread a learner follows: «Продолжить», «решено N из M», solved marks.

Template globals for the course pages (which sit a floor below and cannot
import this package; :func:`tutor.template_helpers` registers them):
:func:`lesson_state` for the course map,
:func:`lesson_progress` for a lesson's header and its drills' marks,
:func:`continue_point` for the home page. Each request reads the learner's
solved drills once — one query on the aggregates, bounded by the number of
drills in the course (:meth:`ProgressStore.solved_lessons`) — and every figure
comes from the content store as it stands, so a lesson added or renumbered by
an instructor changes «урок N из M» without any code. Keys follow a drill's
stable identity and its lesson's former slugs (:mod:`tutor.storage.path`).
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import g, url_for

from engine.plural import count_word
from tutor import storage
from tutor.accounts.current import learner_id
from tutor.course.content import Lesson
from tutor.course.content import store as content_store
from tutor.course.identity import lesson_drills
from tutor.storage.errors import StorageError
from tutor.storage.path import first_unsolved, solved_drills


@dataclass(frozen=True)
class LessonProgress:
    """One lesson for this learner: the ids solved and the figure the header shows."""

    solved: frozenset[str]
    total: int

    @property
    def label(self) -> str:
        """«решено 7 из 19 упражнений» (genitive after «из»: «из 21 упражнения»)."""
        of = count_word(self.total, "упражнения", "упражнений", "упражнений")
        return f"решено {len(self.solved)} из {of}"


@dataclass(frozen=True)
class ContinueLink:
    """«Продолжить: урок 14, упражнение 3» and where it leads."""

    lesson_number: int
    drill_number: int
    title: str
    url: str

    @property
    def label(self) -> str:
        return f"Продолжить: урок {self.lesson_number}, упражнение {self.drill_number}"


def _solved() -> frozenset[str] | None:
    """The lesson drills solved, read once per request; None when the store is down."""
    if "tempai_solved" not in g:
        try:
            g.tempai_solved = storage.store().solved_lessons(learner_id())
        except StorageError:
            g.tempai_solved = None
    solved: frozenset[str] | None = g.tempai_solved
    return solved


def lesson_progress(lesson: Lesson) -> LessonProgress | None:
    """This learner's solved drills of ``lesson``; None when unknown or the lesson has none."""
    solved = _solved()
    if solved is None or not lesson.drills:
        return None
    return LessonProgress(solved_drills(lesson_drills(lesson), solved), len(lesson.drills))


def lesson_state(lesson: Lesson) -> str | None:
    """``done`` / ``started`` / ``new`` for the course map; None when unknown."""
    found = lesson_progress(lesson)
    if found is None:
        return None
    if len(found.solved) == found.total:
        return "done"
    return "started" if found.solved else "new"


def continue_point() -> ContinueLink | None:
    """The first unsolved drill where a returning learner left off; None for a new one."""
    solved = _solved()
    if not solved:
        return None
    lessons = content_store().lessons()
    point = first_unsolved([lesson_drills(lesson) for lesson in lessons], solved)
    if point is None:
        return None
    lesson = lessons[point.lesson_number - 1]
    url = url_for("lessons.lesson", slug=lesson.slug, _anchor=f"drill-{point.drill_id}")
    return ContinueLink(point.lesson_number, point.drill_number, lesson.title, url)

