"""Lessons from ``content/ru/NN-slug.md``: front matter, Markdown, drills, cache.

Each file is parsed and rendered once and cached under its path, keyed by
``(mtime_ns, size)`` plus the glossary's key, so saving a file shows the change
on the next request (live editing) without re-rendering anything else. A
broken lesson never raises: its problems are collected as
:class:`~tutor.course.problems.Problem` values and shown on its own page, which is
also what ``flask content check`` prints.

Finding the lesson of a request is cheap: :meth:`ContentStore.get`
answers from the last full scan after checking only the requested file, the
content directory's mtime (files added, removed, renamed) and the glossary —
three ``stat`` calls instead of a glob and a ``stat`` per lesson. A full scan
still happens at least once per :data:`RESCAN_SECONDS`, so an edit to *another*
file that changes this lesson's cross-file problems (a link target, a
duplicate slug) shows within that time; the requested file itself is never
stale.

Unless the server is told to trust its scan for a moment: with
``CONTENT_RECHECK_SECONDS`` > 0 (``wsgi.py`` sets 1 s for production; the
default 0 keeps ``make run`` and the tests live) a scan younger than that is
used without any ``stat``. Under gunicorn's threads each ``stat`` hands the
GIL to another thread and waits to get it back: the three per answer (and
the sprite's, :func:`tutor.tiles.render.sprite_url`) cost about a seventh of an
answer's server CPU under ``benchmarks/load.py``. A lesson deployed
or edited on a production server shows within that second (and the next full
scan); a fuzzer asking for lessons that do not exist no longer makes every
request a full scan either.
"""

from __future__ import annotations

import os
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import yaml
from flask import Flask, current_app

from engine.rules.sets import DEFAULT_RULESET, RULESETS
from tutor.course.files import OUTSIDE, escapes_folder
from tutor.course.glossary import load_glossary
from tutor.course.links import link_problems
from tutor.course.markdown import RenderContext, make_markdown
from tutor.course.markdown.drills import DRILL_MARKER, build_drills_only
from tutor.course.problems import Problem
from tutor.course.yaml_errors import yaml_error_at
from tutor.drills import Drill, build_drill
from tutor.storage.path import drill_key
from tutor.tiles.render import render_inline
from tutor.web.settings import recheck_seconds

SLUG = re.compile(r"[a-z0-9-]+")
LESSON_GLOB = "[0-9]*.md"
_FILE_SLUG = re.compile(r"^\d+-?")
_ID_ATTR = re.compile(r'\sid="([^"]+)"')
_NO_ORDER = 10_000  # a lesson without a valid order goes to the end of the course map
RESCAN_SECONDS = 1.0  # get() rescans the whole directory at least this often


@dataclass(frozen=True)
class DrillSlot:
    """Where a drill goes in the rendered body."""

    id: str


@dataclass
class Lesson:
    """One lesson file, rendered. ``parts`` alternate HTML strings and :class:`DrillSlot`."""

    path: Path
    file: str
    slug: str
    title: str
    order: int
    summary: str
    moved_from: tuple[str, ...] = ()  # former slugs, the first published first
    rules: str = DEFAULT_RULESET.name  # the rule set the lesson teaches and grades under
    parts: list[str | DrillSlot] = field(default_factory=list)
    toc: list[dict[str, Any]] = field(default_factory=list)
    drills: dict[str, Drill] = field(default_factory=dict)
    # Each drill's one key in the stored answers ('lesson/<slug>/<drill>' where it was
    # first published: tutor.storage.path.drill_key), made with the drills.
    problem_keys: dict[str, str] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    # For the link check: (file line, target) of each link, and the
    # anchors others may link to (heading ids, ``drill-<id>``).
    links: list[tuple[int, str]] = field(default_factory=list)
    anchors: frozenset[str] = frozenset()

    @property
    def ok(self) -> bool:
        return not self.problems


