"""``/review``: bring your own game, see every costly decision, practise it again.

Routes (blueprint ``review``):

- ``GET /review`` — the import form (a pasted log ``log``, a file ``file``, a
  Tenhou link or id ``link``, the reviewed player ``seat`` by name, the rule
  set ``rules``) and the learner's reviewed games, each with «Удалить»;
- ``POST /review`` — imports: the log is read, replayed and reviewed by the
  engine (:mod:`tutor.review.stored`), stored, and the answer is a 303 to
  ``/review/<id>``; bad input is a 400 with a Russian message naming what is
  wrong, and nothing is stored; over the import limit, 429;
- ``GET /review/<id>`` — the summary, the flagged decisions (each an element
  with ``data-decision``), the hands whose result differs from the log's,
  and the table at ``?hand=i&step=j`` (every step a link; ``static/js/review.js``
  adds the arrow keys); ``?solve=1`` hides the verdicts until the learner
  picks a move (``&pick=…``);
- ``POST /review/<id>/delete``; ``POST /review/<id>/flags/<n>/drill`` —
  «Решить как задачу»: the flag's position becomes a drill (303 to it,
  :mod:`tutor.review.positions`).

A review kept with other thresholds, rule values or review version than the
engine's now is computed again when its page (or «Решить как задачу») reads it
(:func:`tutor.review.stored.refreshed`).

Ownership: a game and a position belong to the learner of the request (an
account or the anonymous cookie, :func:`tutor.accounts.current.current_learner`);
another learner's id is 404. A position assigned to a class also opens for
its members. Every response is ``Cache-Control: private, no-store``.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import replace

from flask import Blueprint, Flask, abort, current_app, redirect, render_template, url_for
from flask.typing import ResponseReturnValue
from htmx_flask import request

from engine.plural import count_word
from engine.table.logs import LogError
from engine.text.messages import RULESET_NAMES
from tutor import storage
from tutor.accounts import limits
from tutor.accounts.current import current_learner
from tutor.review import board as boards
from tutor.review import positions
from tutor.review.intake import MAX_BODY, IntakeError, intake
from tutor.review.page import GamePage, Listing
from tutor.review.stored import computed, moved_flags, refreshed
from tutor.storage import review as reviews
from tutor.storage.errors import UNAVAILABLE, StorageError
from tutor.web.body import larger_body
from tutor.web.errors import render_error

bp = Blueprint("review", __name__, url_prefix="/review")
log = logging.getLogger(__name__)

PRIVATE = {"Cache-Control": "private, no-store", "Vary": "Cookie"}
NOT_FOUND = "Такой разобранной партии нет."
NO_FLAG = "Такого решения в разборе нет."
TOO_MANY = ("Слишком много партий за час: следующую можно загрузить через {minutes}. "
            "Ограничение защищает сервер — разбор партии дорог.")
IMPORTS_PER_LEARNER = 20  # games one learner may import per hour
IMPORTS_PER_ADDRESS = 60  # from one address (several learners behind one network)
IMPORT_WINDOW = 3600.0


def _learner() -> str:
    return current_learner().id


def _private(body: str, status: int = 200) -> ResponseReturnValue:
    return body, status, PRIVATE


def _unavailable() -> ResponseReturnValue:
    log.warning("review page: the database is unavailable", exc_info=True)
    body, status, headers = render_error(503, UNAVAILABLE)
    return body, status, {**headers, **PRIVATE}


def _listing(error: str = "", form: Mapping[str, str] | None = None,
             dropped: int = 0) -> Listing:
    with storage.store().transaction() as conn:
        games = reviews.games(conn, _learner())
    return Listing(games, error, form or {}, RULESET_NAMES, dropped)


@bp.get("")
def index() -> ResponseReturnValue:
    try:
        listing = _listing(dropped=request.args.get("dropped", 0, type=int) or 0)
    except StorageError:
        return _unavailable()
    return _private(render_template("review/index.html", page=listing))


def _refuse(message: str, status: int = 400) -> ResponseReturnValue:
    try:
        listing = _listing(message, request.form)
    except StorageError:
        return _unavailable()
    return _private(render_template("review/index.html", page=listing), status)


def _count_import() -> str | None:
    """Refusal text when this learner or address imported too much this hour, else None."""
    progress = storage.store()
    try:
        limits.counted(progress, f"review:{_learner()}", IMPORTS_PER_LEARNER, IMPORT_WINDOW)
        limits.counted(progress, f"review-address:{request.remote_addr or '?'}",
                       IMPORTS_PER_ADDRESS, IMPORT_WINDOW)
    except limits.Refused as held:
        minutes = max(1, (held.retry_after + 59) // 60)
        return TOO_MANY.format(minutes=count_word(minutes, "минуту", "минуты", "минут"))
    return None


@bp.post("")
@larger_body(MAX_BODY)
def add() -> ResponseReturnValue:
    """Import a game: read, replay, review, store; 303 to its page."""
    try:
        given = intake(current_app, request.form, request.files)
        refused = _count_import()
        if refused:
            return _refuse(refused, 429)
        result = computed(given.game, given.seat, given.rules)
        title = " · ".join(p or f"игрок {i + 1}" for i, p in enumerate(given.game.players))
        with storage.store().transaction() as conn:
            game_id, dropped = reviews.add_game(
                conn, _learner(), title=title, format=given.game.source_format,
                rules=given.rules, seat=given.seat, log=given.text, review=result)
    except IntakeError as err:
        return _refuse(err.message)
    except StorageError:
        return _unavailable()
    target = url_for("review.game", game_id=game_id, dropped=dropped or None)
    return redirect(target, code=303)


def _game(game_id: int, drills: bool = False) -> tuple[reviews.Game, dict[int, int]]:
    """The learner's game (404 if none, 503 if the store is down) and, when ``drills``,
    its flags already made drills — both read in one transaction."""
    try:
        with storage.store().transaction() as conn:
            found = reviews.game(conn, _learner(), game_id)
            made = (reviews.positions_of_game(conn, _learner(), game_id)
                    if drills and found is not None else {})
    except StorageError:
        abort(503, description=UNAVAILABLE)
    if found is None:
        abort(404, description=NOT_FOUND)
    return _current(found, made)


def _current(found: reviews.Game, made: dict[int, int]) -> tuple[reviews.Game, dict[int, int]]:
    """The game with its review computed again if the engine's measures or rules changed
    since it was kept — this one game only, so a request's work stays bounded."""
    fresh = refreshed(found.log, found.seat, found.rules, found.review)
    if fresh is None:
        return found, made
    moved = moved_flags(found.review.get("flags", []), fresh["flags"])
    try:
        with storage.store().transaction() as conn:
            reviews.replace_review(conn, _learner(), found.id, fresh, moved)
    except StorageError:
        log.warning("a review computed again could not be kept", exc_info=True)
    made = {moved[flag]: pid for flag, pid in made.items() if moved.get(flag, -1) >= 0}
    return replace(found, review=fresh), made


