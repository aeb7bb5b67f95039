"""``DATABASE_DEADLINE_SECONDS``: the deadline of one store call, set by the operator.

A database far from the app (or a test run sharing two busy cores with its own
PostgreSQL) needs more than the 1.2 s default; an unreadable value must stop the
start-up with a Russian message rather than serve with no deadline at all.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.site import make_app
from tutor import storage
from tutor.storage import deadline


@pytest.fixture(autouse=True)
def _no_suite_deadline(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("FLASK_DATABASE_DEADLINE_SECONDS", raising=False)  # tests/conftest.py


def _store_seconds(content_dir: Path, tmp_path: Path, value: object) -> float:
    app = make_app(
        content_dir,
        DATABASE_URL=f"sqlite:///{tmp_path / 'p.sqlite3'}",
        DATABASE_DEADLINE_SECONDS=value,
        SECRET_KEY=None,
    )
    seconds: float = storage.opened_store(app).answer_seconds
    return seconds


def test_the_configured_deadline_reaches_the_store(content_dir: Path, tmp_path: Path) -> None:
    assert _store_seconds(content_dir, tmp_path, "3.5") == 3.5


def test_unset_or_zero_keeps_the_default(content_dir: Path, tmp_path: Path) -> None:
    assert _store_seconds(content_dir, tmp_path, "") == deadline.ANSWER_SECONDS
    assert _store_seconds(content_dir, tmp_path, 0) == deadline.ANSWER_SECONDS


def test_a_deadline_that_is_not_a_number_stops_start_up(content_dir: Path, tmp_path: Path) -> None:
    with pytest.raises(RuntimeError, match="DATABASE_DEADLINE_SECONDS должно быть числом"):
        _store_seconds(content_dir, tmp_path, "soon")


def test_the_suite_runs_with_its_longer_deadline(
    content_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """tests/conftest.py's FLASK_ variable wins over a test's own mapping, as in production."""
    monkeypatch.setenv("FLASK_DATABASE_DEADLINE_SECONDS", "5")
    assert _store_seconds(content_dir, tmp_path, "2") == 5
