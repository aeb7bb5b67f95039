"""Progress figures (pure functions): from the stored aggregates, or from a hand-made history.

Kept apart from storage so the figures are the same whatever the database.
Pages use :func:`totals_stats` on the aggregates (a kind's totals and its
latest ``aggregates.MARKS`` answers); the history functions are the reference
the aggregates are tested against.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.rules.sets import DEFAULT_RULESET, RULESETS
from tutor.storage.progress import Answer, KindTotals

RECENT = 20


@dataclass(frozen=True)
class KindStats:
    """How a learner does on one drill kind."""

    kind: str
    total: int
    correct: int
    recent_total: int
    recent_correct: int
    streak: int  # correct answers in a row, ending with the latest one
    series: tuple[float, ...]  # running accuracy after each answer window, for the chart

    @property
    def accuracy(self) -> float:
        return self.correct / self.total if self.total else 0.0

    @property
    def recent_accuracy(self) -> float:
        return self.recent_correct / self.recent_total if self.recent_total else 0.0


def kind_stats(history: Sequence[Answer], points: int = 20) -> list[KindStats]:
    """Per drill kind, in order of first appearance."""
    by_kind: dict[str, list[bool]] = {}
    for answer in history:
        by_kind.setdefault(answer.kind, []).append(answer.correct)
    return [_stats(kind, marks, points) for kind, marks in by_kind.items()]


def totals_stats(totals: KindTotals, points: int = 20) -> KindStats:
    """The figures of one aggregate row; the chart covers its kept marks (the latest answers)."""
    marks = totals.marks
    recent = marks[-RECENT:]
    return KindStats(totals.kind, totals.total, totals.correct, len(recent), recent.count("1"),
                     totals.streak, marks_series(marks, points))


def marks_series(marks: str, points: int = 20) -> tuple[float, ...]:
    """:func:`accuracy_series` of a marks string ('1' right, '0' wrong), without a list of bools.

    Each sampled point counts the '1's of its window (at most ``RECENT``
    characters), so a chart costs ``points`` × ``RECENT`` character tests
    however many marks are kept.

    >>> marks_series("0111", points=4) == accuracy_series([False, True, True, True], points=4)
    True
    """
    count = len(marks)
    if not count:
        return ()
    window = max(1, min(RECENT, count))
    if count <= points:
        picked: Iterable[int] = range(count)
    else:
        step = (count - 1) / (points - 1)
        picked = [round(i * step) for i in range(points)]
    return tuple(marks.count("1", max(0, i + 1 - window), i + 1) / min(i + 1, window)
                 for i in picked)


def _stats(kind: str, marks: list[bool], points: int) -> KindStats:
    recent = marks[-RECENT:]
    streak = 0
    for mark in reversed(marks):
        if not mark:
            break
        streak += 1
    return KindStats(kind, len(marks), sum(marks), len(recent), sum(recent), streak,
                     accuracy_series(marks, points))


def accuracy_series(marks: Sequence[bool], points: int = 20) -> tuple[float, ...]:
    """Accuracy over a sliding window of recent answers, sampled to at most ``points`` values.

    >>> accuracy_series([False, True, True, True], points=4)
    (0.0, 0.5, 0.6666666666666666, 0.75)
    """
    if not marks:
        return ()
    window = max(1, min(RECENT, len(marks)))
    # right answers among the first n: each point is one subtraction, only sampled points
    right = [0, *itertools.accumulate(map(int, marks))]
    count = len(marks)
    if count <= points:
        picked: Iterable[int] = range(count)
    else:
        step = (count - 1) / (points - 1)
        picked = (round(i * step) for i in range(points))
    return tuple((right[i + 1] - right[max(0, i + 1 - window)]) / min(i + 1, window)
                 for i in picked)


def solved_problems(history: Iterable[Answer]) -> set[str]:
    """Problems answered correctly at least once."""
    return {a.problem for a in history if a.correct}


def pending_mistakes(history: Sequence[Answer], source: str | None = "practice") -> list[str]:
    """Problems whose latest answer was wrong, most recent first ("повторить ошибки")."""
    latest: dict[str, bool] = {}
    order: list[str] = []
    for answer in history:
        if source is not None and answer.source != source:
            continue
        latest[answer.problem] = answer.correct
        if answer.problem in order:
            order.remove(answer.problem)
        order.append(answer.problem)
    return [p for p in reversed(order) if not latest[p]]


def lesson_done(slug: str, drill_ids: Iterable[str], solved: set[str]) -> bool:
    """A lesson is done when every one of its drills was answered right at least once."""
    ids = list(drill_ids)
    return bool(ids) and all(lesson_problem_key(slug, d) in solved for d in ids)


def lesson_problem_key(slug: str, drill_id: str) -> str:
    return f"lesson/{slug}/{drill_id}"


def practice_problem_key(kind: str, level: str, seed: int, rules: str | None = None) -> str:
    """``practice/<kind>/<level>/<seed>``, with ``@<rules>`` when it was asked under other rules.

    The default rule set (and ``None``: the problem's own rules) keeps the plain
    key, so the rows stored before rule sets were recorded keep their meaning;
    any other rule set is a different problem to solve (a class's practice set
    counts only what was solved under the class's rules).
    """
    suffix = f"@{rules}" if rules is not None and rules != DEFAULT_RULESET.name else ""
    return f"practice/{kind}/{level}/{seed}{suffix}"


@dataclass(frozen=True)
class PracticeKey:
    """A parsed practice problem key; ``rules`` is None for the plain (default-rules) key."""

    kind: str
    level: str
    seed: int
    rules: str | None


_PRACTICE_KEY = re.compile(
    r"practice/([a-z_]{1,32})/([a-z]{1,16})/([0-9]{1,16})(?:@([a-z]{1,16}))?")


def parse_practice_key(key: str) -> PracticeKey | None:
    """The parts of a key :func:`practice_problem_key` made, or None for anything else.

    Kind and level are only checked for their shape (the callers know which
    exist); a rule set must be a known one other than the default, so each
    problem has exactly one key.
    """
    match = _PRACTICE_KEY.fullmatch(key)
    if match is None:
        return None
    kind, level, seed, rules = match.groups()
    if rules is not None and (rules not in RULESETS or rules == DEFAULT_RULESET.name):
        return None
    return PracticeKey(kind, level, int(seed), rules)


def club_problem_key(lesson_id: int, version: int, drill_id: str) -> str:
    """``club/<lesson id>/<version>/<drill>``: a drill of one published studio version.

    No course drill (``lesson/…``) or practice problem can have it.
    """
    return f"club/{lesson_id}/{version}/{drill_id}"


def club_drill_key(lesson_id: int, drill_id: str) -> str:
    """``club/<lesson id>/<drill>``: the drill in whichever version — what a class tracks.

    A lesson republished with a fixed typo keeps its drills' ids, and the
    learners' solved drills stay solved.
    """
    return f"club/{lesson_id}/{drill_id}"


@dataclass(frozen=True)
class ClubKey:
    lesson_id: int
    version: int
    drill_id: str

    @property
    def drill_key(self) -> str:
        return club_drill_key(self.lesson_id, self.drill_id)


_CLUB_KEY = re.compile(r"club/([0-9]{1,10})/([0-9]{1,10})/([a-z0-9-]{1,180})")


def parse_club_key(key: str) -> ClubKey | None:
    """The parts of a key :func:`club_problem_key` made, or None for anything else."""
    match = _CLUB_KEY.fullmatch(key)
    if match is None:
        return None
    lesson_id, version, drill_id = match.groups()
    return ClubKey(int(lesson_id), int(version), drill_id)
