"""The class dashboard's reads: a fixed number of statements, whatever the history's length.

For a class of N learners and A assignments the dashboard runs the same
statements — seven, eight when the class has studio lessons — at any number of
answers per learner (a test counts them):

1. the class's members (``memberships`` ⨝ ``users``, at most ``MEMBERS_MAX``);
2. its studio lessons and their published versions' drills (two:
   :func:`tutor.storage.studio.class_lessons`, at most ``PUBLISHED_READ``);
3. its assignments (at most ``ASSIGNMENTS_MAX``);
4. per-kind totals (``learner_kinds``: kinds + 1 rows per learner);
5. pending mistakes with their diagnosed rule (``learner_mistakes``: at most
   ``MISTAKES_KEPT`` per learner);
6. which assignment problems each learner solved (``learner_solved`` and
   ``practice_solved`` restricted to the assignments' problem keys, and the
   assigned studio lessons' keys of any version: at most N × the problems
   assigned, × the versions of a studio lesson);
7. the last activity: one index seek per learner for the newest answer's time
   (``ix_answers_learner_time``; one row each, not the history).

The rules a learner most often misses come from the rule stored with each
pending mistake. A mistake recorded before rules were stored has none; those
are counted apart («без диагноза») instead of being guessed. A studio
lesson's mistake counts while its version is the one published to the class
(:func:`tutor.classes.club.current`).
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from dataclasses import dataclass, field

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from tutor.classes import club
from tutor.classes.store import Member, assignments_of, members
from tutor.classes.work import DONE, Progress, Work, work
from tutor.course.drill_names import course_numbers
from tutor.storage.accounts import practice_solved, users
from tutor.storage.aggregates import (
    ALL,
    first_score,
    learner_kinds,
    learner_mistakes,
    learner_solved,
)
from tutor.storage.answers import answers

TOP_RULES = 3
TOP_DRILLS = 10


@dataclass
class LearnerRow:
    """One learner's line of the dashboard."""

    member: Member
    # kind -> (score, total): first attempts only, a «почти» as half (tutor.storage.aggregates)
    kinds: dict[str, tuple[float, int]] = field(default_factory=dict)
    overall: tuple[float, int] = (0, 0)
    later: dict[str, int] = field(default_factory=dict)  # kind -> right on a later attempt
    mistakes: list[tuple[str, str, str | None]] = field(default_factory=list)  # problem, kind, rule
    solved: set[str] = field(default_factory=set)
    solved_later: set[str] = field(default_factory=set)  # solved only on a later attempt
    near: set[str] = field(default_factory=set)  # pending, the first attempt a «почти» (half)
    last: dt.datetime | None = None
    states: list[str] = field(default_factory=list)  # one per assignment, in column order
    cells: list[Progress] = field(default_factory=list)  # the same, with counts and lateness

    @property
    def done(self) -> int:
        return self.states.count(DONE)

    def top_rules(self) -> list[tuple[str, int]]:
        counts = Counter(rule for _, _, rule in self.mistakes if rule)
        return counts.most_common(TOP_RULES)

    @property
    def undiagnosed(self) -> int:
        return sum(1 for _, _, rule in self.mistakes if not rule)


@dataclass
class Dashboard:
    works: list[Work]
    rows: list[LearnerRow]
    missed: list[tuple[str, int]]  # problem key, learners with it pending; most first
    published: club.Published = field(default_factory=dict)  # the class's studio lessons


def works_of(conn: Connection, class_id: int, published: club.Published) -> list[Work]:
    """The class's assignments as shown (the lessons' numbers computed once for all)."""
    numbers = course_numbers()
    return [work(item, numbers, published) for item in assignments_of(conn, [class_id])]


def _in(column: sa.ColumnElement[str], values: list[str]) -> sa.ColumnElement[bool]:
    return column.in_(values) if values else sa.false()


def read(conn: Connection, class_id: int, people: list[Member] | None = None) -> Dashboard:
    """Everything the dashboard shows for one class (the class was already authorised).

    ``people``: the class's members when the caller has just read them.
    """
    people = members(conn, class_id) if people is None else people
    published = club.published(conn, [class_id])
    works = works_of(conn, class_id, published)
    rows = {m.learner_id: LearnerRow(m) for m in people}
    ids = list(rows)
    _read_kinds(conn, ids, rows)
    pending: Counter[str] = Counter()
    for learner_id, problem, kind, rule, partial in conn.execute(
        sa.select(learner_mistakes.c.learner_id, learner_mistakes.c.problem,
                  learner_mistakes.c.kind, learner_mistakes.c.rule, learner_mistakes.c.partial)
        .where(_in(learner_mistakes.c.learner_id, ids))
        .order_by(learner_mistakes.c.learner_id, learner_mistakes.c.answer_id.desc())
    ):
        if club.current(problem, class_id, published):
            rows[learner_id].mistakes.append((problem, kind, rule))
            if partial:
                rows[learner_id].near.add(problem)
            pending[problem] += 1
    read_solved(conn, ids, works, rows, published)
    _read_last(conn, ids, rows)
    for row in rows.values():
        _fill(row, works)
    return Dashboard(works, list(rows.values()), pending.most_common(TOP_DRILLS), published)


