"""``next`` after signing in stays on this site (tutor/accounts/current.py: safe_next).

The security review of December 2026 (finding «open redirect after sign-in»):
``/account/login?next=/%09/evil.example/phish`` answered
``Location: //evil.example/phish`` — browsers drop the tab — after a password
POST too, and the link after registration pointed there as well. A newline
in ``next`` gave a 500.
"""

from __future__ import annotations

import pytest
from flask import Flask

from tests.support.accounts import PASSWORD, register
from tests.support.client import csrf_token
from tutor.accounts.current import safe_next

HOSTILE = [
    "/\t/evil.example/phish", "/%09/evil.example/phish", "/%0a/evil.example", "/\n/x",
    "/%0d%0a/evil.example", "//evil.example", "/%2F/evil.example", "/%2f%2fevil.example",
    "/\\evil.example", "/%5Cevil.example", "/%5c%5cevil.example", "https://evil.example/",
    "/ /evil.example", "/%20/evil.example", "/\x00/evil", "/%00/evil", "/\x7f/evil",
    "javascript:alert(1)", "/%2Fevil.example", "evil.example", "", "/" + "a" * 5000,
]
FINE = ["/lessons/basics", "/classes/3?tab=learners", "/progress", "/lessons/%D1%8F"]


@pytest.mark.parametrize("target", HOSTILE)
def test_a_next_leaving_the_site_is_dropped(target: str) -> None:
    assert safe_next(target) is None


@pytest.mark.parametrize("target", FINE)
def test_a_path_of_this_site_is_kept(target: str) -> None:
    assert safe_next(target) == target


def _where(response: object) -> str:
    return response.headers.get("Location", "")  # type: ignore[attr-defined]


def test_no_sign_in_path_sends_the_browser_to_another_host(app: Flask) -> None:
    signed_in = app.test_client()
    register(signed_in, "alice")
    for target in HOSTILE[:12]:
        response = signed_in.get("/account/login", query_string={"next": target})
        assert response.status_code == 302, target
        assert _where(response) == "/account", target
        fresh = app.test_client()
        response = fresh.post(
            "/account/login",
            data={
                "csrf_token": csrf_token(fresh, "/account/login"),
                "login": "alice",
                "password": PASSWORD,
                "next": target,
            },
        )
        assert response.status_code == 302, target
        assert _where(response) == "/", target
    newcomer = app.test_client()
    page = newcomer.post(
        "/account/register",
        data={
            "csrf_token": csrf_token(newcomer, "/account/register"),
            "login": "bob",
            "display_name": "",
            "password": PASSWORD,
            "password2": PASSWORD,
            "next": "/\t/evil.example/x",
        },
    ).get_data(as_text=True)
    assert "evil.example" not in page
