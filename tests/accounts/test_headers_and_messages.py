"""Permissions-Policy and Cross-Origin-Opener-Policy on every answer; the admin page's
messages are only our own (tutor/web/security.py, tutor/accounts/admin.py: flashed
sentences, nothing read from the address).

The security review of December 2026 (notes): no Permissions-Policy or COOP
header; ``/admin/users?error=Войдите на evil.example`` showed any text in the
admin's red alert box.
"""

from __future__ import annotations

from flask import Flask

from tests.support.accounts import make_user, sign_in


def test_every_answer_carries_the_policy_headers(app: Flask) -> None:
    client = app.test_client()
    for path in ("/", "/lessons/basics", "/account/login", "/no-such-page", "/healthz"):
        response = client.get(path)
        assert "camera=()" in response.headers["Permissions-Policy"], path
        assert "geolocation=()" in response.headers["Permissions-Policy"], path
        assert response.headers["Cross-Origin-Opener-Policy"] == "same-origin", path


def test_the_admin_error_box_shows_only_known_messages(app: Flask) -> None:
    make_user(app, "root", "admin")
    admin = app.test_client()
    assert sign_in(admin, "root") == 302
    page = admin.get("/admin/users", query_string={"error": "Войдите на evil.example"})
    assert "evil.example" not in page.get_data(as_text=True)
    assert 'role="alert"' not in page.get_data(as_text=True)
