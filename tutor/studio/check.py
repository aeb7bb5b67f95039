"""The content check of a club lesson, its limits, and the app's *check version*.

A club lesson is checked like a course file (front matter, drill blocks graded
by the engine, tiles, glossary terms, links to course lessons) plus the
studio's own limits: :data:`MAX_SOURCE_BYTES` of Markdown, :data:`MAX_DRILLS`
drills, a title of at most :data:`MAX_TITLE` characters and a slug of at most
:data:`MAX_SLUG`. Every message names a line of the source, so the editor can
put the cursor there.

The check version is a hash of everything that decides a check's outcome —
the source files of the engine, the drill kinds, the course's Markdown and
checks and this module, the spelling table, the app's glossary — and of the
limits in force; and of what the stored rendering of a version is made with
(the sanitiser, the tile markup). :func:`init_app` computes it
once at start-up. A published version's stored result carries the check
version it was made under; one made under another is stale and is checked
again on first use (:mod:`tutor.studio.published`).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass
from pathlib import Path

from flask import Flask, copy_current_request_context, current_app, has_request_context
from flask.typing import ResponseReturnValue

from engine.plural import count_word
from tutor.authoring.views import draft_lesson
from tutor.course.content import (
    FIELD_RULES,
    SLUG,
    Lesson,
    parse_front_matter,
    split_front_matter,
    store,
)
from tutor.course.links import link_problems
from tutor.course.markdown.limits import text_shape
from tutor.course.problems import Problem
from tutor.course.spelling import find_variants
from tutor.web.errors import render_error

MAX_SOURCE_BYTES = 100_000
MAX_DRILLS = 40
MAX_TITLE = 120
MAX_SLUG = 40
CHECK_SECONDS = 10.0  # config STUDIO_CHECK_SECONDS
TOO_SLOW = ("Проверка урока сейчас заняла слишком много времени: сервер занят. Урок не отклонён — "
            "попробуйте позже.")
_checker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="lesson-check")
_DRILL_OPENER = re.compile(r"^/// *[a-z]", re.M)
_EXT = "tempai.studio.check_version"
_ROOT = Path(__file__).resolve().parent.parent.parent
# The stored rendering (tutor.studio.published) is kept under the check version too,
# so the sanitiser and the tile markup are hashed with the checks.
_HASHED = ("engine", "tutor/drills", "tutor/course", "tutor/studio/check.py",
           "tutor/course/spelling.yaml", "tutor/authoring/sanitise.py", "tutor/tiles")


@dataclass(frozen=True)
class Checked:
    """A source as a lesson, with every problem sorted by line."""

    lesson: Lesson
    problems: list[Problem]

    @property
    def ok(self) -> bool:
        return not self.problems

    def messages(self) -> list[tuple[int, str]]:
        return [(p.line, p.message) for p in self.problems]


def limits() -> tuple[int, int]:
    """(bytes of source, drills) allowed; the app config may lower them (tests do)."""
    config = current_app.config
    return (int(config.get("STUDIO_MAX_SOURCE_BYTES", MAX_SOURCE_BYTES)),
            int(config.get("STUDIO_MAX_DRILLS", MAX_DRILLS)))


def size_problem(source: str) -> str | None:
    """The Russian message for a source over the size limit, else None."""
    most, _ = limits()
    size = len(source.encode("utf-8"))
    return None if size <= most else too_long(f"{size:,} байт".replace(",", " "))


def too_long(size: str | None = None) -> str:
    """«Текст урока слишком длинный: 6 200 байт, можно не больше 5 000 байт.» (size if known)."""
    most, _ = limits()
    limit = f"можно не больше {most:,} байт.".replace(",", " ")
    return f"Текст урока слишком длинный: {size}, {limit}" if size else (
        f"Текст урока слишком длинный: {limit}")


def shape_problems(source: str) -> list[Problem]:
    """What makes a text too big to render, counted without rendering it (empty: fine).

    Deterministic: the same text gets the same answer on any server, busy or not.
    """
    too_big = size_problem(source)
    if too_big is not None:
        return [Problem("урок", 1, too_big)]
    found = []
    _, most_drills = limits()
    openers = list(_DRILL_OPENER.finditer(source))
    if len(openers) > most_drills:
        line = source.count("\n", 0, openers[most_drills].start()) + 1
        found.append(Problem("урок", line, (
            f"В уроке {count_word(len(openers), 'упражнение', 'упражнения', 'упражнений')},"
            f" можно не больше {most_drills}: разделите урок на два.")))
    found.extend(Problem("урок", line, message) for line, message in text_shape(source))
    return found


def _in_context(work: Callable[[str], Checked]) -> Callable[[str], Checked]:
    """``work`` as it would run here: in a copy of this request (or app) context."""
    if has_request_context():
        return copy_current_request_context(work)
    app = current_app._get_current_object()  # type: ignore[attr-defined]  # a LocalProxy, typed as Flask

    def run(source: str) -> Checked:
        with app.app_context():
            return work(source)

    return run


class TooSlow(Exception):
    """The check ran past :data:`CHECK_SECONDS`: neither passed nor refused — try later."""


def check_source(source: str) -> Checked:
    """Render ``source`` as a lesson and collect its problems (never raises for bad content).

    A text over the shape limits (:func:`shape_problems`) is not rendered at
    all; within them rendering is bounded, and as a backstop the check runs
    on this process's one checking thread and is given :data:`CHECK_SECONDS`:
    past that the request gets :class:`TooSlow` («попробуйте позже»), the
    text is not refused, and checks never pile up on one process.
    """
    future = _checker.submit(_in_context(_check_now), source)
    try:
        return future.result(timeout=float(current_app.config.get("STUDIO_CHECK_SECONDS",
                                                                   CHECK_SECONDS)))
    except FutureTimeout:
        future.cancel()
        raise TooSlow from None


def _check_now(source: str) -> Checked:
    too_big = shape_problems(source)
    if too_big:
        return Checked(draft_lesson(""), too_big)
    lesson = draft_lesson(source)
    found = set(lesson.problems)
    course = {item.slug: item for item in store().lessons()}
    course[lesson.slug] = lesson
    found.update(link_problems(lesson, course, store().glossary()))
    found.update(_limit_problems(source, lesson))
    found.update(Problem("урок", hit.line, hit.message())
                 for hit in find_variants(source, lesson.order))  # one spelling per term
    found.update(_render_problems(lesson))
    return Checked(lesson, sorted(found, key=lambda p: (p.line, p.message)))


def _line_of(source: str, field: str) -> int:
    for number, line in enumerate(source.split("\n"), 1):
        if line.startswith(f"{field}:"):
            return number
    return 1


def _limit_problems(source: str, lesson: Lesson) -> list[Problem]:
    _, most_drills = limits()
    found = []
    if len(lesson.drills) > most_drills:
        extra = list(lesson.drills.values())[most_drills]
        found.append(Problem("урок", extra.line, (
            f"В уроке {count_word(len(lesson.drills), 'упражнение', 'упражнения', 'упражнений')},"
            f" можно не больше {most_drills}: "
            "разделите урок на два.")))
    if len(lesson.title) > MAX_TITLE:
        found.append(Problem("урок", _line_of(source, "title"),
                             f"Название длиннее {MAX_TITLE} символов."))
    if len(lesson.slug) > MAX_SLUG:
        found.append(Problem("урок", _line_of(source, "slug"),
                             f"slug длиннее {MAX_SLUG} символов."))
    if len(lesson.summary) > 300:
        found.append(Problem("урок", _line_of(source, "summary"),
                             "Описание (summary) длиннее 300 символов."))
    return found


def _render_problems(lesson: Lesson) -> list[Problem]:
    """A drill whose explanation fails to render would be a 500 for a learner: report it."""
    found = []
    for drill in lesson.drills.values():
        try:
            drill.solution_html()
        except Exception as exc:  # noqa: BLE001 - reported, never raised
            found.append(Problem("урок", drill.line, (
                f"Решение упражнения «{drill.id}» не удалось показать ({type(exc).__name__}). "
                "Это ошибка программы, а не урока: сообщите разработчикам.")))
    return found


def compute_check_version(max_bytes: int, max_drills: int, glossary: Path | None = None) -> str:
    """sha256 of the checking code's sources, its data, the glossary and the limits.

    Read once, at start-up. The glossary is the app's (terms and links in a
    lesson are checked against it); a missing one counts as empty.
    """
    digest = hashlib.sha256(f"{max_bytes}/{max_drills}/{MAX_TITLE}/{MAX_SLUG}".encode())
    if glossary is not None and glossary.is_file():
        digest.update(glossary.read_bytes())
    for name in _HASHED:
        path = _ROOT / name
        files = [path] if path.is_file() else sorted(path.rglob("*.py"))
        for file in files:
            digest.update(str(file.relative_to(_ROOT)).encode())
            digest.update(file.read_bytes())
    return digest.hexdigest()[:32]


def check_version() -> str:
    """The current app's check version (computed by :func:`init_app`)."""
    return str(current_app.extensions[_EXT])


