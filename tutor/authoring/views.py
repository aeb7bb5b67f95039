"""For instructors: the guide (``/authoring``) and the live preview (``/author/preview``).

The preview renders whatever Markdown is posted, so it is not public: it is
open in debug mode (``make run``), to a signed-in instructor or admin account
(:mod:`tutor.accounts`), or — as a bootstrap, only while the server
sets ``INSTRUCTOR_PASSWORD`` — to whoever signed in with that password;
otherwise it sends the visitor to the account login. Its HTML is sanitised
(:mod:`tutor.authoring.sanitise`). A preview drill is graded statelessly like
a lesson drill, except that its parameters come from the posted draft — the
author's own text — which the drill's form carries along with the answer.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import wraps
from pathlib import Path
from typing import Any, TypeVar, cast

from flask import (
    Blueprint,
    Flask,
    abort,
    current_app,
    get_template_attribute,
    redirect,
    render_template,
    session,
    url_for,
)
from flask.typing import ResponseReturnValue
from htmx_flask import request
from markupsafe import Markup, escape

from engine.plural import count_word
from tutor import storage
from tutor.accounts import limits
from tutor.accounts.current import current_user
from tutor.authoring import throttle
from tutor.authoring.cli import init_app as init_cli
from tutor.authoring.cli import lesson_text
from tutor.authoring.guide import guide_path, render_guide
from tutor.authoring.sanitise import sanitise
from tutor.course.content import DrillSlot, Lesson, _glossary_url, lesson_from_text, store
from tutor.course.links import link_problems
from tutor.course.markdown.limits import text_shape
from tutor.course.problems import Problem
from tutor.drills import grading
from tutor.drills.grading import Outcome
from tutor.storage import sessions
from tutor.storage.errors import StorageError

log = logging.getLogger(__name__)
bp = Blueprint("authoring", __name__)

DRAFT_FILE = "черновик"
SESSION_KEY = "instructor"
CLOSED = (
    "Предпросмотр уроков открыт преподавателям: войдите в учётную запись преподавателя "
    "(её назначает администратор). Общий пароль INSTRUCTOR_PASSWORD работает, только если "
    "он задан на сервере."
)
EXPIRED = "Вход преподавателя закончился: откройте страницу заново и войдите."
WRONG_PASSWORD = "Неверный пароль."
NO_DRILL = "Такого упражнения в черновике нет: обновите предпросмотр."
NO_COUNT = (
    "Вход преподавателя сейчас недоступен: не удалось обратиться к базе, где считаются "
    "попытки входа и хранятся сеансы. Попробуйте позже."
)
NO_LOGOUT = (
    "Выйти не удалось: база, где хранятся сеансы, недоступна, и копии входа продолжали бы "
    "работать. Попробуйте ещё раз чуть позже."
)
VERSION_KEY = "instructor_version"
PREVIEW_DRILLS = 40  # drill forms a preview renders (the studio's drill limit)
FORM_BYTES = 1_000_000  # the draft copies the forms of one preview carry, together
F = TypeVar("F", bound=Callable[..., ResponseReturnValue])


# -- access ---------------------------------------------------------------------


def _password() -> str:
    return str(current_app.config.get("INSTRUCTOR_PASSWORD") or "")


def _fingerprint(password: str) -> str:
    """What the session keeps: changing the password signs every instructor out."""
    key = str(current_app.config["SECRET_KEY"]).encode()
    return hmac.new(key, b"instructor:" + password.encode(), hashlib.sha256).hexdigest()


def is_instructor() -> bool:
    """Debug mode, or a session signed in with the current password and not signed out since.

    The session's version must still be the database's (:mod:`tutor.storage.sessions`):
    a sign-out bumps it, so a copied cookie dies with it. One primary-key read,
    only on the instructor's own requests; without the database nobody is let in.
    """
    if current_app.debug:
        return True
    account = current_user()
    if account is not None and account.teaches:
        return True
    password = _password()
    stored = session.get(SESSION_KEY)
    version = session.get(VERSION_KEY)
    if not password or not isinstance(stored, str) or type(version) is not int:
        return False
    if not hmac.compare_digest(stored, _fingerprint(password)):
        return False
    try:
        with storage.store().transaction() as conn:
            return version == sessions.current_version(conn, sessions.INSTRUCTOR)
    except StorageError:
        log.warning("instructor session not honoured: the session version is unavailable",
                    exc_info=True)
        return False


def instructor_required(view: F) -> F:
    """403 with a Russian page unless :func:`is_instructor`; the login form when one exists."""

    @wraps(view)
    def wrapped(*args: Any, **kwargs: Any) -> ResponseReturnValue:
        if is_instructor():
            return view(*args, **kwargs)
        if request.htmx or request.method != "GET":
            abort(403, description=EXPIRED if _password() else CLOSED)
        if current_user() is not None:
            abort(403, description=CLOSED)  # signed in, but not as an instructor
        if not _password():
            return redirect(url_for("accounts.login", next=request.path))
        return redirect(url_for("authoring.login"))

    return cast(F, wrapped)


@bp.route("/author/login", methods=["GET", "POST"])
def login() -> ResponseReturnValue:
    """The instructor's password form (CSRF-protected like every POST).

    Counted and held like every password (:mod:`tutor.accounts.limits`): while
    held, a try is refused before the password is compared, right or wrong.
    """
    if not _password() and not current_app.debug:
        abort(403, description=CLOSED)
    error = None
    if request.method == "POST":
        address = request.remote_addr or "?"
        given = request.form.get("password", "")
        password = _password()
        try:
            store = storage.store()
            right = limits.guarded(store, address, throttle.ACCOUNT, lambda: bool(password) and
                                   hmac.compare_digest(given.encode(), password.encode()))
            if right:
                with store.transaction() as conn:
                    throttle.signed_in(conn, address)
                    version = sessions.current_version(conn, sessions.INSTRUCTOR)
                session.clear()  # a fresh session: nothing from before the sign-in survives
                session[SESSION_KEY] = _fingerprint(password)
                session[VERSION_KEY] = version
                return redirect(url_for("authoring.preview"))
        except StorageError:
            log.warning("instructor login refused: the try count is unavailable", exc_info=True)
            abort(503, description=NO_COUNT)
        error = WRONG_PASSWORD
    status = 403 if error else 200
    return render_template("authoring/login.html", error=error), status


@bp.post("/author/logout")
def logout() -> ResponseReturnValue:
    """Sign out everywhere: the session version moves on, so every copy of the cookie dies.

    Only a signed-in instructor moves it (any visitor has a CSRF token, and
    must not be able to sign the instructor out).
    """
    if is_instructor() and not current_app.debug:
        try:
            with storage.store().transaction() as conn:
                sessions.bump_version(conn, sessions.INSTRUCTOR)
        except StorageError:
            log.warning("instructor sign-out failed: the session version is unavailable",
                        exc_info=True)
            abort(503, description=NO_LOGOUT)
    session.pop(SESSION_KEY, None)
    session.pop(VERSION_KEY, None)
    return redirect(url_for("lessons.index"))


# -- the guide ------------------------------------------------------------------


@bp.get("/authoring")
def guide() -> str:
    """The authoring guide, rendered like a lesson (its code examples stay code)."""
    title, html, toc = _rendered_guide()
    return render_template("authoring/page.html", title=title, html=html, toc=toc)


_Guide = tuple[str, Markup, list[Any]]  # title, body HTML, table of contents
# The guide as last rendered, with what it was rendered from: the file (path,
# mtime, size) and the glossary its terms link to. Rendering its Markdown took
# ~29 ms, too much to repeat on every view of an unchanged file.
_guide: tuple[tuple[str, int, int], object, _Guide] | None = None


def _rendered_guide() -> _Guide:
    global _guide
    path = guide_path()
    stat = path.stat()
    key, glossary = (str(path), stat.st_mtime_ns, stat.st_size), store().glossary()
    cached = _guide
    if cached is not None and cached[0] == key and cached[1] is glossary:
        return cached[2]
    text = path.read_text(encoding="utf-8")
    title, body = "Руководство для авторов", text
    if text.startswith("# "):  # the file's own heading goes above the contents
        first, _, body = text.partition("\n")
        title = first[2:].strip()
    html, toc, _ = render_guide(body, path.name, glossary)
    rendered = (title, Markup(html), toc)
    _guide = (key, glossary, rendered)
    return rendered


# -- the preview ----------------------------------------------------------------


@dataclass
class Preview:
    """A rendered draft: the lesson, its sanitised HTML and every problem found."""

    lesson: Lesson
    html: Markup
    problems: list[Problem] = field(default_factory=list)


def draft_lesson(source: str) -> Lesson:
    """The posted draft as a lesson; problems name the file «черновик» and its lines."""
    glossary = store().glossary()
    return lesson_from_text(source, Path("draft.md"), DRAFT_FILE, glossary, _glossary_url())


def _taken(draft: Lesson, lessons: list[Lesson]) -> list[Problem]:
    """The check's duplicate slug/order messages, unless the draft is that lesson being edited."""
    if any(x.slug == draft.slug and x.order == draft.order for x in lessons):
        return []
    found = []
    for what in ("slug", "order"):
        value = getattr(draft, what)
        other = next((x for x in lessons if getattr(x, what) == value), None)
        if other is not None:
            message = f"Поле «{what}» = {value} уже занято уроком {other.file}."
            found.append(Problem(DRAFT_FILE, 1, message))
    return found


