"""Account pages: register, sign in and out, recover, and the settings page.

Routes (blueprint ``accounts``):

- ``GET|POST /account/register`` — login, display name, password; shows the
  one-time recovery code once; the browser's anonymous progress moves in;
- ``GET|POST /account/login`` — counted and held like the instructor login
  (:mod:`tutor.accounts.limits`); the session rotates; progress moves in;
- ``POST /account/logout`` — «Выйти»: this device's session is revoked (a copy
  of its cookie dies too; other devices stay signed in), and
  ``POST /account/logout/everywhere`` — every session of the account ends
  (:func:`tutor.accounts.current.sign_out`); both answer 503 and change
  nothing while the database cannot record it;
- ``GET|POST /account/recover`` — a recovery code (or an instructor's reset
  code) and a new password;
- ``GET /account`` with ``POST /account/name``, ``/account/password``,
  ``/account/delete`` and ``GET /account/export`` (JSON).

Every POST carries the CSRF token (:mod:`tutor.web.security`). Reads are by
primary key or unique login; the export reads the raw answers kept (bounded
per learner by the storage's ``RAW_LIMIT``) and the reviewed games (at most
``reviews.GAMES_KEPT``); deleting the account deletes the reviewed games whatever
is chosen for the answers (a log names its players).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import logging
import secrets
from collections.abc import Callable
from typing import Any

from flask import (
    Blueprint,
    Flask,
    Response,
    abort,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue

from engine.plural import count_word
from tutor import storage
from tutor.accounts import admin, cli, limits, passwords, preferences, store
from tutor.accounts.current import (
    current_user,
    login_required,
    private_when_signed_in,
    revoke,
    safe_next,
    sign_in,
    sign_out,
    sign_out_here,
)
from tutor.accounts.merge import merge_learner
from tutor.storage import learner
from tutor.storage import review as reviews
from tutor.storage.accounts import practice_solved
from tutor.storage.aggregates import learner_kinds, learner_mistakes, learner_solved
from tutor.storage.answers import answers
from tutor.storage.classes import memberships
from tutor.storage.errors import UNAVAILABLE, StorageError
from tutor.web.errors import render_error

bp = Blueprint("accounts", __name__, url_prefix="/account")
log = logging.getLogger(__name__)

WRONG = "Неверный логин или пароль."
WRONG_CODE = "Неверный логин или код восстановления."
TAKEN = "Этот логин уже занят: выберите другой."
NO_LOGOUT = ("Выйти не удалось: база, где хранятся сеансы, недоступна, и вход продолжал бы "
             "работать. Попробуйте ещё раз чуть позже.")
BUSY = "Сервер сейчас проверяет другие пароли. Попробуйте ещё раз через несколько секунд."


def _address() -> str:
    return request.remote_addr or "?"


def _guarded(account: str, check: Callable[[], bool]) -> bool:
    """``check`` under the guessing limits (:mod:`limits`): refused before it runs when over."""
    return limits.guarded(storage.store(), _address(), account, check)


def _forgive(account: str) -> None:
    with storage.store().transaction() as conn:
        limits.forgive(conn, _address(), account)


def too_many(err: limits.Refused) -> ResponseReturnValue:
    """The one reply to a refused try, whatever its password: 429 with when to come back."""
    wait = err.retry_after
    when = (count_word(wait, "секунду", "секунды", "секунд") if wait < 90
            else count_word((wait + 59) // 60, "минуту", "минуты", "минут"))
    message = (f"Слишком много неверных попыток. Вход приостановлен: попробуйте через {when}. "
               "Если это были не вы, войдите по коду восстановления.")
    body, status, headers = render_error(429, message)
    return body, status, {**headers, "Retry-After": str(wait), "Cache-Control": "no-store"}


def busy(_err: passwords.Busy) -> ResponseReturnValue:
    """Every hasher of this process is taken: come back in a moment (nothing was checked)."""
    body, status, headers = render_error(503, BUSY)
    return body, status, {**headers, "Retry-After": "2", "Cache-Control": "no-store"}


def _merge_browser_progress(user: store.User) -> None:
    """The anonymous progress of this browser joins the account (tutor.accounts.merge)."""
    anonymous = learner.cookie_learner_id()
    if anonymous and anonymous != user.learner_id:
        with storage.store().transaction() as conn:
            merge_learner(conn, anonymous, user.learner_id)


def _unavailable() -> ResponseReturnValue:
    log.warning("account page: the database is unavailable", exc_info=True)
    abort(503, description=UNAVAILABLE)


@bp.route("/register", methods=["GET", "POST"])
def register() -> ResponseReturnValue:
    if current_user() is not None:
        return redirect(url_for("accounts.settings"))
    error, form = None, request.form
    if request.method == "POST":
        login = store.normal_login(form.get("login", ""))
        password = form.get("password", "")
        error = store.login_problem(login) or passwords.password_problem(password)
        if error is None and password != form.get("password2", ""):
            error = "Пароли не совпадают."
        if error is None:
            try:
                limits.registration(storage.store(), _address())
            except StorageError:
                return _unavailable()
            code = passwords.new_code()
            # Hashed before the transaction: argon2 is CPU time, not the database's deadline.
            password_hash = passwords.hash_secret(password)
            recovery_hash = passwords.hash_secret(code)
            try:
                with storage.store().transaction() as conn:
                    user = store.create(
                        conn, login=login,
                        display_name=store.clean_name(form.get("display_name", ""), login),
                        password_hash=password_hash, recovery_hash=recovery_hash,
                    )
                _merge_browser_progress(user)
                sign_in(user)
            except store.LoginTaken:
                error = TAKEN
            except StorageError:
                return _unavailable()
            else:
                return render_template("accounts/code.html", code=code, user=user,
                                       next=safe_next(form.get("next")), fresh=True)
    status = 400 if error else 200
    return render_template("accounts/register.html", error=error, form=form,
                           next=safe_next(request.values.get("next"))), status


@bp.route("/login", methods=["GET", "POST"])
def login() -> ResponseReturnValue:
    target = safe_next(request.values.get("next"))
    if request.method == "GET" and current_user() is not None:
        return redirect(target or url_for("accounts.settings"))
    error = None
    if request.method == "POST":
        login_name = store.normal_login(request.form.get("login", ""))[:40]
        given = request.form.get("password", "")[: passwords.MAX_PASSWORD]
        account = limits.login_key(login_name)
        try:
            with storage.store().transaction() as conn:
                found = store.by_login(conn, login_name)
            stored = found[1] if found else None
            usable = found is not None and not found[0].disabled
            # One verification whatever the login: an unknown one (or a disabled
            # account) costs the same work as a real one, and says nothing by its time.
            if _guarded(account, lambda: passwords.verify(stored, given) and usable):
                assert found is not None
                user = found[0]
                _forgive(account)
                if stored and passwords.needs_rehash(stored):
                    rehashed = passwords.hash_secret(given)
                    with storage.store().transaction() as conn:
                        store.update(conn, user.id, password_hash=rehashed)
                _merge_browser_progress(user)
                sign_in(user)
                return redirect(target or url_for("lessons.index"))
        except StorageError:
            return _unavailable()
        error = WRONG
    status = 403 if error else 200
    return render_template("accounts/login.html", error=error, next=target,
                           login=request.form.get("login", "")), status


@bp.post("/logout")
def logout() -> ResponseReturnValue:
    """«Выйти»: this device's session ends (a copy of its cookie too); other devices stay."""
    return _signed_out(everywhere=False)


