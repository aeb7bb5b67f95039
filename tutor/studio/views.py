"""``/studio``: instructors write club lessons in the browser.

Ids in paths are bounded (``int(max=…)``, the 32-bit column range), and so
are ids in queries and forms (:func:`_id`), so a huge number is a 404, never a
database overflow. NUL characters are dropped from posted text and a file
with NUL bytes is refused as binary: PostgreSQL cannot store them.

Routes (blueprint ``studio``; each needs an instructor or admin account, and
every ``/studio/<id>`` route reads the lesson with :func:`tutor.studio.store.owned`,
so another instructor's id is 404; every POST carries the CSRF token):

- ``GET /studio`` — my lessons; ``POST /studio/new`` (from the template
  ``flask content new`` uses) and ``POST /studio/import`` (a ``.md`` file);
- ``GET /studio/<id>`` — the editor; ``POST …/preview`` (htmx: check messages
  and the sanitised preview), ``POST …/preview/drills/<drill id>`` (an answer
  to a preview drill, graded from the draft the form carries, under the
  studio's body limit), ``POST …/save`` (a new version);
- ``GET …/versions``, ``GET …/diff?a=&b=``, ``POST …/versions/<v>/restore``;
- ``GET …/export.md``;
- ``POST …/publish`` (to my classes, at a place in the course map),
  ``POST …/unpublish``, ``POST …/request`` (ask to publish to everyone);
- ``GET /studio/review`` and ``POST /studio/review/<id>`` — an admin's review.

Reads are bounded by :mod:`tutor.studio.store`'s limits; a page reads one
lesson, its latest source and at most a few bounded lists (the list page: the
lessons, then their publications and requests in one query each).
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from flask import (
    Blueprint,
    Flask,
    Response,
    abort,
    get_template_attribute,
    redirect,
    render_template,
    url_for,
)
from flask.typing import ResponseReturnValue
from htmx_flask import request
from sqlalchemy.engine import Connection

from tutor.accounts.current import current_user, role_required
from tutor.accounts.store import User
from tutor.accounts.zones import moment_text
from tutor.authoring.cli import lesson_text, slugify
from tutor.authoring.sanitise import sanitise
from tutor.authoring.views import preview_html
from tutor.classes import store as classes
from tutor.course.content import store as content_store
from tutor.drills import grading
from tutor.drills.grading import Outcome
from tutor.storage.errors import UNAVAILABLE, StorageError
from tutor.storage.studio import source_of
from tutor.studio import check, db, diff, published, store

bp = Blueprint("studio", __name__)
TEACHERS = ("instructor", "admin")
NOT_FOUND = "Такого урока в вашей студии нет."
NO_VERSION = "Такой версии урока нет."
CHANGED = ("Запрос изменился, пока вы читали: автор попросил опубликовать другую версию. "
           "Откройте её и прочитайте заново.")
TOO_MANY = (f"В студии уже {store.LESSONS_LISTED} уроков — больше создать нельзя: "
            "удалите или объедините старые.")
NOT_UTF8 = "Файл не читается как текст UTF-8: сохраните его в этой кодировке и загрузите снова."
NO_FILE = "Выберите файл урока .md."
NO_PREVIEW_DRILL = "Такого упражнения в черновике нет: обновите предпросмотр."
CANNOT_PUBLISH = "Урок с ошибками проверки опубликовать нельзя: исправьте их и сохраните урок."
NO_CLASS = "Отметьте хотя бы один свой класс."
NO_SUCH_CLASS = "Такого класса у вас нет."
SLUG_TAKEN = "В классе «{}» уже есть урок с адресом {}: смените slug в шапке урока."
DEFAULT_TITLE = "Новый урок"
NEW_ORDER = 100  # the template's order: a club lesson has no place in the course files yet
MAX_ID = 2_147_483_647  # the id columns' range: a larger number is nobody's
_DIGITS = re.compile(r"[0-9]{1,10}")
NOT_TEXT = ("Файл похож на двоичный, а не на текст урока: в нём есть нулевые байты. "
            "Загрузите файл .md в кодировке UTF-8.")
REQUEST_BYTES = 1_000_000  # a studio form: 100 kB of Russian is ~600 kB url-encoded


@bp.url_value_preprocessor
def larger_bodies(endpoint: str | None, values: dict[str, Any] | None) -> None:
    """Studio forms carry a whole lesson: allow more than the site's 64 kB for them.

    A URL value preprocessor, not a ``before_request``: Flask runs these
    first, and the app's ``before_request`` handlers — CSRFProtect's among
    them, which reads the form — before any blueprint's. Raised there, the
    limit would come after the form had been refused.
    """
    request.max_content_length = REQUEST_BYTES
    request.max_form_memory_size = REQUEST_BYTES



def _me() -> User:
    user = current_user()
    assert user is not None  # role_required let the request in
    return user


def _lesson(conn: Connection, lesson_id: int) -> store.ClubLesson:
    found = store.owned(conn, _me(), lesson_id)
    if found is None:
        abort(404, description=NOT_FOUND)
    return found


def _source(conn: Connection, lesson: store.ClubLesson, number: int | None = None) -> str:
    source = source_of(conn, lesson.id, lesson.latest if number is None else number)
    if source is None:
        abort(404, description=NO_VERSION)
    return source


def _text(form_value: str) -> str:
    """Line ends as ``\n``; NUL characters dropped (no text has them, PostgreSQL refuses them)."""
    return form_value.replace("\r\n", "\n").replace("\r", "\n").replace("\x00", "")


def _id(value: str | None) -> int | None:
    """A database id from a form or query (ASCII digits in the 32-bit column range), else None."""
    if value is None or not _DIGITS.fullmatch(value) or int(value) > MAX_ID:
        return None
    return int(value)


def _headers() -> dict[str, str]:
    return {"Cache-Control": "private, no-store", "Vary": "HX-Request"}


# -- the list, new lessons, import ---------------------------------------------------


@bp.get("/studio")
@role_required(*TEACHERS)
def index() -> ResponseReturnValue:
    with db.transaction() as conn:
        lessons = store.listed(conn, _me())
        ids = [lesson.id for lesson in lessons]
        pubs, asked = store.publications_among(conn, ids), store.requests_among(conn, ids)
        waiting = len(store.pending(conn)) if _me().role == "admin" else 0
    rows = []
    for lesson in lessons:  # a stale publication is rechecked here, outside the transaction
        mine = [p for p in pubs if p.lesson_id == lesson.id]
        rows.append((lesson, mine, [p for p in mine if not _usable(p)], asked.get(lesson.id)))
    hidden = {(p.lesson_id, p.version) for _, _, broken, _ in rows for p in broken}
    with db.transaction() as conn:  # what the check found in each hidden version (one row each)
        errors = {key: found.problems for key in hidden
                  if (found := store.version(conn, *key)) is not None}
    return render_template("studio/index.html", rows=rows, waiting=waiting,
                           errors=errors), 200, _headers()


def _usable(publication: store.Publication) -> bool:
    """:func:`tutor.studio.published.usable` (it may recheck: outside any transaction)."""
    try:
        return published.usable(publication)
    except StorageError:
        abort(503, description=UNAVAILABLE)


def _create(conn: Connection, source: str, title: str) -> store.ClubLesson:
    if store.count_owned(conn, _me()) >= store.LESSONS_LISTED:
        abort(409, description=TOO_MANY)
    slug, title, summary = check.front_meta(source, title, slugify(title))
    return store.create(conn, _me(), slug, title, summary, source)


@bp.post("/studio/new")
@role_required(*TEACHERS)
def new() -> ResponseReturnValue:
    title = " ".join(_text(request.form.get("title", "")).split())[: check.MAX_TITLE]
    title = title or DEFAULT_TITLE
    source = lesson_text(title, slugify(title), NEW_ORDER)
    with db.transaction() as conn:
        lesson = _create(conn, source, title)
    return redirect(url_for("studio.editor", lesson_id=lesson.id))


@bp.post("/studio/import")
@role_required(*TEACHERS)
def import_file() -> ResponseReturnValue:
    upload = request.files.get("file")
    if upload is None or not upload.filename:
        abort(400, description=NO_FILE)
    most, _ = check.limits()
    data = upload.read(most + 1)
    if len(data) > most:
        abort(413, description=check.too_long())
    if b"\x00" in data:
        abort(400, description=NOT_TEXT)
    try:
        source = _text(data.decode("utf-8").removeprefix("\ufeff"))
    except UnicodeDecodeError:
        abort(400, description=NOT_UTF8)
    stem = re.sub(r"\.md$", "", _text(str(upload.filename)).rsplit("/", 1)[-1])
    title = " ".join(stem.split())[: check.MAX_TITLE] or DEFAULT_TITLE
    with db.transaction() as conn:
        lesson = _create(conn, source, title)
    return redirect(url_for("studio.editor", lesson_id=lesson.id))


# -- the editor ------------------------------------------------------------------------


def _editor_rows(conn: Connection, lesson: store.ClubLesson) -> dict[str, Any]:
    """What the editor reads from the database (three bounded queries)."""
    return {
        "lesson": lesson,
        "classes": classes.teaching(conn, _me()),
        "publications": store.publications_of(conn, lesson.id),
        "request_state": store.request_of(conn, lesson.id),
    }


def _drill_prefix(lesson_id: int) -> str:
    """Where the editor's preview drills post: the studio's own grader of this lesson."""
    return url_for("studio.preview_drill", lesson_id=lesson_id, drill_id="x")[:-1]


def _editor_context(rows: dict[str, Any], source: str,
                    outcome: Outcome | None = None) -> dict[str, Any]:
    """The rows plus the check and the preview, made after the transaction closed.

    Checking renders the lesson; inside a transaction that time would count
    against the database deadline (:mod:`tutor.storage.deadline`).
    """
    checked = check.check_source(source)
    return {
        **rows, "source": source, "checked": checked,
        "html": preview_html(checked.lesson, source, outcome, _drill_prefix(rows["lesson"].id)),
        "course_titles": [x.title for x in content_store().lessons()],
        "max_bytes": check.limits()[0],
    }


@bp.get("/studio/<id:lesson_id>")
@role_required(*TEACHERS)
def editor(lesson_id: int) -> ResponseReturnValue:
    with db.transaction() as conn:
        lesson = _lesson(conn, lesson_id)
        rows, source = _editor_rows(conn, lesson), _source(conn, lesson)
    context = _editor_context(rows, source)
    saved = request.args.get("saved", type=int)
    message = request.args.get("message", "")
    notes = {"restored": "Версия восстановлена: она сохранена как новая.",
             "published": "Урок опубликован.", "unpublished": "Урок снят с публикации.",
             "requested": "Запрос отправлен: урок проверит администратор."}
    return render_template("studio/editor.html", saved=saved, note=notes.get(message),
                           **context), 200, _headers()


@bp.post("/studio/<id:lesson_id>/preview")
@role_required(*TEACHERS)
def preview(lesson_id: int) -> ResponseReturnValue:
    source = _text(request.form.get("source", ""))
    with db.transaction() as conn:
        _lesson(conn, lesson_id)
    checked = check.check_source(source)
    fragment = get_template_attribute("studio/parts.html", "preview_pane")
    html = preview_html(checked.lesson, source, prefix=_drill_prefix(lesson_id))
    return str(fragment(checked, html)), 200, _headers()


@bp.post("/studio/<id:lesson_id>/preview/drills/<drill_id>")
@role_required(*TEACHERS)
def preview_drill(lesson_id: int, drill_id: str) -> ResponseReturnValue:
    """Grade an answer to a drill of the editor's draft (never recorded as progress).

    The form carries the draft, as the authoring preview's does, but this route
    has the studio's body limit (a lesson of :data:`check.MAX_SOURCE_BYTES`
    fits) and is open only to the lesson's author or an admin.
    """
    source = _text(request.form.get("source", ""))
    with db.transaction() as conn:
        lesson = _lesson(conn, lesson_id)
        rows = _editor_rows(conn, lesson) if not request.htmx else None
    too_big = check.size_problem(source)
    if too_big is not None:
        abort(413, description=too_big)
    drill = check.check_source(source).lesson.drills.get(drill_id)
    if drill is None:
        abort(404, description=NO_PREVIEW_DRILL)
    outcome = grading.answer(drill, request.form)  # no Record: a preview stores nothing
    if rows is None:
        area = get_template_attribute("authoring/parts.html", "preview_feedback")
        return (sanitise(str(area(outcome, oob=True)), _drill_prefix(lesson_id)), outcome.status,
                _headers())
    page = render_template("studio/editor.html", saved=None, note=None,
                           **_editor_context(rows, source, outcome))
    return page, outcome.status, _headers()


@bp.post("/studio/<id:lesson_id>/save")
@role_required(*TEACHERS)
def save(lesson_id: int) -> ResponseReturnValue:
    source = _text(request.form.get("source", ""))
    too_big = check.size_problem(source)
    with db.transaction() as conn:
        lesson = _lesson(conn, lesson_id)
        if too_big is not None:
            rows, kept = _editor_rows(conn, lesson), _source(conn, lesson)
    if too_big is not None:
        context = {**_editor_context(rows, kept), "source": source}
        page = render_template("studio/editor.html", saved=None, note=None, error=too_big,
                               **context)
        return page, 413, _headers()
    with db.transaction() as conn:
        lesson = _lesson(conn, lesson_id)
        slug, title, summary = check.front_meta(source, lesson.title, lesson.slug)
        number = store.save(conn, lesson, _me(), source, slug, title, summary)
    return redirect(url_for("studio.editor", lesson_id=lesson_id, saved=number))


# -- versions --------------------------------------------------------------------------


@bp.get("/studio/<id:lesson_id>/versions")
@role_required(*TEACHERS)
def versions(lesson_id: int) -> ResponseReturnValue:
    with db.transaction() as conn:
        lesson = _lesson(conn, lesson_id)
        listed = store.versions(conn, lesson.id)
    return render_template("studio/versions.html", lesson=lesson, versions=listed), 200, _headers()


@bp.get("/studio/<id:lesson_id>/diff")
@role_required(*TEACHERS)
def show_diff(lesson_id: int) -> ResponseReturnValue:
    with db.transaction() as conn:
        lesson = _lesson(conn, lesson_id)
        a, b = _version_arg("a", max(lesson.latest - 1, 1)), _version_arg("b", lesson.latest)
        old, new_source = _source(conn, lesson, a), _source(conn, lesson, b)
    rows = diff.diff_rows(old, new_source)
    return render_template("studio/diff.html", lesson=lesson, a=a, b=b, rows=rows,
                           changed=diff.changed(rows)), 200, _headers()


def _version_arg(name: str, default: int) -> int:
    """A version number from the query: absent → ``default``; not a version number → 404."""
    raw = request.args.get(name)
    if not raw:
        return default
    number = _id(raw)
    if not number:
        abort(404, description=NO_VERSION)
    return number


@bp.post("/studio/<id:lesson_id>/versions/<id:number>/restore")
@role_required(*TEACHERS)
def restore(lesson_id: int, number: int) -> ResponseReturnValue:
    with db.transaction() as conn:
        lesson = _lesson(conn, lesson_id)
        source = _source(conn, lesson, number)
        slug, title, summary = check.front_meta(source, lesson.title, lesson.slug)
        saved = store.save(conn, lesson, _me(), source, slug, title, summary)
    return redirect(url_for("studio.editor", lesson_id=lesson_id, saved=saved,
                            message="restored"))


@bp.get("/studio/<id:lesson_id>/export.md")
@role_required(*TEACHERS)
def export(lesson_id: int) -> ResponseReturnValue:
    with db.transaction() as conn:
        lesson = _lesson(conn, lesson_id)
        source = _source(conn, lesson)
    body = source if source.endswith("\n") else source + "\n"
    return Response(body, mimetype="text/markdown", headers={
        "Content-Disposition": f'attachment; filename="{lesson.slug}.md"',
        "Cache-Control": "private, no-store"})


# -- publishing ------------------------------------------------------------------------


def _latest_passes(lesson: store.ClubLesson) -> bool:
    """Check the latest version now (outside any transaction) and store the result.

    A passing version is rendered and stored now, in the author's request,
    not in a learner's first view (:func:`tutor.studio.published.recheck`).
    """
    try:
        passed = published.recheck(lesson.id, lesson.latest)
    except StorageError:
        abort(503, description=UNAVAILABLE)
    if passed is None:
        abort(404, description=NO_VERSION)
    return passed


@bp.post("/studio/<id:lesson_id>/publish")
@role_required(*TEACHERS)
def publish(lesson_id: int) -> ResponseReturnValue:
    found = (_id(x) for x in request.form.getlist("class_id")[: store.CLASSES_MAX])
    wanted = [x for x in found if x is not None]
    position = request.form.get("position", "0")
    after = int(position) if _DIGITS.fullmatch(position) and len(position) < 6 else 0
    with db.transaction() as conn:
        lesson = _lesson(conn, lesson_id)
        if not wanted:
            abort(400, description=NO_CLASS)
        targets = []
        for class_id in wanted:
            klass = classes.owned(conn, _me(), class_id)
            if klass is None:
                abort(404, description=NO_SUCH_CLASS)
            if store.slug_taken(conn, klass.id, lesson.slug, lesson.id):
                abort(409, description=SLUG_TAKEN.format(klass.name, lesson.slug))
            targets.append(klass)
    if not _latest_passes(lesson):
        abort(409, description=CANNOT_PUBLISH)
    with db.transaction() as conn:
        for klass in targets:  # the version checked above, even if a newer one was saved since
            store.publish(conn, lesson, klass.id, lesson.latest, after)
    return redirect(url_for("studio.editor", lesson_id=lesson_id, message="published"))


@bp.post("/studio/<id:lesson_id>/unpublish")
@role_required(*TEACHERS)
def unpublish(lesson_id: int) -> ResponseReturnValue:
    class_id = _id(request.form.get("class_id"))
    with db.transaction() as conn:
        lesson = _lesson(conn, lesson_id)
        if class_id is None or not store.unpublish(conn, lesson.id, class_id):
            abort(404, description="Урок в этом классе не опубликован.")
    return redirect(url_for("studio.editor", lesson_id=lesson_id, message="unpublished"))


@bp.post("/studio/<id:lesson_id>/request")
@role_required(*TEACHERS)
def request_everyone(lesson_id: int) -> ResponseReturnValue:
    with db.transaction() as conn:
        lesson = _lesson(conn, lesson_id)
    if not _latest_passes(lesson):
        abort(409, description=CANNOT_PUBLISH)
    with db.transaction() as conn:
        store.request_everyone(conn, lesson, lesson.latest)
    return redirect(url_for("studio.editor", lesson_id=lesson_id, message="requested"))


# -- the admin's review ------------------------------------------------------------------


@bp.get("/studio/review")
@role_required("admin")
def review() -> ResponseReturnValue:
    with db.transaction() as conn:
        waiting = store.pending(conn)
    return render_template("studio/review.html", waiting=waiting), 200, _headers()


@bp.get("/studio/review/<id:lesson_id>")
@role_required("admin")
def review_version(lesson_id: int) -> ResponseReturnValue:
    """The very version the request names — what approving it publishes — and its text."""
    with db.transaction() as conn:
        found = store.request_of(conn, lesson_id)
        source = source_of(conn, lesson_id, found.version) if found else None
    if found is None or found.state != "pending" or source is None:
        abort(404, description="Такого запроса нет.")
    checked = check.check_source(source)
    html = preview_html(checked.lesson, source, prefix=_drill_prefix(lesson_id))
    return render_template("studio/review_version.html", item=found, lesson=checked.lesson,
                           source=source, html=html), 200, _headers()


@bp.post("/studio/review/<id:lesson_id>")
@role_required("admin")
def decide(lesson_id: int) -> ResponseReturnValue:
    approve = request.form.get("decision") == "approve"
    number = _id(request.form.get("version"))
    with db.transaction() as conn:
        found = store.request_of(conn, lesson_id)
    if found is None or found.state != "pending":
        abort(404, description="Такого запроса нет.")
    if number != found.version:
        abort(409, description=CHANGED)
    try:
        if approve and not published.recheck(lesson_id, found.version):
            abort(409, description=CANNOT_PUBLISH)
    except StorageError:
        abort(503, description=UNAVAILABLE)
    with db.transaction() as conn:
        if not store.decide(conn, lesson_id, found.version, _me(), approve):
            abort(409, description=CHANGED)
    return redirect(url_for("studio.review"))


def studio_time(moment: float) -> str:
    """``2 декабря, 15:04`` for a version's time, in the signed-in account's zone."""
    user = current_user()
    when = dt.datetime.fromtimestamp(moment, dt.UTC)
    return moment_text(when, user.time_zone if user else None)


def init_app(app: Flask) -> None:
    check.init_app(app)
    app.register_error_handler(check.TooSlow, check.too_slow)
    app.register_blueprint(bp)

