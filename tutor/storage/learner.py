"""The anonymous learner: a random id in a signed, HttpOnly, SameSite=Lax cookie.

No account and nothing personal: the first visit gets ``secrets.token_hex(16)``
signed with the app's secret key (itsdangerous, salted for this purpose), so
a learner cannot claim someone else's id. A missing, tampered or foreign
cookie silently starts a new anonymous learner — never an error page.

The cookie is only ever set on a response :func:`tutor.web.security.may_set_cookies`
allows: not on an error, not on a POST that arrived without it
(a cross-site form would otherwise cut a learner off from their progress).
A wipe, a POST that carried the cookie, may replace it.

A signed-in account owns a learner id of its own; which of the two a request
uses is decided a floor above, by :func:`tutor.accounts.current.current_learner`,
which knows the session — this module knows only the browser's cookie.
"""

from __future__ import annotations

import re
import secrets

from flask import Flask, Response, current_app, g, request
from itsdangerous import BadSignature, URLSafeSerializer

from tutor.web.security import VerifiedCookies, may_set_cookies

COOKIE = "tempai_learner"
MAX_AGE = 2 * 365 * 24 * 3600  # two years: progress outlives a browser session
_SALT = "tempai.learner"
_SERIALIZER_KEY = "tempai.learner_serializer"
_ID = re.compile(r"[0-9a-f]{32}")
# Responses that are not a learner's visit: files and the monitoring probe.
_NO_COOKIE = frozenset({"static", "health.healthz"})


def _signing() -> tuple[URLSafeSerializer, VerifiedCookies[str]]:
    """One serializer per app and secret key (it is stateless; building it is not free),
    and the cookies it has verified: the text of each -> its learner id.

    A learner sends the same cookie with every answer; checking its signature
    again each time was a twentieth of an answer's server time. A
    new key starts a new, empty memo.
    """
    secret = current_app.config["SECRET_KEY"]
    cached = current_app.extensions.get(_SERIALIZER_KEY)
    if cached is None or cached[0] != secret:
        cached = (secret, URLSafeSerializer(secret, salt=_SALT), VerifiedCookies[str]())
        current_app.extensions[_SERIALIZER_KEY] = cached
    return cached[1], cached[2]


def _read_cookie() -> str | None:
    raw = request.cookies.get(COOKIE)
    if not raw or len(raw) > 200:
        return None
    serializer, verified = _signing()
    known = verified.get(raw)
    if known is not None:
        return known
    try:
        value = serializer.loads(raw)
    except BadSignature:
        return None
    if not (isinstance(value, str) and _ID.fullmatch(value)):
        return None
    verified.remember(raw, value)
    return value


def anonymous_id() -> str:
    """This browser's anonymous learner id; a new one (set on the response) if the cookie
    is absent or bad."""
    if "tempai_learner" not in g:
        found = _read_cookie()
        g.tempai_learner_new = found is None
        g.tempai_learner = found or secrets.token_hex(16)
    return str(g.tempai_learner)


def cookie_learner_id() -> str | None:
    """The id this browser's own cookie carries (the anonymous progress), whoever is signed in."""
    return _read_cookie()


def forget_request_learner() -> None:
    """Drop this request's memo of the learner id (after signing in or out)."""
    g.pop("tempai_learner", None)
    g.pop("tempai_learner_new", None)


def start_new_learner() -> str:
    """Forget the current id (after a wipe): the response carries a fresh one."""
    g.tempai_learner = secrets.token_hex(16)
    g.tempai_learner_new = True
    return str(g.tempai_learner)


def _set_cookie(response: Response) -> Response:
    if request.endpoint in _NO_COOKIE:
        return response
    anonymous_id()
    if g.get("tempai_learner_new") and may_set_cookies(response, COOKIE in request.cookies):
        response.set_cookie(
            COOKIE, _signing()[0].dumps(g.tempai_learner), max_age=MAX_AGE, httponly=True,
            samesite="Lax", secure=request.is_secure, path="/",
        )
    return response


def init_app(app: Flask) -> None:
    """Give every page response a learner cookie when it has none (or a bad one)."""
    app.after_request(_set_cookie)
