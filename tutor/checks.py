"""Checks of the whole course that one lesson file cannot make on its own.

Per-file problems (front matter, drill blocks, tiles, glossary terms) are found
while a lesson is rendered (:mod:`tutor.content`). This module adds what needs
the whole course: links between lessons and their anchors, the yaku examples
of ``/yaku``, and the course summary printed by ``flask content check``.

The link syntax (documented in the authoring guide):

- ``[текст](/lessons/fu)`` — another lesson, by its slug;
- ``[текст](/lessons/fu#порядок-подсчёта)`` — a heading of that lesson (the
  id shown by the «#» next to the heading), or ``#drill-<id>`` for a drill;
- ``[текст](#якорь)`` — a heading of the same lesson;
- ``[текст](/glossary#furiten)``, ``/yaku``, ``/rules`` — other site pages;
- ``https://…`` — external pages (not checked).

A lesson's file name (``16-fu.md``) is not a link target: the site serves
lessons by slug, so the check says which address to write instead.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote

import yaml
from flask import current_app
from werkzeug.exceptions import HTTPException
from werkzeug.routing import RequestRedirect

from engine.errors import HandError
from engine.plural import count_word
from tutor.problems import Problem
from tutor.yaml_errors import yaml_error_at

if TYPE_CHECKING:
    from tutor.content import Lesson

_EXTERNAL = re.compile(r"^(?:https?|mailto):", re.I)
_LESSONS_PREFIX = "/lessons/"
LINK_HELP = "пишите /lessons/<slug>, /lessons/<slug>#якорь или #якорь"


# -- links ------------------------------------------------------------------------


def link_problems(
    lesson: Lesson, by_slug: Mapping[str, Lesson], glossary: Any | None
) -> list[Problem]:
    """A problem for every link of ``lesson`` whose lesson, anchor or page does not exist."""
    found = []
    for line, target in lesson.links:
        message = _link_message(target, lesson, by_slug, glossary)
        if message:
            found.append(Problem(lesson.file, line, f"Ссылка «{target}»: {message}"))
    return found


def _link_message(
    target: str, lesson: Lesson, by_slug: Mapping[str, Lesson], glossary: Any | None
) -> str | None:
    if _EXTERNAL.match(target) or target == "#":  # `[//]: # (…)` is an invisible note
        return None
    path, _, anchor = target.partition("#")
    path = path.split("?", 1)[0]
    anchor = unquote(anchor)
    if not path:
        if anchor in lesson.anchors:
            return None
        return f"в этом уроке нет якоря «{anchor}»." + _anchor_hint(lesson)
    if path.startswith(_LESSONS_PREFIX):
        return _lesson_link(path[len(_LESSONS_PREFIX) :].strip("/"), anchor, by_slug)
    if path.rstrip("/") == "/glossary" and anchor and glossary is not None:
        if glossary.by_id(anchor) is None:
            return f"в глоссарии нет термина с id «{anchor}»."
        return None
    if path.startswith("/"):
        return None if _page_exists(path) else "такой страницы на сайте нет."
    if path.endswith(".md"):
        named = next((x for x in by_slug.values() if x.path.name == Path(path).name), None)
        address = f"/lessons/{named.slug}" if named else "/lessons/<slug>"
        return f"на уроки ссылайтесь адресом {address}, а не именем файла."
    return f"непонятная ссылка: {LINK_HELP} или полный адрес https://…"


def _lesson_link(slug: str, anchor: str, by_slug: Mapping[str, Lesson]) -> str | None:
    other = by_slug.get(slug)
    if other is None:
        return f"урока со slug «{slug}» нет."
    if anchor and anchor not in other.anchors:
        return f"в уроке «{slug}» нет якоря «{anchor}»." + _anchor_hint(other)
    return None


def _anchor_hint(lesson: Lesson) -> str:
    """The lesson's section anchors, so the author can copy the right one."""
    ids: list[str] = []
    stack = list(reversed(lesson.toc))
    while stack:
        item = stack.pop()
        ids.append(item["id"])
        stack.extend(reversed(item.get("children", [])))
    return f" Разделы урока: {', '.join(ids)}." if ids else ""


def _page_exists(path: str) -> bool:
    try:
        current_app.url_map.bind("localhost").match(path, method="GET")
    except RequestRedirect:
        return True
    except HTTPException:
        return False
    if path.startswith("/static/"):
        return Path(current_app.static_folder or "", path[len("/static/") :]).is_file()
    return True


# -- yaku examples ------------------------------------------------------------------


