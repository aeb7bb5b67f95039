"""``/healthz``: is this app process up, and can it reach the progress database?

For a load balancer or a monitoring probe, so it must stay cheap under load:
no lesson is read or rendered and the database sees one query — the schema
version, compared with the code's (the store's
:meth:`~tutor.storage.progress.ProgressStore.health`, handed in by ``create_app``:
the web floor sits below storage) — never a migration. The
query has its own short deadline (half a second), so a hung database cannot
hang the probe. ``"db"`` is ``ok``, ``unavailable``, ``schema`` (not the
code's version: an empty or foreign file) or ``replaced`` (the SQLite file
was deleted or swapped: nothing is stored until a restart); ``"disk"`` (SQLite) is
``low`` when the database's filesystem has less than 64 MB free.
``"engine"`` says which rules engine grades: ``native`` (the mypyc build,
:data:`engine.NATIVE`) or ``python`` (the interpreted modules, several times
slower: the build is missing, stale or turned off).

The answer is always ``200`` while the process serves requests: with the
database down the site still teaches and grades (it only cannot save
progress), so pulling every app server out of the balancer would make things
worse. ``"db": "unavailable"`` is what monitoring should alert on.
"""

from __future__ import annotations

from collections.abc import Callable

from flask import Blueprint, Flask, current_app, jsonify
from flask.typing import ResponseReturnValue

import engine

bp = Blueprint("health", __name__)
_STATE = "tempai.health_state"  # written and read only here: the database's state function


def engine_kind() -> str:
    """``native`` when the compiled engine is in use, else ``python``."""
    return "native" if engine.NATIVE else "python"


@bp.get("/healthz")
def healthz() -> ResponseReturnValue:
    database_state: Callable[[], dict[str, str]] = current_app.extensions[_STATE]
    response = jsonify(status="ok", engine=engine_kind(), **database_state())
    response.headers["Cache-Control"] = "no-store"
    return response


def init_app(app: Flask, database_state: Callable[[], dict[str, str]]) -> None:
    """Serve ``/healthz``, asking ``database_state`` for ``{"db": …, "disk": …}``."""
    app.extensions[_STATE] = database_state
    app.register_blueprint(bp)
