"""The one client helper: a page's CSRF token and nonce, and posts the way htmx makes them.

Tests post forms the way the site's pages do: the token read from the page the
form is on, htmx answers with the ``HX-Request`` header. Tile drawings are
dropped from an answer's HTML by :func:`words`, so assertions read its words.
"""

from __future__ import annotations

import re
from typing import Any

from flask.testing import FlaskClient
from werkzeug.test import TestResponse

HTMX = {"HX-Request": "true"}
_CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')
_NONCE = re.compile(r'name="nonce" value="([^"]+)"')
# Tile drawings (and charts): an answer's words are read without their aria-labels.
_SVG = re.compile(
    r'<svg.*?</svg>|<span class="tile(?: [^"]*)?" role="img" aria-label="[^"]*"></span>', re.S
)


def token_in(html: str) -> str:
    """The CSRF token a page's forms carry (pages fetched over a real socket use this)."""
    match = _CSRF.search(html)
    assert match, "the page must carry a CSRF token in its forms"
    return match.group(1)


def csrf_token(client: FlaskClient, path: str = "/lessons/basics") -> str:
    """Open a page like a browser would and read the form's CSRF token from it."""
    return token_in(client.get(path).get_data(as_text=True))


def nonce(html: str) -> str:
    """The one-time nonce a practice problem's form carries."""
    match = _NONCE.search(html)
    assert match, "the form must carry a nonce"
    return match.group(1)


def words(html: str) -> str:
    """The HTML without tile drawings: what the words of a page say."""
    return _SVG.sub("", html)


def post(client: FlaskClient, path: str, data: dict[str, Any], *, token: str | None = None,
         htmx: bool = False, token_from: str | None = None) -> TestResponse:
    """Post a form with a valid CSRF token (read from ``token_from``, default ``path``)."""
    payload = {"csrf_token": token or csrf_token(client, token_from or path), **data}
    return client.post(path, data=payload, headers=HTMX if htmx else {})


class Answering:
    """Posts drill answers with a valid CSRF token, as the lesson page's forms do."""

    def __init__(self, client: FlaskClient) -> None:
        self.client = client
        self.token = csrf_token(client)

    def post(self, slug: str, drill_id: str, data: dict[str, object], *,
             htmx: bool = True) -> TestResponse:
        payload = {"csrf_token": self.token, **data}
        headers = HTMX if htmx else {}
        return self.client.post(f"/lessons/{slug}/drills/{drill_id}", data=payload, headers=headers)

    def words(self, slug: str, drill_id: str, data: dict[str, object]) -> tuple[int, str]:
        """Status and HTML of an htmx answer without its tile drawings (assertions read words)."""
        response = self.post(slug, drill_id, data)
        return response.status_code, words(response.get_data(as_text=True))


def verdict(html: str) -> str:
    match = re.search(r'data-verdict="([a-z]+)"', html)
    assert match, "feedback must carry data-verdict"
    return match.group(1)
