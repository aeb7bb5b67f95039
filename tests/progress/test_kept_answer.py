"""A wrong answer's kept answer is saved exactly when the answer is.

Rule (docs/architecture.md, «Урок и его упражнения»; the course's «Nothing a
learner earned is lost or left wrong»): a wrong answer's fields and rule
fingerprint travel in the answer's own row and reach the pending mistake by
the aggregate trigger, in the same statement: a saved answer has its kept
answer, an answer not saved (over the budget, a failed write) has neither,
and a version-17 database's kept answers move onto their mistakes — on SQLite
and on PostgreSQL.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa

from tests.support.databases import BACKENDS, migrated_store
from tutor.storage import migrations, regrade
from tutor.storage.aggregates import learner_mistakes
from tutor.storage.answers import answers
from tutor.storage.progress import ProgressStore, SaveResult

PROBLEM = "lesson/waits/first"


@pytest.fixture(params=BACKENDS)
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[ProgressStore]:
    with migrated_store(request.param, tmp_path) as migrated:
        yield migrated


def _wrong(store: ProgressStore, learner: str, tiles: str = "1m") -> SaveResult:
    return store.record(learner, nonce=uuid.uuid4().hex, source="lesson", kind="waits",
                        problem=PROBLEM, correct=False, lesson="waits",
                        kept=[("tiles", tiles)], graded="f" * 16)


def _kept(store: ProgressStore, learner: str) -> list[regrade.KeptAnswer]:
    with store.transaction() as conn:
        return regrade.kept(conn, [learner])


def _rows(store: ProgressStore, learner: str) -> int:
    with store.transaction() as conn:
        return int(conn.execute(sa.select(sa.func.count()).select_from(answers)
                                .where(answers.c.learner_id == learner)).scalar_one())


def test_a_saved_wrong_answer_keeps_its_answer_on_the_mistake(store: ProgressStore) -> None:
    assert _wrong(store, "a") is SaveResult.SAVED
    assert _wrong(store, "a", "2m") is SaveResult.SAVED
    assert _kept(store, "a") == [regrade.KeptAnswer("a", PROBLEM, (("tiles", "2m"),), "f" * 16)]
    store.record("a", nonce=uuid.uuid4().hex, source="lesson", kind="waits", problem=PROBLEM,
                 correct=True, lesson="waits", kept=[("tiles", "3m")], graded="e" * 16)
    assert _kept(store, "a") == []  # right on a first attempt: no mistake, nothing kept


def test_an_answer_over_the_budget_keeps_neither(store: ProgressStore) -> None:
    store.set_answers_per_hour(1)
    assert _wrong(store, "b") is SaveResult.SAVED
    assert _wrong(store, "b", "9p") is SaveResult.OVER_BUDGET
    assert _rows(store, "b") == 1
    assert [k.fields for k in _kept(store, "b")] == [(("tiles", "1m"),)]


def _break_the_mistakes(store: ProgressStore) -> None:
    """The mistake's write fails inside the answer's statement (a full disk, a bug)."""
    with store.transaction() as conn:
        if conn.dialect.name == "sqlite":  # a table gone under the trigger: not a constraint
            conn.exec_driver_sql("CREATE TABLE gone (x INTEGER)")
            conn.exec_driver_sql(
                "CREATE TRIGGER broken BEFORE UPDATE ON learner_mistakes "
                "BEGIN INSERT INTO gone VALUES (1); END")
            conn.exec_driver_sql("DROP TABLE gone")
        else:
            conn.exec_driver_sql(
                "CREATE FUNCTION broken() RETURNS trigger LANGUAGE plpgsql AS "
                "$$ BEGIN RAISE EXCEPTION 'broken'; END $$")
            conn.exec_driver_sql("CREATE TRIGGER broken BEFORE UPDATE ON learner_mistakes "
                                 "FOR EACH ROW EXECUTE FUNCTION broken()")


def test_a_failed_save_keeps_neither_the_answer_nor_its_kept_answer(
        store: ProgressStore) -> None:
    assert _wrong(store, "c") is SaveResult.SAVED
    _break_the_mistakes(store)
    assert _wrong(store, "c", "5s") is SaveResult.FAILED
    assert _rows(store, "c") == 1  # the failed answer is not in the history
    assert [k.fields for k in _kept(store, "c")] == [(("tiles", "1m"),)]  # nor its answer


def test_version_17_kept_answers_move_onto_their_mistakes(store: ProgressStore) -> None:
    _wrong(store, "d")
    _wrong(store, "e")
    with store.transaction() as conn:  # as version 15 kept them: a table of their own
        conn.execute(learner_mistakes.update().values(answer=None, graded=None))
        conn.exec_driver_sql(
            "CREATE TABLE mistake_answers (learner_id VARCHAR(64), problem VARCHAR(200), "
            "answer VARCHAR(2000) NOT NULL, graded VARCHAR(32) NOT NULL, "
            "PRIMARY KEY (learner_id, problem))")
        conn.exec_driver_sql("INSERT INTO mistake_answers VALUES "
                             "('d', 'lesson/waits/first', '[[\"tiles\", \"7s\"]]', 'old')")
        migrations.MIGRATIONS[18 - 1](conn)  # version 18 folds the table away
        assert not sa.inspect(conn).has_table("mistake_answers")
    assert _kept(store, "d") == [regrade.KeptAnswer("d", PROBLEM, (("tiles", "7s"),), "old")]
    # recorded before answers were kept: no answer, no fingerprint
    assert _kept(store, "e") == [regrade.KeptAnswer("e", PROBLEM, (), None)]
