"""Who is signed in, and the one way a session ends.

The session (Flask's signed cookie) carries ``account`` (users.id),
``account_version`` and ``account_session`` (a random id for this device's
session); a request is signed in only while that version is still the
account's in :mod:`tutor.storage.sessions`, this session id has not been
revoked, and the account is enabled — one statement
(:func:`tutor.accounts.store.session_user`), made once per request and only
when the session names an account.

Every ending goes through :func:`sign_out` or :func:`revoke`, and is
recorded in the database before the browser is told it happened:

- «Выйти» (:func:`sign_out`): this device's session id is revoked, so a copy
  of this cookie dies too, and the account's other devices stay signed in;
- «Выйти на всех устройствах» (``sign_out(everywhere=True)``), a password
  change, recovery, an admin's change (:func:`revoke`): the account's version
  moves on and every session of every device dies at once;
- while the database is down nothing can be recorded, so :func:`sign_out`
  raises :class:`StorageError` and the view answers 503 without touching the
  cookie — never a sign-out that looks done and is not.

Signing in rotates the session: everything in it (the CSRF secret too) is
dropped and a new one begins, so a session fixed by someone else before the
sign-in is worth nothing after it.
"""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import Any, TypeVar, cast
from urllib.parse import unquote, urlsplit

from flask import Response, abort, current_app, g, redirect, session, url_for
from flask.typing import ResponseReturnValue
from htmx_flask import request

from tutor import storage
from tutor.accounts.store import User, session_user
from tutor.storage import learner, sessions
from tutor.storage.errors import StorageError

log = logging.getLogger(__name__)
ACCOUNT_KEY = "account"
VERSION_KEY = "account_version"
SESSION_ID_KEY = "account_session"
F = TypeVar("F", bound=Callable[..., ResponseReturnValue])
NOT_FOUND = "Такой страницы нет."
MAX_NEXT = 1000  # characters: longer is no page of this site


def current_user() -> User | None:
    """The signed-in account of this request, or None (also when the database is down)."""
    if "tempai_user" in g:
        return cast(User | None, g.tempai_user)
    user = None
    claims = _claims()
    if claims is not None:
        try:
            with storage.store().transaction() as conn:
                user = session_user(conn, *claims)
        except StorageError:
            log.warning("account session not honoured: the database is unavailable",
                        exc_info=True)
    g.tempai_user = user
    return user


def _claims() -> tuple[int, int, str] | None:
    """What the session says: (account id, version, session id), or None."""
    user_id, version = session.get(ACCOUNT_KEY), session.get(VERSION_KEY)
    session_id = session.get(SESSION_ID_KEY)
    if type(user_id) is int and type(version) is int and isinstance(session_id, str) \
            and 0 < len(session_id) <= 64:
        return user_id, version, session_id
    return None


@dataclass(frozen=True)
class Learner:
    """Whose progress this request reads and writes."""

    id: str
    account: bool  # a signed-in account's learner id (else the browser's anonymous cookie)


def current_learner() -> Learner:
    """The learner of this request: the signed-in account's, else the anonymous cookie's.

    Resolved here, on the accounts floor, because it needs both the session's
    account (this module) and the anonymous cookie (:mod:`tutor.storage.learner`,
    a floor below); every package that reads or writes progress sits above
    both. So every device an account signs in on reads and writes the same
    progress, and the browser's own cookie is left as it was.
    """
    user = current_user()
    if user is not None:
        return Learner(user.learner_id, account=True)
    return Learner(learner.anonymous_id(), account=False)


def learner_id() -> str:
    """The id of :func:`current_learner`."""
    return current_learner().id


def sign_in(user: User) -> None:
    """Start a fresh session for ``user`` at its current version (rotation: nothing survives)."""
    with storage.store().transaction() as conn:
        version = sessions.current_version(conn, user.identity)
    session.clear()
    session[ACCOUNT_KEY] = user.id
    session[VERSION_KEY] = version
    session[SESSION_ID_KEY] = secrets.token_urlsafe(16)
    session.permanent = True
    g.tempai_user = user
    learner.forget_request_learner()


