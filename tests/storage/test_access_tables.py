"""The session versions and wrong-password counters, on SQLite and PostgreSQL.

Both must be exact under parallel writers: each bump and each counted
failure is one statement, so N threads at once give the versions 1…N and
the counts 1…N, each exactly once.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa

from tests.support.databases import BACKENDS, PG_URL, at_once
from tutor.storage import sessions, throttle
from tutor.storage.migrations import SCHEMA_VERSION
from tutor.storage.progress import ProgressStore

WINDOW = 600.0


@pytest.fixture(params=BACKENDS)
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[ProgressStore]:
    url = PG_URL if request.param == "postgresql" else f"sqlite:///{tmp_path / 'p.sqlite3'}"
    s = ProgressStore(str(url))
    s.migrate()
    with s.transaction() as conn:  # a shared PostgreSQL keeps rows between runs
        conn.execute(sessions.session_versions.delete())
        conn.execute(throttle.login_throttle.delete())
    yield s
    s.engine.dispose()


def test_migration_3_creates_both_tables(store: ProgressStore) -> None:
    assert SCHEMA_VERSION >= 3
    names = set(sa.inspect(store.engine).get_table_names())
    assert {"session_versions", "login_throttle"} <= names


def test_a_version_starts_at_zero_and_each_bump_moves_it(store: ProgressStore) -> None:
    with store.transaction() as conn:
        assert sessions.current_version(conn, sessions.INSTRUCTOR) == 0
        assert sessions.bump_version(conn, sessions.INSTRUCTOR) == 1
        assert sessions.bump_version(conn, sessions.INSTRUCTOR) == 2
        assert sessions.current_version(conn, sessions.INSTRUCTOR) == 2
        assert sessions.current_version(conn, "user:7") == 0  # one version per identity


def test_parallel_bumps_are_all_counted(store: ProgressStore) -> None:
    def bump(_: int) -> int:
        with store.transaction() as conn:
            return sessions.bump_version(conn, "user:1")

    assert sorted(at_once(12, bump)) == list(range(1, 13))  # type: ignore[type-var]


def test_parallel_failures_are_counted_exactly(store: ProgressStore) -> None:
    def fail(_: int) -> int:
        with store.transaction() as conn:
            return throttle.count_failure(conn, "address:203.0.113.7", 1000.0, WINDOW)

    assert sorted(at_once(16, fail)) == list(range(1, 17))  # type: ignore[type-var]
    with store.transaction() as conn:
        assert throttle.failures(conn, "address:203.0.113.7", 1000.0, WINDOW) == 16


def test_a_counter_starts_again_after_its_window(store: ProgressStore) -> None:
    key = "address:198.51.100.2"
    with store.transaction() as conn:
        assert [throttle.count_failure(conn, key, t, WINDOW) for t in (0.0, 10.0, 20.0)] == [
            1, 2, 3]
        assert throttle.failures(conn, key, 600.0, WINDOW) == 3  # the window is still open
        assert throttle.failures(conn, key, 601.0, WINDOW) == 0
        assert throttle.count_failure(conn, key, 601.0, WINDOW) == 1
        assert throttle.count_failure(conn, key, 700.0, WINDOW) == 2


def test_forget_and_forget_expired(store: ProgressStore) -> None:
    with store.transaction() as conn:
        throttle.count_failure(conn, "a", 0.0, WINDOW)
        throttle.count_failure(conn, "b", 500.0, WINDOW)
        throttle.count_failure(conn, "c", 500.0, WINDOW)
        throttle.forget_expired(conn, 700.0, WINDOW)
        throttle.forget(conn, "c")
        keys = conn.execute(sa.select(throttle.login_throttle.c.key)).scalars().all()
    assert keys == ["b"]
