"""No term before its lesson, and lesson numbers that follow the course.

A beginner reads the course in order, so a lesson must not lean on a word the
course explains only later. Each glossary term names the lesson that teaches
it (``lesson:`` in ``glossary.yaml``); :func:`term_warnings` warns where a
lesson's text, a drill's question or a drill's feedback (its solution as the
site shows it, and the wrong-answer messages of a kind in the first lesson
that uses the kind) says a term whose lesson comes later. A lesson that links
to the teaching lesson (``[урок 22](/lessons/efficiency)``) may use its
terms: the learner is told where to look.

Lesson numbers are positions in the course, so they change whenever a lesson
is inserted: :func:`number_problems` makes every «урок N» in a lesson's prose
a link to its lesson (``[урок 7](/lessons/kan)``) whose number is that
lesson's position now, and reports a plain «урок N» or a stale number.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from tutor.course.content import Lesson, split_front_matter
from tutor.course.glossary import Glossary, Term
from tutor.course.markdown.context import prose_lines
from tutor.course.problems import Problem
from tutor.drills.base import Drill

NGRAM = 4  # the longest glossary spelling, in words
_WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")
_TAG = re.compile(r"<[^>]+>")
# A word in «ёлочках» names something (клуб «Фуритен») or the word itself, it does
# not use the term (the same rule as the spelling check's).
_QUOTED = re.compile(r"«[^«»\n]*»")
_LESSON_LINK = re.compile(r"\[([^\]]*)\]\(\s*/lessons/([a-z0-9-]+)[^)]*\)")
_NUMBER_WORD = re.compile(r"[Уу]рок(?:а|е|у|ом|и|ах|ов|ам)?\s+(\d+)\s*$")
_BARE_NUMBER = re.compile(r"\s*(\d+)\s*$")
_PLAIN_NUMBER = re.compile(r"(?<![\[\w])[Уу]рок(?:а|е|у|ом|и|ах|ов|ам)?\s+\d+")


@dataclass(frozen=True)
class Place:
    """A lesson's position in the course (1-based) and its title."""

    number: int
    title: str


def positions(lessons: list[Lesson]) -> dict[str, Place]:
    return {lesson.slug: Place(n, lesson.title) for n, lesson in enumerate(lessons, start=1)}


def terms_in(text: str, glossary: Glossary) -> Iterator[Term]:
    """Every glossary term ``text`` says, by any of its spellings (each once, in order)."""
    words = _WORD.findall(_QUOTED.sub(" ", text))
    seen: set[str] = set()
    for start in range(len(words)):
        for size in range(1, NGRAM + 1):
            if start + size > len(words):
                break
            term = glossary.lookup(" ".join(words[start:start + size]))
            if term is not None and term.id not in seen:
                seen.add(term.id)
                yield term


def plain_text(markup: str) -> str:
    """Rendered HTML as the words a learner reads (tags dropped, entities decoded)."""
    return html.unescape(_TAG.sub(" ", markup))


def _linked(lesson_text: str) -> set[str]:
    return {m.group(2) for m in _LESSON_LINK.finditer(lesson_text)}


@dataclass(frozen=True)
class _Reader:
    """One lesson as the check reads it: its number and the lessons it may name terms of."""

    lesson: Lesson
    number: int
    allowed: frozenset[str]  # its own slug and every lesson it links to

    def later(self, text: str, glossary: Glossary, places: Mapping[str, Place]
              ) -> Iterator[tuple[Term, Place]]:
        """The terms ``text`` says whose lesson comes after this one and is not linked."""
        for term in terms_in(text, glossary):
            place = places.get(term.lesson or "")
            if place is not None and place.number > self.number and (
                    term.lesson not in self.allowed):
                yield term, place


