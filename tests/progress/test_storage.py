"""Progress storage on SQLite (always) and PostgreSQL (when TEMPAI_TEST_PG_URL is set).

Rules: every graded answer is recorded once; a re-sent form is not counted
twice; two tabs, or many threads, answering at once lose nothing; wipe removes everything; wrong
instructor passwords are counted per address within the window, and older
ones are deleted.
"""

from __future__ import annotations

import datetime as dt
import os
import threading
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa

from tutor.storage.answers import answers
from tutor.storage.errors import StorageError
from tutor.storage.migrations import SCHEMA_VERSION
from tutor.storage.progress import ProgressStore, SaveResult
from tutor.storage.stats import kind_stats, lesson_done, pending_mistakes, solved_problems

PG_URL = os.environ.get("TEMPAI_TEST_PG_URL")


def _backends() -> list[object]:
    params: list[object] = [pytest.param("sqlite", id="sqlite")]
    params.append(
        pytest.param(
            "postgresql",
            id="postgresql",
            marks=pytest.mark.skipif(
                not PG_URL, reason="TEMPAI_TEST_PG_URL not set (.ci/run sets it)"
            ),
        )
    )
    return params


@pytest.fixture(params=_backends())
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[ProgressStore]:
    if request.param == "sqlite":
        s = ProgressStore(f"sqlite:///{tmp_path / 'progress.sqlite3'}")
    else:
        assert PG_URL
        s = ProgressStore(PG_URL)
    s.migrate()
    yield s
    s.engine.dispose()


def _record(store: ProgressStore, learner: str, correct: bool, kind: str = "waits",
            problem: str = "practice/waits/novice/1", nonce: str | None = None) -> SaveResult:
    return store.record(learner, nonce=nonce or uuid.uuid4().hex, source="practice", kind=kind,
                        level="novice", problem=problem, correct=correct)


def test_migrate_is_idempotent_and_versioned(store: ProgressStore) -> None:
    assert store.migrate() == SCHEMA_VERSION
    with store.engine.connect() as conn:
        version = conn.execute(sa.text("SELECT version FROM schema_version")).scalar()
    assert version == SCHEMA_VERSION


def test_sqlite_uses_wal(tmp_path: Path) -> None:
    s = ProgressStore(f"sqlite:///{tmp_path / 'p.sqlite3'}")
    s.migrate()
    with s.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"


def test_every_answer_is_recorded_in_order(store: ProgressStore) -> None:
    learner = uuid.uuid4().hex
    for correct in (False, True, True):
        assert _record(store, learner, correct) is SaveResult.SAVED
    assert [a.correct for a in store.history(learner)] == [False, True, True]


def test_resent_form_is_counted_once(store: ProgressStore) -> None:
    learner = uuid.uuid4().hex
    assert _record(store, learner, True, nonce="n1") is SaveResult.SAVED
    assert _record(store, learner, True, nonce="n1") is SaveResult.DUPLICATE
    assert len(store.history(learner)) == 1


