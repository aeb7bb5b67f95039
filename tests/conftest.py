"""Fixtures for the site's tests: an app on tests/fixtures/content, its client and CLI runner.

``content_dir`` is a fresh copy of the fixture lessons per test, so tests may
edit or break lesson files without affecting each other.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner

from tutor import PLAIN_ENV, create_app

FIXTURE_CONTENT = Path(__file__).parent / "fixtures" / "content"
# make test runs the suite on every core beside its own PostgreSQL (pytest-xdist),
# where a store call can take longer than production's 1.2 s deadline; the tests
# of the deadline itself set their own (tests/server/test_frozen_database.py).
# (FLASK_-prefixed: read by every test app; a gunicorn a test starts gets it from
# tests.live.suite_deadline, since loadkit passes no FLASK_ variable on.)
os.environ.setdefault("FLASK_DATABASE_DEADLINE_SECONDS", "5")
# Set by the suite itself (above); every other FLASK_ variable is the shell's.
_SUITE_ENV = frozenset({"FLASK_DATABASE_DEADLINE_SECONDS"})
HTMX = {"HX-Request": "true"}
# Tile drawings (and charts): an answer's words are read without their aria-labels.
_SVG = re.compile(
    r'<svg.*?</svg>|<span class="tile(?: [^"]*)?" role="img" aria-label="[^"]*"></span>', re.S
)
_CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')


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
    app = create_app(
        {"TESTING": True, "CONTENT_DIR": str(content_dir), "SECRET_KEY": "test-secret"}
    )
    yield app


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def runner(app: Flask) -> FlaskCliRunner:
    return app.test_cli_runner()


def csrf_token(client: FlaskClient, path: str = "/lessons/basics") -> str:
    """Open a page like a browser would and read the form's CSRF token from it."""
    match = _CSRF.search(client.get(path).get_data(as_text=True))
    assert match, "the page must carry a CSRF token in its forms"
    return match.group(1)


class Answering:
    """Posts drill answers with a valid CSRF token, as the lesson page's forms do.

    ``attempt``: the form's attempt field, when given; tests of what a wrong
    answer explains send 2 — a first miss only asks to try again, the second
    one shows the solution (:attr:`tutor.drills.grading.Outcome.revealed`).
    """

    def __init__(self, client: FlaskClient, attempt: int | None = None) -> None:
        self.client = client
        self.token = csrf_token(client)
        self.attempt = attempt

    def post(self, slug: str, drill_id: str, data: dict[str, object], *, htmx: bool = True):  # noqa: ANN201
        payload = {"csrf_token": self.token, **data}
        if self.attempt is not None:
            payload.setdefault("attempt", str(self.attempt))
        headers = HTMX if htmx else {}
        return self.client.post(f"/lessons/{slug}/drills/{drill_id}", data=payload, headers=headers)

    def words(self, slug: str, drill_id: str, data: dict[str, object]) -> tuple[int, str]:
        """Status and HTML of an htmx answer without its tile drawings (assertions read words)."""
        response = self.post(slug, drill_id, data)
        return response.status_code, _SVG.sub("", response.get_data(as_text=True))


@pytest.fixture
def answer(client: FlaskClient) -> Answering:
    return Answering(client)