@bp.get("/<id:game_id>")
def game(game_id: int) -> ResponseReturnValue:
    """The review and the table at ``?hand=&step=`` (a fragment of the table for htmx)."""
    fragment = "table" if request.htmx and request.headers.get("HX-Target") == "table" else None
    found, drills = _game(game_id, drills=fragment is None)  # a step's fragment lists no flags
    stored = found.review
    try:
        played = boards.played(found.log)
    except LogError:
        log.exception("a stored game no longer reads")
        abort(404, description=NOT_FOUND)
    hand, step = boards.place(request.args.get("hand", 0, type=int) or 0,
                              request.args.get("step", 0, type=int) or 0, stored["hands"])
    table = boards.board(played, found.rules, found.seat, hand, step, stored)
    page = GamePage(found, table, drills, solve=request.args.get("solve") == "1",
                    pick=request.args.get("pick", "")[:24],
                    dropped=request.args.get("dropped", 0, type=int) or 0)
    headers = {**PRIVATE, "Vary": "Cookie, HX-Request, HX-Target"}
    return render_template("review/game.html", page=page, fragment=fragment), 200, headers


@bp.post("/<id:game_id>/delete")
def delete(game_id: int) -> ResponseReturnValue:
    try:
        with storage.store().transaction() as conn:
            gone = reviews.delete_game(conn, _learner(), game_id)
    except StorageError:
        return _unavailable()
    if not gone:
        abort(404, description=NOT_FOUND)
    return redirect(url_for("review.index"), code=303)


@bp.post("/<id:game_id>/flags/<int:flag>/drill")
def make_drill(game_id: int, flag: int) -> ResponseReturnValue:
    """«Решить как задачу»: copy the flag's position into a drill of its own."""
    found, _ = _game(game_id)
    flags = found.review.get("flags", [])
    if not 0 <= flag < len(flags):
        abort(404, description=NO_FLAG)
    item = flags[flag]
    if not item.get("position"):  # the drill kind refused it at import
        abort(404, description=NO_FLAG)
    try:
        with storage.store().transaction() as conn:
            position_id = reviews.add_position(conn, _learner(), game_id, flag,
                                               GamePage.flag_label(item), item["position"])
    except StorageError:
        return _unavailable()
    return redirect(url_for("positions.position", position_id=position_id), code=303)


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
    app.register_blueprint(positions.bp)
