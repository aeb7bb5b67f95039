"""Shared by the accounts and classes tests: apps on a SQLite file, signing up and answering.

``Site`` keeps every app it made so a fixture can dispose of their pools.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.support import databases
from tests.support.client import csrf_token
from tests.support.databases import BACKENDS, PG_URL  # noqa: F401 (the accounts tests import them here)
from tests.support.site import make_app
from tutor import storage
from tutor.accounts import passwords, store
from tutor.storage import deadline

PASSWORD = "correct horse battery"


def register(client: FlaskClient, login: str, name: str | None = None) -> str:
    """Register and stay signed in; returns the recovery code shown."""
    response = client.post("/account/register", data={
        "csrf_token": csrf_token(client, "/account/register"), "login": login,
        "display_name": name or login.capitalize(), "password": PASSWORD, "password2": PASSWORD,
    })
    assert response.status_code == 200, response.get_data(as_text=True)
    code = re.search(r"data-recovery-code>([A-Z0-9-]+)<", response.get_data(as_text=True))
    assert code
    return code.group(1)


def sign_in(client: FlaskClient, login: str, password: str = PASSWORD) -> int:
    response = client.post("/account/login", data={
        "csrf_token": csrf_token(client, "/account/login"), "login": login, "password": password})
    return response.status_code


def sign_out(client: FlaskClient) -> None:
    response = client.post("/account/logout", data={"csrf_token": csrf_token(client, "/account")})
    assert response.status_code == 302


def make_user(app: Flask, login: str, role: str) -> store.User:
    """An account made directly (an instructor or admin for a test)."""
    with app.test_request_context():
        password_hash = passwords.hash_secret(PASSWORD)
        with storage.store().transaction() as conn:
            return store.create(conn, login=login, display_name=login.capitalize(), role=role,
                                password_hash=password_hash)


def summary_of(client: FlaskClient, learner_id: str) -> Any:
    with client.application.test_request_context():
        return storage.store().summary(learner_id)


def user_by_login(app: Flask, login: str) -> store.User:
    with app.test_request_context():
        with storage.store().transaction() as conn:
            found = store.by_login(conn, login)
    assert found
    return found[0]


def fresh_database(kind: str, folder: Path) -> AbstractContextManager[str]:
    """An empty database for the accounts tests (:func:`tests.support.databases.fresh_database`)."""
    return databases.fresh_database(kind, folder, "accounts.sqlite3")


class Site:
    """Apps made for one test on one database; their pools are closed at the end."""

    def __init__(self, content_dir: Path, url: str) -> None:
        self.content_dir, self.url, self.apps = content_dir, url, []

    def app(self, **extra: Any) -> Flask:
        made = make_app(self.content_dir, DATABASE_URL=self.url, **extra)
        self.apps.append(made)
        return made

    def close(self) -> None:
        for made in self.apps:
            storage.opened_store(made).engine.dispose()


class Argon2Outside:
    """Fails a test whose code hashes or verifies a password inside a database transaction.

    argon2 is CPU time (64 MiB and three passes in production): inside a
    transaction it is spent from the store call's deadline and holds a pooled
    connection, and on a busy server the deadline ran out — registering got a
    503 (CI, two gunicorn processes). Every accounts, classes and studio test
    runs with this guard on ``passwords.hash_secret`` and ``passwords.verify``.
    """

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.inside: list[str] = []
        for name in ("hash_secret", "verify"):
            monkeypatch.setattr(passwords, name, self._checked(name, getattr(passwords, name)))

    def _checked(self, name: str, real: Any) -> Any:
        def checked(*args: Any) -> Any:
            if deadline.in_deadline():
                self.inside.append(name)
                raise AssertionError(f"passwords.{name} inside a database transaction")
            return real(*args)
        return checked


# The fixtures of every package whose tests need accounts (tests/accounts, tests/classes,
# tests/studio): each conftest imports these two, so they are written once.
@pytest.fixture(params=BACKENDS)
def site(request: pytest.FixtureRequest, content_dir: Path, tmp_path: Path,
         monkeypatch: pytest.MonkeyPatch) -> Iterator[Site]:
    """A fresh database per test: SQLite, and PostgreSQL when TEMPAI_TEST_PG_URL is set."""
    guard = Argon2Outside(monkeypatch)
    with fresh_database(request.param, tmp_path) as url:
        made = Site(content_dir, url)
        yield made
        made.close()
    assert not guard.inside, f"argon2 inside a transaction: {guard.inside}"


@pytest.fixture
def app(site: Site) -> Flask:
    return site.app()
