"""What an assignment asks for: its problems, its title and link, and a learner's state in it.

An assignment is data (:class:`tutor.classes.store.Assignment`); this module
turns it into the problem keys the progress aggregates use
(``lesson/<slug>/<drill>``, ``practice/<kind>/<level>/<seed>[@<rules>]``, for
a studio lesson published to the class ``club/<lesson>/<version>/<drill>``
(:mod:`tutor.classes.club`), and ``review/<id>`` for a position of an instructor's
reviewed game). A
practice set is ``count`` problems from seeds ``seed``, ``seed + 1``, … — the
seed is drawn once when the instructor assigns it, so every learner of the
class gets the same problems (:func:`engine.generate.generate` is pure) — under
the class's rule set: its keys name that rule set (:func:`tutor.practice.rules.key`),
so a problem of the set solved under other rules does not count.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Collection
from dataclasses import dataclass
from functools import cache

from flask import url_for

from engine.generate import KINDS, LEVELS
from engine.plural import count_word
from tutor import storage
from tutor.classes import club
from tutor.classes.dates import due_text, is_past
from tutor.classes.store import Assignment
from tutor.course.content import Lesson
from tutor.course.content import store as content_store
from tutor.course.drill_names import course_numbers, names_in
from tutor.drills import kinds, labels
from tutor.practice import rules
from tutor.progress.mistakes import LEVEL_NAMES, mistake_link, practice_link
from tutor.review import positions
from tutor.storage import review
from tutor.storage.aggregates import first_score
from tutor.storage.review import POSITION_KIND
from tutor.storage.stats import lesson_problem_key

NOT_STARTED, IN_PROGRESS, DONE = "not-started", "in-progress", "done"
STATE_NAMES = {NOT_STARTED: "не начато", IN_PROGRESS: "в работе", DONE: "сделано"}
OVERDUE = "просрочено"
MAX_SET = 30  # problems in one practice set
GONE_LESSON = "Урок убран из курса"


@dataclass(frozen=True)
class Progress:
    """One learner in one assignment: its state, how much is solved, whether it is late."""

    state: str
    solved: int  # on a first attempt
    total: int
    overdue: bool
    later: int = 0  # solved only on a later attempt («со 2-й попытки»)
    near: int = 0  # not solved on a first attempt, but the first attempt was a «почти»

    @property
    def name(self) -> str:
        return STATE_NAMES[self.state]

    @property
    def count(self) -> str:
        """«решено 3 из 19» (first attempts, a «почти» as half: «решено 2,5 из 19 (1 —
        «почти»)»), «, ещё 2 со 2-й попытки»; for one problem only the latter, when it applies.
        """
        more = f"ещё {self.later} со 2-й попытки" if self.later else ""
        if self.total <= 1:
            return ", ".join(x for x in ("«почти»" if self.near else "",
                                         "со 2-й попытки" if self.later else "") if x)
        near = f" ({self.near} — «почти»)" if self.near else ""
        return (f"решено {score_text(first_score(self.solved, self.near))} из {self.total}"
                + near + (f", {more}" if more else ""))

    @property
    def text(self) -> str:
        """The whole cell as words (the CSV's): «в работе · решено 3 из 19 · просрочено»."""
        return " · ".join(x for x in (self.name, self.count, OVERDUE if self.overdue else "") if x)


@dataclass(frozen=True)
class Work:
    """An assignment as shown: what it is, where it leads, which problems it is made of."""

    assignment: Assignment
    title: str
    url: str
    problems: tuple[str, ...]

    @property
    def due(self) -> str:
        return due_text(self.assignment.due_on)

    @property
    def time_zone(self) -> str:
        return self.assignment.time_zone

    def progress(self, solved: Collection[str], pending: Collection[str],
                 now: dt.datetime | None = None, later: Collection[str] = (),
                 near: Collection[str] = ()) -> Progress:
        """The learner's :class:`Progress`; late once the due day ended in the class's zone.

        ``later``: the solved problems solved only on a later attempt — the score
        counts first attempts and names these apart; ``near``: the pending ones
        whose first attempt was a «почти», half a problem each
        (:func:`tutor.storage.aggregates.first_score`).
        """
        state = self.state(solved, pending)
        late = state != DONE and is_past(self.assignment.due_on, self.time_zone, now)
        again = sum(1 for p in self.problems if p in solved and p in later)
        first = sum(1 for p in self.problems if p in solved) - again
        halves = sum(1 for p in self.problems
                     if p in near and (p not in solved or p in later))
        return Progress(state, first, len(self.problems), late, again, halves)

    def state(self, solved: Collection[str], pending: Collection[str]) -> str:
        """Done when every problem was answered right; in progress once any was tried."""
        if self.problems and all(p in solved for p in self.problems):
            return DONE
        if any(p in solved or p in pending for p in self.problems):
            return IN_PROGRESS
        return NOT_STARTED


def work(item: Assignment, numbers: dict[str, int] | None = None,
         published: club.Published | None = None) -> Work:
    """The :class:`Work` of an assignment (a lesson gone from the course keeps its slug).

    A drill gone from the course (removed, or retired under a new id) is named
    by its lesson, never by its id, and keeps its stored key as its problem: a
    learner who solved it before is still counted as done.

    A drill's target is its stored key without ``lesson/``: it follows the drill
    wherever it moved (:meth:`tutor.course.content.ContentStore.locate`); a
    lesson's target is its slug, which follows a renamed or split lesson to
    where it went (:meth:`~tutor.course.content.ContentStore.moved_to`).

    ``numbers`` (:func:`tutor.course.drill_names.course_numbers`) saves computing
    the lessons' numbers again for every assignment of a list; ``published``
    (:func:`tutor.classes.club.published`) has the class's studio lessons.
    """
    if item.kind == "club":
        studio = club.find(published or {}, item.class_id, item.target)
        if studio is None:
            return Work(item, club.GONE, url_for("lessons.index"), ())
        return Work(item, *club.work_parts(studio, item.target.partition("/")[2]))
    if item.kind == "practice":
        kind, _, level = item.target.partition("/")
        registry = kinds()
        title = (f"Практика: {registry[kind].title if kind in registry else kind} · "
                 f"{LEVEL_NAMES.get(level, level)} · "
                 f"{count_word(item.count, 'задача', 'задачи', 'задач')}")
        url = url_for("classes.practice_set", class_id=item.class_id, assignment_id=item.id)
        problems = tuple(rules.key(kind, level, item.seed + i, item.rules)
                         for i in range(item.count))
        return Work(item, title, url, problems)
    if item.kind == POSITION_KIND:
        return _position_work(item)
    slug, _, drill_id = item.target.partition("/")
    key = lesson_problem_key(slug, drill_id)
    found = content_store().locate(key) if item.kind == "drill" else None
    lesson = found[0] if found else _lesson(slug)
    number = (numbers if numbers is not None else course_numbers()).get(
        lesson.slug if lesson else slug)
    if lesson is None or number is None:  # named in words: its slug means nothing to a person
        return Work(item, GONE_LESSON, url_for("lessons.index"),
                    (key,) if item.kind == "drill" else ())
    if item.kind == "drill" and found:
        url = url_for("lessons.lesson", slug=lesson.slug, _anchor=f"drill-{found[1]}")
        return Work(item, str(names_in(lesson, number)[found[1]]), url, (key,))
    if item.kind == "drill":  # removed, or retired under a new id: its answers still count
        return Work(item, f"Урок {number} «{lesson.title}»: упражнение убрано из курса",
                    url_for("lessons.lesson", slug=lesson.slug), (key,))
    url = url_for("lessons.lesson", slug=lesson.slug)
    return Work(item, f"Урок {number} «{lesson.title}»", url,
                tuple(lesson.problem_keys.values()))


def _lesson(slug: str) -> Lesson | None:
    """The lesson with this slug, or the one a former slug's lesson became."""
    return content_store().get(slug) or content_store().moved_to(slug)


def _position_work(item: Assignment) -> Work:
    """A position of a reviewed game: one problem, ``review/<id>``, solved on its own page.

    It leads to the set's page like a practice set (the task, the learner's state
    in it, the result), so every assignment with tasks of its own is shown one way.
    """
    found = None
    if item.target.isascii() and item.target.isdigit() and len(item.target) <= 10:
        with storage.store().transaction() as conn:
            found = review.assigned_position(conn, int(item.target))
    if found is None:
        return Work(item, "Позиция из партии (удалена)", url_for("classes.index"), ())
    url = url_for("classes.practice_set", class_id=item.class_id, assignment_id=item.id)
    return Work(item, positions.link(found)[1], url, (positions.key(found.id),))


def parse_target(kind: str, target: str, count: int) -> str | None:
    """A Russian reason the assignment form is refused, or None.

    A studio lesson (``club``) is only checked for its shape here: the view
    checks that it is published to the class.
    """
    if kind == "club":
        return None if club.parse_target(target) else "Такого урока нет."
    if kind == "practice":
        drill_kind, _, level = target.partition("/")
        if drill_kind not in KINDS or level not in LEVELS or drill_kind not in kinds():
            return "Выберите вид упражнения и уровень из списка."
        if not 1 <= count <= MAX_SET:
            return f"В наборе может быть от 1 до {MAX_SET} задач."
        return None
    slug, _, drill_id = target.partition("/")
    if kind == "drill":
        if content_store().locate(lesson_problem_key(slug, drill_id)) is None:
            return "Такого упражнения в уроке нет."
        return None
    if drill_id or _lesson(slug) is None:
        return "Такого урока нет."
    return None


def problem_link(key: str, ruleset: str | None = None,
                 numbers: dict[str, int] | None = None,
                 published: club.Published | None = None,
                 class_id: int = 0) -> tuple[str, str] | None:
    """(url, label) of a problem key, or None when it no longer exists.

    A practice problem's link carries the rule set its key names (a class's set
    is solved under the class's rules, whichever class the learner joined
    last; a mistake reopens under the rules it was made under); ``ruleset``
    stands in for a plain key's default (a kind that keeps its own rules).
    A studio lesson's drill has a link in the class it is published to
    (``published``, ``class_id``).
    """
    if key.startswith("practice/"):
        return practice_link(key, ruleset)
    if key.startswith(positions.KEY_PREFIX):
        return positions.link_of(key)
    if club.is_club(key):
        return club.link(key, class_id, published or {})
    return mistake_link(key, numbers)  # a course drill, wherever it moved since


def score_text(score: float) -> str:
    """A first-attempt score as Russian writes it: «3», «2,5»."""
    return str(score).replace(".", ",")


_FIELD = re.compile(r"\{[^}]*\}")


@cache
def rule_messages() -> dict[str, str]:
    """Every diagnosis rule's message by its stored id (``<kind>.<name>``)."""
    return {f"{name}.{rule.name}": rule.message
            for name, kind in kinds().items() for rule in kind.diagnoses}


def rule_label(rule_id: str) -> str:
    """The short concept a stored rule id names: «временный фуритен»."""
    return labels.label(rule_id) or "другая ошибка"


def rule_sentence(rule_id: str) -> str:
    """The rule's whole message, its particulars left out: the label's «подробнее»."""
    message = rule_messages().get(rule_id, "")
    return " ".join(_FIELD.sub("…", message).split())
