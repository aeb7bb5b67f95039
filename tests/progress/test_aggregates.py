"""Per-learner aggregates: what the pages read instead of the history.

Rules: the aggregates the database keeps answer by answer equal the fold of
the whole history (totals, streaks, latest marks, lesson drills solved, the
mistakes to repeat with their rules); a version-2 database's answers are
folded in by migration 3; raw answers beyond the limit are folded and the
figures stay exact; new learners per address and hour are limited across
processes; every migrator started at once on a fresh database succeeds and
leaves one schema — on SQLite and on PostgreSQL.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa

from tests.support.databases import BACKENDS, fresh_database
from tutor.storage import aggregates, progress
from tutor.storage.migrations import SCHEMA_VERSION
from tutor.storage.progress import ProgressStore, SaveResult
from tutor.storage.stats import kind_stats, pending_mistakes

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(params=BACKENDS)
def fresh_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """An empty database: a new SQLite file, or a new PostgreSQL schema (dropped afterwards)."""
    with fresh_database(request.param, tmp_path) as url:
        yield url


@pytest.fixture
def store(fresh_url: str) -> Iterator[ProgressStore]:
    s = ProgressStore(fresh_url)
    s.migrate()
    yield s
    s.engine.dispose()


PROBLEMS = [("waits", "lesson", "lesson/basics/nobetan"),
            ("fu", "lesson", "lesson/basics/pinfu-ron"),
            ("fu", "practice", "practice/fu/novice/1"),
            ("han", "practice", "practice/han/master/7"),
            ("waits", "practice", "practice/waits/player/3")]


def _answer(store: ProgressStore, learner: str, i: int, correct: bool,
            problem: tuple[str, str, str] | None = None) -> None:
    kind, source, key = problem or PROBLEMS[i % len(PROBLEMS)]
    store.record(learner, nonce=uuid.uuid4().hex, source=source, kind=kind, problem=key,
                 correct=correct, lesson=key.split("/")[1] if source == "lesson" else None,
                 level=None if source == "lesson" else "novice",
                 rule=None if correct else f"{kind}.rule-{i % 3}")


def _expect_same_as_the_fold(store: ProgressStore, learner: str) -> None:
    history = store.history(learner)
    summary = store.summary(learner)
    reference = kind_stats(history)
    assert [k.kind for k in summary.kinds] == [s.kind for s in reference]
    for got, want in zip(summary.kinds, reference, strict=True):
        assert (got.total, got.correct, got.streak) == (want.total, want.correct, want.streak)
        assert got.marks == "".join("1" if a.correct else "0"
                                    for a in history if a.kind == got.kind)[-aggregates.MARKS:]
    assert summary.overall is not None and summary.overall.total == len(history)
    assert summary.solved == {a.problem for a in history if a.correct and a.source == "lesson"}
    assert [m.problem for m in store.mistakes(learner)] == pending_mistakes(history, source=None)
    rules = {a.problem: a.rule for a in history}
    assert all(m.rule == rules[m.problem] for m in store.mistakes(learner))


def test_the_aggregates_equal_the_fold_of_the_whole_history(store: ProgressStore) -> None:
    learner = uuid.uuid4().hex
    rng = random.Random(17)
    for _ in range(300):
        _answer(store, learner, rng.randrange(100), rng.random() < 0.6)
    _expect_same_as_the_fold(store, learner)


def test_the_mistakes_kept_are_the_newest_ones_bounded(store: ProgressStore) -> None:
    learner = uuid.uuid4().hex
    for i in range(aggregates.MISTAKES_KEPT + 15):
        _answer(store, learner, i, False, ("fu", "practice", f"practice/fu/novice/{i}"))
    _answer(store, learner, 0, True, ("fu", "practice", "practice/fu/novice/40"))
    kept = [m.problem for m in store.mistakes(learner)]
    newest = [f"practice/fu/novice/{i}" for i in range(aggregates.MISTAKES_KEPT + 14, 14, -1)]
    assert kept == [p for p in newest if p != "practice/fu/novice/40"]
    assert len(kept) == aggregates.MISTAKES_KEPT - 1


def _version_2_database(url: str) -> None:
    """The schema versions 1 and 2 made (no rule column, no aggregates)."""
    engine = ProgressStore(url).engine
    with engine.begin() as conn:
        conn.exec_driver_sql("CREATE TABLE schema_version (version INTEGER NOT NULL)")
        conn.exec_driver_sql("INSERT INTO schema_version VALUES (2)")
        ident = "SERIAL" if conn.dialect.name == "postgresql" else "INTEGER"
        conn.exec_driver_sql(
            f"CREATE TABLE answers (id {ident} PRIMARY KEY, learner_id VARCHAR(64) NOT NULL, "
            "nonce VARCHAR(64) NOT NULL, source VARCHAR(16) NOT NULL, kind VARCHAR(32) NOT NULL, "
            "level VARCHAR(16), lesson VARCHAR(100), problem VARCHAR(200) NOT NULL, "
            "correct BOOLEAN NOT NULL, answered_at TIMESTAMP WITH TIME ZONE NOT NULL, "
            "UNIQUE (learner_id, nonce))")
        conn.exec_driver_sql(  # what version 2 added, and version 7 drops
            f"CREATE TABLE login_failures (id {ident} PRIMARY KEY, address VARCHAR(64) NOT NULL, "
            "failed_at TIMESTAMP WITH TIME ZONE NOT NULL)")
        conn.exec_driver_sql("CREATE INDEX ix_login_failures_address_time "
                             "ON login_failures (address, failed_at)")
        conn.exec_driver_sql("INSERT INTO login_failures (address, failed_at) "
                             "VALUES ('203.0.113.7', '2026-11-01 10:00:00+00')")
    engine.dispose()


def test_migration_3_folds_the_answers_a_version_2_database_holds(fresh_url: str) -> None:
    _version_2_database(fresh_url)
    old = ProgressStore(fresh_url)
    rng = random.Random(3)
    learners = [uuid.uuid4().hex for _ in range(3)]
    with old.engine.begin() as conn:  # rows as version 2 wrote them
        for n in range(400):
            kind, source, key = PROBLEMS[rng.randrange(len(PROBLEMS))]
            conn.execute(sa.text(
                "INSERT INTO answers (learner_id, nonce, source, kind, problem, correct, "
                "answered_at) VALUES (:l, :n, :s, :k, :p, :c, :t)"),
                {"l": learners[n % 3], "n": uuid.uuid4().hex, "s": source, "k": kind, "p": key,
                 "c": rng.random() < 0.5,
                 "t": f"2026-11-0{1 + n % 3} 10:{n // 60:02d}:{n % 60:02d}"})
    old.engine.dispose()
    store = ProgressStore(fresh_url)
    try:
        assert store.migrate() == SCHEMA_VERSION
        assert "login_failures" not in sa.inspect(store.engine).get_table_names()
        for learner in learners:
            _expect_same_as_the_fold(store, learner)
        _answer(store, learners[0], 1, True)  # and the trigger carries on from the fold
        _expect_same_as_the_fold(store, learners[0])
    finally:
        store.engine.dispose()


@pytest.fixture
def small_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(aggregates, "RAW_LIMIT", 30)
    monkeypatch.setattr(aggregates, "TRIM_EVERY", 10)


def test_raw_answers_beyond_the_limit_are_folded_and_the_figures_stay_exact(
    small_limits: None, fresh_url: str
) -> None:
    store = ProgressStore(fresh_url)
    try:
        store.migrate()  # the triggers take the lowered limits
        learner = uuid.uuid4().hex
        marks = [i % 3 != 0 for i in range(75)]
        for i, mark in enumerate(marks):
            _answer(store, learner, i, mark)
        kept = store.history(learner)
        assert len(kept) == 35  # trimmed back to 30 at every tenth answer: at 70, then 5 more
        exported = store.export(learner)
        assert (exported.total, exported.folded) == (75, 40)
        overall = store.summary(learner).overall
        assert overall is not None
        assert (overall.total, overall.correct) == (75, sum(marks))
        assert sum(k.total for k in exported.kinds) == 75
    finally:
        store.engine.dispose()


def test_new_learners_per_address_are_limited_across_processes(
    store: ProgressStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(progress, "NEW_LEARNERS_PER_HOUR", 3)
    other = ProgressStore(store.url)  # a second process: its own memo, the same database
    address = f"198.51.100.{random.randrange(256)}-{uuid.uuid4().hex[:6]}"
    try:
        first = [uuid.uuid4().hex for _ in range(3)]
        for n, learner in enumerate(first):
            (store if n % 2 else other).record(
                learner, nonce="a", source="practice", kind="fu", problem="p", correct=True,
                address=address)
        assert store.record(uuid.uuid4().hex, nonce="a", source="practice", kind="fu",
                            problem="p", correct=True, address=address) is SaveResult.FAILED
        assert other.record(uuid.uuid4().hex, nonce="a", source="practice", kind="fu",
                            problem="p", correct=True, address=address) is SaveResult.FAILED
        # learners already stored go on, in either process; other addresses are not affected
        assert other.record(first[1], nonce="b", source="practice", kind="fu", problem="p",
                            correct=True, address=address) is SaveResult.SAVED
        assert store.record(uuid.uuid4().hex, nonce="a", source="practice", kind="fu",
                            problem="p", correct=True, address=address + "x") is SaveResult.SAVED
    finally:
        other.engine.dispose()


_MIGRATOR = """
import sys, time
from tutor.storage.progress import ProgressStore
url, start = sys.argv[1], float(sys.argv[2])
store = ProgressStore(url)
time.sleep(max(0.0, start - time.time()))
print(store.migrate())
"""


def test_several_migrators_started_at_once_on_a_fresh_database_all_succeed(fresh_url: str) -> None:
    start = time.time() + 2.5  # every process imported and waiting by then
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    procs = [subprocess.Popen([sys.executable, "-c", _MIGRATOR, fresh_url, str(start)],
                              env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for _ in range(5)]
    results = [(p.wait(timeout=60), *p.communicate()) for p in procs]
    for code, out, err in results:
        assert (code, out.strip(), err) == (0, str(SCHEMA_VERSION), "")
    store = ProgressStore(fresh_url)
    try:
        with store.engine.connect() as conn:
            versions = conn.execute(sa.text("SELECT version FROM schema_version")).scalars().all()
        assert versions == [SCHEMA_VERSION]
    finally:
        store.engine.dispose()


def test_a_pending_mistake_keeps_its_latest_first_attempts_almost(store: ProgressStore) -> None:
    # A practice set counts a task whose first attempt was a «почти» as half: the
    # trigger's flag equals the fold's (tutor.storage.aggregates.LearnerFold.near).
    learner = uuid.uuid4().hex
    rng = random.Random(18)
    reference = aggregates.LearnerFold()
    for i in range(120):
        key = f"practice/discard/novice/{rng.randrange(6)}"
        correct, attempt = rng.random() < 0.3, rng.choice((1, 1, 2))
        partial = not correct and rng.random() < 0.5
        store.record(learner, nonce=uuid.uuid4().hex, source="practice", kind="discard",
                     problem=key, correct=correct, level="novice", attempt=attempt,
                     partial=partial)
        reference.add(i, "discard", "practice", key, correct, None, attempt, partial)
    with store.engine.connect() as conn:
        rows = {problem: partial for problem, partial in conn.execute(
            sa.select(aggregates.learner_mistakes.c.problem, aggregates.learner_mistakes.c.partial)
            .where(aggregates.learner_mistakes.c.learner_id == learner))}
    assert set(rows) == set(reference.mistakes)
    assert {p for p, near in rows.items() if near} == reference.near
    assert reference.near  # the history did leave a «почти» pending