def revoke(user_id: int) -> None:
    """End every session of the account on every device (password change, disabling…)."""
    with storage.store().transaction() as conn:
        sessions.bump_version(conn, f"user:{user_id}")


def sign_out(everywhere: bool = False) -> None:
    """End this device's session (``everywhere``: every session of the account), then forget it.

    Recorded first: raises :class:`StorageError` with the session untouched
    when the database cannot take it. A session no longer honoured (already
    signed out, or a stale copy) is only forgotten here — a dead cookie
    cannot sign its former owner's other devices out.
    """
    claims = _claims()
    if claims is not None:
        user_id, _, session_id = claims
        lifetime = current_app.permanent_session_lifetime.total_seconds()
        with storage.store().transaction() as conn:
            if session_user(conn, *claims) is not None:
                if everywhere:
                    sessions.bump_version(conn, f"user:{user_id}")
                else:
                    sessions.revoke_session(conn, session_id, time.time() + lifetime)
    sign_out_here()


def sign_out_here() -> None:
    """This browser forgets the account and starts a new anonymous learner."""
    session.clear()
    g.tempai_user = None
    learner.forget_request_learner()
    learner.start_new_learner()


def _next_url() -> str:
    return url_for("accounts.login", next=request.full_path.rstrip("?"))


def login_required(view: F) -> F:
    """Anonymous GET → the login form (then back); anonymous POST → 403."""

    @wraps(view)
    def wrapped(*args: Any, **kwargs: Any) -> ResponseReturnValue:
        if current_user() is None:
            if request.method == "GET" and not request.htmx:
                return redirect(_next_url())
            abort(403, description="Войдите, чтобы продолжить.")
        return view(*args, **kwargs)

    return cast(F, wrapped)


def role_required(*roles: str) -> Callable[[F], F]:
    """Signed in with one of ``roles``; anyone else signed in gets 404 (the page is not theirs)."""

    def decorate(view: F) -> F:
        @wraps(view)
        def wrapped(*args: Any, **kwargs: Any) -> ResponseReturnValue:
            user = current_user()
            if user is None:
                if request.method == "GET" and not request.htmx:
                    return redirect(_next_url())
                abort(403, description="Войдите, чтобы продолжить.")
            if user.role not in roles:
                abort(404, description=NOT_FOUND)
            return view(*args, **kwargs)

        return cast(F, wrapped)

    return decorate


PRIVATE = "private, no-store"


def private_when_signed_in(response: Response) -> Response:
    """Every page answered to a signed-in session is that person's: never stored.

    The account's pages (settings, classes, a learner's page, the admin list)
    and every other page of a signed-in visitor carry the name in the menu;
    without this they stayed in the browser's cache and back/forward history
    after signing out on a shared computer. Static files keep their own
    caching (one app-wide rule, so a page added later is covered too).
    """
    if request.endpoint != "static" and session.get(ACCOUNT_KEY) is not None:
        response.headers["Cache-Control"] = PRIVATE
    return response


def safe_next(target: str | None) -> str | None:
    """A ``next`` that stays on this site: a path, judged after percent-decoding.

    Browsers (and :func:`urllib.parse.urlsplit`) drop tabs and newlines from a
    URL and read a backslash as a slash, so ``/%09/evil.example`` or
    ``/\\evil.example`` reach another host as ``//evil.example``. Refused: any
    control character or space, any backslash, a scheme or a host — in the
    text as sent or once decoded.
    """
    if not target or len(target) > MAX_NEXT or not target.startswith("/"):
        return None
    for text in (target, unquote(target)):
        if "\\" in text or any(ord(c) < 0x21 or ord(c) == 0x7F for c in text):
            return None
        parts = urlsplit(text)
        if text.startswith("//") or parts.scheme or parts.netloc:
            return None
    return target
