"""Grading endpoints: ``POST /lessons/<slug>/drills/<id>`` (answer) and ``GET`` (fresh drill).

With ``HX-Request`` the answer returns only the drill's feedback area (a
macro of ``drills/_frame.html``); without, the whole lesson page with that
feedback in place. The drill's parameters always come from the lesson file.
The view reads top to bottom: find the drill, :func:`tutor.drills.grading.answer`
it, render the :class:`~tutor.drills.grading.Outcome` (with the next step
after a right answer, worked out here once).
"""

from __future__ import annotations

from flask import Blueprint, abort, get_template_attribute, redirect, url_for
from flask.typing import ResponseReturnValue
from htmx_flask import request

from tutor.course.content import Lesson, store
from tutor.course.lessons import next_step, render_lesson
from tutor.drills import grading
from tutor.drills.base import Drill
from tutor.drills.grading import Outcome, Record
from tutor.storage.stats import lesson_problem_key

bp = Blueprint("answers", __name__, url_prefix="/lessons")

NO_DRILL = "Такого упражнения в этом уроке нет."
NO_LESSON = "Такого урока нет."


def _find(slug: str, drill_id: str) -> tuple[Lesson, Drill]:
    """The drill at this address; a drill that moved answers with a lasting redirect."""
    lesson = store().get(slug)
    drill = lesson.drills.get(drill_id) if lesson else None
    if lesson is not None and drill is not None:
        return lesson, drill
    moved = store().locate(lesson_problem_key(slug, drill_id))
    if moved is not None and moved[0].slug != slug:  # an old address of a moved drill
        # 308 keeps a POSTed answer (its form and token) on its way; a GET gets the 301
        code = 308 if request.method == "POST" else 301
        abort(redirect(url_for(request.endpoint or "answers.fresh", slug=moved[0].slug,
                               drill_id=moved[1]), code=code))
    abort(404, description=NO_LESSON if lesson is None else NO_DRILL)


def _respond(lesson: Lesson, outcome: Outcome) -> ResponseReturnValue:
    headers = {"Vary": "HX-Request"}
    if request.htmx:
        verdict = outcome.verdict
        step = next_step(lesson, outcome.drill.id) if verdict and verdict.correct else None
        area = get_template_attribute("drills/_frame.html", "feedback_area")
        return str(area(lesson, outcome, step, oob=True)), outcome.status, headers
    html, _ = render_lesson(lesson, outcome)
    return html, outcome.status, headers


@bp.post("/<slug>/drills/<drill_id>")
def answer(slug: str, drill_id: str) -> ResponseReturnValue:
    """Grade one answer (or show the solution) and explain it."""
    lesson, drill = _find(slug, drill_id)
    record = Record(lesson.problem_keys[drill.id], lesson=lesson.slug)
    return _respond(lesson, grading.answer(drill, request.form, record))


@bp.get("/<slug>/drills/<drill_id>")
def fresh(slug: str, drill_id: str) -> ResponseReturnValue:
    """«Попробовать ещё раз»: htmx gets the drill reset; a browser goes back to the lesson."""
    lesson, drill = _find(slug, drill_id)
    if request.htmx:
        frame = get_template_attribute("drills/_frame.html", "drill_frame")
        return str(frame(lesson, drill, None, True)), 200, {"Vary": "HX-Request"}
    return redirect(url_for("lessons.lesson", slug=lesson.slug, _anchor=f"drill-{drill.id}"))


def _this_drill() -> tuple[Lesson, Drill]:
    args = request.view_args or {}
    return _find(str(args.get("slug", "")), str(args.get("drill_id", "")))


grading.refuse_in_place(bp, _this_drill, _respond)
