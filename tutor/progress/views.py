"""«Мой прогресс»: every graded answer recorded, and the page that shows it.

:func:`init_app` subscribes to :func:`tutor.drills.base.on_graded` (lesson drills and practice
alike) and registers the ``progress`` blueprint and a few template globals.

A re-sent form is counted once: each rendered question form carries a random
``nonce``; the stored key is a hash of that nonce and the answer, so the same
answer sent twice (a double click, a resubmitted page) is one row, while a
corrected answer in the same form is a new one. Storage failures never cost
the learner the grading: the feedback then says the progress was not saved.
A wrong answer is stored with the id of the rule its diagnosis named (the
first of :func:`tutor.drills.diagnosis.diagnoses`, computed once per request
and reused for the feedback).

Bounded reads: no page reads the history. The course map and lesson pages
read the lesson drills solved (:mod:`tutor.progress.course_marks`, one bounded
query); «Мой прогресс» reads the per-kind aggregates (one
row per drill kind) and the same solved set; the export reads the raw answers
kept, which the store bounds per learner, and says how many were folded.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import logging
import re
import secrets
from collections import Counter
from dataclasses import dataclass
from typing import Any

from flask import (
    Blueprint,
    Flask,
    Response,
    abort,
    g,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue
from markupsafe import Markup

from engine.plural import count_word
from tutor.course.content import store as content_store
from tutor.course.identity import lesson_drills
from tutor.drills import Drill, GradedEvent, Verdict, kinds, labels, on_graded
from tutor.drills.diagnosis import Diagnosis, diagnoses
from tutor.drills.solutions import kept_for_verdict
from tutor.progress import table
from tutor.storage import learner, store
from tutor.storage.errors import StorageError
from tutor.storage.path import solved_drills
from tutor.storage.progress import KindTotals, Mistake, SaveResult, Summary
from tutor.storage.stats import lesson_problem_key

bp = Blueprint("progress", __name__, url_prefix="/progress")
log = logging.getLogger(__name__)

_PRIVATE = {"Cache-Control": "private, no-store"}  # one learner's data: never cached
_NONCE = re.compile(r"[0-9a-f]{8,64}")
_SKIP_FIELDS = frozenset({"csrf_token", "nonce", "action"})
NOT_SAVED = "Не удалось сохранить прогресс: ответ проверен, но в статистику не попал."
# The hourly budget of stored answers (tutor.storage.budget) is spent.
OVER_BUDGET = ("Ответ проверен, но не сохранён: за этот час сохранено уже {count} — больше, "
               "чем успевает решить человек. В следующем часу ответы снова будут сохраняться.")
CONCEPTS_SHOWN = 5  # the concepts «Мой прогресс» names from the pending mistakes
NOT_LOADED = "Не удалось загрузить прогресс: хранилище сейчас недоступно. Попробуйте позже."
NOT_WIPED = "Не удалось стереть прогресс: хранилище недоступно. Попробуйте позже."
WIPE_CONFIRM = "Чтобы стереть прогресс, отметьте «Да, стереть всё»."


# --- recording --------------------------------------------------------------------

def answer_key(form_nonce: str | None, form: Any) -> str:
    """The stored nonce: same rendered form + same answer → same key (counted once)."""
    if not form_nonce or not _NONCE.fullmatch(form_nonce):
        return secrets.token_hex(16)  # no usable nonce: count this request on its own
    answer = sorted((k, v) for k, v in form.items(multi=True) if k not in _SKIP_FIELDS)
    digest = hashlib.sha256(json.dumps([form_nonce, answer]).encode()).hexdigest()
    return digest[:40]


def problem_key(event: GradedEvent) -> str:
    if event.source == "lesson" and event.lesson:
        return lesson_problem_key(event.lesson, event.drill_id)
    return str(event.extra.get("problem") or f"{event.source}/{event.kind}/{event.drill_id}")


def _diagnoses(drill: Drill, verdict: Verdict) -> tuple[Diagnosis, ...]:
    """The diagnosis of a verdict, kept per drill and verdict (recording and feedback share it)."""
    found: tuple[Diagnosis, ...] = kept_for_verdict(
        drill, verdict, "diagnoses", lambda: tuple(diagnoses(drill, verdict)))
    return found


def record_event(event: GradedEvent) -> None:
    """The ``on_graded`` subscriber: store the answer, or flag the failure for the feedback."""
    rule = None
    if not event.correct and event.drill is not None and event.verdict is not None:
        found = _diagnoses(event.drill, event.verdict)
        rule = found[0].rule if found else None
    try:
        saved = store().record(
            learner.learner_id(), nonce=answer_key(request.form.get("nonce"), request.form),
            source=event.source, kind=event.kind, problem=problem_key(event),
            correct=event.correct, level=event.level, lesson=event.lesson, rule=rule,
            address=request.remote_addr or "?",
        )
    except StorageError:  # not migrated yet, or the account's learner id unreadable
        log.warning("could not save an answer", exc_info=True)
        saved = SaveResult.FAILED
    if saved is SaveResult.OVER_BUDGET:
        g.tempai_progress_budget = True
    elif saved is SaveResult.FAILED:
        g.tempai_progress_failed = True


# --- template globals -------------------------------------------------------------

@dataclass(frozen=True)
class Note:
    """A line under a verdict: a diagnosis or a warning."""

    text: str
    kind: str  # "diagnosis" | "warning"


def feedback_notes(drill: Drill, verdict: Verdict) -> list[Note]:
    """Diagnoses of a wrong answer, then the storage warning if the answer was not saved."""
    notes = [Note(found.text, "diagnosis") for found in _diagnoses(drill, verdict)]
    if g.get("tempai_progress_failed"):
        notes.append(Note(NOT_SAVED, "warning"))
    if g.get("tempai_progress_budget"):
        notes.append(Note(_over_budget(), "warning"))
    return notes


def _over_budget() -> str:
    try:
        limit = store().answers_per_hour() or 0
    except StorageError:
        limit = 0
    count = count_word(limit, "ответ", "ответа", "ответов") if limit else "много ответов"
    return OVER_BUDGET.format(count=count)


def form_nonce() -> str:
    """A fresh nonce for one rendered question form."""
    return secrets.token_hex(12)


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
        summary: Summary = store().summary(learner.learner_id())
        pending = store().mistakes(learner.learner_id())
    except StorageError:
        return render_template("progress/page.html", error=NOT_LOADED), 503, _PRIVATE
    overall = summary.overall
    html = render_template(
        "progress/page.html", error=None, total=overall.total if overall else 0,
        correct=overall.correct if overall else 0, streak=overall.streak if overall else 0,
        overall=_overall_chart(overall), charted=len(overall.marks) if overall else 0,
        kinds=_kind_rows(summary.kinds), lessons=_lesson_rows(summary.solved),
        wiped=request.args.get("wiped") == "1", concepts=_concepts(pending),
    )
    return html, 200, _PRIVATE


def _concepts(pending: list[Mistake]) -> list[tuple[str, int]]:
    """What the learner's pending mistakes missed, as short concepts, most often first."""
    found = Counter(name for m in pending if m.rule and (name := labels.label(m.rule)))
    return found.most_common(CONCEPTS_SHOWN)


@bp.get("/export")
def export() -> ResponseReturnValue:
    """Everything stored about this learner, as a JSON download (raw answers kept + totals)."""
    try:
        stored = store().export(learner.learner_id())
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
        store().wipe(learner.learner_id())
    except StorageError:
        abort(503, description=NOT_WIPED)
    learner.start_new_learner()
    return redirect(url_for("progress.page", wiped=1), code=303)


def init_app(app: Flask) -> None:
    """Subscribe to graded answers, register pages and globals."""
    learner.init_app(app)
    on_graded(app, record_event)
    app.register_blueprint(bp)
    app.add_template_global(feedback_notes, "feedback_notes")
    app.add_template_global(form_nonce, "form_nonce")
    app.add_template_filter(count_of, "count_of")


def count_of(n: int, one: str, few: str, many: str) -> str:
    """``{{ n|count_of("ответ", "ответа", "ответов") }}`` → «3 ответа» (engine.plural)."""
    return count_word(n, one, few, many)
