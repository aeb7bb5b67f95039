"""The course map (``/``) and lesson pages (``/lessons/<slug>``).

The course map also lists lessons that live above this package (the club
lessons of :mod:`tutor.studio`): a higher floor registers a
:class:`MapExtras` provider with :func:`add_map_extras` in ``create_app``, and
:func:`index` places each :class:`MapEntry` after the course lesson it names.

:func:`render_lesson` is shared with :mod:`tutor.course.answers`: without
JavaScript, answering a drill returns the whole lesson page with that drill's
feedback in place.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from typing import Any, Protocol

from flask import Blueprint, Flask, abort, current_app, redirect, render_template, url_for
from flask.typing import ResponseReturnValue
from markupsafe import Markup, escape

from engine.errors import HandError
from engine.plural import count_word
from tutor.course.content import Lesson, store
from tutor.course.markdown.tiles import TILES_RE
from tutor.drills.grading import Outcome
from tutor.tiles.render import render_inline

bp = Blueprint("lessons", __name__)
log = logging.getLogger(__name__)

_TILES = re.compile(TILES_RE)
_STRONG = re.compile(r"\*\*(.+?)\*\*")
# The start tag of every form-associated element a drill's form may hold.
_CONTROL = re.compile(r"<(input|button|select|textarea|fieldset|output)\b")


def render_lesson(
    lesson: Lesson, outcome: Outcome | None = None, status: int = 200
) -> tuple[str, int]:
    """The full lesson page; ``outcome`` fills one drill's feedback area."""
    lessons = [item for item in store().lessons()]
    index = next(i for i, item in enumerate(lessons) if item.path == lesson.path)
    previous = lessons[index - 1] if index > 0 else None
    following = lessons[index + 1] if index + 1 < len(lessons) else None
    html = render_template(
        "course/lesson.html", lesson=lesson, previous=previous, following=following,
        outcome=outcome, step=_step_after(lesson, outcome), number=index + 1, count=len(lessons),
    )
    return html, status


@dataclass(frozen=True)
class NextStep:
    """The call to action after a right answer: the lesson's next drill, or the next lesson."""

    url: str
    label: str
    drill_id: str | None  # the drill to focus; None for the next lesson
    # The next lesson, whatever the next drill is: where «Урок пройден» leads once the
    # lesson's last unsolved drill is answered; None after the course's last lesson.
    next_lesson: tuple[str, str] | None = None  # (url, title)


def _step_after(lesson: Lesson, outcome: Outcome | None) -> NextStep | None:
    right = outcome is not None and outcome.verdict is not None and outcome.verdict.correct
    return next_step(lesson, outcome.drill.id) if right and outcome else None


def next_step(lesson: Lesson, drill_id: str) -> NextStep | None:
    """After ``drill_id``: its lesson's next drill, else the next lesson, else None (the end)."""
    lessons = store().lessons()
    index = next((i for i, item in enumerate(lessons) if item.path == lesson.path), None)
    after = lessons[index + 1] if index is not None and index + 1 < len(lessons) else None
    following_lesson = (url_for("lessons.lesson", slug=after.slug), after.title) if after else None
    ids = list(lesson.drills)
    if drill_id in ids and ids.index(drill_id) + 1 < len(ids):
        following = ids[ids.index(drill_id) + 1]
        url = url_for("lessons.lesson", slug=lesson.slug, _anchor=f"drill-{following}")
        return NextStep(url, "Следующее упражнение →", following, following_lesson)
    if following_lesson is None:
        return None
    return NextStep(following_lesson[0], f"Следующий урок: {following_lesson[1]} →", None,
                    following_lesson)


@dataclass(frozen=True)
class MapEntry:
    """A lesson from elsewhere on the course map: where it goes and what the map shows."""

    title: str
    summary: str
    url: str
    drills: int
    note: str  # e.g. the class it was published to
    after: int  # placed after this many course lessons; 0 (or past the end): at the end


class MapExtras(Protocol):
    """What a provider gives for the current request (bounded; [] for anonymous visitors)."""

    def __call__(self) -> list[MapEntry]: ...


_EXTRAS = "tempai.course_map_extras"


def add_map_extras(app: Flask, provider: MapExtras) -> None:
    """Let ``provider`` add entries to every course map of ``app`` (a feature of create_app)."""
    app.extensions.setdefault(_EXTRAS, []).append(provider)


def _well_formed(entry: object) -> bool:
    return (isinstance(entry, MapEntry) and all(isinstance(getattr(entry, name), str) for name in
                                                ("title", "summary", "url", "note"))
            and all(type(getattr(entry, name)) is int for name in ("drills", "after")))


