"""Grading endpoints: ``POST /lessons/<slug>/drills/<id>`` (answer) and ``GET`` (fresh drill).

With ``HX-Request`` the answer returns only the drill's feedback area (a
macro of ``drills/_frame.html``); without, the whole lesson page with that
feedback in place. The drill's parameters always come from the lesson file.
"""

from __future__ import annotations

from flask import Blueprint, abort, get_template_attribute, redirect, request, url_for
from flask.typing import ResponseReturnValue
from flask_wtf.csrf import CSRFError
from werkzeug.datastructures import MultiDict

from tutor.course.content import Lesson, store
from tutor.course.lessons import DrillState, render_lesson
from tutor.drills.base import BadAnswer, Drill, GradedEvent, Verdict, notify_graded, wants_solution
from tutor.drills.solutions import (
    drill_blank_question,
    drill_feedback,
    drill_feedback_area,
    drill_solution,
)
from tutor.web.errors import CSRF_MESSAGE, render_error

bp = Blueprint("drills", __name__, url_prefix="/lessons")
# The kinds' feedback macros call it for their answer-independent half (any page: lesson,
# practice, author preview).
bp.add_app_template_global(drill_solution, "drill_solution")
bp.add_app_template_global(drill_blank_question, "drill_blank_question")
bp.add_app_template_global(drill_feedback, "drill_feedback")

NO_DRILL = "Такого упражнения в этом уроке нет."
NO_LESSON = "Такого урока нет."


def _find(slug: str, drill_id: str) -> tuple[Lesson, Drill]:
    lesson = store().get(slug)
    if lesson is None:
        abort(404, description=NO_LESSON)
    drill = lesson.drills.get(drill_id)
    if drill is None:
        abort(404, description=NO_DRILL)
    return lesson, drill


def _respond(
    lesson: Lesson, drill: Drill, state: DrillState, status: int = 200
) -> ResponseReturnValue:
    headers = {"Vary": "HX-Request"}
    if request.htmx:
        return str(drill_feedback_area(lesson, drill, state)), status, headers
    html, _ = render_lesson(lesson, state)
    return html, status, headers


@bp.post("/<slug>/drills/<drill_id>")
def answer(slug: str, drill_id: str) -> ResponseReturnValue:
    """Grade one answer (or show the solution) and explain it."""
    lesson, drill = _find(slug, drill_id)
    form = request.form
    if wants_solution(form):
        verdict = Verdict(False, solution_only=True)
    else:
        verdict = drill.kind.grade(drill, form)
        notify_graded(GradedEvent(drill.kind.name, drill.id, verdict.correct, lesson=lesson.slug,
                                  drill=drill, verdict=verdict))
    return _respond(lesson, drill, DrillState(drill.id, form, verdict=verdict))


@bp.get("/<slug>/drills/<drill_id>")
def fresh(slug: str, drill_id: str) -> ResponseReturnValue:
    """«Попробовать ещё раз»: htmx gets the drill reset; a browser goes back to the lesson."""
    lesson, drill = _find(slug, drill_id)
    if request.htmx:
        frame = get_template_attribute("drills/_frame.html", "drill_frame")
        return str(frame(lesson, drill, None, True)), 200, {"Vary": "HX-Request"}
    return redirect(url_for("lessons.lesson", slug=lesson.slug, _anchor=f"drill-{drill.id}"))


def _error_in_place(status: int, message: str) -> ResponseReturnValue:
    """Show ``message`` in the drill's feedback area when the drill exists, else a plain error."""
    args = request.view_args or {}
    lesson = store().get(str(args.get("slug", "")))
    drill = lesson.drills.get(str(args.get("drill_id", ""))) if lesson else None
    if lesson is None or drill is None:
        return render_error(404, NO_DRILL if lesson else NO_LESSON)
    form = request.form if request.method == "POST" else MultiDict()
    return _respond(lesson, drill, DrillState(drill.id, form, error=message), status)


@bp.errorhandler(BadAnswer)
def bad_answer(error: BadAnswer) -> ResponseReturnValue:
    return _error_in_place(error.status, error.message)


@bp.errorhandler(CSRFError)
def csrf_failed(error: CSRFError) -> ResponseReturnValue:
    return _error_in_place(400, CSRF_MESSAGE)
