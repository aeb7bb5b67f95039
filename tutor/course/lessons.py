"""The course map (``/``) and lesson pages (``/lessons/<slug>``).

The course map also lists lessons that live above this package (the club
lessons of :mod:`tutor.studio`): a higher floor registers a
:class:`MapExtras` provider with :func:`add_map_extras` in ``create_app``, and
:func:`index` places each :class:`MapEntry` after the course lesson it names.

:func:`render_lesson` is shared with the drills blueprint: without
JavaScript, answering a drill returns the whole lesson page with that drill's
feedback in place.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from flask import Blueprint, Flask, abort, current_app, render_template, url_for
from markupsafe import Markup, escape
from werkzeug.datastructures import MultiDict

from engine.errors import HandError
from engine.plural import count_word
from engine.tiles import tile_name
from tutor.course.content import Lesson, store
from tutor.course.markdown.tiles import TILES_RE
from tutor.drills.base import BadAnswer, Drill, Verdict, wants_solution
from tutor.drills.explain import tile_names
from tutor.tiles.render import render_inline

bp = Blueprint("lessons", __name__)
log = logging.getLogger(__name__)

_TILES = re.compile(TILES_RE)
_STRONG = re.compile(r"\*\*(.+?)\*\*")


@dataclass(frozen=True)
class DrillState:
    """One drill's state after a plain (non-htmx) POST: the answer kept, the verdict or an error."""

    drill_id: str
    form: MultiDict[str, str]
    verdict: Verdict | None = None
    error: str | None = None


def graded_state(drill: Drill, form: MultiDict[str, str],
                 graded: Callable[[Verdict], None] | None = None) -> tuple[DrillState, int]:
    """``form`` graded (or the solution asked for) as the drill's state, with its HTTP status.

    For the pages that show a bad answer's message in the drill (author preview,
    studio, club lessons) rather than through the site's error handler: a
    :class:`BadAnswer` becomes the state's error and its status. ``graded`` sees
    each real verdict (not a solution request), to record it as progress.
    """
    try:
        if wants_solution(form):
            return DrillState(drill.id, form, verdict=Verdict(False, solution_only=True)), 200
        verdict = drill.kind.grade(drill, form)
    except BadAnswer as exc:
        return DrillState(drill.id, form, error=exc.message), exc.status
    if graded is not None:
        graded(verdict)
    return DrillState(drill.id, form, verdict=verdict), 200


def render_lesson(
    lesson: Lesson, state: DrillState | None = None, status: int = 200
) -> tuple[str, int]:
    """The full lesson page; ``state`` fills one drill's feedback area."""
    lessons = [item for item in store().lessons()]
    index = next(i for i, item in enumerate(lessons) if item.path == lesson.path)
    previous = lessons[index - 1] if index > 0 else None
    following = lessons[index + 1] if index + 1 < len(lessons) else None
    html = render_template(
        "course/lesson.html", lesson=lesson, previous=previous, following=following, state=state,
        number=index + 1, count=len(lessons),
    )
    return html, status


@dataclass(frozen=True)
class NextStep:
    """The call to action after a right answer: the lesson's next drill, or the next lesson."""

    url: str
    label: str
    drill_id: str | None  # the drill to focus; None for the next lesson


@bp.app_template_global("next_step")
def next_step(lesson: Lesson, drill_id: str) -> NextStep | None:
    """After ``drill_id``: its lesson's next drill, else the next lesson, else None (the end)."""
    ids = list(lesson.drills)
    if drill_id in ids and ids.index(drill_id) + 1 < len(ids):
        following = ids[ids.index(drill_id) + 1]
        url = url_for("lessons.lesson", slug=lesson.slug, _anchor=f"drill-{following}")
        return NextStep(url, "Следующее упражнение →", following)
    lessons = store().lessons()
    index = next((i for i, item in enumerate(lessons) if item.path == lesson.path), None)
    if index is None or index + 1 >= len(lessons):
        return None
    after = lessons[index + 1]
    return NextStep(url_for("lessons.lesson", slug=after.slug),
                    f"Следующий урок: {after.title} →", None)


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
def lesson(slug: str) -> tuple[str, int]:
    found = store().get(slug)
    if found is None:
        abort(404, description="Такого урока нет.")
    return render_lesson(found)


@bp.app_template_filter("drills_count")
def drills_count(n: int) -> str:
    """``3 упражнения`` with the right Russian plural."""
    return count_word(n, "упражнение", "упражнения", "упражнений")


@bp.app_template_filter("rich")
def rich_text(text: Any) -> Markup:
    """Drill prompts and options: escaped text with inline tiles ``:123m:`` and ``**bold**``."""
    escaped = str(escape(str(text)))
    escaped = _STRONG.sub(r"<strong>\1</strong>", escaped)
    return Markup(_TILES.sub(_draw_tiles, escaped))


def _draw_tiles(match: re.Match[str]) -> str:
    try:
        return str(render_inline(match.group(1)))
    except HandError:
        return match.group(0)


@bp.app_template_filter("tiles_count")
def tiles_count(n: int) -> str:
    return count_word(n, "тайл", "тайла", "тайлов")


@bp.app_template_global("tile_name")
def tile_name_global(tile: int) -> str:
    return tile_name(tile)


@bp.app_template_global("tile_names")
def tile_names_global(tiles: Any) -> str:
    return tile_names(tiles)


# Sections other issues add; shown in the header once their blueprint exists.
NAV_SECTIONS: tuple[tuple[str, str], ...] = (
    ("/glossary", "Глоссарий"),
    ("/yaku", "Яку"),
    ("/rules", "Правила"),
    ("/analyse", "Анализ руки"),
    ("/practice", "Практика"),
    ("/progress", "Мой прогресс"),
)


@bp.app_template_filter("public_problem")
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


@bp.app_context_processor
def navigation() -> dict[str, Any]:
    def nav_links() -> list[tuple[str, str]]:
        rules = {rule.rule: rule.endpoint for rule in current_app.url_map.iter_rules()}
        return [(rules[path], label) for path, label in NAV_SECTIONS if path in rules]

    def has_endpoint(endpoint: str) -> bool:
        """Optional blueprints (authoring, practice, ...) may be absent."""
        return endpoint in current_app.view_functions

    return {"nav_links": nav_links, "has_endpoint": has_endpoint}
