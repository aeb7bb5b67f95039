"""The admin's page (``/admin/users``): make instructors, switch accounts off and on.

Only an admin opens it; anyone else signed in gets 404. The list is the
newest :data:`tutor.accounts.store.USERS_LISTED` accounts, or those whose
login contains the search text (one bounded query). Disabling an account
bumps its session version, so it is signed out everywhere at once; the last
enabled admin cannot be demoted or disabled (someone must be able to undo it).
"""

from __future__ import annotations

from flask import Blueprint, Flask, abort, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from tutor import storage
from tutor.accounts import store
from tutor.accounts.current import current_user, revoke, role_required
from tutor.storage.errors import StorageError
from tutor.storage.users import ROLES

bp = Blueprint("admin", __name__, url_prefix="/admin")
NOT_FOUND = "Такой учётной записи нет."
LAST_ADMIN = "Это последний администратор: сначала назначьте другого."


@bp.get("/users")
@role_required("admin")
def users() -> ResponseReturnValue:
    search = request.args.get("q", "")[:40]
    try:
        with storage.store().transaction() as conn:
            found = store.listed(conn, search)
    except StorageError:
        abort(503, description="База данных сейчас недоступна, попробуйте через минуту.")
    return render_template("accounts/admin.html", users=found, search=search, roles=ROLES,
                           me=current_user(), error=request.args.get("error"))


def _change(user_id: int, *, role: str | None = None, disabled: bool | None = None) -> str | None:
    """Apply one change; a Russian reason it was refused, or None."""
    with storage.store().transaction() as conn:
        target = store.by_id(conn, user_id)
        if target is None:
            abort(404, description=NOT_FOUND)
        losing_admin = target.role == "admin" and not target.disabled and (
            (role is not None and role != "admin") or disabled)
        if losing_admin and store.count_admins(conn) <= 1:
            return LAST_ADMIN
        values: dict[str, object] = {}
        if role is not None:
            values["role"] = role
        if disabled is not None:
            values["disabled"] = disabled
        store.update(conn, user_id, **values)
    if disabled or role is not None:
        revoke(user_id)  # a new role or a disabled account: every session starts over
    return None


@bp.post("/users/<int:user_id>/role")
@role_required("admin")
def set_role(user_id: int) -> ResponseReturnValue:
    role = request.form.get("role", "")
    if role not in ROLES:
        abort(400, description="Такой роли нет.")
    try:
        error = _change(user_id, role=role)
    except StorageError:
        abort(503, description="База данных сейчас недоступна, попробуйте через минуту.")
    return redirect(url_for("admin.users", error=error) if error else url_for("admin.users"))


@bp.post("/users/<int:user_id>/disabled")
@role_required("admin")
def set_disabled(user_id: int) -> ResponseReturnValue:
    disabled = request.form.get("disabled") == "1"
    try:
        error = _change(user_id, disabled=disabled)
    except StorageError:
        abort(503, description="База данных сейчас недоступна, попробуйте через минуту.")
    return redirect(url_for("admin.users", error=error) if error else url_for("admin.users"))


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