def yaku_example_problems(path: Path, file: str) -> list[Problem]:
    """Every example of ``yaku-examples.yaml`` must parse and score its own yaku."""
    if not path.is_file():
        return []
    text = path.read_text(encoding="utf-8")
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        at, problem = yaml_error_at(exc)
        return [Problem(file, at + 1, f"Примеры яку — не YAML: {problem}.")]
    if not isinstance(data, dict) or root is None:
        return [Problem(file, 1, "Примеры яку записываются строками «id_яку: {hand: …, win: …}».")]
    lines = {key.value: key.start_mark.line + 1 for key, _ in root.value}
    found = []
    for yaku_id, entry in data.items():
        message = _example_message(str(yaku_id), entry)
        if message:
            found.append(Problem(file, lines.get(yaku_id, 1), f"Пример яку «{yaku_id}»: {message}"))
    return found


def _example_message(yaku_id: str, entry: Any) -> str | None:
    from engine.messages import YAKU_NAMES
    from tutor.handbook import parse_example

    if yaku_id not in YAKU_NAMES:
        return "такого яку движок не знает."
    if not isinstance(entry, dict):
        return "нужны поля hand, win, by."
    try:
        result = parse_example(yaku_id, entry).score()
    except KeyError as exc:
        return f"не хватает поля {exc}."
    except (HandError, ValueError, TypeError) as exc:
        return f"рука не засчитывается: {exc}"
    got = [item.id for item in result.yaku]
    if yaku_id in got:
        return None
    names = ", ".join(YAKU_NAMES.get(g, g) for g in got) or "ничего"
    return f"рука не даёт яку «{YAKU_NAMES[yaku_id]}» (движок насчитал: {names})."


# -- the course report ------------------------------------------------------------


@dataclass
class CourseReport:
    """What ``flask content check`` prints: the problems, or a summary of the course."""

    problems: list[Problem] = field(default_factory=list)
    lessons: int = 0
    drills: Counter[str] = field(default_factory=Counter)

    @property
    def ok(self) -> bool:
        return not self.problems

    def summary(self) -> str:
        """«Курс в порядке: 18 уроков, 95 упражнений (waits — 20, …).» or the error count."""
        if self.problems:
            found = count_word(len(self.problems), "ошибка", "ошибки", "ошибок")
            return f"Найдено: {found}. Исправьте и запустите проверку снова."
        kinds = ", ".join(f"{kind} — {n}" for kind, n in sorted(self.drills.items()))
        total = count_word(sum(self.drills.values()), "упражнение", "упражнения", "упражнений")
        lessons = count_word(self.lessons, "урок", "урока", "уроков")
        return f"Курс в порядке: {lessons}, {total}" + (f" ({kinds})." if kinds else ".")


def render_problems(lessons: list[Lesson]) -> list[Problem]:
    """Render every lesson page and every drill's solution as the site would.

    A drill that validates but whose page or explanation fails to render would
    be a 500 for the learner; the check reports it at the drill's line instead.
    """
    from flask import get_template_attribute
    from werkzeug.datastructures import MultiDict

    from tutor.drills.base import Verdict
    from tutor.lessons import DrillState, render_lesson

    found = []
    for lesson in lessons:
        with current_app.test_request_context(f"/lessons/{lesson.slug}"):
            found.extend(_render_page(lesson, render_lesson))
            area = get_template_attribute("drills/_frame.html", "feedback_area")
            for drill in lesson.drills.values():
                state = DrillState(drill.id, MultiDict(), Verdict(False, solution_only=True))
                try:
                    area(lesson, drill, state)
                except Exception as exc:  # noqa: BLE001 - reported, never raised
                    found.append(Problem(lesson.file, drill.line, _render_failed(drill.id, exc)))
    return found


def _render_page(lesson: Lesson, render_lesson: Any) -> list[Problem]:
    try:
        render_lesson(lesson)
    except Exception as exc:  # noqa: BLE001 - reported, never raised
        return [Problem(lesson.file, 0, f"Страница урока не открывается: {type(exc).__name__}.")]
    return []


def _render_failed(drill_id: str, exc: Exception) -> str:
    return (
        f"Решение упражнения «{drill_id}» не удалось показать ({type(exc).__name__}: {exc}). "
        "Это ошибка программы, а не урока: сообщите разработчикам."
    )


def check_course(extra: tuple[list[Problem], ...] = ()) -> CourseReport:
    """Check every lesson, the glossary and the yaku examples of the current app."""
    from tutor.content import display_path, store

    content = store()
    lessons = content.lessons()
    examples = content.content_dir / "yaku-examples.yaml"
    problems = set(content.problems())
    problems.update(yaku_example_problems(examples, display_path(examples)))
    problems.update(render_problems(lessons))
    for more in extra:
        problems.update(more)
    drills = Counter(d.kind.name for lesson in lessons for d in lesson.drills.values())
    return CourseReport(sorted(problems), len(lessons), drills)
