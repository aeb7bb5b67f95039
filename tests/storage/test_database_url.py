"""``DATABASE_URL``: read from the app's configuration only; one that cannot be used
stops the start-up with a Russian message.

Before, an unparseable address or one without a driver stopped it with
SQLAlchemy's English traceback; the message never repeats the password.
Before, too, the store read ``DATABASE_URL`` from the environment itself, so
with the README's deployment variables exported a test run wrote into that
database (rule: the app factory reads the environment, tests pass their own
configuration — docs/deployment.md, tests/conftest.py).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from flask import Flask

from tests.support.site import make_app
from tutor import PLAIN_ENV, storage


@pytest.mark.parametrize("url", ["nonsense://x", "not a url", "postgresql://u:secret@host:port/db",
                                 "mysql://u:secret@localhost/db"])
def test_an_unusable_database_url_stops_start_up_in_russian_without_the_password(
        content_dir: Path, url: str) -> None:
    with pytest.raises(RuntimeError, match="DATABASE_URL не подходит") as refused:
        make_app(content_dir, DATABASE_URL=url, SECRET_KEY=None)
    assert "secret" not in str(refused.value)


def test_an_exported_database_url_is_not_touched_by_a_test_app(
        content_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    exported = tmp_path / "production.sqlite3"
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{exported}")
    # DATABASE_URL=None: the factory's own default, not make_app's migrated copy
    app = make_app(content_dir, SECRET_KEY=None, DATABASE_URL=None)
    assert app.test_client().get("/lessons/basics").status_code == 200  # the store is open
    with app.app_context():
        assert storage.store().url != f"sqlite:///{exported}"
    assert not exported.exists()
    storage.opened_store(app).engine.dispose()


def test_the_database_url_comes_from_the_configuration(content_dir: Path, tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'configured.sqlite3'}"
    app = make_app(content_dir, DATABASE_URL=url, SECRET_KEY=None)
    assert storage.opened_store(app).url == url
    assert (tmp_path / "configured.sqlite3").exists()
    storage.opened_store(app).engine.dispose()


def test_the_suite_runs_without_the_shells_deployment_variables() -> None:
    """tests/conftest.py's autouse fixture: nothing exported reaches a test unless it sets it."""
    leaked = [name for name in (*PLAIN_ENV, *os.environ) if name in os.environ
              and (name in PLAIN_ENV or name.startswith("FLASK_"))
              and name != "FLASK_DATABASE_DEADLINE_SECONDS"]
    assert leaked == []


def test_the_default_database_is_made_under_the_instance_folder(tmp_path: Path) -> None:
    app = Flask("tempai_probe", instance_path=str(tmp_path / "instance"))
    url = storage.database_url(app)
    assert url == f"sqlite:///{tmp_path / 'instance' / 'progress.sqlite3'}"
    assert (tmp_path / "instance").is_dir()
