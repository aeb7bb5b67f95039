"""The instructor's sign-in — revocable sessions, an exact and fair guess limit.

On SQLite always and on PostgreSQL when ``TEMPAI_TEST_PG_URL`` is set: the
counts live in the database, so parallel requests (and processes) must add
up exactly, and the right password must get in whatever a guesser did.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.support.authoring import login
from tests.support.client import csrf_token
from tests.support.databases import BACKENDS, PG_URL, at_once
from tests.support.site import make_app
from tutor import storage
from tutor.accounts import limits
from tutor.authoring import throttle
from tutor.authoring import views as authoring
from tutor.storage import sessions
from tutor.storage import throttle as counters
from tutor.storage.errors import StorageError

PASSWORD = "верный-пароль"


@pytest.fixture(params=BACKENDS)
def site(request: pytest.FixtureRequest, content_dir: Path, tmp_path: Path) -> Iterator[Flask]:
    url = PG_URL if request.param == "postgresql" else f"sqlite:///{tmp_path / 'p.sqlite3'}"
    app = make_app(content_dir, INSTRUCTOR_PASSWORD=PASSWORD, DATABASE_URL=str(url))
    with app.app_context():
        store = storage.store()
        with store.transaction() as conn:
            conn.execute(sessions.session_versions.delete())  # a shared PostgreSQL keeps rows
            conn.execute(counters.login_throttle.delete())
    yield app
    store.engine.dispose()


def _counts(app: Flask, address: str) -> tuple[int, int]:
    now = limits.clock()
    with app.app_context(), storage.store().transaction() as conn:
        return (counters.failures(conn, limits.address_key(address), now, limits.WINDOW),
                counters.failures(conn, throttle.ACCOUNT, now, limits.WINDOW))


# -- the guess limit -------------------------------------------------------------------


def test_parallel_wrong_passwords_are_counted_exactly_and_hold_the_login(
    site: Flask, later: list[float], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each checked guess gets its own count; beyond the fifth nothing more is checked."""
    seen: list[tuple[int, int]] = []
    lock = threading.Lock()
    original = limits.count

    def recording(store, address, account):  # noqa: ANN001, ANN202
        counts = original(store, address, account)
        with lock:
            seen.append(counts)
        return counts

    monkeypatch.setattr(limits, "count", recording)
    guessers = [site.test_client() for _ in range(12)]
    tokens = [csrf_token(client, "/author/login") for client in guessers]

    def guess(n: int) -> int:
        return guessers[n].post("/author/login", data={
            "csrf_token": tokens[n], "password": f"угадываю-{n}"}).status_code

    for _ in range(10):  # rounds of 12 at once (the in-flight bound refuses some) until held
        statuses = at_once(12, guess)
        assert set(statuses) <= {403, 429}
        if len(seen) > limits.ACCOUNT_FREE:
            break
    assert sorted(seen) == [(n, n) for n in range(1, len(seen) + 1)]  # each count once
    assert limits.ACCOUNT_FREE + 1 <= len(seen) <= limits.ACCOUNT_FREE + 2
    assert login(site.test_client(), PASSWORD) == 429  # held, right password or not
    later.append(limits.MAX_HOLD + 1)
    assert login(site.test_client(), PASSWORD) == 302  # from the very same address


def test_a_guesser_on_many_addresses_is_held_by_the_accounts_count(
    site: Flask, later: list[float]
) -> None:
    for n in range(limits.ACCOUNT_FREE + 1):
        client = site.test_client()
        client.environ_base["REMOTE_ADDR"] = f"203.0.113.{n + 1}"
        assert login(client, "угадываю") == 403
    assert _counts(site, "203.0.113.5") == (1, limits.ACCOUNT_FREE + 1)
    rightful = site.test_client()
    rightful.environ_base["REMOTE_ADDR"] = "198.51.100.9"
    assert login(rightful, PASSWORD) == 429
    later.append(limits.hold_seconds(limits.ACCOUNT_FREE + 1) + 1)
    assert login(rightful, PASSWORD) == 302  # the hold ends by itself


# -- revocable sessions ----------------------------------------------------------------


def _signed_in(app: Flask) -> tuple[FlaskClient, str]:
    client = app.test_client()
    assert login(client, PASSWORD) == 302
    cookie = client.get_cookie("session")
    assert cookie is not None
    return client, cookie.value


def _copy(app: Flask, cookie: str) -> FlaskClient:
    thief = app.test_client()
    thief.set_cookie("session", cookie)
    return thief


def test_a_copied_cookie_dies_with_the_sign_out(site: Flask) -> None:
    instructor, cookie = _signed_in(site)
    thief = _copy(site, cookie)
    assert thief.get("/author/preview").status_code == 200  # the memo now knows the cookie
    response = instructor.post("/author/logout",
                               data={"csrf_token": csrf_token(instructor, "/author/preview")})
    assert response.status_code == 302
    assert thief.get("/author/preview").status_code == 302  # the memo did not outlive it
    assert instructor.get("/author/preview").status_code == 302
    assert _signed_in(site)[0].get("/author/preview").status_code == 200  # signing in again


def test_the_sign_out_reaches_every_process_sharing_the_database(
    content_dir: Path, tmp_path: Path
) -> None:
    url = f"sqlite:///{tmp_path / 'shared.sqlite3'}"
    first, second = (make_app(content_dir, INSTRUCTOR_PASSWORD=PASSWORD, DATABASE_URL=url)
                     for _ in range(2))
    instructor, cookie = _signed_in(first)
    other_process = _copy(second, cookie)
    assert other_process.get("/author/preview").status_code == 200
    token = csrf_token(instructor, "/author/preview")
    instructor.post("/author/logout", data={"csrf_token": token})
    assert other_process.get("/author/preview").status_code == 302


def test_a_visitor_cannot_sign_the_instructor_out(site: Flask) -> None:
    instructor, _ = _signed_in(site)
    visitor = site.test_client()
    csrf = csrf_token(visitor, "/lessons/basics")
    response = visitor.post("/author/logout", data={"csrf_token": csrf})
    assert response.status_code == 302
    assert instructor.get("/author/preview").status_code == 200


def test_without_the_session_table_nobody_is_let_in(
    site: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    instructor, _ = _signed_in(site)

    def down(*_args: object) -> int:
        raise StorageError("OperationalError")

    monkeypatch.setattr(sessions, "current_version", down)
    assert instructor.get("/author/preview").status_code == 302  # fails closed, no 500


def test_a_sign_out_that_cannot_be_recorded_says_so_and_keeps_the_session(
    site: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    instructor, cookie = _signed_in(site)

    def down(*_args: object) -> int:
        raise StorageError("OperationalError")

    monkeypatch.setattr(sessions, "bump_version", down)
    response = instructor.post(
        "/author/logout", data={"csrf_token": csrf_token(instructor, "/author/preview")}
    )
    assert response.status_code == 503
    assert authoring.NO_LOGOUT in response.get_data(as_text=True)
    assert response.headers.getlist("Set-Cookie") == []
    assert instructor.get("/author/preview").status_code == 200  # try again later


def test_a_session_without_a_version_is_not_honoured(site: Flask) -> None:
    """A cookie signed in before versions existed (or forged without one) is signed out."""
    instructor, _ = _signed_in(site)
    with instructor.session_transaction() as data:
        del data[authoring.VERSION_KEY]
    assert instructor.get("/author/preview").status_code == 302