def _all_at_once(count: int, work: Callable[[int], None]) -> None:
    """Run ``work(0)`` … ``work(count - 1)`` in threads released together; fail on any error."""
    barrier = threading.Barrier(count)
    errors: list[BaseException] = []

    def run(n: int) -> None:
        try:
            barrier.wait()
            work(n)
        except BaseException as err:  # pragma: no cover - reported below
            errors.append(err)

    threads = [threading.Thread(target=run, args=(n,)) for n in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors


def test_two_tabs_answering_at_once_lose_nothing(store: ProgressStore) -> None:
    learner = uuid.uuid4().hex

    def tab(n: int) -> None:
        for i in range(25):
            _record(store, learner, bool(i % 2), nonce=f"tab{n}-{i}")

    _all_at_once(2, tab)
    assert len(store.history(learner)) == 50


def test_many_threads_of_one_process_lose_nothing(store: ProgressStore) -> None:
    """Rule: a process's writers take turns (on SQLite a lock), each with its own connection."""
    learners = [uuid.uuid4().hex for _ in range(6)]

    def learner(n: int) -> None:
        for i in range(40):
            assert _record(store, learners[n], True, nonce=f"{n}-{i}") is SaveResult.SAVED

    _all_at_once(6, learner)
    assert [len(store.history(who)) for who in learners] == [40] * 6


def test_solved_lessons_read_right_after_an_answer_and_from_another_thread(
        store: ProgressStore) -> None:
    """Rule (tutor/storage/progress.py, ``solved_lessons``): the count a right answer shows
    includes that answer; on SQLite the thread that stored it reads on its own connection,
    a thread that stored nothing reads on a pooled one — both see the same rows."""
    learner = uuid.uuid4().hex
    assert store.solved_lessons(learner) == frozenset()  # no answer yet: the pooled path
    for problem, correct in (("lesson/fu/a", True), ("lesson/fu/b", False),
                             ("lesson/fu/c", True)):
        assert store.record(learner, nonce=uuid.uuid4().hex, source="lesson", kind="fu",
                            lesson="fu", problem=problem, correct=correct) is SaveResult.SAVED
        solved = store.solved_lessons(learner)
    assert solved == {"lesson/fu/a", "lesson/fu/c"}
    elsewhere: list[frozenset[str]] = []
    _all_at_once(1, lambda _: elsewhere.append(store.solved_lessons(learner)))
    assert elsewhere == [solved]


def test_solved_lessons_refuse_a_replaced_sqlite_file(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    store = ProgressStore(f"sqlite:///{path}")
    store.migrate()
    assert store.record("x", nonce="n1", source="lesson", kind="fu", lesson="fu",
                        problem="lesson/fu/a", correct=True) is SaveResult.SAVED
    assert store.solved_lessons("x") == {"lesson/fu/a"}
    path.unlink()
    with pytest.raises(StorageError):
        store.solved_lessons("x")
    store.engine.dispose()


def test_wipe_removes_only_that_learner(store: ProgressStore) -> None:
    a, b = uuid.uuid4().hex, uuid.uuid4().hex
    _record(store, a, True)
    _record(store, b, False)
    assert store.wipe(a) == 1
    assert store.history(a) == []
    assert len(store.history(b)) == 1


def test_a_read_only_database_reports_the_answer_failed(tmp_path: Path) -> None:
    path = tmp_path / "ro.sqlite3"
    s = ProgressStore(f"sqlite:///{path}")
    s.migrate()
    s.engine.dispose()
    ro = ProgressStore(f"sqlite:///file:{path}?mode=ro&uri=true")
    assert _record(ro, "x", True) is SaveResult.FAILED
    with pytest.raises(StorageError):
        ro.wipe("x")


def test_stats_accuracy_recent_and_streak(store: ProgressStore) -> None:
    learner = uuid.uuid4().hex
    marks = [False] * 5 + [True] * 20 + [False, True, True]
    start = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
    for i, mark in enumerate(marks):
        store.record(learner, nonce=str(i), source="practice", kind="fu", problem=f"p{i}",
                     correct=mark, at=start + dt.timedelta(seconds=i))
    (fu,) = kind_stats(store.history(learner))
    assert (fu.total, fu.correct) == (28, 22)
    assert (fu.recent_total, fu.recent_correct) == (20, 19)
    assert fu.streak == 2
    assert 0 < len(fu.series) <= 20


def test_mistakes_come_back_until_answered_right(store: ProgressStore) -> None:
    learner = uuid.uuid4().hex
    _record(store, learner, False, problem="practice/fu/novice/5")
    _record(store, learner, False, problem="practice/fu/novice/6")
    expected = ["practice/fu/novice/6", "practice/fu/novice/5"]
    assert pending_mistakes(store.history(learner)) == expected
    _record(store, learner, True, problem="practice/fu/novice/5")
    assert pending_mistakes(store.history(learner)) == ["practice/fu/novice/6"]


def test_lesson_done_needs_every_drill_right() -> None:
    solved = {"lesson/fu/a", "lesson/fu/b"}
    assert lesson_done("fu", ["a", "b"], solved)
    assert not lesson_done("fu", ["a", "b", "c"], solved)
    assert not lesson_done("fu", [], solved)
    assert solved_problems([]) == set()


# --- old schemas ---------------------------------------------------------------------------

def test_a_version_1_database_keeps_its_answers_and_ends_without_the_login_table(
        tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    engine = sa.create_engine(url)
    with engine.begin() as conn:  # what version 1 made
        conn.exec_driver_sql("CREATE TABLE schema_version (version INTEGER NOT NULL)")
        conn.exec_driver_sql("INSERT INTO schema_version VALUES (1)")
        answers.create(conn)
    engine.dispose()
    store = ProgressStore(url)
    with store.engine.begin() as conn:
        conn.execute(answers.insert().values(
            learner_id="a" * 32, nonce="n", source="lesson", kind="waits", problem="lesson/w/x",
            correct=True, answered_at=dt.datetime(2026, 11, 30, tzinfo=dt.UTC)))
    assert store.migrate() == SCHEMA_VERSION
    assert len(store.history("a" * 32)) == 1
    assert "login_failures" not in sa.inspect(store.engine).get_table_names()  # version 7
    store.engine.dispose()

