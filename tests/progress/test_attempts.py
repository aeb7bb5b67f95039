"""Try again before the solution: what the stored figures count.

Rules (the site's own, docs/architecture.md «Путь ответа»): only a form's
first attempt counts in a learner's totals, a «почти» as half; a right answer
on a later attempt is counted apart («со 2-й попытки»); a first miss stays due
for repetition even when the second attempt is right; a drill solved only on
a later attempt is solved, and marked so — on SQLite and on PostgreSQL.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.databases import BACKENDS, migrated_store
from tutor.storage import aggregates
from tutor.storage.aggregates import learner_solved
from tutor.storage.progress import ProgressStore


@pytest.fixture(params=BACKENDS)
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[ProgressStore]:
    with migrated_store(request.param, tmp_path) as migrated:
        yield migrated


def _answer(store: ProgressStore, problem: str, correct: bool, attempt: int,
            partial: bool = False) -> None:
    store.record("me", nonce=uuid.uuid4().hex, source="lesson", kind="choice",
                 problem=f"lesson/tiles/{problem}", lesson="tiles", correct=correct,
                 attempt=attempt, partial=partial)


def test_only_first_attempts_count_and_a_later_right_one_is_counted_apart(
        store: ProgressStore) -> None:
    _answer(store, "a", False, 1)
    _answer(store, "a", True, 2)  # right on the second try
    _answer(store, "b", False, 1, partial=True)  # «почти»
    _answer(store, "c", True, 1)
    totals = store.summary("me").overall
    assert totals is not None
    assert (totals.total, totals.correct, totals.partial, totals.later) == (3, 1, 1, 1)
    assert totals.score == 1.5
    assert totals.marks == "001"


def test_a_first_miss_stays_due_after_a_right_second_attempt(store: ProgressStore) -> None:
    _answer(store, "a", False, 1)
    _answer(store, "a", True, 2)
    assert [m.problem for m in store.mistakes("me")] == ["lesson/tiles/a"]
    _answer(store, "a", True, 1)  # reopened later and answered right at once
    assert store.mistakes("me") == []


def test_a_drill_solved_only_on_a_later_attempt_is_solved_and_marked_so(
        store: ProgressStore) -> None:
    _answer(store, "a", False, 1)
    _answer(store, "a", True, 2)
    _answer(store, "b", True, 1)
    assert store.summary("me").solved == {"lesson/tiles/a", "lesson/tiles/b"}
    with store.transaction() as conn:
        later = dict(conn.execute(learner_solved.select().with_only_columns(
            learner_solved.c.problem, learner_solved.c.later)).all())
    assert bool(later["lesson/tiles/a"]) and not later["lesson/tiles/b"]
    _answer(store, "a", True, 1)  # a right first attempt afterwards clears the mark
    with store.transaction() as conn:
        row = conn.execute(learner_solved.select().where(
            learner_solved.c.problem == "lesson/tiles/a")).one()
    assert not row.later


def test_the_fold_counts_attempts_as_the_trigger_does() -> None:
    folded = aggregates.LearnerFold()
    folded.add(1, "choice", "lesson", "p", False)
    folded.add(2, "choice", "lesson", "p", True, attempt=2)
    row = folded.kinds[aggregates.ALL]
    assert (row.total, row.correct, row.later) == (1, 0, 1)
    assert "p" in folded.mistakes and folded.solved_later == {"p"}
