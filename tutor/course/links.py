"""Links in lessons: every link to a lesson, an anchor or a page of the site must exist.

The link syntax (documented in the authoring guide):

- ``[текст](/lessons/fu)`` — another lesson, by its slug;
- ``[текст](/lessons/fu#порядок-подсчёта)`` — a heading of that lesson (the
  id shown by the «#» next to the heading), or ``#drill-<id>`` for a drill;
- ``[текст](#якорь)`` — a heading of the same lesson;
- ``[текст](/glossary#furiten)``, ``/yaku``, ``/rules`` — other site pages;
- ``https://…`` — external pages (not checked).

A lesson's file name (``16-fu.md``) is not a link target: the site serves
lessons by slug, so the check says which address to write instead.

The store (:mod:`tutor.course.content`) runs this over the whole course after
each scan, so a lesson's page shows a broken link among its problems. It sees
a lesson through :class:`LinkedLesson`, the few fields it reads, and so never
imports the store.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import unquote

from flask import current_app
from werkzeug.exceptions import HTTPException
from werkzeug.routing import RequestRedirect

from tutor.course.markdown.allowlist import forbidden_scheme
from tutor.course.problems import Problem


class LinkedLesson(Protocol):
    """What the link check reads of a lesson."""

    @property
    def path(self) -> Path: ...
    @property
    def file(self) -> str: ...
    @property
    def slug(self) -> str: ...
    @property
    def links(self) -> Sequence[tuple[int, str]]: ...
    @property
    def anchors(self) -> Any: ...
    @property
    def toc(self) -> list[dict[str, Any]]: ...


_EXTERNAL = re.compile(r"^(?:https?|mailto):", re.I)
_LESSONS_PREFIX = "/lessons/"
LINK_HELP = "пишите /lessons/<slug>, /lessons/<slug>#якорь или #якорь"


def link_problems(
    lesson: LinkedLesson, by_slug: Mapping[str, LinkedLesson], glossary: Any | None
) -> list[Problem]:
    """A problem for every link of ``lesson`` whose lesson, anchor or page does not exist."""
    found = []
    for line, target in lesson.links:
        message = _link_message(target, lesson, by_slug, glossary)
        if message:
            found.append(Problem(lesson.file, line, f"Ссылка «{target}»: {message}"))
    return found


def _link_message(
    target: str, lesson: LinkedLesson, by_slug: Mapping[str, LinkedLesson], glossary: Any | None
) -> str | None:
    if _EXTERNAL.match(target) or target == "#":  # `[//]: # (…)` is an invisible note
        return None
    if forbidden_scheme(target) is not None:  # javascript:, data:…: the safety check says so
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


def _lesson_link(slug: str, anchor: str, by_slug: Mapping[str, LinkedLesson]) -> str | None:
    other = by_slug.get(slug)
    if other is None:
        return f"урока со slug «{slug}» нет."
    if anchor and anchor not in other.anchors:
        return f"в уроке «{slug}» нет якоря «{anchor}»." + _anchor_hint(other)
    return None


def _anchor_hint(lesson: LinkedLesson) -> str:
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
