"""Who may set a cookie: never a cross-site POST, never an error; Secure over HTTPS."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.support.authoring import login
from tests.support.client import HTMX, csrf_token
from tests.support.site import make_app
from tutor.storage.learner import COOKIE as LEARNER_COOKIE

SESSION_COOKIE = "session"
DRILL = "/lessons/basics/drills/nobetan"
HTTPS = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.7",
         "Referer": "https://localhost/lessons/basics"}


def _set_cookies(response) -> list[str]:  # noqa: ANN001
    return response.headers.getlist("Set-Cookie")


@pytest.mark.parametrize("htmx", [pytest.param(True, id="htmx"), pytest.param(False, id="plain")])
def test_a_cross_site_post_without_cookies_gets_no_new_cookie(
    client: FlaskClient, htmx: bool
) -> None:
    """SameSite=Lax: another site's form arrives bare; answering it must not mint anything."""
    response = client.post(DRILL, data={"tiles": "3m"}, headers=HTMX if htmx else {})
    assert response.status_code == 400
    assert _set_cookies(response) == []


def test_a_post_without_cookies_that_succeeds_still_mints_none(app: Flask) -> None:
    """Even a POST the app accepts (CSRF off) starts no learner or session without a GET first."""
    app.config["WTF_CSRF_ENABLED"] = False
    response = app.test_client().post(DRILL, data={"tiles": "3m", "action": "check"},
                                      headers=HTMX)
    assert response.status_code == 200
    assert _set_cookies(response) == []


def test_a_failed_post_keeps_the_learners_cookie_and_session(client: FlaskClient) -> None:
    """A forged token (cookies present) is a 400 that leaves both cookies exactly as they were."""
    csrf_token(client)
    learner = client.get_cookie(LEARNER_COOKIE)
    session = client.get_cookie(SESSION_COOKIE)
    assert learner is not None and session is not None
    response = client.post(DRILL, data={"tiles": "3m", "csrf_token": "forged"}, headers=HTMX)
    assert response.status_code == 400
    assert _set_cookies(response) == []
    assert client.get_cookie(LEARNER_COOKIE).value == learner.value
    assert client.get_cookie(SESSION_COOKIE).value == session.value


@pytest.mark.parametrize("path", [pytest.param("/lessons/nope", id="404"),
                                  pytest.param("/author/login", id="403")])
def test_an_error_page_on_a_first_visit_mints_no_cookie(client: FlaskClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code >= 400
    assert _set_cookies(response) == []


def test_a_first_get_starts_the_learner_and_the_session(client: FlaskClient) -> None:
    response = client.get("/lessons/basics")
    names = sorted(cookie.split("=", 1)[0] for cookie in _set_cookies(response))
    assert names == [SESSION_COOKIE, LEARNER_COOKIE]


def test_a_cross_site_post_does_not_sign_the_instructor_out(content_dir: Path) -> None:
    site = make_app(content_dir, INSTRUCTOR_PASSWORD="верный-пароль")
    client = site.test_client()
    assert login(client, "верный-пароль") == 302
    bare = site.test_client()  # the same browser, but the cross-site POST carries no cookie
    response = bare.post("/author/logout")
    assert response.status_code == 400 and _set_cookies(response) == []
    assert client.get("/author/preview").status_code == 200


# -- HTTPS behind a trusted proxy --------------------------------------------------------


def test_over_https_both_cookies_are_secure_and_hsts_is_sent(content_dir: Path) -> None:
    site = make_app(content_dir, TRUSTED_PROXIES=1)
    response = site.test_client().get("/lessons/basics", headers=HTTPS)
    cookies = {c.split("=", 1)[0]: c for c in _set_cookies(response)}
    assert sorted(cookies) == [SESSION_COOKIE, LEARNER_COOKIE]
    for cookie in cookies.values():
        assert "; Secure" in cookie and "HttpOnly" in cookie and "SameSite=Lax" in cookie
    assert response.headers["Strict-Transport-Security"] == "max-age=31536000"


def test_over_plain_http_no_secure_flag_and_no_hsts(content_dir: Path) -> None:
    site = make_app(content_dir, TRUSTED_PROXIES=1)
    response = site.test_client().get("/lessons/basics")
    assert [c for c in _set_cookies(response) if "Secure" in c] == []
    assert "Strict-Transport-Security" not in response.headers


def test_a_forwarded_https_header_is_ignored_without_a_trusted_proxy(content_dir: Path) -> None:
    site = make_app(content_dir)
    response = site.test_client().get("/lessons/basics", headers=HTTPS)
    assert [c for c in _set_cookies(response) if "Secure" in c] == []
    assert "Strict-Transport-Security" not in response.headers


def test_the_instructors_session_is_secure_over_https(content_dir: Path) -> None:
    site = make_app(content_dir, INSTRUCTOR_PASSWORD="верный-пароль", TRUSTED_PROXIES=1)
    client = site.test_client()
    client.environ_base.update({"HTTP_X_FORWARDED_PROTO": "https",
                                "HTTP_REFERER": "https://localhost/author/login"})
    response = client.post("/author/login", data={
        "csrf_token": csrf_token(client, "/author/login"), "password": "верный-пароль"})
    assert response.status_code == 302
    (session,) = [c for c in _set_cookies(response) if c.startswith(SESSION_COOKIE + "=")]
    assert "; Secure" in session
