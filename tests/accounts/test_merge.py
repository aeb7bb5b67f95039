"""Signing in merges the anonymous learner into the account with nothing it earned lost.

Rule (the course issue on learner data, «nothing a learner earned is lost»):
the merge (tutor/accounts/merge.py) joins the two learners' aggregates as the
aggregate trigger (tutor/storage/aggregates.py) would have counted every answer
under one learner. Only a form's first attempt counts in the figures; a problem
solved only on a later attempt is kept apart (``later``, migration 17 of
tutor/storage/migrations.py), so a problem solved first time by either learner
is solved first time, and one neither solved first time stays «later».
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa

from tests.support.databases import BACKENDS, migrated_store
from tutor.accounts.merge import merge_learner
from tutor.storage.accounts import note_practice_solved, practice_solved
from tutor.storage.aggregates import ALL, learner_kinds, learner_mistakes, learner_solved
from tutor.storage.progress import ProgressStore, SaveResult

SOURCE, TARGET = "cookie-1", "account-1"


@pytest.fixture(params=BACKENDS)
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[ProgressStore]:
    with migrated_store(request.param, tmp_path) as migrated:
        yield migrated


def _record(store: ProgressStore, learner: str, problem: str, correct: bool, *,
            attempt: int = 1, partial: bool = False, kind: str = "waits",
            nonce: str | None = None, source: str = "lesson") -> None:
    saved = store.record(learner, nonce=nonce or uuid.uuid4().hex, source=source, kind=kind,
                         problem=problem, correct=correct, attempt=attempt, partial=partial,
                         graded=None if correct else "f" * 16)
    assert saved is SaveResult.SAVED


def _solved(store: ProgressStore, table: sa.Table, learner: str) -> dict[str, bool]:
    with store.transaction() as conn:
        return {problem: bool(later) for problem, later in conn.execute(
            sa.select(table.c.problem, table.c.later).where(table.c.learner_id == learner))}


def _merge(store: ProgressStore) -> None:
    with store.transaction() as conn:
        merge_learner(conn, SOURCE, TARGET)


# (the anonymous side, the account's side, the union): None = not solved there,
# True = solved only on a later attempt, False = solved first time
UNION = {
    "first-here-later-there": (False, True, False),
    "later-here-first-there": (True, False, False),
    "later-on-both": (True, True, True),
    "later-here-only": (True, None, True),
    "first-here-only": (False, None, False),
    "later-there-only": (None, True, True),
    "first-on-both": (False, False, False),
}


def test_a_lesson_drill_solved_first_time_by_either_learner_stays_first_time(
        store: ProgressStore) -> None:
    for name, sides in UNION.items():
        for learner, later in zip((SOURCE, TARGET), sides[:2], strict=True):
            if later is None:
                continue
            if later:  # a miss, then right on the form's second attempt
                _record(store, learner, f"lesson/l/{name}", False)
            _record(store, learner, f"lesson/l/{name}", True, attempt=2 if later else 1)
    _merge(store)
    assert _solved(store, learner_solved, TARGET) == {
        f"lesson/l/{name}": sides[2] for name, sides in UNION.items()}
    assert _solved(store, learner_solved, SOURCE) == {}


def test_a_practice_problem_solved_first_time_by_either_learner_stays_first_time(
        store: ProgressStore) -> None:
    with store.transaction() as conn:
        for name, sides in UNION.items():
            for learner, later in zip((SOURCE, TARGET), sides[:2], strict=True):
                if later is not None:
                    note_practice_solved(conn, learner, f"practice/{name}", later=later)
    _merge(store)
    assert _solved(store, practice_solved, TARGET) == {
        f"practice/{name}": sides[2] for name, sides in UNION.items()}
    assert _solved(store, practice_solved, SOURCE) == {}


def _kinds(store: ProgressStore, learner: str) -> dict[str, tuple[int, int, int, int]]:
    """(total, correct, «почти», right on a later attempt) per kind."""
    table = learner_kinds
    with store.transaction() as conn:
        return {kind: (total, correct, partial or 0, later or 0)
                for kind, total, correct, partial, later in conn.execute(
                    sa.select(table.c.kind, table.c.total, table.c.correct, table.c.partial,
                              table.c.later).where(table.c.learner_id == learner))}


def test_almost_and_later_counts_are_added_like_totals(store: ProgressStore) -> None:
    for learner in (SOURCE, TARGET):  # «почти», then right on the second attempt
        _record(store, learner, "practice/waits/novice/1", False, partial=True)
        _record(store, learner, "practice/waits/novice/1", True, attempt=2)
    _record(store, SOURCE, "practice/fu/novice/1", False, partial=True, kind="fu")
    _record(store, SOURCE, "practice/fu/novice/1", True, attempt=2, kind="fu")
    _merge(store)
    assert _kinds(store, TARGET) == {"waits": (2, 0, 2, 2), "fu": (1, 0, 1, 1),
                                     ALL: (3, 0, 3, 3)}
    assert _kinds(store, SOURCE) == {}


def test_a_duplicate_is_taken_out_as_the_trigger_counted_it(store: ProgressStore) -> None:
    """One form's second attempt stored under both ids (answered in two tabs around the
    sign-in): it counted in ``later`` only, so the anonymous side's first attempts stay."""
    _record(store, SOURCE, "practice/waits/novice/1", False, partial=True)
    for learner in (SOURCE, TARGET):
        _record(store, learner, "practice/waits/novice/1", True, attempt=2, nonce="twin")
    _merge(store)
    assert _kinds(store, TARGET) == {"waits": (1, 0, 1, 1), ALL: (1, 0, 1, 1)}
    assert len(store.history(TARGET)) == 2


