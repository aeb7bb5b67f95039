"""Checks of the whole course that one lesson file cannot make on its own.

Per-file problems (front matter, drill blocks, tiles, glossary terms) are found
while a lesson is rendered (:mod:`tutor.course.content`), and links between
lessons while the store scans the course (:mod:`tutor.course.links`). This
module adds the yaku examples of ``/yaku``, a render of every lesson page, the
variant spellings of terms (:mod:`tutor.course.spelling`), and the course
summary printed by ``flask content check``.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml
from flask import current_app, get_template_attribute
from werkzeug.datastructures import MultiDict

from engine.errors import HandError
from engine.plural import count_word
from engine.text.messages import RULESET_NAMES, YAKU_NAMES
from tutor.course.content import display_path, store
from tutor.course.files import OUTSIDE, escapes_folder
from tutor.course.handbook import parse_example
from tutor.course.identity import (
    PUBLISHED_FILE,
    RETIRED_FILE,
    key_problems,
    published_problems,
    retired_problems,
)
from tutor.course.lessons import render_lesson
from tutor.course.prerequisites import (
    drill_lines,
    lesson_prose,
    lesson_source,
    number_problems,
    term_warnings,
)
from tutor.course.problems import Problem
from tutor.course.spelling import course_spelling_problems
from tutor.course.yaml_errors import yaml_error_at
from tutor.drills.base import Verdict
from tutor.drills.grading import Outcome

if TYPE_CHECKING:
    from tutor.course.content import Lesson

# -- yaku examples ------------------------------------------------------------------


def yaku_example_problems(path: Path, file: str) -> list[Problem]:
    """Every example of ``yaku-examples.yaml`` must parse and score its own yaku."""
    if not path.is_file():
        return []
    if escapes_folder(path):
        return [Problem(file, 0, f"Примеры яку: {OUTSIDE}")]
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


# -- one rule set per lesson ----------------------------------------------------------

OTHER_RULES = (
    "Урок учит и проверяет по одному своду — «{lesson}» (поле rules в шапке урока; "
    "по умолчанию онлайн), а это упражнение — по своду «{drill}». Уберите rules из "
    "упражнения, а отличие другого свода опишите во врезке "
    "«!!! variants \"Как в других правилах\"»."
)


def rule_set_problems(lessons: list[Lesson]) -> list[Problem]:
    """A course lesson grades every drill under its own rule set; the others are text.

    A beginner learns one game first: the lesson's main line and its drills
    follow one set, the differences of the others sit in its folded box.
    (Studio lessons are not held to this: a club writes for its own table.)
    """
    return [Problem(lesson.file, drill.line, OTHER_RULES.format(
                lesson=short_name(lesson.rules), drill=short_name(drill.params["rules"])))
            for lesson in lessons for drill in lesson.drills.values()
            if drill.params.get("rules", lesson.rules) != lesson.rules]


# The main text names only the lesson's own set; comparisons sit in the box.
FOREIGN_SET = (
    "Текст урока называет свод «{other}», а урок учит по своду «{lesson}». Учите в "
    "основном тексте только по своду урока, а сравнение с другим сводом перенесите во "
    "врезку «!!! variants \"Как в других правилах\"»."
)
FOREIGN_SET_DRILL = (
    "Упражнение «{drill}» называет свод «{other}», а урок учит и проверяет по своду "
    "«{lesson}». Спрашивайте и объясняйте только по своду урока, а отличие другого свода "
    "опишите во врезке «!!! variants \"Как в других правилах\"»."
)
_VARIANTS_BOX = re.compile(r"^!!![ \t]+variants\b")
_ADJECTIVE_END = re.compile(r"(?:ие|ые|ий|ый|ая|ое)$")


def short_name(rules: str) -> str:
    """The set's short Russian name without «(по умолчанию)»: «клуб «Феникс»»."""
    return re.sub(r"\s*\([^)]*\)", "", RULESET_NAMES.get(rules, rules))


def name_pattern(rules: str) -> re.Pattern[str]:
    """How a sentence names the set, in any case form, from its short Russian name.

    A name in «ёлочках» is matched there («в «Фениксе»»: the bare word фуритен is a
    term, not the club); otherwise the stem of its first word («европейские
    турнирные» → «европейским правилам», «в европейских правилах»).

    >>> bool(name_pattern("fenix").search("по правилам «Феникса»"))
    True
    >>> bool(name_pattern("jpml").search("Фуритен по своему сбросу")), bool(
    ...     name_pattern("ema").search("по европейским правилам"))
    (False, True)
    """
    name = short_name(rules)
    quoted = re.search(r"«([^«»]+)»", name)
    if quoted:
        return re.compile(rf"«{re.escape(quoted.group(1))}\w*»")
    stem = _ADJECTIVE_END.sub("", name.split()[0])
    return re.compile(rf"(?<!\w){re.escape(stem)}\w*", re.IGNORECASE)


