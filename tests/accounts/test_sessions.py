"""One way a session ends: this device, every device, and never a pretend sign-out.

tutor/accounts/current.py (sign_out, revoke). «Выйти» in the menu ends this
device's session — a copy of its cookie dies too — and leaves the account's
other devices signed in; «Выйти на всех устройствах» on the account page ends
them all. The security review of December 2026 (finding «signing out while
the database is down»): the logout answered 302 and re-issued the same
signed-in cookie, still valid afterwards. Now it answers 503 and changes
nothing, like the instructor's sign-out.
"""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.support.accounts import register, sign_in
from tests.support.client import csrf_token
from tutor import storage
from tutor.storage import sessions
from tutor.storage.errors import StorageError

SESSION = "session"


def _signed_in(client: FlaskClient) -> bool:
    return client.get("/account").status_code == 200


def _copy(app: Flask, client: FlaskClient) -> FlaskClient:
    cookie = client.get_cookie(SESSION)
    assert cookie is not None
    copy = app.test_client()
    copy.set_cookie(SESSION, cookie.value)
    return copy


def _menu_logout(client: FlaskClient) -> int:
    page = client.get("/lessons/basics").get_data(as_text=True)
    form = re.search(r'<form method="post" action="(/account/logout)"[^>]*>\s*'
                     r'<input type="hidden" name="csrf_token" value="([^"]+)">\s*'
                     r'<button[^>]*>Выйти</button>', page)
    assert form, "the menu carries «Выйти»"
    return client.post(form.group(1), data={"csrf_token": form.group(2)}).status_code


def test_signing_out_ends_this_device_and_its_copies_only(app: Flask) -> None:
    phone = app.test_client()
    register(phone, "alice")
    laptop = app.test_client()
    assert sign_in(laptop, "alice") == 302
    stolen = _copy(app, phone)
    assert _signed_in(stolen)
    assert _menu_logout(phone) == 302
    assert not _signed_in(phone)
    assert not _signed_in(stolen)  # a copy of the signed-out cookie died with it
    assert _signed_in(laptop)  # the other device stays
    assert sign_in(phone, "alice") == 302 and _signed_in(phone)  # signing in again works


def test_signing_out_everywhere_ends_every_device(app: Flask) -> None:
    phone = app.test_client()
    register(phone, "alice")
    laptop = app.test_client()
    assert sign_in(laptop, "alice") == 302
    stolen = _copy(app, laptop)
    page = phone.get("/account").get_data(as_text=True)
    assert 'action="/account/logout/everywhere"' in page
    response = phone.post("/account/logout/everywhere",
                          data={"csrf_token": csrf_token(phone, "/account")})
    assert response.status_code == 302
    assert not any(_signed_in(c) for c in (phone, laptop, stolen))


def test_a_dead_copy_cannot_sign_the_owner_out_everywhere(app: Flask) -> None:
    phone = app.test_client()
    register(phone, "alice")
    old = _copy(app, phone)
    assert _menu_logout(phone) == 302
    assert sign_in(phone, "alice") == 302
    old.post("/account/logout/everywhere", data={"csrf_token": csrf_token(old, "/lessons/basics")})
    assert _signed_in(phone)


def test_signing_out_while_the_database_is_down_says_so_and_changes_nothing(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    phone = app.test_client()
    register(phone, "alice")
    csrf = csrf_token(phone, "/account")
    store = storage.store(app)
    real = store.transaction

    def down() -> object:
        raise StorageError("OperationalError")

    for path in ("/account/logout", "/account/logout/everywhere"):
        monkeypatch.setattr(store, "transaction", down)
        response = phone.post(path, data={"csrf_token": csrf})
        assert response.status_code == 503, path
        assert "Выйти не удалось" in response.get_data(as_text=True)
        assert not any(h.startswith(f"{SESSION}=") for h in response.headers.getlist("Set-Cookie"))
        monkeypatch.setattr(store, "transaction", real)
        assert _signed_in(phone)  # not a success that did nothing: still signed in, and told
    assert phone.post("/account/logout", data={"csrf_token": csrf}).status_code == 302
    assert not _signed_in(phone)


def test_revocations_are_forgotten_once_the_cookie_would_have_expired(app: Flask) -> None:
    with app.test_request_context():
        store = storage.store(app)
        with store.transaction() as conn:
            sessions.revoke_session(conn, "old", 1.0)  # expired long ago
            sessions.revoke_session(conn, "new", 4e9)
        with store.transaction() as conn:
            left = {row[0] for row in conn.execute(
                sessions.session_versions.select().with_only_columns(
                    sessions.session_versions.c.identity))}
    assert left == {"session:new"}


def test_my_progress_for_a_signed_in_learner_says_it_follows_the_account(app: Flask) -> None:
    anonymous = app.test_client()
    assert "браузер помнит" in anonymous.get("/progress").get_data(as_text=True)
    learner = app.test_client()
    register(learner, "alice")
    page = learner.get("/progress").get_data(as_text=True)
    assert "браузер помнит" not in page and "в вашей учётной записи" in page