def too_slow(_err: TooSlow) -> ResponseReturnValue:
    """«попробуйте позже»: the check is neither passed nor refused."""
    body, status, headers = render_error(503, TOO_SLOW)
    return body, status, {**headers, "Retry-After": "30"}


def init_app(app: Flask) -> None:
    content = Path(app.config["CONTENT_DIR"])
    glossary = Path(app.config.get("GLOSSARY_PATH") or content / "glossary.yaml")
    app.extensions[_EXT] = compute_check_version(
        int(app.config.get("STUDIO_MAX_SOURCE_BYTES", MAX_SOURCE_BYTES)),
        int(app.config.get("STUDIO_MAX_DRILLS", MAX_DRILLS)), glossary)


def front_meta(source: str, fallback_title: str, fallback_slug: str) -> tuple[str, str, str]:
    """(slug, title, summary) from the front matter, each only when valid (else the fallback)."""
    yaml_text, _, _ = split_front_matter(source)
    meta, _ = parse_front_matter(yaml_text, "урок")
    valid = {k: v for k, v in meta.items() if k in FIELD_RULES and FIELD_RULES[k][0](v)}
    slug = str(valid.get("slug", fallback_slug))
    if len(slug) > MAX_SLUG or not SLUG.fullmatch(slug):
        slug = fallback_slug
    title = " ".join(str(valid.get("title", fallback_title)).split())[:MAX_TITLE]
    summary = " ".join(str(valid.get("summary", "")).split())[:300]
    return slug, title or fallback_title, summary
