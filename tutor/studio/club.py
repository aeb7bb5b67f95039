"""Club lessons for learners: ``/classes/<id>/lessons/<slug>``, ``/club/<id>`` and their drills.

A class's lessons are open to its members and to its owner (admins: any
class); anyone else gets 404, as for another class's pages. A lesson approved
for everyone is at ``/club/<lesson id>``. The page reads one publication row
and draws the version kept by :mod:`tutor.studio.published`.

An answer posts to ``…/<version>/drills/<drill id>``: the drill is taken from
the *stored* published version (never from the form, which carries only the
learner's answer), and an answer to a version that is no longer the published
one is refused with a message. Answers are recorded like course answers
(source ``lesson``) under the problem id ``club/<lesson id>/<version>/<drill>``,
which no course drill (``lesson/<slug>/<drill>``) can have.

The course map lists the club lessons of the signed-in learner's classes and
the lessons approved for everyone through the course's hook
(:func:`tutor.course.lessons.add_map_extras`): two bounded queries.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from flask import (
    Blueprint,
    Flask,
    abort,
    get_template_attribute,
    redirect,
    render_template,
    url_for,
)
from flask.typing import ResponseReturnValue
from htmx_flask import request

from tutor import storage
from tutor.accounts.current import current_user
from tutor.authoring.sanitise import sanitise
from tutor.classes import store as classes
from tutor.course.content import SLUG, DrillSlot, Lesson
from tutor.course.lessons import MapEntry, add_map_extras
from tutor.drills import grading
from tutor.drills.grading import Outcome, Record
from tutor.storage.errors import UNAVAILABLE, StorageError
from tutor.storage.stats import club_problem_key
from tutor.studio import db, published, store
from tutor.studio.check import MAX_SLUG

bp = Blueprint("club", __name__)
NO_LESSON = "Такого урока нет."
NO_DRILL = "Такого упражнения в этом уроке нет."
HIDDEN = ("Этот урок временно скрыт: после обновления проверок в нём нашлись ошибки, "
          "и преподаватель их исправляет. Загляните позже.")
STALE = "Урок обновился, пока вы его решали: откройте его заново."
SIGN_IN = "Войдите, чтобы открыть уроки класса."


@dataclass(frozen=True)
class Page:
    """What the lesson template draws: the publication, its rendering, where drills post."""

    publication: store.Publication
    view: published.Rendered
    base: str  # the URL drill forms post under: …/<version>/drills/

    @property
    def lesson(self) -> Lesson:
        return self.view.lesson

    def drill_url(self, drill_id: str) -> str:
        return self.base + drill_id

    def page_url(self) -> str:
        p = self.publication
        if p.class_id:
            return url_for("club.class_lesson", class_id=p.class_id, slug=p.slug)
        return url_for("club.everyone", lesson_id=p.lesson_id)



def _rendered(found: store.Publication) -> published.Rendered | None:
    try:
        return published.rendered(found)
    except StorageError:
        abort(503, description=UNAVAILABLE)


def _class_page(class_id: int, slug: str) -> Page:
    user = current_user()
    if user is None:
        if request.method == "GET" and not request.htmx:
            abort(redirect(url_for("accounts.login", next=request.path)))
        abort(403, description=SIGN_IN)
    if len(slug) > MAX_SLUG or not SLUG.fullmatch(slug):
        abort(404, description=NO_LESSON)  # no lesson has this address: no query for it
    with db.transaction() as conn:
        klass = classes.membership(conn, user, class_id) or classes.owned(conn, user, class_id)
        found = store.class_lesson(conn, class_id, slug) if klass else None
    if found is None:
        abort(404, description=NO_LESSON)
    view = _rendered(found)
    if view is None:
        abort(404, description=HIDDEN)
    base = url_for("club.class_answer", class_id=class_id, slug=slug, version=found.version,
                   drill_id="x")[:-1]
    return Page(found, view, base)


def _everyone_page(lesson_id: int) -> Page:
    with db.transaction() as conn:
        found = store.everyone_lesson(conn, lesson_id)
    if found is None:
        abort(404, description=NO_LESSON)
    view = _rendered(found)
    if view is None:
        abort(404, description=HIDDEN)
    base = url_for("club.everyone_answer", lesson_id=lesson_id, version=found.version,
                   drill_id="x")[:-1]
    return Page(found, view, base)


def _show(page: Page, outcome: Outcome | None = None) -> ResponseReturnValue:
    frame = get_template_attribute("studio/parts.html", "club_drill")
    pieces = [sanitise(str(frame(page, page.lesson.drills[part.id], outcome)), page.base)
              if isinstance(part, DrillSlot) else part for part in page.view.parts]
    html = render_template("studio/lesson.html", page=page, body="".join(pieces))
    status = outcome.status if outcome else 200
    return html, status, {"Cache-Control": "private, no-store", "Vary": "HX-Request"}


def _grade(page: Page, version: int, drill_id: str) -> ResponseReturnValue:
    if version != page.publication.version:
        abort(409, description=STALE)
    drill = page.lesson.drills.get(drill_id)
    if drill is None:
        abort(404, description=NO_DRILL)
    record = Record(club_problem_key(page.publication.lesson_id, version, drill.id))
    outcome = grading.answer(drill, request.form, record)
    if request.htmx:
        area = get_template_attribute("studio/parts.html", "club_feedback")
        return (sanitise(str(area(outcome, oob=True)), page.base), outcome.status,
                {"Cache-Control": "private, no-store", "Vary": "HX-Request"})
    return _show(page, outcome)


@bp.get("/classes/<id:class_id>/lessons/<slug>")
def class_lesson(class_id: int, slug: str) -> ResponseReturnValue:
    return _show(_class_page(class_id, slug))


@bp.post("/classes/<id:class_id>/lessons/<slug>/<id:version>/drills/<drill_id>")
def class_answer(class_id: int, slug: str, version: int, drill_id: str) -> ResponseReturnValue:
    return _grade(_class_page(class_id, slug), version, drill_id)


@bp.get("/club/<id:lesson_id>")
def everyone(lesson_id: int) -> ResponseReturnValue:
    return _show(_everyone_page(lesson_id))


@bp.post("/club/<id:lesson_id>/<id:version>/drills/<drill_id>")
def everyone_answer(lesson_id: int, version: int, drill_id: str) -> ResponseReturnValue:
    return _grade(_everyone_page(lesson_id), version, drill_id)


def map_entries() -> list[MapEntry]:
    """The course map's club lessons: my classes' (signed in), then those for everyone."""
    user = current_user()
    entries = []
    try:
        with storage.store().transaction() as conn:
            found = [*(store.for_member(conn, user) if user else []), *store.for_everyone(conn)]
        for pub in found:
            if not published.usable(pub):
                continue
            if pub.class_id:
                url = url_for("club.class_lesson", class_id=pub.class_id, slug=pub.slug)
                note = f"Урок класса «{pub.class_name}»"
            else:
                url = url_for("club.everyone", lesson_id=pub.lesson_id)
                note = "Урок клуба"
                title, summary = published.title_summary(pub)  # the words the admin approved
                pub = dataclasses.replace(pub, title=title, summary=summary)
            entries.append(MapEntry(pub.title, pub.summary, url, pub.drills, note,
                                    pub.position))
    except StorageError:
        return []
    return entries


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
    add_map_extras(app, map_entries)
