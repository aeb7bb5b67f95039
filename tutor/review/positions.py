"""``/review/positions/<id>``: a flagged decision of a reviewed game, solved as a drill.

The drill is built from the position's own stored parameters (the
``position`` kind, :mod:`tutor.drills.kind.position`) and graded by the one
answer path, :func:`tutor.drills.grading.answer`, under the problem key
``review/<id>``: a wrong answer waits in «Повторить ошибки» like any other;
the owner's right answer marks the position solved, so it leaves that list.

Who may open it: its owner (the learner who made it), or a member of a class
it is assigned to (:func:`tutor.storage.review.position`); anyone else 404.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from flask import Blueprint, abort, g, render_template, url_for
from flask.typing import ResponseReturnValue
from htmx_flask import request

from tutor import storage
from tutor.accounts.current import current_learner, current_user
from tutor.drills import Drill, DrillError, build_drill, grading
from tutor.drills.grading import Outcome, Record
from tutor.storage import review as reviews
from tutor.storage.errors import UNAVAILABLE, StorageError

bp = Blueprint("positions", __name__, url_prefix="/review/positions")
log = logging.getLogger(__name__)

PRIVATE = {"Cache-Control": "private, no-store", "Vary": "Cookie, HX-Request"}
NO_POSITION = "Такой позиции нет."
KEY_PREFIX = "review/"


def key(position_id: int) -> str:
    """The problem key a position's answers are stored under."""
    return f"{KEY_PREFIX}{position_id}"


def position_id_of(problem: str) -> int | None:
    """The position id of a ``review/<id>`` key, or None for any other key."""
    tail = problem.removeprefix(KEY_PREFIX)
    if tail == problem or not tail.isascii() or not tail.isdigit() or len(tail) > 10:
        return None
    return int(tail)


def link(position: reviews.Position) -> tuple[str, str]:
    """(url, label) of a position, for «Повторить ошибки» and the classes pages."""
    return (url_for("positions.position", position_id=position.id),
            f"Позиция из партии · {position.label}")


def _opened(position_id: int) -> reviews.Position | None:
    """The position if this request may open it (its owner, or a class it is assigned to).

    Raises :class:`StorageError` when the store cannot be read.
    """
    user = current_user()
    with storage.store().transaction() as conn:
        return reviews.position(conn, position_id, current_learner().id,
                                user.id if user is not None else None)


def link_of(problem: str) -> tuple[str, str] | None:
    """(url, label) of a ``review/<id>`` key this learner may open, else None."""
    position_id = position_id_of(problem)
    if position_id is None:
        return None
    found = _pending_read().get(position_id)
    if found is None:
        try:
            found = _opened(position_id)
        except StorageError:
            return None
    return None if found is None else link(found)


def _pending_read() -> dict[int, reviews.Position]:
    """The positions :func:`pending_keys` read in this request, by id."""
    read: dict[int, reviews.Position] = g.setdefault("tempai_pending_positions", {})
    return read


def pending_keys(limit: int) -> list[str]:
    """The keys of this learner's positions not yet answered right, newest first.

    The positions read are kept for the request: the mistakes list names each
    of them next (:func:`link_of`) without reading it again.
    """
    with storage.store().transaction() as conn:
        found = reviews.pending(conn, current_learner().id, limit)
    _pending_read().update((p.id, p) for p in found)
    return [key(p.id) for p in found]


def built(params: Mapping[str, Any]) -> Drill:
    """The drill of a position's parameters (:class:`DrillError` when the kind refuses them)."""
    return build_drill("position", dict(params), 0)


def _find(position_id: int) -> tuple[reviews.Position, Drill]:
    try:
        found = _opened(position_id)
    except StorageError:
        abort(503, description=UNAVAILABLE)
    if found is None:
        abort(404, description=NO_POSITION)
    try:
        return found, built(found.params)
    except DrillError:
        log.exception("a stored position no longer makes a drill")
        abort(404, description=NO_POSITION)


def _respond(found: reviews.Position, drill: Drill,
             outcome: Outcome | None) -> ResponseReturnValue:
    status = outcome.status if outcome else 200
    fragment = bool(request.htmx and outcome is not None)
    html = render_template("review/position.html", position=found, drill=drill,
                           outcome=outcome, fragment=fragment)
    return html, status, PRIVATE


@bp.route("/<id:position_id>", methods=["GET", "POST"])
def position(position_id: int) -> ResponseReturnValue:
    found, drill = _find(position_id)
    if request.method == "GET":
        return _respond(found, drill, None)
    outcome = grading.answer(drill, request.form, Record(key(position_id), source="review"))
    if outcome.verdict is not None and outcome.verdict.correct and outcome.saved.kept:
        try:
            with storage.store().transaction() as conn:
                reviews.mark_solved(conn, position_id, current_learner().id)
        except StorageError:
            log.warning("could not mark a position solved", exc_info=True)
    return _respond(found, drill, outcome)


def _this_position() -> tuple[tuple[reviews.Position, Drill], Drill]:
    args = request.view_args or {}
    found, drill = _find(int(args.get("position_id", 0)))
    return (found, drill), drill


def _refused(page: tuple[reviews.Position, Drill], outcome: Outcome) -> ResponseReturnValue:
    return _respond(page[0], page[1], outcome)


grading.refuse_in_place(bp, _this_position, _refused)
