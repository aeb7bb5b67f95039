"""The databases the storage tests run on: SQLite always, PostgreSQL when CI gives one.

``BACKENDS`` parametrises a test over both; :func:`fresh_database` makes an
empty one (a new SQLite file, or a new PostgreSQL schema dropped afterwards,
so tests never see each other's rows on the shared test database).
"""

from __future__ import annotations

import os
import threading
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote

import pytest
import sqlalchemy as sa

from tutor.storage.progress import ProgressStore

PG_URL = os.environ.get("TEMPAI_TEST_PG_URL")
NO_PG = pytest.mark.skipif(not PG_URL, reason="TEMPAI_TEST_PG_URL not set (.ci/run sets it)")
BACKENDS = [pytest.param("sqlite", id="sqlite"),
            pytest.param("postgresql", id="postgresql", marks=NO_PG)]


@contextmanager
def fresh_database(kind: str, folder: Path, name: str = "fresh.sqlite3") -> Iterator[str]:
    """An empty database URL: a new SQLite file, or a new PostgreSQL schema dropped afterwards."""
    if kind == "sqlite":
        yield f"sqlite:///{folder / name}"
        return
    assert PG_URL
    schema = f"t_{uuid.uuid4().hex[:12]}"
    admin = sa.create_engine(PG_URL.replace("postgresql://", "postgresql+psycopg://", 1))
    with admin.begin() as conn:
        conn.exec_driver_sql(f"CREATE SCHEMA {schema}")
    separator = "&" if "?" in PG_URL else "?"
    try:
        yield f"{PG_URL}{separator}options={quote(f'-csearch_path={schema}')}"
    finally:
        with admin.begin() as conn:
            conn.exec_driver_sql(f"DROP SCHEMA {schema} CASCADE")
        admin.dispose()


@contextmanager
def migrated_store(kind: str, folder: Path) -> Iterator[ProgressStore]:
    """A store on a :func:`fresh_database`, migrated to the current schema, closed afterwards."""
    with fresh_database(kind, folder) as url:
        store = ProgressStore(url)
        store.migrate()
        try:
            yield store
        finally:
            store.engine.dispose()


DOWN_URL = "postgresql://nobody:nothing@127.0.0.1:1/none"  # nothing listens on port 1


def at_once(count: int, work: Callable[[int], object]) -> list[object]:
    """``work(n)`` for n < count in threads released together; their results, in n order."""
    barrier = threading.Barrier(count)
    results: list[object] = [None] * count
    errors: list[BaseException] = []

    def run(n: int) -> None:
        try:
            barrier.wait()
            results[n] = work(n)
        except BaseException as err:  # noqa: BLE001 - reported below
            errors.append(err)

    threads = [threading.Thread(target=run, args=(n,)) for n in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors, errors
    return results