def _post_prefix() -> str:
    return url_for("authoring.preview_drill", drill_id="x")[:-1]


def build_preview(source: str, outcome: Outcome | None = None) -> Preview:
    """Render a draft with its drills, add the link check, sanitise the lot.

    A draft over the shape limits (:mod:`tutor.course.markdown.limits`) is not
    rendered: only its problems are shown.
    """
    shape = text_shape(source)
    if shape:
        return Preview(draft_lesson(""), Markup(""),
                       [Problem(DRAFT_FILE, line, message) for line, message in shape])
    lesson = draft_lesson(source)
    lessons = store().lessons()
    course = {item.slug: item for item in lessons}
    course[lesson.slug] = lesson
    found = [*lesson.problems, *link_problems(lesson, course, store().glossary())]
    problems = sorted({*found, *_taken(lesson, lessons)})
    return Preview(lesson, preview_html(lesson, source, outcome), problems)


def preview_html(lesson: Lesson, source: str, outcome: Outcome | None = None,
                 prefix: str | None = None) -> Markup:
    """The draft's sanitised body; its drills post (with ``source``) to the preview's grader.

    Shared with the studio's editor (:mod:`tutor.studio`), which checks the
    draft itself, needs only the rendered side and has its drills post under
    its own ``prefix`` (a studio route, with the studio's body limit).
    """
    frame = get_template_attribute("authoring/parts.html", "preview_drill")
    post = prefix or _post_prefix()
    # Each drill's form carries the whole draft: the forms are bounded by count and
    # by their bytes together (2 088 tiny drills once made a 213 MB page).
    forms = min(PREVIEW_DRILLS, FORM_BYTES // max(1, len(source.encode("utf-8"))))
    pieces, shown = [], 0
    for part in lesson.parts:
        if not isinstance(part, DrillSlot):
            pieces.append(part)
        elif shown < forms:
            shown += 1
            pieces.append(str(frame(lesson.drills[part.id], source, outcome, post + part.id)))
        else:
            pieces.append(f'<p class="hint">Упражнение «{escape(part.id)}» в предпросмотре '
                          f"не показано: здесь проверяются первые "
                          f"{count_word(forms, 'упражнение', 'упражнения', 'упражнений')} "
                          "черновика.</p>")
    return Markup(sanitise("".join(pieces), post))  # noqa: S704 - sanitised just now


def _sample() -> str:
    return lesson_text("Черновик урока", "chernovik", 99)


@bp.route("/author/preview", methods=["GET", "POST"])
@instructor_required
def preview() -> ResponseReturnValue:
    """Editor and rendered draft side by side; htmx gets only the rendered side."""
    source = request.form.get("source", "") if request.method == "POST" else _sample()
    result = build_preview(source)
    headers = {"Vary": "HX-Request", "Cache-Control": "no-store"}
    if request.htmx:
        fragment = get_template_attribute("authoring/parts.html", "preview_result")
        return str(fragment(result)), 200, headers
    return render_template("authoring/preview.html", source=source, result=result), 200, headers


@bp.post("/author/preview/drills/<drill_id>")
@instructor_required
def preview_drill(drill_id: str) -> ResponseReturnValue:
    """Grade an answer to a drill of the posted draft (never recorded as progress)."""
    source = request.form.get("source", "")
    lesson = draft_lesson(source)
    drill = lesson.drills.get(drill_id)
    if drill is None:
        abort(404, description=NO_DRILL)
    outcome = grading.answer(drill, request.form)  # no Record: a preview stores nothing
    headers = {"Vary": "HX-Request", "Cache-Control": "no-store"}
    if request.htmx:
        area = get_template_attribute("authoring/parts.html", "preview_feedback")
        return sanitise(str(area(outcome, oob=True)), _post_prefix()), outcome.status, headers
    result = build_preview(source, outcome)
    page = render_template("authoring/preview.html", source=source, result=result)
    return page, outcome.status, headers


def problems_count(n: int) -> str:
    """``3 ошибки`` with the right Russian plural."""
    return count_word(n, "ошибка", "ошибки", "ошибок")


def init_app(app: Flask) -> None:
    """Register the blueprint and the ``flask content`` commands."""
    app.register_blueprint(bp)
    init_cli(app)