@bp.post("/logout/everywhere")
def logout_everywhere() -> ResponseReturnValue:
    """«Выйти на всех устройствах»: every session of the account ends at once."""
    return _signed_out(everywhere=True)


def _signed_out(everywhere: bool) -> ResponseReturnValue:
    try:
        sign_out(everywhere=everywhere)
    except StorageError:
        log.warning("sign-out refused: the database is unavailable", exc_info=True)
        abort(503, description=NO_LOGOUT)
    return redirect(url_for("lessons.index"))


@bp.route("/recover", methods=["GET", "POST"])
def recover() -> ResponseReturnValue:
    """A recovery or reset code and a new password; a new recovery code is shown once."""
    error = None
    if request.method == "POST":
        login_name = store.normal_login(request.form.get("login", ""))[:40]
        code = passwords.normal_code(request.form.get("code", ""))
        password = request.form.get("password", "")
        error = passwords.password_problem(password)
        if error is None:
            try:
                return _recover(login_name, code, password)
            except _WrongCode:
                error = WRONG_CODE
            except StorageError:
                return _unavailable()
    status = 403 if error else 200
    return render_template("accounts/recover.html", error=error), status


class _WrongCode(Exception):
    pass


def _recover(login_name: str, code: str, password: str) -> ResponseReturnValue:
    now = dt.datetime.now(dt.UTC).timestamp()
    with storage.store().transaction() as conn:
        found = store.by_login(conn, login_name)
        reset = store.reset_hash(conn, found[0].id, now) if found else None
    usable = found is not None and not found[0].disabled
    matched: list[str] = []

    def check() -> bool:
        if passwords.verify(found[2] if found else None, code) and usable:
            matched.append("recovery")
        elif reset and passwords.verify(reset, code) and usable:
            matched.append("reset")
        return bool(matched)

    # The code path has its own count and hold: the owner gets in this way
    # even while a guesser holds the password sign-in.
    account = limits.code_key(login_name)
    if not _guarded(account, check):
        raise _WrongCode
    assert found is not None
    user = found[0]
    new_code = passwords.new_code()
    password_hash, recovery_hash = passwords.hash_secret(password), passwords.hash_secret(new_code)
    with storage.store().transaction() as conn:
        store.update(conn, user.id, password_hash=password_hash, recovery_hash=recovery_hash,
                     reset_hash=None, reset_until=None)
    revoke(user.id)
    _forgive(account)
    _merge_browser_progress(user)
    sign_in(user)
    return render_template("accounts/code.html", code=new_code, user=user, next=None, fresh=False)


