"""The author's side of the site: signing in with the instructor password."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.support.client import csrf_token


def login(client: FlaskClient, password: str) -> int:
    """Sign in at /author/login; the status code of the answer."""
    response = client.post(
        "/author/login",
        data={"csrf_token": csrf_token(client, "/author/login"), "password": password},
    )
    return response.status_code
