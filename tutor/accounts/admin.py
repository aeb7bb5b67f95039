"""The admin's page (``/admin/users``): make instructors, switch accounts off and on.

Only an admin opens it; anyone else signed in gets 404. The list is the
newest :data:`tutor.accounts.store.USERS_LISTED` accounts, or those whose
login contains the search text (one bounded query). Disabling an account
bumps its session version, so it is signed out everywhere at once; a new role
does not (the role is read with the session on every request, so it applies
at the owner's next click without signing them out). An admin cannot change
their own row (the page says «это вы»), and the last enabled admin cannot be
demoted or disabled: someone must be able to undo it. Each change is confirmed
on the page it returns to, with the search kept.
"""

from __future__ import annotations

from flask import Blueprint, Flask, abort, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from tutor import storage
from tutor.accounts import store
from tutor.accounts.current import current_user, revoke, role_required
from tutor.storage.accounts import ROLES
from tutor.storage.errors import UNAVAILABLE, StorageError

bp = Blueprint("admin", __name__, url_prefix="/admin")
NOT_FOUND = "Такой учётной записи нет."
LAST_ADMIN = "Это последний администратор: сначала назначьте другого."
YOURSELF = "Свою учётную запись менять нельзя: это сделает другой администратор."
ROLE_NAMES = {"learner": "ученик", "instructor": "преподаватель", "admin": "администратор"}


@bp.get("/users")
@role_required("admin")
def users() -> ResponseReturnValue:
    search = request.args.get("q", "")[:40]
    try:
        with storage.store().transaction() as conn:
            found = store.listed(conn, search)
    except StorageError:
        abort(503, description=UNAVAILABLE)
    return render_template("accounts/admin.html", users=found, search=search, roles=ROLES,
                           me=current_user(), role_names=ROLE_NAMES)


def _change(user_id: int, *, role: str | None = None,
            disabled: bool | None = None) -> tuple[bool, str]:
    """Apply one change: (done, the Russian sentence saying what happened or why not)."""
    me = current_user()
    if me is not None and me.id == user_id:
        return False, YOURSELF
    with storage.store().transaction() as conn:
        target = store.by_id(conn, user_id)
        if target is None:
            abort(404, description=NOT_FOUND)
        losing_admin = target.role == "admin" and not target.disabled and (
            (role is not None and role != "admin") or disabled)
        if losing_admin and store.count_admins(conn) <= 1:
            return False, LAST_ADMIN
        values: dict[str, object] = {}
        if role is not None:
            values["role"] = role
        if disabled is not None:
            values["disabled"] = disabled
        if role is not None or disabled:
            # an instructor's reset code was for a learner: it dies with the change
            values |= {"reset_hash": None, "reset_until": None}
        store.update(conn, user_id, **values)
    if disabled:
        revoke(user_id)  # a disabled account: every session ends now
        return True, f"Учётная запись {target.login} отключена: её сеансы закрыты."
    if disabled is not None:
        return True, f"Учётная запись {target.login} снова включена."
    return True, (f"{target.login}: роль «{ROLE_NAMES[role or target.role]}». Вход не "
                  "сбрасывается: новые права действуют со следующей страницы.")


def _back(done: bool, message: str) -> ResponseReturnValue:
    flash(message, "ok" if done else "error")
    search = request.form.get("q", "")[:40]
    return redirect(url_for("admin.users", q=search) if search else url_for("admin.users"))


@bp.post("/users/<id:user_id>/role")
@role_required("admin")
def set_role(user_id: int) -> ResponseReturnValue:
    role = request.form.get("role", "")
    if role not in ROLES:
        abort(400, description="Такой роли нет.")
    try:
        return _back(*_change(user_id, role=role))
    except StorageError:
        abort(503, description=UNAVAILABLE)


@bp.post("/users/<id:user_id>/disabled")
@role_required("admin")
def set_disabled(user_id: int) -> ResponseReturnValue:
    disabled = request.form.get("disabled") == "1"
    try:
        return _back(*_change(user_id, disabled=disabled))
    except StorageError:
        abort(503, description=UNAVAILABLE)


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
