"""The learner's settings that are not the account's security: tile size and time zone.

``GET /settings`` shows them to everyone; ``POST /settings`` saves them. The
tile size is remembered in the account for a signed-in learner (so it follows
them to another device) and, for an anonymous one, in a cookie; either way it
is a class on ``<html>`` (:func:`tile_class`) that tiles.css multiplies every
tile height by, so it works without JavaScript. The time zone is an
account's only: an anonymous learner sees no stored times.
"""

from __future__ import annotations

from flask import (
    Blueprint,
    Flask,
    abort,
    flash,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue

from tutor import storage
from tutor.accounts import store
from tutor.accounts.current import current_user
from tutor.accounts.zones import ZONES
from tutor.storage.errors import UNAVAILABLE, StorageError

bp = Blueprint("preferences", __name__)
COOKIE = "tempai_tiles"
COOKIE_DAYS = 365
TILE_SIZES = {"normal": "обычные", "large": "крупные", "xlarge": "очень крупные"}
_CLASSES = {"large": "tiles-large", "xlarge": "tiles-xlarge"}


def tile_size() -> str:
    """The chosen size: the account's, else the cookie's, else ``normal``."""
    user = current_user()
    chosen = (user.tile_size if user else "") or request.cookies.get(COOKIE, "")
    return chosen if chosen in TILE_SIZES else "normal"


def tile_class() -> str:
    """The class ``<html>`` carries for the chosen size (empty for the default)."""
    return _CLASSES.get(tile_size(), "")


@bp.get("/settings")
def page() -> ResponseReturnValue:
    return render_template("accounts/preferences.html", sizes=TILE_SIZES, size=tile_size(),
                           user=current_user(), zones=ZONES)


@bp.post("/settings")
def save() -> ResponseReturnValue:
    size = request.form.get("tile_size", "")
    zone_name = request.form.get("time_zone")
    if size not in TILE_SIZES or (zone_name is not None and zone_name not in ZONES):
        abort(400, description="Выберите значение из списка.")
    user = current_user()
    response = redirect(url_for("preferences.page"))
    said = f"Тайлы: {TILE_SIZES[size]}."
    if user is None:
        response.set_cookie(COOKIE, size, max_age=COOKIE_DAYS * 86400, httponly=True,
                            samesite="Lax", secure=request.is_secure)
    else:
        values = {"tile_size": size} | ({"time_zone": zone_name} if zone_name else {})
        try:
            with storage.store().transaction() as conn:
                store.update(conn, user.id, **values)
        except StorageError:
            abort(503, description=UNAVAILABLE)
        if zone_name:
            said += f" Время: {ZONES[zone_name]}."
    flash(said)
    return response


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
