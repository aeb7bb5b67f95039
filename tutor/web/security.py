"""CSRF protection and the security headers every response carries.

The CSP forbids inline scripts and style attributes; htmx is configured by a
``<meta name="htmx-config">`` tag and our own behaviour lives in
``static/js/app.js``, so nothing on the site needs ``'unsafe-inline'``.

The session (which holds the CSRF secret) is Flask's signed cookie, with two
savings on every request that carries it: the signing serializer is
built once per secret key instead of per request (building one runs a JSON
round trip to sniff the serializer), and a session that was only read adds
``Vary: Cookie`` without Flask's parse-and-rebuild of the header. The cookie,
its signature and what is checked are exactly Flask's.

A third saving: a learner sends the same session cookie with every answer,
and checking its signature (HMAC, base64, tagged JSON) was a tenth of an
answer's server time. A cookie whose signature checked out is remembered
with its signing time, as the exact string, for the serializer (so the key)
that checked it; the next request with that exact string only has its age
checked again, as itsdangerous checks it. Only flat sessions of plain values
(the CSRF secret) are remembered, in a :class:`VerifiedCookies` (the learner
cookie, :mod:`tutor.storage.learner`, keeps its own of the same kind).

Cookies are never minted by an answer a visitor did not ask for: a
cross-site POST arrives without our ``SameSite=Lax`` cookies, and answering
it with a fresh session would sign an instructor out and replace the CSRF
secret of an open lesson. So an error response (4xx/5xx) never sets or
deletes the session cookie, and neither does any response to a POST (or
other unsafe method) that arrived without one; :func:`may_set_cookies` says
so for the learner cookie too. A first GET may start them, as before.

Over HTTPS (the request's own scheme, or ``X-Forwarded-Proto`` from a
trusted proxy, ``TRUSTED_PROXIES``) the session cookie is ``Secure`` and
every response carries ``Strict-Transport-Security``; over plain HTTP
neither (HSTS sent over HTTP would be ignored, and a development server on
``http://localhost`` must keep working).
"""

from __future__ import annotations

import time
from typing import Any, Generic, TypeVar

from flask import Flask, Request, Response, request
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface, SessionMixin
from flask_wtf.csrf import CSRFProtect
from itsdangerous import BadSignature, URLSafeTimedSerializer

from tutor.web.compression import add_vary

csrf = CSRFProtect()

# The methods a cross-site page can send with a plain form or fetch; a response to
# one that came without our cookie must not set one.
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
HSTS = "max-age=31536000"
VERIFIED_MAX = 4096  # cookies remembered per memo (then all forgotten at once)
V = TypeVar("V")


class VerifiedCookies(Generic[V]):
    """Signed-cookie texts whose signature checked out, each with what it carried.

    Bounded: at :data:`VERIFIED_MAX` the memo starts again empty (cheaper than
    keeping an order, and a learner's next request simply checks once more).
    """

    def __init__(self) -> None:
        self._known: dict[str, V] = {}

    def get(self, text: str) -> V | None:
        return self._known.get(text)

    def remember(self, text: str, value: V) -> None:
        if len(self._known) >= VERIFIED_MAX:
            self._known.clear()
        self._known[text] = value


class SessionInterface(SecureCookieSessionInterface):
    """Flask's signed-cookie session, its serializer reused and ``Vary`` added cheaply."""

    def __init__(self) -> None:
        self._serializer: tuple[Any, URLSafeTimedSerializer | None] | None = None
        # cookie text -> (the serializer that checked it, signed at (s), its data)
        self._verified: VerifiedCookies[tuple[URLSafeTimedSerializer, int, dict[str, Any]]]
        self._verified = VerifiedCookies()

    def open_session(self, app: Flask, request: Request) -> SecureCookieSession | None:
        """Flask's ``open_session``; a cookie checked before only has its age checked again."""
        s = self.get_signing_serializer(app)
        if s is None:
            return None
        val = request.cookies.get(self.get_cookie_name(app))
        if not val:
            return self.session_class()
        max_age = int(app.permanent_session_lifetime.total_seconds())
        known = self._verified.get(val)
        if known is not None and known[0] is s:
            age = int(time.time()) - known[1]
            if 0 <= age <= max_age:  # TimestampSigner.unsign's two checks
                return self.session_class(known[2])  # a copy: the values are immutable
        try:
            data, signed = s.loads(val, max_age=max_age, return_timestamp=True)
        except BadSignature:
            return self.session_class()
        if _plain(data):
            self._verified.remember(val, (s, int(signed.timestamp()), data))
        return self.session_class(data)

    def get_signing_serializer(self, app: Flask) -> URLSafeTimedSerializer | None:
        """Flask's serializer, rebuilt only when the key (or its fallbacks) changes."""
        keys = (app.secret_key, tuple(app.config["SECRET_KEY_FALLBACKS"] or ()))
        cached = self._serializer
        if cached is None or cached[0] != keys:
            cached = self._serializer = (keys, super().get_signing_serializer(app))
        return cached[1]

    def get_cookie_secure(self, app: Flask) -> bool:
        """``Secure`` when configured, and always when this request came over HTTPS."""
        return bool(app.config["SESSION_COOKIE_SECURE"]) or request.is_secure

    def save_session(self, app: Flask, session: SessionMixin, response: Response) -> None:
        """A session that needs no cookie only adds ``Vary: Cookie`` when read; else Flask's.

        Nothing is set or deleted when :func:`may_set_cookies` says no (the
        module docstring: a cross-site POST or an error keeps the cookie as it was).
        """
        emptied = not session and session.modified
        had_cookie = bool(request.cookies.get(self.get_cookie_name(app)))
        allowed = may_set_cookies(response, had_cookie)
        if not allowed or (not emptied and not self.should_set_cookie(app, session)):
            if session.accessed:
                add_vary(response, "Cookie")
            return
        super().save_session(app, session, response)


def may_set_cookies(response: Response, had_cookie: bool) -> bool:
    """Whether this response may mint, replace or delete a cookie the request had or lacked.

    Never on an error (4xx/5xx); never for an unsafe method (POST…) that
    arrived without the cookie (a cross-site request, or a client that never
    loaded a page). A page the visitor opened (GET) may start one.
    """
    if response.status_code >= 400:
        return False
    return had_cookie or request.method in SAFE_METHODS


_PLAIN = (str, int, float, bool, type(None))


def _plain(data: object) -> bool:
    """A dict of plain values: a shallow copy of it is a full copy."""
    return isinstance(data, dict) and all(type(v) in _PLAIN for v in data.values())


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

# The site uses no camera, microphone, location, payment or USB: nothing on a page
# (nor a frame someone manages to put there) may ask for them.
PERMISSIONS_POLICY = ", ".join(f"{feature}=()" for feature in (
    "accelerometer", "camera", "geolocation", "gyroscope", "magnetometer", "microphone",
    "payment", "usb", "interest-cohort"))
SECURITY_HEADERS: dict[str, str] = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "Permissions-Policy": PERMISSIONS_POLICY,
    # A window this site opens, or that opens it, gets no handle on the other.
    "Cross-Origin-Opener-Policy": "same-origin",
}


def init_app(app: Flask) -> None:
    """Turn on CSRF checks for every POST and add the headers to every response."""
    app.session_interface = SessionInterface()
    csrf.init_app(app)
    app.after_request(_add_headers)


def _add_headers(response: Response) -> Response:
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    if request.is_secure:
        response.headers.setdefault("Strict-Transport-Security", HSTS)
    return response
