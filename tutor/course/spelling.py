"""One spelling per term: variant spellings of glossary terms and yaku names.

The course follows ``/work/shared/GLOSSARY.md`` (its «Расхождения в написании»
table) and the yaku names of :data:`engine.messages.YAKU_NAMES`. The variants
it rejects — «кан-дора» for «кандора», «ура-дора» for «урадора», «сянпон» for
«шанпон», other transliterations of yaku — are data, not code:
``spelling.yaml`` next to this module, one row ``{wrong: regex, use: spelling}``.

``flask content check`` runs :func:`course_spelling_problems` over every
lesson, the glossary (its ``aliases`` excepted: they record the variants so
that a link written with one still finds its term) and the yaku examples, and
reports each variant as ``file:line`` with the spelling to use. A variant that
fills a pair of guillemets («…называют «миниочками»») names the word rather
than using it and is allowed; code spans and fenced code are not prose and are
not checked. The same :func:`find_variants` is applied by the tests to the
templates and the site's own Russian strings.

Cost: one pass of one combined regex per file; the files are the course's own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

import yaml

from tutor.course.files import escapes_folder
from tutor.course.problems import Problem

if TYPE_CHECKING:
    from tutor.course.content import Lesson

TABLE = Path(__file__).with_name("spelling.yaml")
_FENCE = re.compile(r"^(```|~~~).*?^\1[^\n]*$", re.M | re.S)
_CODE_SPAN = re.compile(r"`[^`\n]*`")
_ALIASES_LINE = re.compile(r"^\s*aliases\s*:.*$", re.M)
_COMMENT_LINE = re.compile(r"^\s*#.*$", re.M)


@dataclass(frozen=True)
class Variant:
    """A rejected spelling (``wrong``, a regex) and the course's spelling of it."""

    wrong: str
    use: str
    from_lesson: int = 0


@dataclass(frozen=True)
class Hit:
    """One variant found: where (1-based line), what was written, what to write."""

    line: int
    written: str
    use: str

    def message(self) -> str:
        return f"Написание «{self.written}» — вариант; в курсе пишем «{self.use}» (глоссарий)."


@cache
def variants() -> tuple[Variant, ...]:
    """The table of ``spelling.yaml``, read once."""
    rows = yaml.safe_load(TABLE.read_text(encoding="utf-8"))["variants"]
    return tuple(
        Variant(str(row["wrong"]), str(row["use"]), int(row.get("from_lesson", 0))) for row in rows
    )


@cache
def _patterns() -> tuple[tuple[re.Pattern[str], Variant], ...]:
    return tuple(
        (re.compile(rf"(?<![\w-])(?:{v.wrong})(?![\w-])"), v) for v in variants()
    )


def _blank(text: str, pattern: re.Pattern[str]) -> str:
    """``text`` with every match of ``pattern`` spaced out, offsets and newlines kept."""
    return pattern.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)


def find_variants(text: str, lesson: int | None = None, *, data: bool = False) -> list[Hit]:
    """Every variant spelling in ``text``, in order.

    ``lesson`` is the lesson's number (``from_lesson`` rows count only from
    it on; ``None`` — not a lesson — counts them never). ``data`` marks a YAML
    file: its comments and ``aliases`` lines are skipped.
    """
    for pattern in (_FENCE, _CODE_SPAN) if not data else (_ALIASES_LINE, _COMMENT_LINE):
        text = _blank(text, pattern)
    lowered = text.lower()
    hits = []
    for pattern, variant in _patterns():
        if variant.from_lesson and (lesson is None or lesson < variant.from_lesson):
            continue
        for match in pattern.finditer(lowered):
            start, end = match.span()
            if text[start - 1 : start] == "«" and text[end : end + 1] == "»":
                continue  # the word named as a word, not used
            line = text.count("\n", 0, start) + 1
            hits.append(Hit(line, text[start:end], variant.use))
    return sorted(hits, key=lambda hit: hit.line)


def file_problems(path: Path, file: str, lesson: int | None = None) -> list[Problem]:
    """The variants of one course file as problems (``file:line: message``)."""
    if not path.is_file() or escapes_folder(path):
        return []  # a missing or refused file is reported by the loader
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return []  # likewise
    data = path.suffix in {".yaml", ".yml"}
    hits = find_variants(text, lesson, data=data)
    return [Problem(file, hit.line, hit.message()) for hit in hits]


def course_spelling_problems(
    lessons: list[Lesson], data_files: list[tuple[Path, str]]
) -> list[Problem]:
    """Variants in every lesson and in the course's data files (glossary, yaku examples)."""
    found = []
    for lesson in lessons:
        found.extend(file_problems(lesson.path, lesson.file, lesson.order))
    for path, file in data_files:
        found.extend(file_problems(path, file))
    return found