def _read_kinds(conn: Connection, ids: list[str], rows: dict[str, LearnerRow]) -> None:
    """First-attempt figures per kind, a «почти» as half, and the later right answers."""
    query = (sa.select(learner_kinds.c.learner_id, learner_kinds.c.kind,
                       learner_kinds.c.correct, learner_kinds.c.total,
                       sa.func.coalesce(learner_kinds.c.partial, 0),
                       sa.func.coalesce(learner_kinds.c.later, 0))
             .where(_in(learner_kinds.c.learner_id, ids)))
    for learner_id, kind, correct, total, partial, later in conn.execute(query):
        pair = (first_score(int(correct), int(partial)), int(total))
        if kind == ALL:
            rows[learner_id].overall = pair
        else:
            rows[learner_id].kinds[kind] = pair
        if later:
            rows[learner_id].later[kind] = int(later)


def read_solved(conn: Connection, ids: list[str], works: list[Work],
                rows: dict[str, LearnerRow], published: club.Published) -> None:
    """Which assigned problems each learner solved; a studio lesson's drills in any version."""
    keys = sorted({p for w in works for p in w.problems})
    lessons = [k for k in keys if k.startswith("lesson/")]
    practice = [k for k in keys if k.startswith(("practice/", "review/"))]  # practice_solved
    assigned = {club.find(published, w.assignment.class_id, w.assignment.target)
                for w in works if w.assignment.kind == "club"}
    studio = {(p.class_id, p.lesson_id): p for p in assigned if p is not None}
    query = sa.union_all(
        sa.select(learner_solved.c.learner_id, learner_solved.c.problem, learner_solved.c.later)
        .where(_in(learner_solved.c.learner_id, ids),
               sa.or_(_in(learner_solved.c.problem, lessons),
                      club.answered_in(learner_solved.c.problem, studio))),
        sa.select(practice_solved.c.learner_id, practice_solved.c.problem,
                  practice_solved.c.later)
        .where(_in(practice_solved.c.learner_id, ids),
               _in(practice_solved.c.problem, practice)),
    )
    studio_keys: dict[str, list[str]] = {}
    studio_later: dict[str, list[str]] = {}
    for learner_id, problem, later in conn.execute(query):
        if club.is_club(problem):  # mapped to the versions published now, once per learner
            studio_keys.setdefault(learner_id, []).append(problem)
            if later:
                studio_later.setdefault(learner_id, []).append(problem)
        else:
            rows[learner_id].solved.add(problem)
            if later:  # not (yet) solved on a first attempt: counted apart
                rows[learner_id].solved_later.add(problem)
    for learner_id, found in studio_keys.items():
        rows[learner_id].solved.update(club.solved_now(found, studio))
    for learner_id, found in studio_later.items():
        rows[learner_id].solved_later.update(club.solved_now(found, studio))


def _read_last(conn: Connection, ids: list[str], rows: dict[str, LearnerRow]) -> None:
    """The newest answer's time per learner: an index seek each (MAX on the index's tail)."""
    if not ids:
        return
    newest = (sa.select(sa.func.max(answers.c.answered_at))
              .where(answers.c.learner_id == users.c.learner_id).scalar_subquery())
    query = sa.select(users.c.learner_id, newest).where(users.c.learner_id.in_(ids))
    for learner_id, moment in conn.execute(query):
        if moment is not None:
            rows[learner_id].last = _aware(moment)


def _aware(moment: dt.datetime | str) -> dt.datetime:
    if isinstance(moment, str):
        moment = dt.datetime.fromisoformat(moment)
    return moment if moment.tzinfo else moment.replace(tzinfo=dt.UTC)


def read_one(conn: Connection, class_id: int, member: Member) -> tuple[LearnerRow, Dashboard]:
    """One learner's row, and the class's works and studio lessons it was read against."""
    published = club.published(conn, [class_id])
    works = works_of(conn, class_id, published)
    rows = {member.learner_id: LearnerRow(member)}
    ids = [member.learner_id]
    _read_kinds(conn, ids, rows)
    row = rows[member.learner_id]
    for problem, kind, rule, partial in conn.execute(
        sa.select(learner_mistakes.c.problem, learner_mistakes.c.kind, learner_mistakes.c.rule,
                  learner_mistakes.c.partial)
        .where(learner_mistakes.c.learner_id == member.learner_id)
        .order_by(learner_mistakes.c.answer_id.desc())
    ):
        if club.current(problem, class_id, published):
            row.mistakes.append((problem, kind, rule))
            if partial:
                row.near.add(problem)
    read_solved(conn, ids, works, rows, published)
    _read_last(conn, ids, rows)
    _fill(row, works)
    return row, Dashboard(works, [row], [], published)


def _fill(row: LearnerRow, works: list[Work]) -> None:
    mine = {p for p, _, _ in row.mistakes}
    row.cells = [w.progress(row.solved, mine, later=row.solved_later, near=row.near)
                 for w in works]
    row.states = [cell.state for cell in row.cells]



def pending_among(conn: Connection, learner_id: str, keys: list[str]) -> dict[str, bool]:
    """Which of ``keys`` the learner has a pending mistake on (at most ``MISTAKES_KEPT``),
    each with whether its latest first attempt was a «почти» (half a task's credit)."""
    query = sa.select(learner_mistakes.c.problem, learner_mistakes.c.partial).where(
        learner_mistakes.c.learner_id == learner_id, _in(learner_mistakes.c.problem, keys))
    return {problem: bool(partial) for problem, partial in conn.execute(query)}
