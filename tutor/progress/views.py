"""«Мой прогресс»: the page that shows a learner's answers, their export and wipe.

:func:`init_app` registers the ``progress`` blueprint and the learner cookie
(:mod:`tutor.storage.learner`). Answers are recorded by the answer path
(:mod:`tutor.drills.grading`), not here.

Bounded reads: no page reads the history. The course map and lesson pages
read the lesson drills solved (:mod:`tutor.progress.course_marks`, one bounded
query); «Мой прогресс» reads the per-kind aggregates (one
row per drill kind), the same solved set and the kept mistakes (at most
``aggregates.MISTAKES_KEPT``), from which it names the mistakes and the next
step (:mod:`tutor.progress.mistakes`); the export reads the raw answers
kept, which the store bounds per learner, and says how many were folded.
"""

from __future__ import annotations

import datetime as dt
import json
import logging
import re
from collections import Counter
from dataclasses import dataclass
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
from tutor.course import regrade
from tutor.course.content import store as content_store
from tutor.course.drill_names import course_numbers
from tutor.course.identity import lesson_drills
from tutor.drills import kinds, labels
from tutor.progress import table
from tutor.progress.mistakes import mistake_link, next_steps
from tutor.storage import learner, store
from tutor.storage.errors import StorageError
from tutor.storage.path import solved_drills
from tutor.storage.progress import KindTotals, Mistake, Summary

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
MISTAKES_SHOWN = 10  # the pending mistakes it lists by name
NOT_LOADED = "Не удалось загрузить прогресс: хранилище сейчас недоступно. Попробуйте позже."
NOT_WIPED = "Не удалось стереть прогресс: хранилище недоступно. Попробуйте позже."
WIPE_CONFIRM = "Чтобы стереть прогресс, отметьте «Да, стереть всё»."


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
    return [table.kind_row(totals, labels.skill_name(
        totals.kind, registry[totals.kind].title if totals.kind in registry else totals.kind))
        for totals in kinds_totals]


def _mistake_rows(pending: list[Mistake]) -> list[tuple[str, str, str]]:
    """(url, which drill, the concept missed) of the newest pending mistakes still in reach."""
    rows = []
    numbers = course_numbers()
    for mistake in pending:
        link = mistake_link(mistake.problem, numbers)
        if link is None:
            continue
        concept = labels.label(mistake.rule) if mistake.rule else ""
        rows.append((link[0], link[1], concept or ""))
        if len(rows) == MISTAKES_SHOWN:
            break
    return rows


def _overall_chart(overall: KindTotals | None) -> Markup | None:
    """Accuracy of all answers together (None before the first answer)."""
    if overall is None or not overall.marks:
        return None
    return table.overall_chart(overall)


@bp.get("")
def page() -> ResponseReturnValue:
    """«Мой прогресс»: lessons done, per-kind accuracy, streak and chart (aggregates only)."""
    retired = regrade.refresh([learner_id()], regrade.lessons_only)  # a rule value changed
    try:
        summary: Summary = store().summary(learner_id())
        pending = store().mistakes(learner_id())
    except StorageError:
        return render_template("progress/page.html", error=NOT_LOADED), 503, _PRIVATE
    overall = summary.overall
    steps = next_steps(summary.kinds, summary.solved, pending,
                       has_practice="practice.retry" in current_app.view_functions)
    html = render_template(
        "progress/page.html", error=None, total=overall.total if overall else 0,
        correct=overall.correct if overall else 0, streak=overall.streak if overall else 0,
        score=overall.score if overall else 0, score_text=table.score_text,
        later=overall.later if overall else 0,
        overall=_overall_chart(overall), charted=len(overall.marks) if overall else 0,
        kinds=_kind_rows(summary.kinds), lessons=_lesson_rows(summary.solved),
        wiped=request.args.get("wiped") == "1", concepts=_concepts(pending),
        mistakes=_mistake_rows(pending), steps=steps, retired=regrade.retired_note(retired),
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
        stored = store().export(learner_id())
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
        store().wipe(learner_id())
    except StorageError:
        abort(503, description=NOT_WIPED)
    learner.start_new_learner()
    return redirect(url_for("progress.page", wiped=1), code=303)


def init_app(app: Flask) -> None:
    """Give every page response a learner cookie when needed; register the pages."""
    learner.init_app(app)
    app.register_blueprint(bp)


def count_of(n: int, one: str, few: str, many: str) -> str:
    """``{{ n|count_of("ответ", "ответа", "ответов") }}`` → «3 ответа» (engine.plural)."""
    return count_word(n, one, few, many)
