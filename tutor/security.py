"""CSRF protection and the security headers every response carries.

The CSP forbids inline scripts and style attributes; htmx is configured by a
``<meta name="htmx-config">`` tag and our own behaviour lives in
``static/js/app.js``, so nothing on the site needs ``'unsafe-inline'``.

The session (which holds the CSRF secret) is Flask's signed cookie, with two
savings on every request that carries it (issue 8): the signing serializer is
built once per secret key instead of per request (building one runs a JSON
round trip to sniff the serializer), and a session that was only read adds
``Vary: Cookie`` without Flask's parse-and-rebuild of the header. The cookie,
its signature and what is checked are exactly Flask's.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, Response
from flask.sessions import SecureCookieSessionInterface, SessionMixin
from flask_wtf.csrf import CSRFProtect
from itsdangerous import URLSafeTimedSerializer

from tutor.compression import add_vary

csrf = CSRFProtect()


class SessionInterface(SecureCookieSessionInterface):
    """Flask's signed-cookie session, its serializer reused and ``Vary`` added cheaply."""

    def __init__(self) -> None:
        self._serializer: tuple[Any, URLSafeTimedSerializer | None] | None = None

    def get_signing_serializer(self, app: Flask) -> URLSafeTimedSerializer | None:
        """Flask's serializer, rebuilt only when the key (or its fallbacks) changes."""
        keys = (app.secret_key, tuple(app.config["SECRET_KEY_FALLBACKS"] or ()))
        cached = self._serializer
        if cached is None or cached[0] != keys:
            cached = self._serializer = (keys, super().get_signing_serializer(app))
        return cached[1]

    def save_session(self, app: Flask, session: SessionMixin, response: Response) -> None:
        """A session that needs no cookie only adds ``Vary: Cookie`` when read; else Flask's."""
        emptied = not session and session.modified
        if not emptied and not self.should_set_cookie(app, session):
            if session.accessed:
                add_vary(response, "Cookie")
            return
        super().save_session(app, session, response)

CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
        "form-action 'self'",
    )
)

SECURITY_HEADERS: dict[str, str] = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
}


def init_app(app: Flask) -> None:
    """Turn on CSRF checks for every POST and add the headers to every response."""
    app.session_interface = SessionInterface()
    csrf.init_app(app)
    app.after_request(_add_headers)


def _add_headers(response: Response) -> Response:
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    return response
