"""A class's practice set as a sequence: «задача 2 из 5», the next task, a result screen.

A set is a practice assignment (its generated problems) or a position of a
reviewed game (one task, ``review/<id>``): both are listed on the set's page
with the learner's state, and both problem pages say where they stand.

The practice and review pages sit below this package and cannot import it; they call the
template global :func:`set_step` with the problem's key when it exists. For a
signed-in learner whose class assigned a practice set holding that key, it
says where the problem stands in the set and where «Следующая задача» goes:
the next task, or after the last one the set's page, which then shows the
result. Three bounded queries (the learner's classes, their assignments, the
set's solved and pending problems), once per request and key.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import g

from engine.plural import count_word
from tutor import storage
from tutor.accounts.current import current_user
from tutor.classes import dashboard, store
from tutor.classes.work import Work, problem_link, score_text, work
from tutor.review.positions import KEY_PREFIX
from tutor.storage.aggregates import first_score
from tutor.storage.errors import StorageError
from tutor.storage.review import POSITION_KIND

SET_KINDS = ("practice", POSITION_KIND)  # the assignments with a set page


@dataclass(frozen=True)
class SetStep:
    """One problem's place in a class's practice set."""

    klass: store.Klass
    work: Work
    position: int  # 1-based
    next_url: str  # the next task, or the set's page (its result) after the last one

    @property
    def total(self) -> int:
        return len(self.work.problems)

    @property
    def last(self) -> bool:
        return self.position == self.total

    @property
    def label(self) -> str:
        return f"Класс «{self.klass.name}» · задача {self.position} из {self.total}"


def _find(key: str) -> SetStep | None:
    user = current_user()
    if user is None:
        return None
    try:
        with storage.store().transaction() as conn:
            classes = {k.id: k for k in store.joined(conn, user)}
            items = store.assignments_of(conn, list(classes)) if classes else []
    except StorageError:
        return None
    for item in items:
        if item.kind not in SET_KINDS:
            continue
        if item.kind == POSITION_KIND and key != f"{KEY_PREFIX}{item.target}":
            continue  # not this position: skip reading it (work() reads the store)
        shown = work(item)
        if key in shown.problems:
            position = shown.problems.index(key) + 1
            if position < len(shown.problems):
                link = problem_link(shown.problems[position], item.rules)
                next_url = link[0] if link else shown.url
            else:
                next_url = shown.url
            return SetStep(classes[item.class_id], shown, position, next_url)
    return None


def set_step(key: str) -> SetStep | None:
    """The set a signed-in learner's class gave this problem in, or None (kept per request)."""
    memo: dict[str, SetStep | None] = g.setdefault("tempai_set_steps", {})
    if key not in memo:
        memo[key] = _find(key)
    return memo[key]


@dataclass(frozen=True)
class SetTask:
    """One task as the set's page lists it."""

    number: int
    url: str
    label: str  # «Найдите ожидание · новичок»
    state: str  # solved | near | missed | new
    later: bool = False  # solved only on a later attempt (the set's score counts first ones)
    near: bool = False  # its first attempt was a «почти»: half a task, as on the dashboard


STATE_WORDS = {"solved": "решена", "near": "почти, попробуйте ещё",
               "missed": "ошибка, попробуйте ещё", "new": "не начата"}


def tasks_of(shown: Work, ruleset: str, learner_id: str | None) -> list[SetTask]:
    """The set's tasks in order, each with this learner's state (all «new» for none)."""
    solved: set[str] = set()
    again: set[str] = set()
    pending: dict[str, bool] = {}
    if learner_id is not None:
        row = dashboard.LearnerRow(store.Member(0, "", "", learner_id, 0.0))
        with storage.store().transaction() as conn:
            dashboard.read_solved(conn, [learner_id], [shown], {learner_id: row}, {})
            pending = dashboard.pending_among(conn, learner_id, list(shown.problems))
        solved, again = row.solved, row.solved_later
    practice = shown.assignment.kind == "practice"
    kind_level = shown.title.removeprefix("Практика: ").rsplit(" · ", 1)[0]
    found = []
    for number, key in enumerate(shown.problems, start=1):
        link = problem_link(key, ruleset)
        if link is None:
            continue
        # a task solved on a first attempt once is whole, whatever came after it
        near = pending.get(key, False) and (key not in solved or key in again)
        state = ("solved" if key in solved else "near" if near
                 else "missed" if key in pending else "new")
        # a practice problem is named by its kind and level (its own label is its seed);
        # a position by its own label («Позиция из партии · раздача 1, событие 2: сброс»)
        found.append(SetTask(number, link[0], kind_level if practice else link[1], state,
                             key in again, near))
    return found


def result_text(tasks: list[SetTask]) -> str:
    """The set's score as its result screen says it: first attempts, a «почти» as half.

    The score is :func:`tutor.storage.aggregates.first_score`, the dashboard's
    and the CSV's formula; the tasks put right only on a later attempt are named
    apart («со 2-й попытки»).

    >>> task = lambda state, later=False, near=False: SetTask(1, "", "", state, later, near)
    >>> result_text([task("solved"), task("near", near=True)])
    'с первой попытки решено 1,5 из 2 (1 задача — «почти», засчитана половина)'
    >>> result_text([task("near", near=True), task("solved", True, True)])
    'с первой попытки решено 1 из 2 (2 задачи — «почти», засчитано по половине), ещё 1 — со...'
    """
    first = sum(1 for t in tasks if t.state == "solved" and not t.later)
    near = sum(1 for t in tasks if t.near)
    later = sum(1 for t in tasks if t.later)
    text = f"с первой попытки решено {score_text(first_score(first, near))} из {len(tasks)}"
    if near:
        half = "засчитана половина" if near == 1 else "засчитано по половине"
        text += f" ({count_word(near, 'задача', 'задачи', 'задач')} — «почти», {half})"
    return text + (f", ещё {later} — со 2-й попытки" if later else "")