@bp.get("")
@login_required
def settings() -> ResponseReturnValue:
    return render_template("accounts/settings.html", user=current_user(),
                           message=request.args.get("done"))


_DONE = {"name": "Имя сохранено.", "password": "Пароль изменён; другие входы закрыты."}


def _back(done: str) -> ResponseReturnValue:
    return redirect(url_for("accounts.settings", done=done))


@bp.post("/name")
@login_required
def rename() -> ResponseReturnValue:
    user = current_user()
    assert user is not None
    try:
        with storage.store().transaction() as conn:
            store.update(conn, user.id,
                         display_name=store.clean_name(request.form.get("display_name", ""),
                                                       user.login))
    except StorageError:
        return _unavailable()
    return _back("name")


def _password_ok(user: store.User, given: str) -> bool:
    """The account's current password, checked under the same limits as signing in."""
    with storage.store().transaction() as conn:
        found = store.by_login(conn, user.login)
    stored = found[1] if found else None
    return _guarded(limits.login_key(user.login), lambda: passwords.verify(stored, given))


def _settings_error(message: str) -> ResponseReturnValue:
    return render_template("accounts/settings.html", user=current_user(), error=message), 400


@bp.post("/password")
@login_required
def change_password() -> ResponseReturnValue:
    """A new password ends every other session (the version moves on); this one signs in again."""
    user = current_user()
    assert user is not None
    new = request.form.get("password", "")
    try:
        if not _password_ok(user, request.form.get("current", "")):
            return _settings_error("Текущий пароль введён неверно.")
        problem = passwords.password_problem(new)
        if problem:
            return _settings_error(problem)
        password_hash = passwords.hash_secret(new)
        with storage.store().transaction() as conn:
            store.update(conn, user.id, password_hash=password_hash)
        revoke(user.id)
        sign_in(user)
    except StorageError:
        return _unavailable()
    return _back("password")


def _plain(value: Any) -> Any:
    if isinstance(value, dt.datetime):
        return value.isoformat()
    return value


@bp.get("/export")
@login_required
def export() -> ResponseReturnValue:
    """The account and its progress as JSON (the raw answers kept, and the totals)."""
    user = current_user()
    assert user is not None
    try:
        data = storage.store().export(user.learner_id)
        with storage.store().transaction() as conn:
            reviewed = reviews.export(conn, user.learner_id)
    except StorageError:
        return _unavailable()
    body = {
        "account": {"login": user.login, "display_name": user.display_name, "role": user.role},
        "answers_total": data.total,
        "answers_folded": data.folded,
        "answers": [{k: _plain(v) for k, v in dataclasses.asdict(a).items()}
                    for a in data.answers],
        "kinds": [dataclasses.asdict(k) for k in data.kinds],
        "reviews": reviewed,
    }
    response = Response(json.dumps(body, ensure_ascii=False, indent=1),
                        mimetype="application/json")
    response.headers["Content-Disposition"] = 'attachment; filename="tempai-account.json"'
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/delete")
@login_required
def delete() -> ResponseReturnValue:
    """Delete the account; its answers are removed or kept anonymised (the learner's choice)."""
    user = current_user()
    assert user is not None
    choice = request.form.get("answers")
    try:
        if not _password_ok(user, request.form.get("current", "")):
            return _settings_error("Пароль введён неверно: учётная запись не удалена.")
        if choice not in ("remove", "anonymise"):
            return _settings_error("Выберите, что сделать с ответами.")
        if choice == "remove":
            storage.store().wipe(user.learner_id)
        with storage.store().transaction() as conn:
            if choice == "anonymise":
                _anonymise(conn, user.learner_id)
            reviews.wipe(conn, user.learner_id)  # games name their players: never kept
            conn.execute(memberships.delete().where(memberships.c.user_id == user.id))
            store.delete(conn, user.id)
        revoke(user.id)
    except StorageError:
        return _unavailable()
    sign_out_here()
    return redirect(url_for("lessons.index"))


def _anonymise(conn: Any, learner_id: str) -> None:
    """The answers stay in the statistics under a random id nobody holds."""
    nobody = secrets.token_hex(16)
    for table in (answers, learner_kinds, learner_solved, learner_mistakes, practice_solved):
        conn.execute(table.update().where(table.c.learner_id == learner_id)
                     .values(learner_id=nobody))


def init_app(app: Flask) -> None:
    """Register the pages, the admin pages and the CLI."""
    app.register_blueprint(bp)
    admin.init_app(app)
    preferences.init_app(app)
    cli.init_app(app)
    app.after_request(private_when_signed_in)
    app.register_error_handler(limits.Refused, too_many)
    app.register_error_handler(passwords.Busy, busy)
    if not app.testing:
        with app.app_context():
            passwords.dummy_hash()  # made now, so no sign-in pays for it