def main_text(text: str) -> Iterator[tuple[int, str]]:
    """The prose lines of a lesson outside its «Как в других правилах» boxes."""
    in_box = False
    for line, prose in lesson_prose(text):
        if _VARIANTS_BOX.match(prose):
            in_box = True
        elif not (in_box and prose.startswith(("    ", "\t"))):
            in_box = False
            yield line, prose


def foreign_set_problems(lessons: list[Lesson]) -> list[Problem]:
    """Lesson text outside its boxes, or any drill, that names a set other than the lesson's own.

    The names come from the registry (:data:`engine.rules.sets.RULESETS` and their
    short Russian names), so a new set is looked for without touching this check.
    A drill's question, options and explanation are read too: a drill that asks
    about another set would grade the learner under a rule the lesson does not teach.
    """
    found: list[Problem] = []
    for lesson in lessons:
        own = short_name(lesson.rules)
        others = [(short_name(key), name_pattern(key)) for key in RULESET_NAMES
                  if key != lesson.rules]
        source = lesson_source(lesson)
        for line, prose in main_text(source):
            found.extend(Problem(lesson.file, line, FOREIGN_SET.format(other=other, lesson=own))
                         for other, pattern in others if pattern.search(prose))
        starts = sorted((drill.line, drill.id) for drill in lesson.drills.values())
        for line, text in drill_lines(source):
            drill = next((id_ for start, id_ in reversed(starts) if start <= line), "")
            found.extend(Problem(lesson.file, line, FOREIGN_SET_DRILL.format(
                             drill=drill, other=other, lesson=own))
                         for other, pattern in others if pattern.search(text))
    return found


# -- the course report ------------------------------------------------------------


@dataclass
class CourseReport:
    """What ``flask content check`` prints: the problems, or a summary of the course."""

    problems: list[Problem] = field(default_factory=list)
    lessons: int = 0
    drills: Counter[str] = field(default_factory=Counter)
    # Printed, but the course still passes: a term used before its lesson.
    warnings: list[Problem] = field(default_factory=list)

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
        text = f"Курс в порядке: {lessons}, {total}" + (f" ({kinds})." if kinds else ".")
        if self.warnings:
            text += " " + count_word(len(self.warnings), "предупреждение", "предупреждения",
                                     "предупреждений").capitalize() + " — см. выше."
        return text


def render_problems(lessons: list[Lesson],
                    shown: dict[tuple[str, str], str] | None = None) -> list[Problem]:
    """Render every lesson page and every drill's solution as the site would.

    A drill that validates but whose page or explanation fails to render would
    be a 500 for the learner; the check reports it at the drill's line instead.
    Each solution's HTML goes into ``shown`` under ``(lesson file, drill id)``
    (the vocabulary check reads it).
    """
    found = []
    for lesson in lessons:
        with current_app.test_request_context(f"/lessons/{lesson.slug}"):
            found.extend(_render_page(lesson, render_lesson))
            area = get_template_attribute("drills/_frame.html", "feedback_area")
            for drill in lesson.drills.values():
                outcome = Outcome(drill, MultiDict(), Verdict(False, solution_only=True))
                try:
                    html = area(lesson, outcome)
                except Exception as exc:  # noqa: BLE001 - reported, never raised
                    found.append(Problem(lesson.file, drill.line, _render_failed(drill.id, exc)))
                    continue
                if shown is not None:
                    shown[(lesson.file, drill.id)] = str(html)
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
    content = store()
    lessons = content.lessons()
    examples = content.content_dir / "yaku-examples.yaml"
    problems = set(content.problems())
    problems.update(yaku_example_problems(examples, display_path(examples)))
    shown: dict[tuple[str, str], str] = {}
    problems.update(render_problems(lessons, shown))
    problems.update(key_problems(lessons))
    problems.update(number_problems(lessons))
    problems.update(rule_set_problems(lessons))
    problems.update(foreign_set_problems(lessons))
    glossary = content.content_dir / "glossary.yaml"
    data_files = [(path, display_path(path)) for path in (glossary, examples)]
    problems.update(course_spelling_problems(lessons, data_files))
    published = content.content_dir / PUBLISHED_FILE
    problems.update(published_problems(content.content_dir, lessons, display_path(published)))
    retired = content.content_dir / RETIRED_FILE
    problems.update(retired_problems(content.content_dir, lessons, display_path(retired)))
    for more in extra:
        problems.update(more)
    drills = Counter(d.kind.name for lesson in lessons for d in lesson.drills.values())
    warnings = sorted(set(term_warnings(lessons, content.glossary(), shown)))
    return CourseReport(sorted(problems), len(lessons), drills, warnings)