def display_path(path: Path) -> str:
    """Path as shown in messages: relative to the working directory when possible."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def split_front_matter(text: str) -> tuple[str | None, str, int]:
    """``(yaml_text, body, body_line_offset)``; ``yaml_text`` is None without front matter."""
    lines = text.split("\n")
    if not lines or lines[0].strip() != "---":
        return None, text, 0
    for i in range(1, len(lines)):
        if lines[i].strip() in ("---", "..."):
            return "\n".join(lines[1:i]), "\n".join(lines[i + 1 :]), i + 1
    return None, text, 0


FIELD_RULES: dict[str, tuple[Callable[[Any], bool], str]] = {
    "title": (lambda v: isinstance(v, str) and bool(v.strip()), "непустой текст"),
    "slug": (
        lambda v: isinstance(v, str) and bool(SLUG.fullmatch(v)),
        "слово из латинских строчных букв, цифр и дефисов",
    ),
    "order": (
        lambda v: isinstance(v, int) and not isinstance(v, bool) and v > 0,
        "целое положительное число",
    ),
    "summary": (lambda v: isinstance(v, str) and bool(v.strip()), "непустой текст"),
}

# Fields a lesson may leave out. ``moved_from``: the lesson's former slugs (the first
# published first): its old address redirects here, and its drills keep the keys
# learners' answers are stored under (tutor/storage/path.py), so a new slug never
# orphans anyone's progress, mistakes or class assignments.
OPTIONAL_FIELDS: dict[str, tuple[Callable[[Any], bool], str]] = {
    # The one rule set the lesson teaches and grades under (online unless it says so);
    # the other sets' differences go in a folded «Как в других правилах» box.
    "rules": (lambda v: isinstance(v, str) and v in RULESETS,
              "один из сводов: " + ", ".join(RULESETS)),
    "moved_from": (
        lambda v: isinstance(v, list) and bool(v)
        and all(isinstance(s, str) and SLUG.fullmatch(s) for s in v),
        "список прежних slug урока, например [old-slug]",
    ),
}


def parse_front_matter(yaml_text: str | None, file: str) -> tuple[dict[str, Any], list[Problem]]:
    """Validated metadata and the problems found (missing or bad fields)."""
    if yaml_text is None:
        return {}, [
            Problem(
                file,
                1,
                "Нет шапки урока: файл должен начинаться со строки --- "
                "и полей title, slug, order, summary.",
            )
        ]
    try:
        data = yaml.safe_load(yaml_text) or {}
    except yaml.YAMLError as exc:
        at, problem = yaml_error_at(exc)
        return {}, [Problem(file, 2 + at, f"Шапка урока — не YAML: {problem}.")]
    if not isinstance(data, dict):
        return {}, [Problem(file, 2, "Шапка урока должна состоять из строк «поле: значение».")]
    problems = []
    lines = yaml_text.split("\n")
    for name, (valid, what) in FIELD_RULES.items():
        if name not in data:
            problems.append(Problem(file, 1, f"В шапке урока нет поля «{name}»."))
        elif not valid(data[name]):
            line = next((n for n, s in enumerate(lines, 2) if s.startswith(f"{name}:")), 1)
            problems.append(
                Problem(file, line, f"Поле «{name}»: нужно {what}, а не «{data[name]}».")
            )
    for name, (valid, what) in OPTIONAL_FIELDS.items():
        if name in data and not valid(data[name]):
            line = next((n for n, s in enumerate(lines, 2) if s.startswith(f"{name}:")), 1)
            problems.append(
                Problem(file, line, f"Поле «{name}»: нужен {what}, а не «{data[name]}».")
            )
    for name in data:
        if name not in FIELD_RULES and name not in OPTIONAL_FIELDS:  # a typo (sumary:)
            line = next((n for n, s in enumerate(lines, 2) if s.startswith(f"{name}:")), 1)
            known = ", ".join([*FIELD_RULES, *OPTIONAL_FIELDS])
            problems.append(
                Problem(file, line, f"Неизвестное поле «{name}» в шапке урока. Есть: {known}.")
            )
    return data, problems


@dataclass
class Glossary:
    """The loaded glossary (or None) and the key of the file it came from."""

    value: Any | None
    key: tuple[Any, ...]


FileKey = tuple[Any, ...]


@dataclass(frozen=True)
class _Course:
    """The result of one full scan: what :meth:`ContentStore.get` answers from.

    ``key`` is everything the result depends on (each file's key, the
    glossary's), so an unchanged directory reuses the ordered, link-checked
    list instead of rebuilding it.
    """

    key: tuple[FileKey, ...]
    lessons: list[Lesson]
    by_slug: dict[str, Lesson]
    by_key: dict[str, tuple[Lesson, str]]  # stored drill key -> the lesson and id it has now
    moved: dict[str, Lesson]  # a slug no lesson has any more -> where its drills went
    file_keys: dict[Path, FileKey]
    dir_mtime: int | None
    glossary_key: tuple[Any, ...]
    scanned: float  # time.monotonic() of the scan


class ContentStore:
    """Reads and caches the lessons of one content directory."""

    def __init__(
        self, content_dir: Path, glossary_path: Path, recheck_seconds: float = 0.0
    ) -> None:
        self.content_dir = content_dir
        self.glossary_path = glossary_path
        self.recheck_seconds = recheck_seconds  # a scan this young is used as it is
        self._lock = threading.Lock()
        self._cache: dict[Path, tuple[FileKey, Lesson]] = {}
        self._glossary = Glossary(None, ("none",))
        self._course: _Course | None = None
        self.glossary_problems: list[Problem] = []

    # -- public ---------------------------------------------------------------

    def lessons(self) -> list[Lesson]:
        """Every lesson file, in course order, with duplicate slug/order problems added."""
        return list((self._trusted() or self._scan()).lessons)

    def glossary(self) -> Any | None:
        """The loaded glossary (None when missing or broken), re-read when its file changes."""
        return self._load_glossary().value

    def get(self, slug: str) -> Lesson | None:
        """The lesson with this slug; only its own file is checked when nothing else moved."""
        trusted = self._trusted()
        if trusted is not None:
            return trusted.by_slug.get(slug)
        course = self._course
        if course is not None and time.monotonic() - course.scanned < RESCAN_SECONDS:
            lesson = course.by_slug.get(slug)
            if lesson is not None and self._unchanged(course, lesson.path):
                return lesson
        return self._scan().by_slug.get(slug)

    def locate(self, key: str) -> tuple[Lesson, str] | None:
        """The lesson holding the drill stored under ``key`` now, and the drill's id there."""
        return (self._trusted() or self._scan()).by_key.get(key)

    def moved_to(self, slug: str) -> Lesson | None:
        """Where a former slug's lesson went (a rename, or the first part of a split)."""
        return (self._trusted() or self._scan()).moved.get(slug)

    def problems(self) -> list[Problem]:
        """All problems of the course (what ``flask content check`` reports)."""
        found = list(self.glossary_problems)
        for lesson in self.lessons():
            found.extend(lesson.problems)
        return sorted(set(found))

    # -- internals ------------------------------------------------------------

    def _trusted(self) -> _Course | None:
        """The last scan, while it is younger than :attr:`recheck_seconds` (no ``stat``)."""
        course = self._course
        if course is not None and time.monotonic() - course.scanned < self.recheck_seconds:
            return course
        return None

    def _scan(self) -> _Course:
        """Glob and stat every lesson; rebuild the course only when a key changed."""
        dir_mtime = _mtime(self.content_dir)
        glossary = self._load_glossary()
        paths = sorted(self.content_dir.glob(LESSON_GLOB))
        with self._lock:
            lessons = [lesson for path in paths if (lesson := self._lesson(path, glossary))]
            present = set(paths)
            self._cache = {p: v for p, v in self._cache.items() if p in present}
            file_keys = {lesson.path: self._cache[lesson.path][0] for lesson in lessons}
        key = (glossary.key, *((str(p), k) for p, k in file_keys.items()))
        course = self._course
        if course is None or course.key != key:
            ordered = link_problems_added(_order(lessons), self._glossary.value)
            by_slug: dict[str, Lesson] = {}
            for lesson in ordered:  # the first in course order wins, as the course map shows
                by_slug.setdefault(lesson.slug, lesson)
            by_key, moved = _where(ordered, by_slug)
            course = _Course(key, ordered, by_slug, by_key, moved, file_keys, dir_mtime,
                             glossary.key, 0.0)
        self._course = course = replace(course, dir_mtime=dir_mtime, scanned=time.monotonic())
        return course

    def _unchanged(self, course: _Course, path: Path) -> bool:
        """Three stats: the lesson's own file, the directory, the glossary."""
        try:
            stat = path.stat()
        except OSError:
            return False
        key = (stat.st_mtime_ns, stat.st_size, course.glossary_key)
        return (
            course.file_keys.get(path) == key
            and _mtime(self.content_dir) == course.dir_mtime
            and self._load_glossary().key == course.glossary_key
        )

    def _lesson(self, path: Path, glossary: Glossary) -> Lesson | None:
        try:
            stat = path.stat()
        except OSError:  # deleted between listing and reading (an editor saving by rename)
            return None
        key = (stat.st_mtime_ns, stat.st_size, glossary.key)
        cached = self._cache.get(path)
        if cached is not None and cached[0] == key:
            return cached[1]
        lesson = load_lesson(path, glossary.value, _glossary_url())
        self._cache[path] = (key, lesson)
        return lesson

    def _load_glossary(self) -> Glossary:
        path = self.glossary_path
        try:
            stat = path.stat()
        except OSError:
            self._glossary, self.glossary_problems = Glossary(None, ("missing",)), []
            return self._glossary
        key = (str(path), stat.st_mtime_ns, stat.st_size)
        if self._glossary.key != key:
            self._glossary, self.glossary_problems = _read_glossary(path, key)
        return self._glossary


def _mtime(path: Path) -> int | None:
    try:
        return os.stat(path).st_mtime_ns
    except OSError:
        return None


def _read_glossary(path: Path, key: tuple[Any, ...]) -> tuple[Glossary, list[Problem]]:
    if escapes_folder(path):
        return Glossary(None, key), [Problem(display_path(path), 0, f"Глоссарий: {OUTSIDE}")]
    try:
        return Glossary(load_glossary(path), key), []
    except Exception as exc:  # noqa: BLE001 - a broken glossary must not take the site down
        line = getattr(exc, "line", 0) or 0
        message = getattr(exc, "message", str(exc))
        return Glossary(None, key), [Problem(display_path(path), line, f"Глоссарий: {message}")]


def _glossary_url() -> str:
    for rule in current_app.url_map.iter_rules():
        if rule.rule == "/glossary":
            return rule.rule
    return "/glossary"


def link_problems_added(lessons: list[Lesson], glossary: Any | None) -> list[Lesson]:
    """Lessons with a problem for each link to a missing lesson, anchor or page (copies)."""
    by_slug = {lesson.slug: lesson for lesson in lessons}
    result = []
    for lesson in lessons:
        extra = link_problems(lesson, by_slug, glossary)
        result.append(replace(lesson, problems=[*lesson.problems, *extra]) if extra else lesson)
    return result


def _where(lessons: list[Lesson], by_slug: dict[str, Lesson]
           ) -> tuple[dict[str, tuple[Lesson, str]], dict[str, Lesson]]:
    """Each stored drill key's place now, and each vanished slug's new lesson.

    A vanished slug leads to the first lesson in course order that names it
    in ``moved_from``, or else holds one of its drills (a split whose parts
    only moved drills).
    """
    by_key: dict[str, tuple[Lesson, str]] = {}
    moved: dict[str, Lesson] = {}
    for lesson in lessons:
        for slug in lesson.moved_from:
            if slug not in by_slug:
                moved.setdefault(slug, lesson)
    for lesson in lessons:
        for drill_id, key in lesson.problem_keys.items():
            by_key.setdefault(key, (lesson, drill_id))
            slug = key.split("/")[1]
            if slug not in by_slug:
                moved.setdefault(slug, lesson)
    return by_key, moved


def _order(lessons: list[Lesson]) -> list[Lesson]:
    """Sort by order; a later file (by name) reusing a slug or order gets a problem.

    Cached lessons are never mutated: a lesson with a duplicate is copied.
    """
    seen: dict[tuple[str, object], Lesson] = {}
    result: list[Lesson] = []
    for lesson in sorted(lessons, key=lambda item: item.path.name):
        extra = []
        for what, value in (("slug", lesson.slug), ("order", lesson.order)):
            first = seen.setdefault((what, value), lesson)
            if first is not lesson and value != _NO_ORDER:
                extra.append(
                    Problem(
                        lesson.file, 1, f"Поле «{what}» = {value} уже занято уроком {first.file}."
                    )
                )
        result.append(replace(lesson, problems=[*lesson.problems, *extra]) if extra else lesson)
    return sorted(result, key=lambda item: (item.order, item.path.name))


def load_lesson(path: Path, glossary: Any | None = None, glossary_url: str = "/glossary") -> Lesson:
    """Parse and render one lesson file; never raises for bad content."""
    file = display_path(path)
    if escapes_folder(path):
        return _broken(path, file, Problem(file, 0, OUTSIDE))
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return _broken(path, file, Problem(file, 0, f"Файл не читается как UTF-8: {exc}"))
    return lesson_from_text(text, path, file, glossary, glossary_url)


def lesson_from_text(
    text: str,
    path: Path,
    file: str,
    glossary: Any | None = None,
    glossary_url: str = "/glossary",
) -> Lesson:
    """A lesson from text that need not be on disk (the author preview).

    ``path`` names the lesson (its stem gives the fallback slug), ``file`` is
    what problems print as their file.
    """
    lesson, body, offset = _lesson_head(text, path, file)
    _render_body(lesson, body, offset, glossary, glossary_url)
    return lesson


def lesson_drills_only(text: str, path: Path, file: str) -> Lesson:
    """The lesson of ``text`` with its front matter and drills, its body not rendered.

    For a text rendered before, whose HTML was kept (a published club
    lesson): the drills are built again — the forms and the grading need
    them — but the Markdown is not, so ``parts`` stays empty.
    """
    lesson, body, offset = _lesson_head(text, path, file)
    context = RenderContext(file=file, line_offset=offset, build_drill=build_drill)
    build_drills_only(body, context)
    lesson.drills = context.drills
    lesson.problem_keys = _problem_keys(lesson)
    lesson.problems.extend(context.problems)
    return lesson


def _lesson_head(text: str, path: Path, file: str) -> tuple[Lesson, str, int]:
    """The lesson of ``text`` from its front matter only; its body and the body's line offset."""
    yaml_text, body, offset = split_front_matter(text)
    meta, problems = parse_front_matter(yaml_text, file)
    valid = {
        name: meta[name] for name, (ok, _) in FIELD_RULES.items() if name in meta and ok(meta[name])
    }
    lesson = Lesson(
        path=path,
        file=file,
        slug=valid.get("slug", _slug_from_name(path)),
        title=valid.get("title", path.stem),
        order=valid.get("order", _NO_ORDER),
        summary=valid.get("summary", ""),
        moved_from=_moved_from(meta),
        rules=_rules(meta),
        problems=problems,
    )
    return lesson, body, offset


def _render_body(lesson: Lesson, body: str, offset: int, glossary: Any, glossary_url: str) -> None:
    context = RenderContext(
        file=lesson.file,
        line_offset=offset,
        render_tiles=render_inline,
        glossary=glossary,
        glossary_url=glossary_url,
        build_drill=build_drill,
        rules=lesson.rules,
    )
    md = make_markdown(context, sections=True)
    try:
        html = md.convert(body)
    except Exception as exc:  # noqa: BLE001 - one broken lesson must not break the site
        lesson.problems.append(Problem(lesson.file, 0, f"Урок не удалось отрисовать: {exc}"))
        return
    pieces = DRILL_MARKER.split(html)
    lesson.parts = [DrillSlot(piece) if i % 2 else piece for i, piece in enumerate(pieces)]
    lesson.toc = list(getattr(md, "toc_tokens", []))
    lesson.drills = context.drills
    lesson.problem_keys = _problem_keys(lesson)
    lesson.links = context.links
    lesson.anchors = frozenset(_ID_ATTR.findall(html)) | {f"drill-{d}" for d in context.drills}
    lesson.problems.extend(context.problems)
    lesson.problems.sort(key=lambda problem: problem.line)


def _problem_keys(lesson: Lesson) -> dict[str, str]:
    """Each drill's one stored key (:func:`tutor.storage.path.drill_key`)."""
    return {d: drill_key(lesson.slug, d, lesson.moved_from, drill.params.get("moved_from"))
            for d, drill in lesson.drills.items()}


def _rules(meta: dict[str, Any]) -> str:
    valid, _ = OPTIONAL_FIELDS["rules"]
    value = meta.get("rules")
    return str(value) if valid(value) else DEFAULT_RULESET.name


def _moved_from(meta: dict[str, Any]) -> tuple[str, ...]:
    valid, _ = OPTIONAL_FIELDS["moved_from"]
    value = meta.get("moved_from")
    return tuple(value) if value is not None and valid(value) else ()


def _slug_from_name(path: Path) -> str:
    return _FILE_SLUG.sub("", path.stem).lower() or path.stem


def _broken(path: Path, file: str, problem: Problem) -> Lesson:
    return Lesson(path, file, _slug_from_name(path), path.stem, _NO_ORDER, "", problems=[problem])


def init_app(app: Flask) -> None:
    """Attach a :class:`ContentStore` for ``CONTENT_DIR`` (``app.extensions['tempai.content']``)."""
    content_dir = Path(app.config["CONTENT_DIR"])
    glossary_path = Path(app.config.get("GLOSSARY_PATH") or content_dir / "glossary.yaml")
    recheck = recheck_seconds(app)
    app.extensions[_EXTENSION] = ContentStore(content_dir, glossary_path, recheck)


def store() -> ContentStore:
    """The current app's content store."""
    content: ContentStore = current_app.extensions[_EXTENSION]  # Flask types extensions as Any
    return content


_EXTENSION = "tempai.content"