def term_warnings(lessons: list[Lesson], glossary: Glossary | None,
                  feedback: Mapping[tuple[str, str], str]) -> list[Problem]:
    """Terms a lesson, its drills' questions or their feedback use before they are taught.

    ``feedback`` maps ``(lesson file, drill id)`` to the drill's rendered
    solution area (:func:`tutor.course.checks.render_problems` collects it).
    A kind's feedback is read where a learner first meets the kind: its drills'
    solutions in that lesson, and with its first drill every wrong-answer message.
    """
    if glossary is None:
        return []
    places = positions(lessons)
    first_lesson: dict[str, str] = {}
    for lesson in lessons:
        for drill in lesson.drills.values():
            first_lesson.setdefault(drill.kind.name, lesson.slug)
    found: list[Problem] = []
    diagnosed: set[str] = set()
    for number, lesson in enumerate(lessons, start=1):
        text = lesson_source(lesson)
        reader = _Reader(lesson, number, frozenset(_linked(text) | {lesson.slug}))
        for line, prose in lesson_prose(text):
            found.extend(_warning(lesson, line, "текст", *hit)
                         for hit in reader.later(prose, glossary, places))
        for drill in lesson.drills.values():
            found.extend(_warning(lesson, drill.line, "вопрос упражнения", *hit)
                         for hit in reader.later(_question(drill), glossary, places))
            if first_lesson[drill.kind.name] != lesson.slug:
                continue
            said = plain_text(feedback.get((lesson.file, drill.id), ""))
            if drill.kind.name not in diagnosed:
                diagnosed.add(drill.kind.name)
                said += " " + " ".join(rule.message for rule in drill.kind.diagnoses)
            where = f"разбор упражнения «{drill.id}» ({drill.kind.name})"
            found.extend(_warning(lesson, drill.line, where, *hit)
                         for hit in reader.later(said, glossary, places))
    return found


def _question(drill: Drill) -> str:
    """What the author wrote for the learner to read: the prompt, a choice's options and
    explanation."""
    options = drill.params.get("options") or ()
    written = [drill.prompt, str(drill.params.get("explain") or ""), *map(str, options)]
    return " ".join(written)


def _warning(lesson: Lesson, line: int, where: str, term: Term, place: Place) -> Problem:
    return Problem(lesson.file, line, (
        f"Предупреждение: {where} — термин «{term.term}», а его объясняет только урок "
        f"{place.number} «{place.title}», он дальше. Объясните термин раньше, обойдитесь без "
        f"него или дайте ссылку на тот урок: [урок {place.number}](/lessons/{term.lesson})."
    ))


def lesson_source(lesson: Lesson) -> str:
    try:
        return lesson.path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):  # reported where the lesson is loaded
        return ""


def _body_lines(text: str) -> Iterator[tuple[int, str, bool]]:
    """``(file line, text, inside a drill block)`` of the body's non-blank lines.

    No front matter, code or the ``///`` fences themselves: the prose and the
    drill checks read the same split of the lesson.
    """
    _, body, offset = split_front_matter(text)
    in_drill = False
    for number, line in enumerate(prose_lines(body.split("\n")), start=offset + 1):
        if re.match(r"^///[ \t]*[A-Za-z0-9_-]+[ \t]*$", line):
            in_drill = True
        elif re.match(r"^///[ \t]*$", line):
            in_drill = False
        elif line.strip():
            yield number, line, in_drill


def lesson_prose(text: str) -> Iterator[tuple[int, str]]:
    """``(file line, text)`` of the body's prose: no front matter, code or drill blocks."""
    return ((number, line) for number, line, in_drill in _body_lines(text) if not in_drill)


def drill_lines(text: str) -> Iterator[tuple[int, str]]:
    """``(file line, text)`` inside the drill blocks: questions, options, explanations."""
    return ((number, line) for number, line, in_drill in _body_lines(text) if in_drill)


def number_problems(lessons: list[Lesson]) -> list[Problem]:
    """Every «урок N» is a link whose N is the linked lesson's position now."""
    places = positions(lessons)
    found = []
    for lesson in lessons:
        for line, prose in lesson_prose(lesson_source(lesson)):
            for match in _LESSON_LINK.finditer(prose):
                text, slug = match.groups()
                number = _NUMBER_WORD.search(text) or _BARE_NUMBER.fullmatch(text)
                place = places.get(slug)
                if number and place and int(number.group(1)) != place.number:
                    found.append(Problem(lesson.file, line, (
                        f"Ссылка «{text}» ведёт на урок {place.number} «{place.title}»: "
                        f"номер урока теперь {place.number}, исправьте текст ссылки."
                    )))
            bare = _PLAIN_NUMBER.search(_LESSON_LINK.sub("", prose))
            if bare:
                found.append(Problem(lesson.file, line, (
                    f"«{bare.group(0)}» без ссылки: номера уроков меняются, когда в курс "
                    "добавляют урок. Пишите ссылкой, например [урок 7](/lessons/kan) — "
                    "проверка следит, чтобы номер совпадал с уроком."
                )))
    return found
