"""One spelling per term: variant spellings of glossary terms and yaku names.

The course follows ``docs/glossary.md`` (its «Расхождения в написании»
table) and the yaku names of :data:`engine.text.messages.YAKU_NAMES`. The variants
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

A broken table never stops the check or the site: an unreadable file, a
malformed row, a pattern that is no regex, or one with a repeat inside a
repeat (``(а+)+``, which backtracks for ever on a long word — Python's ``re``
has no time limit) is reported as a problem at its line and left out.

Cost: one pass of one regex per variant per file; the files are the course's own.
"""

from __future__ import annotations

import re
import re._parser as sre_parse  # type: ignore[import-not-found]  # the parse tree: a nested repeat is refused, not run
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

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


@dataclass(frozen=True)
class Table:
    """The usable rows of a variant table and what is wrong with the others."""

    variants: tuple[Variant, ...]
    problems: tuple[Problem, ...]


TABLE_FILE = "tutor/course/spelling.yaml"  # as the content check names it
_REPEATS = {"MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT"}


def _nested_repeat(items: Iterable[tuple[object, Any]], inside: bool = False) -> bool:
    """A repeat or an alternation inside a repeat (``(а+)+``, ``(а|аа)*``).

    The shapes that backtrack for ever on a long word; ``items`` is a parsed
    pattern's list of (op, argument) pairs.
    """
    for op, arg in items:  # each argument's shape depends on its op (re._parser is untyped)
        name = str(op)
        if name in _REPEATS:
            low, high, sub = arg
            if inside and high != low:
                return True
            if _nested_repeat(sub, inside or high > 1):
                return True
        elif name in {"SUBPATTERN", "ATOMIC_GROUP"}:
            if _nested_repeat(arg[-1], inside):
                return True
        elif name == "BRANCH":
            if inside or any(_nested_repeat(branch, inside) for branch in arg[1]):
                return True  # (а|аа)*: alternatives under a repeat backtrack the same way
        elif name in {"ASSERT", "ASSERT_NOT"} and _nested_repeat(arg[1], inside):
            return True
    return False


def _row_problem(row: object) -> str | None:
    """Why a table row cannot be used (None: it can)."""
    if not isinstance(row, dict) or not isinstance(row.get("wrong"), str) \
            or not isinstance(row.get("use"), str) or not row["wrong"] or not row["use"]:
        return "строка таблицы вариантов должна быть {wrong: регулярное выражение, use: написание}."
    if type(row.get("from_lesson", 0)) is not int:
        return "from_lesson — номер урока, целое число."
    try:
        parsed = sre_parse.parse(row["wrong"])
    except (re.error, RecursionError, OverflowError) as err:
        return f"«{row['wrong']}» — не регулярное выражение ({err})."
    if _nested_repeat(parsed.data):
        return (f"в «{row['wrong']}» повтор внутри повтора: на длинном слове такое выражение "
                "проверяется бесконечно долго; перепишите без вложенных *, + и | под повтором.")
    return None


def load_table(path: Path) -> Table:
    """The variant table at ``path``: a broken file or row becomes a problem, never an exception."""
    try:
        text = path.read_text(encoding="utf-8")
        document = yaml.compose(text)
        rows = yaml.safe_load(text)
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as err:
        detail = str(err).splitlines()[0] if str(err) else err.__class__.__name__
        return Table((), (Problem(TABLE_FILE, 0, f"таблица вариантов не читается: {detail}"),))
    listed = rows.get("variants") if isinstance(rows, dict) else None
    if not isinstance(listed, list):
        return Table((), (Problem(TABLE_FILE, 0, "в таблице вариантов нет списка variants."),))
    lines = [1] * len(listed)
    if isinstance(document, yaml.MappingNode):
        for key, value in document.value:
            if key.value == "variants" and isinstance(value, yaml.SequenceNode):
                lines = [item.start_mark.line + 1 for item in value.value]
    found, problems = [], []
    for row, line in zip(listed, lines, strict=True):
        problem = _row_problem(row)
        if problem:
            problems.append(Problem(TABLE_FILE, line, problem))
        else:
            found.append(Variant(row["wrong"], row["use"], int(row.get("from_lesson", 0))))
    return Table(tuple(found), tuple(problems))


@cache
def _table() -> Table:
    return load_table(TABLE)


def variants() -> tuple[Variant, ...]:
    """The usable rows of ``spelling.yaml``, read once (broken rows: :func:`table_problems`)."""
    return _table().variants


def table_problems() -> tuple[Problem, ...]:
    """What is wrong with ``spelling.yaml`` itself, for ``flask content check``."""
    return _table().problems


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
    found = list(table_problems())
    for lesson in lessons:
        found.extend(file_problems(lesson.path, lesson.file, lesson.order))
    for path, file in data_files:
        found.extend(file_problems(path, file))
    return found