def test_a_later_miss_keeps_the_almost_of_the_first_attempt_before_it(
        store: ProgressStore) -> None:
    """A pending mistake's «почти» is its latest first attempt's; a later attempt's miss
    leaves it as it was (tutor/storage/aggregates.py) — across the two learners too."""
    _record(store, TARGET, "practice/waits/novice/1", False, partial=True)
    _record(store, SOURCE, "practice/waits/novice/1", True)  # right first time, then
    _record(store, SOURCE, "practice/waits/novice/1", False, attempt=2)  # a later miss
    with store.transaction() as conn:
        assert conn.execute(sa.select(learner_mistakes.c.partial).where(
            learner_mistakes.c.learner_id == SOURCE)).scalar_one() is None
    _merge(store)
    with store.transaction() as conn:
        rows = conn.execute(sa.select(learner_mistakes.c.problem, learner_mistakes.c.partial)
                            .where(learner_mistakes.c.learner_id == TARGET)).all()
    assert [(problem, bool(partial)) for problem, partial in rows] == [
        ("practice/waits/novice/1", True)]


def _pending(store: ProgressStore, learner: str) -> set[str]:
    with store.transaction() as conn:
        return set(conn.execute(sa.select(learner_mistakes.c.problem)
                                .where(learner_mistakes.c.learner_id == learner)).scalars())


def test_a_mistake_put_right_first_time_on_the_other_side_since_is_no_longer_due(
        store: ProgressStore) -> None:
    """Only a right first attempt takes a problem off the pending mistakes, and only one
    answered after the miss (tutor/storage/aggregates.py): the merge orders the two sides'
    answers by their ids, as one learner's would be."""
    _record(store, TARGET, "practice/waits/novice/1", False)  # missed on the account,
    _record(store, SOURCE, "practice/waits/novice/1", True)  # then right in the browser
    _record(store, SOURCE, "practice/waits/novice/2", True)  # right in the browser,
    _record(store, TARGET, "practice/waits/novice/2", False)  # then missed: still due
    _record(store, TARGET, "practice/waits/novice/3", False)  # missed, then right only
    _record(store, SOURCE, "practice/waits/novice/3", True, attempt=2)  # on a later attempt
    _merge(store)
    assert _pending(store, TARGET) == {"practice/waits/novice/2", "practice/waits/novice/3"}
