"""Names of lessons and drills as an instructor reads them: «Урок 14 «Ожидания», упр. 3: …».

A drill's id (``ryanmen-first``) is for the file and the database; a person
recognises a drill by its lesson, its place in the lesson and its question.
The numbers are computed from the course as it is now, never stored: when
lessons are renumbered the names follow, while assignments and answers keep
pointing at the drill through its stored key (:func:`tutor.storage.path.drill_key`),
wherever it moved. Two drills of the course never
share a name, since the lesson number and the drill number together are unique.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.errors import HandError
from engine.tiles import parse_tiles, tile_name
from tutor.course.content import Lesson
from tutor.course.content import store as content_store
from tutor.course.markdown.tiles import TILES_RE

QUESTION_MAX = 70  # characters of the question kept in a name
_TILES = re.compile(TILES_RE)
_CITATION = re.compile(r"\s*\[\d{3}\]")
_STRONG = re.compile(r"\*\*(.+?)\*\*")


@dataclass(frozen=True)
class DrillName:
    """Where a drill sits in the course now, and what it asks."""

    lesson_number: int
    lesson_title: str
    drill_number: int
    question: str

    @property
    def lesson(self) -> str:
        return f"Урок {self.lesson_number} «{self.lesson_title}»"

    @property
    def short(self) -> str:
        """For a list already grouped by lesson: «упр. 3: Найдите ожидание…»."""
        return f"упр. {self.drill_number}: {self.question}"

    def __str__(self) -> str:
        return f"{self.lesson}, {self.short}"


def _tiles_text(match: re.Match[str]) -> str:
    try:
        parsed = parse_tiles(match.group(1))
    except HandError:
        return match.group(0)
    return ", ".join(tile_name(t, r) for t, r in zip(parsed.kinds, parsed.red, strict=True))


def plain_question(prompt: str, limit: int = QUESTION_MAX) -> str:
    """A prompt as one short line of text: tiles by name, no markup, no citation marks.

    >>> plain_question("Вы взяли :5s:. Можно ли объявить **цумо** [001]?")
    'Вы взяли 5 соу. Можно ли объявить цумо?'
    """
    text = _CITATION.sub("", prompt)
    text = _STRONG.sub(r"\1", text)
    text = " ".join(_TILES.sub(_tiles_text, text).split())
    return text if len(text) <= limit else text[:limit - 1].rstrip(" ,.:;—") + "…"


def course_numbers() -> dict[str, int]:
    """Each course lesson's number (1-based, in course order) by slug."""
    return {lesson.slug: n for n, lesson in enumerate(content_store().lessons(), start=1)}


def names_in(lesson: Lesson, number: int) -> dict[str, DrillName]:
    """The names of every drill of ``lesson`` (numbered ``number`` in the course), in order."""
    return {drill.id: DrillName(number, lesson.title, position, plain_question(drill.prompt))
            for position, drill in enumerate(lesson.drills.values(), start=1)}


def drill_name(key: str, numbers: dict[str, int] | None = None) -> DrillName | None:
    """The name of the drill stored under ``key`` where it is now; None when it left the course."""
    found = content_store().locate(key)
    if found is None:
        return None
    lesson, drill_id = found
    number = (numbers if numbers is not None else course_numbers()).get(lesson.slug)
    if number is None:
        return None
    return names_in(lesson, number)[drill_id]
