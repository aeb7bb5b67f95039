"""``/healthz``: is this app process up, and can it reach the progress database?

For a load balancer or a monitoring probe, so it must stay cheap under load:
no lesson is read or rendered and the database sees one ``SELECT 1`` (the
store's :meth:`~tutor.storage.database.ProgressStore.ping`), never a migration.

The answer is always ``200`` while the process serves requests: with the
database down the site still teaches and grades (it only cannot save
progress), so pulling every app server out of the balancer would make things
worse. ``"db": "unavailable"`` is what monitoring should alert on.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, current_app, jsonify
from flask.typing import ResponseReturnValue

bp = Blueprint("health", __name__)

# tutor.progress.views keeps its store here (tutor.progress.views._EXT); absent without that module.
STORE_EXTENSION = "tempai.progress_store"


def database_state() -> str:
    """``ok`` when the store answers a trivial query, else ``unavailable``."""
    store: Any = current_app.extensions.get(STORE_EXTENSION)
    if store is None:
        return "unavailable"
    return "ok" if store.ping() else "unavailable"


@bp.get("/healthz")
def healthz() -> ResponseReturnValue:
    response = jsonify(status="ok", db=database_state())
    response.headers["Cache-Control"] = "no-store"
    return response