def _entries(provider: MapExtras) -> list[MapEntry]:
    """What ``provider`` gives; nothing if it fails (the course map must show the course)."""
    try:
        found = list(provider())
    except Exception:  # a higher floor's bug or its database: logged, never the map's 500
        log.exception("course map extras from %r failed", provider)
        return []
    kept = [entry for entry in found if _well_formed(entry)]
    if len(kept) != len(found):
        log.error("course map extras from %r: %d malformed entries left out",
                  provider, len(found) - len(kept))
    return kept


def placed_extras(count: int) -> dict[int, list[MapEntry]]:
    """The providers' entries by the number of course lessons before them (1..count).

    A provider that raises or gives a malformed entry loses its entries (and
    is logged); the course's own lessons and the other providers' stay.
    """
    placed: dict[int, list[MapEntry]] = {}
    for provider in current_app.extensions.get(_EXTRAS, ()):
        for entry in _entries(provider):
            after = entry.after if 0 < entry.after <= count else count
            placed.setdefault(after, []).append(entry)
    return placed


@bp.get("/")
def index() -> str:
    lessons = store().lessons()
    return render_template("course/index.html", lessons=lessons, extras=placed_extras(len(lessons)))


@bp.get("/lessons/<slug>")
def lesson(slug: str) -> ResponseReturnValue:
    """A lesson page; a former slug's address redirects for good to where the lesson went."""
    found = store().get(slug)
    if found is None:
        moved = store().moved_to(slug)
        if moved is None:
            abort(404, description="Такого урока нет.")
        return redirect(url_for("lessons.lesson", slug=moved.slug), code=301)
    return render_lesson(found)


def drills_count(n: int) -> str:
    """``3 упражнения`` with the right Russian plural."""
    return count_word(n, "упражнение", "упражнения", "упражнений")


def rich_text(text: Any) -> Markup:
    """Drill prompts and options: escaped text with inline tiles ``:123m:`` and ``**bold**``."""
    escaped = str(escape(str(text)))
    escaped = _STRONG.sub(r"<strong>\1</strong>", escaped)
    return Markup(_TILES.sub(_draw_tiles, escaped))


def owned_by(html: Any, form_id: str | None) -> Markup:
    """A lesson drill's form body whose every control names the form ``form_id``.

    That form exists only for a browser without JavaScript (a ``<noscript>``
    after the drill's own form, templates/drills/_frame.html); with JavaScript
    the controls have no form at all until the learner touches the drill
    (static/js/app.js hands them back to it). Chromium, when a page has loaded,
    looks at every form's controls (autofill), and a control inside a lesson
    section or drill not yet on screen (``content-visibility: auto``) makes it
    style and lay out that whole drill: on /lessons/waits every drill of the
    page, one after another, in the load's task. A form with no controls is
    skipped. ``html`` is our own rendered markup: text in it is escaped, so
    only real tags match. No ``form_id`` (any other page's drill): unchanged.
    """
    if not form_id:
        return Markup(html)
    return Markup(_CONTROL.sub(lambda m: f'<{m.group(1)} form="{form_id}"', str(html)))


def _draw_tiles(match: re.Match[str]) -> str:
    try:
        return str(render_inline(match.group(1)))
    except HandError:
        return match.group(0)


# Sections other issues add; shown in the header once their blueprint exists.
NAV_SECTIONS: tuple[tuple[str, str], ...] = (
    ("/glossary", "Глоссарий"),
    ("/yaku", "Яку"),
    ("/rules", "Правила"),
    ("/analyse", "Анализ руки"),
    ("/review", "Разбор партии"),
    ("/practice", "Практика"),
    ("/progress", "Мой прогресс"),
)


def public_problem(problem: Any) -> str:
    """``file:line: message`` for a page: an absolute server path is cut to its last folder.

    The CLI prints paths relative to the working directory; when the server runs
    from elsewhere the path would be absolute, and a page must not show the
    server's directories to learners.
    """
    text = str(problem)
    file = str(getattr(problem, "file", ""))
    if file.startswith("/"):
        parts = file.rstrip("/").split("/")
        text = "/".join(parts[-2:]) + text[len(file):]
    return text


def navigation() -> dict[str, Any]:
    def nav_links() -> list[tuple[str, str]]:
        rules = {rule.rule: rule.endpoint for rule in current_app.url_map.iter_rules()}
        return [(rules[path], label) for path, label in NAV_SECTIONS if path in rules]

    def has_endpoint(endpoint: str) -> bool:
        """Optional blueprints (authoring, practice, ...) may be absent."""
        return endpoint in current_app.view_functions

    return {"nav_links": nav_links, "has_endpoint": has_endpoint}
