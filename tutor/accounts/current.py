"""Who is signed in: the session names an account and the version it was signed in at.

The session (Flask's signed cookie) carries ``account`` (users.id) and
``account_version``; a request is signed in only while that version is still
the account's in :mod:`tutor.storage.sessions` and the account is enabled —
one statement (:func:`tutor.accounts.store.session_user`), made once per
request and only when the session names an account. Logout, a password
change and an admin disabling the account bump the version, so every copy of
every cookie dies at once, on every process sharing the database.

Signing in rotates the session: everything in it (the CSRF secret too) is
dropped and a new one begins, so a session fixed by someone else before the
sign-in is worth nothing after it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar, cast

from flask import abort, g, redirect, request, session, url_for
from flask.typing import ResponseReturnValue

from tutor import storage
from tutor.accounts.store import User, session_user
from tutor.storage import learner, sessions
from tutor.storage.errors import StorageError

log = logging.getLogger(__name__)
ACCOUNT_KEY = "account"
VERSION_KEY = "account_version"
F = TypeVar("F", bound=Callable[..., ResponseReturnValue])
NOT_FOUND = "Такой страницы нет."


def current_user() -> User | None:
    """The signed-in account of this request, or None (also when the database is down)."""
    if "tempai_user" in g:
        return cast(User | None, g.tempai_user)
    user = None
    user_id, version = session.get(ACCOUNT_KEY), session.get(VERSION_KEY)
    if type(user_id) is int and type(version) is int:
        try:
            with storage.store().transaction() as conn:
                user = session_user(conn, user_id, version)
        except StorageError:
            log.warning("account session not honoured: the database is unavailable",
                        exc_info=True)
    g.tempai_user = user
    return user


def account_learner() -> str | None:
    """The resolver :mod:`tutor.storage.learner` asks: the account's learner id, if signed in."""
    user = current_user()
    return user.learner_id if user else None


def sign_in(user: User) -> None:
    """Start a fresh session for ``user`` at its current version (rotation: nothing survives)."""
    with storage.store().transaction() as conn:
        version = sessions.current_version(conn, user.identity)
    session.clear()
    session[ACCOUNT_KEY] = user.id
    session[VERSION_KEY] = version
    session.permanent = True
    g.tempai_user = user
    learner.forget_request_learner()


def revoke(user_id: int) -> None:
    """End every session of the account (logout, password change, disabling)."""
    with storage.store().transaction() as conn:
        sessions.bump_version(conn, f"user:{user_id}")


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


def safe_next(target: str | None) -> str | None:
    """A ``next`` that stays on this site (a path, never ``//host`` or a scheme)."""
    if not target or not target.startswith("/") or target.startswith("//") or "\\" in target:
        return None
    return target
