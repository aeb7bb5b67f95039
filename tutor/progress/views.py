"""«Мой прогресс»: every graded answer recorded, and the page that shows it.

:func:`init_app` opens the :class:`~tutor.storage.database.ProgressStore` (SQLite under
``instance/`` by default, ``DATABASE_URL`` for PostgreSQL), migrates it,
and registers the ``progress`` blueprint. Answers are recorded by the answer
path (:mod:`tutor.drills.grading`), not here.

Bounded reads: no page reads the history. The course map and lesson pages
read the lesson drills solved (:mod:`tutor.progress.path`, one bounded
query); «Мой прогресс» reads the per-kind aggregates (one
row per drill kind) and the same solved set; the export reads the raw answers
kept, which the store bounds per learner, and says how many were folded.
"""

from __future__ import annotations

import atexit
import datetime as dt
import json
import logging
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from flask import (
    Blueprint,
    Flask,
    Response,
    abort,
    current_app,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue
from markupsafe import Markup

from engine.plural import count_word
from tutor.accounts.current import learner_id
from tutor.course.content import store as content_store
from tutor.course.identity import lesson_drills
from tutor.drills import kinds
from tutor.progress import table
from tutor.storage import deadline, learner
from tutor.storage.database import (
    KindTotals,
    ProgressStore,
    StorageError,
    Summary,
)
from tutor.storage.path import solved_drills
from tutor.web.settings import answers_per_hour, database_deadline

bp = Blueprint("progress", __name__, url_prefix="/progress")
log = logging.getLogger(__name__)

_EXT = "tempai.progress_store"
_PRIVATE = {"Cache-Control": "private, no-store"}  # one learner's data: never cached
NOT_LOADED = "Не удалось загрузить прогресс: хранилище сейчас недоступно. Попробуйте позже."
NOT_WIPED = "Не удалось стереть прогресс: хранилище недоступно. Попробуйте позже."
WIPE_CONFIRM = "Чтобы стереть прогресс, отметьте «Да, стереть всё»."


# --- the store --------------------------------------------------------------------

def database_url(app: Flask) -> str:
    """``DATABASE_URL`` (config or environment), else ``instance/progress.sqlite3``.

    Tests without a URL get a throw-away file, so they never touch the real one.
    """
    url = app.config.get("DATABASE_URL") or os.environ.get("DATABASE_URL")
    if url:
        return str(url)
    if app.testing:
        folder = Path(tempfile.mkdtemp(prefix="tempai-test-"))
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
    else:
        folder = Path(app.instance_path)
        folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'progress.sqlite3'}"


def progress_store() -> ProgressStore:
    """The app's store, migrated on first use if the database was down at start."""
    store: ProgressStore = current_app.extensions[_EXT]
    store.ensure_migrated()
    return store


def _open_store(app: Flask) -> None:
    per_hour = answers_per_hour(app)  # a bad value stops the start-up before anything opens
    store = ProgressStore(database_url(app), database_deadline(app, deadline.ANSWER_SECONDS))
    store.configured_answers_per_hour = per_hour  # the budget is data: every process reads it
    app.extensions[_EXT] = store
    try:
        store.ensure_migrated()  # also writes the budget, or retries both on first use
    except StorageError:
        log.exception("progress storage unavailable at start; will retry on first answer")


# --- pages ------------------------------------------------------------------------

@dataclass(frozen=True)
class LessonRow:
    slug: str
    title: str
    solved: int
    total: int

    @property
    def done(self) -> bool:
        return self.total > 0 and self.solved == self.total


def _lesson_rows(solved: frozenset[str]) -> list[LessonRow]:
    rows = []
    for lesson in content_store().lessons():
        done = solved_drills(lesson_drills(lesson), solved)  # former slugs count too
        rows.append(LessonRow(lesson.slug, lesson.title, len(done), len(lesson.drills)))
    return rows


def _kind_rows(kinds_totals: tuple[KindTotals, ...]) -> list[Markup]:
    """Each drill kind's table row (rendered and memoised by :mod:`tutor.progress.table`)."""
    registry = kinds()
    return [table.kind_row(totals, registry[totals.kind].title if totals.kind in registry
                           else totals.kind) for totals in kinds_totals]


def _overall_chart(overall: KindTotals | None) -> Markup | None:
    """Accuracy of all answers together (None before the first answer)."""
    if overall is None or not overall.marks:
        return None
    return table.overall_chart(overall)


@bp.get("")
def page() -> ResponseReturnValue:
    """«Мой прогресс»: lessons done, per-kind accuracy, streak and chart (aggregates only)."""
    try:
        summary: Summary = progress_store().summary(learner_id())
    except StorageError:
        return render_template("progress/page.html", error=NOT_LOADED), 503, _PRIVATE
    overall = summary.overall
    html = render_template(
        "progress/page.html", error=None, total=overall.total if overall else 0,
        correct=overall.correct if overall else 0, streak=overall.streak if overall else 0,
        overall=_overall_chart(overall), charted=len(overall.marks) if overall else 0,
        kinds=_kind_rows(summary.kinds), lessons=_lesson_rows(summary.solved),
        wiped=request.args.get("wiped") == "1",
    )
    return html, 200, _PRIVATE


@bp.get("/export")
def export() -> ResponseReturnValue:
    """Everything stored about this learner, as a JSON download (raw answers kept + totals)."""
    try:
        stored = progress_store().export(learner_id())
    except StorageError:
        abort(503, description=NOT_LOADED)
    data: dict[str, Any] = {
        "format": "tempai-progress/1",
        "exported_at": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        "total": stored.total,
        "folded": stored.folded,
        "kinds": [{"kind": k.kind, "total": k.total, "correct": k.correct, "streak": k.streak}
                  for k in stored.kinds],
        "answers": [
            {"kind": a.kind, "source": a.source, "level": a.level, "lesson": a.lesson,
             "problem": a.problem, "correct": a.correct, "rule": a.rule,
             "answered_at": _aware(a.answered_at).isoformat(timespec="seconds")}
            for a in stored.answers
        ],
    }
    if stored.folded:
        oldest = count_word(stored.folded, "самого старого ответа", "самых старых ответов",
                            "самых старых ответов")
        data["note"] = (f"Подробности {oldest} не хранятся: "
                        "они учтены только в итогах (total, kinds).")
    body = json.dumps(data, ensure_ascii=False, indent=2)
    return Response(body, mimetype="application/json", headers={
        "Content-Disposition": 'attachment; filename="tempai-progress.json"',
        "Cache-Control": "no-store",
    })


def _aware(moment: dt.datetime) -> dt.datetime:
    # SQLite gives back naive datetimes; they were stored in UTC.
    return moment if moment.tzinfo else moment.replace(tzinfo=dt.UTC)


@bp.post("/wipe")
def wipe() -> ResponseReturnValue:
    """Delete every answer of this learner (CSRF-checked, needs the confirmation box)."""
    if request.form.get("confirm") != "yes":
        abort(400, description=WIPE_CONFIRM)
    try:
        progress_store().wipe(learner_id())
    except StorageError:
        abort(503, description=NOT_WIPED)
    learner.start_new_learner()
    return redirect(url_for("progress.page", wiped=1), code=303)


def init_app(app: Flask) -> None:
    """Open and migrate the store, register the pages."""
    _open_store(app)
    learner.init_app(app)
    app.register_blueprint(bp)


def count_of(n: int, one: str, few: str, many: str) -> str:
    """``{{ n|count_of("ответ", "ответа", "ответов") }}`` → «3 ответа» (engine.plural)."""
    return count_word(n, one, few, many)
