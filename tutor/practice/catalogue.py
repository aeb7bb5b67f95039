"""The practice index as the course teaches it: kinds grouped by the lesson that teaches them.

A practice kind is taught by the first course lesson that has a drill of that
kind; the index groups the kinds under those lessons in course order (a kind
no lesson uses yet comes last, under «Другие упражнения»), links each to its
lesson, and shows the learner's first-attempt accuracy on it. «Вперемешку»
mixes the kinds whose lesson the learner has started (a drill of it solved);
before any, the kinds of the first lesson that teaches one.

Bounded reads: the course is in memory (:mod:`tutor.course.content`); the
learner's figures are one read of the per-kind aggregates (a row per kind,
``aggregates.KINDS_READ`` at most) and the solved lesson drills
(``aggregates.SOLVED_READ`` at most) — never the history.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.generate import KINDS
from tutor.course.content import Lesson
from tutor.course.content import store as content_store
from tutor.course.identity import lesson_drills
from tutor.drills import kinds
from tutor.drills.labels import skill_name
from tutor.storage.path import solved_drills
from tutor.storage.progress import KindTotals, Summary

OTHERS = "Другие упражнения"


@dataclass(frozen=True)
class Card:
    """One practice kind as the index shows it."""

    kind: str
    title: str  # the kind's question, «Найдите ожидание»
    skill: str  # what it trains, «Ожидания»
    totals: KindTotals | None  # the learner's first attempts, or None before any

    @property
    def accuracy(self) -> int | None:
        """Per cent right at the first attempt («почти» as half); None before any answer."""
        if self.totals is None or not self.totals.total:
            return None
        return round(100 * self.totals.score / self.totals.total)


@dataclass
class Group:
    """The kinds one lesson teaches (``lesson`` None: no lesson teaches them)."""

    number: int | None
    lesson: Lesson | None
    cards: list[Card] = field(default_factory=list)

    @property
    def heading(self) -> str:
        if self.lesson is None:
            return OTHERS
        return f"Урок {self.number} «{self.lesson.title}»"


def teaching_lessons() -> dict[str, tuple[int, Lesson]]:
    """Each drill kind's first lesson in the course (its number and the lesson)."""
    found: dict[str, tuple[int, Lesson]] = {}
    for number, lesson in enumerate(content_store().lessons(), start=1):
        for drill in lesson.drills.values():
            found.setdefault(drill.kind.name, (number, lesson))
    return found


def groups(summary: Summary | None) -> list[Group]:
    """The practice kinds grouped by their teaching lesson, in course order."""
    registry = kinds()
    taught = teaching_lessons()
    totals = {k.kind: k for k in summary.kinds} if summary else {}
    by_lesson: dict[int | None, Group] = {}
    for kind in KINDS:
        if kind not in registry:
            continue
        number, lesson = taught.get(kind, (None, None))
        group = by_lesson.setdefault(number, Group(number, lesson))
        title = registry[kind].title
        group.cards.append(Card(kind, title, skill_name(kind, title), totals.get(kind)))
    return sorted(by_lesson.values(), key=lambda g: (g.number is None, g.number or 0))


def mixed_kinds(solved: frozenset[str]) -> list[str]:
    """The practice kinds whose teaching lesson the learner has started (a drill solved).

    None started: the kinds of the earliest lesson that teaches any, so «вперемешку»
    always has something to mix.
    """
    taught = teaching_lessons()
    practised = [k for k in KINDS if k in kinds() and k in taught]
    started = [k for k in practised if solved_drills(lesson_drills(taught[k][1]), solved)]
    if started:
        return started
    first = min((taught[k][0] for k in practised), default=None)
    return [k for k in practised if taught[k][0] == first]
