"""Fixtures for the site's tests: an app on tests/fixtures/content, its client and CLI runner.

Only fixtures live here; helpers are in tests/support/ (a test never imports
from a conftest.py or from another test module).

``content_dir`` is a fresh copy of the fixture lessons per test, so tests may
edit or break lesson files without affecting each other.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner

from tests.support.client import Answering
from tests.support.site import FIXTURE_CONTENT, make_app
from tutor import PLAIN_ENV

# make test runs the suite on every core beside its own PostgreSQL (pytest-xdist),
# where a store call can take longer than production's 1.2 s deadline; the tests
# of the deadline itself set their own (tests/server/test_frozen_database.py).
# (FLASK_-prefixed: read by every test app; a gunicorn a test starts gets it from
# tests.support.live.suite_deadline, since loadkit passes no FLASK_ variable on.)
os.environ.setdefault("FLASK_DATABASE_DEADLINE_SECONDS", "5")
# Set by the suite itself (above); every other FLASK_ variable is the shell's.
_SUITE_ENV = frozenset({"FLASK_DATABASE_DEADLINE_SECONDS"})


@pytest.fixture(autouse=True)
def _no_deployment_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test starts without the shell's deployment settings (a test may set its own).

    The README's variables, exported in a shell that also runs the tests, must not
    reach a test app: a DATABASE_URL would have the tests write into that database.
    """
    for name in PLAIN_ENV:
        monkeypatch.delenv(name, raising=False)
    for name in list(os.environ):
        if name.startswith("FLASK_") and name not in _SUITE_ENV:
            monkeypatch.delenv(name, raising=False)


@pytest.fixture
def content_dir(tmp_path: Path) -> Path:
    target = tmp_path / "content"
    shutil.copytree(FIXTURE_CONTENT, target)
    return target


@pytest.fixture
def app(content_dir: Path) -> Iterator[Flask]:
    yield make_app(content_dir)


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def runner(app: Flask) -> FlaskCliRunner:
    return app.test_cli_runner()


@pytest.fixture
def answer(client: FlaskClient) -> Answering:
    return Answering(client)
