"""The course glossary: ``content/ru/glossary.yaml`` loaded, checked and searchable.

One file drives both the ``/glossary`` page and the ``[[термин]]`` links in
lessons, so a definition cannot differ between them. Lessons write terms in
whatever case and form the sentence needs (``[[фуритене]]``), so
:meth:`Glossary.lookup` matches the term or any alias, ignoring case and the
ё/е difference. A mistake in the file is a :class:`GlossaryError` with the file,
the line and a Russian message, as for lessons.
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from tutor.course.yaml_errors import yaml_error_at

ID = re.compile(r"[a-z0-9-]+")
MAX_DEFINITION = 240
TERM_FIELDS = frozenset(
    {"id", "term", "aliases", "romaji", "definition", "lesson", "section", "expansion",
     "course_only"}
)
REQUIRED = ("id", "term", "definition", "section")


class GlossaryError(ValueError):
    """A mistake in the glossary file; ``str()`` is the Russian message alone."""

    def __init__(self, file: str, line: int, message: str) -> None:
        super().__init__(message)
        self.file, self.line, self.message = file, line, message

    def where(self) -> str:
        return f"{self.file}:{self.line}: {self.message}"


@dataclass(frozen=True)
class Term:
    """One glossary entry; ``lesson`` is the slug of the lesson that teaches it."""

    id: str
    term: str
    aliases: tuple[str, ...]
    romaji: str
    definition: str
    lesson: str | None
    section: str
    expansion: str = ""
    line: int = 0
    # A term the course needs that the source documents do not use (e.g. шантен).
    course_only: bool = False


@dataclass(frozen=True)
class Section:
    id: str
    title: str
    terms: tuple[Term, ...]


def normalize(text: str) -> str:
    """Key for matching: case-folded, ё as е, single spaces."""
    return " ".join(text.casefold().replace("ё", "е").split())


class Glossary:
    """Terms in file order, grouped by section, with an index of every spelling."""

    def __init__(self, terms: tuple[Term, ...], sections: tuple[tuple[str, str], ...]) -> None:
        self.terms = terms
        self.sections = tuple(
            Section(sid, title, tuple(t for t in terms if t.section == sid))
            for sid, title in sections
        )
        self._index: dict[str, Term] = {}
        self._by_id = {t.id: t for t in terms}
        for term in terms:
            for spelling in (term.term, *term.aliases):
                self._index[normalize(spelling)] = term

    def lookup(self, text: str) -> Term | None:
        """The term written as ``text`` (its spelling or an alias), or ``None``."""
        if not isinstance(text, str):
            return None
        return self._index.get(normalize(text))

    def by_id(self, term_id: str) -> Term | None:
        return self._by_id.get(term_id)

    def __len__(self) -> int:
        return len(self.terms)


_cache: dict[Path, tuple[tuple[int, int], Glossary]] = {}
_lock = threading.Lock()


def load_glossary(path: str | Path) -> Glossary:
    """Load and check the glossary, re-reading only when the file's mtime or size changes."""
    file = Path(path)
    try:
        stat = file.stat()
    except OSError:
        raise GlossaryError(str(file), 0, "Файл глоссария не найден.") from None
    key = (stat.st_mtime_ns, stat.st_size)
    with _lock:
        cached = _cache.get(file)
        if cached is not None and cached[0] == key:
            return cached[1]
    glossary = parse_glossary(file.read_text(encoding="utf-8"), str(file))
    with _lock:
        _cache[file] = (key, glossary)
    return glossary


def parse_glossary(text: str, file: str = "glossary.yaml") -> Glossary:
    """Parse glossary YAML text; :class:`GlossaryError` names the line of the first mistake."""
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        at, problem = yaml_error_at(exc)
        raise GlossaryError(file, at + 1, f"Файл — не YAML ({problem}).") from None
    if not isinstance(data, dict) or root is None:
        raise GlossaryError(file, 1, "Глоссарий должен содержать списки sections и terms.")
    nodes = {key.value: value for key, value in root.value}
    sections = _sections(data.get("sections"), nodes.get("sections"), file)
    raw_terms = data.get("terms")
    if not isinstance(raw_terms, list) or not raw_terms:
        raise GlossaryError(file, _line(nodes.get("terms"), 1), "Нужен непустой список terms.")
    term_nodes = nodes["terms"].value
    terms = tuple(
        _term(raw, _line(node, 1), file, sections)
        for raw, node in zip(raw_terms, term_nodes, strict=True)
    )
    _check_unique(terms, file)
    return Glossary(terms, sections)


def _line(node: Any, default: int) -> int:
    return node.start_mark.line + 1 if node is not None else default


def _sections(raw: Any, node: Any, file: str) -> tuple[tuple[str, str], ...]:
    if not isinstance(raw, list) or not raw:
        raise GlossaryError(file, _line(node, 1), "Нужен непустой список sections (id и title).")
    out: list[tuple[str, str]] = []
    for item, item_node in zip(raw, node.value, strict=True):
        line = _line(item_node, 1)
        if not isinstance(item, dict) or not _is_text(item.get("title")):
            raise GlossaryError(file, line, "У раздела должны быть поля id и title.")
        sid = item.get("id")
        if not isinstance(sid, str) or not ID.fullmatch(sid):
            raise GlossaryError(
                file, line, f"id раздела «{sid}»: нужны латинские буквы, цифры, дефис."
            )
        if sid in dict(out):
            raise GlossaryError(file, line, f"Раздел «{sid}» объявлен дважды.")
        out.append((sid, item["title"].strip()))
    return tuple(out)


def _is_text(value: Any) -> bool:
    return isinstance(value, str) and bool(value.strip())


def _term(raw: Any, line: int, file: str, sections: tuple[tuple[str, str], ...]) -> Term:
    if not isinstance(raw, dict):
        raise GlossaryError(
            file, line, "Термин записывается полями id, term, definition, section."
        )
    unknown = sorted(set(raw) - TERM_FIELDS)
    if unknown:
        raise GlossaryError(file, line, f"Неизвестное поле «{unknown[0]}» у термина.")
    for name in REQUIRED:
        if not _is_text(raw.get(name)):
            raise GlossaryError(file, line, f"У термина нет поля «{name}» (непустой текст).")
    term_id, definition = raw["id"], raw["definition"].strip()
    if not ID.fullmatch(term_id):
        raise GlossaryError(
            file, line, f"id «{term_id}»: нужны латинские строчные буквы, цифры, дефис."
        )
    if raw["section"] not in dict(sections):
        raise GlossaryError(file, line, f"Раздела «{raw['section']}» нет в списке sections.")
    if len(definition) > MAX_DEFINITION:
        raise GlossaryError(
            file, line,
            f"Определение «{raw['term']}» длиннее {MAX_DEFINITION} знаков: "
            "нужно одно короткое предложение.",
        )
    aliases = raw.get("aliases") or []
    if not isinstance(aliases, list) or not all(_is_text(a) for a in aliases):
        raise GlossaryError(file, line, "aliases — список непустых строк.")
    lesson = raw.get("lesson")
    if lesson is not None and not (isinstance(lesson, str) and ID.fullmatch(lesson)):
        raise GlossaryError(file, line, f"lesson «{lesson}»: нужен slug урока, например furiten.")
    return Term(
        id=term_id,
        term=raw["term"].strip(),
        aliases=tuple(a.strip() for a in aliases),
        romaji=str(raw.get("romaji") or "").strip(),
        definition=definition,
        lesson=lesson,
        section=raw["section"],
        expansion=str(raw.get("expansion") or "").strip(),
        line=line,
        course_only=raw.get("course_only") is True,
    )


def _check_unique(terms: tuple[Term, ...], file: str) -> None:
    """Every id and every spelling must name one term, or a lesson link would be ambiguous."""
    ids: dict[str, Term] = {}
    spellings: dict[str, Term] = {}
    for term in terms:
        if term.id in ids:
            raise GlossaryError(
                file, term.line, f"id «{term.id}» уже занят (строка {ids[term.id].line})."
            )
        ids[term.id] = term
        for spelling in (term.term, *term.aliases):
            other = spellings.get(normalize(spelling))
            if other is not None and other is not term:
                raise GlossaryError(
                    file, term.line,
                    f"«{spelling}» уже означает термин «{other.term}» (строка {other.line}).",
                )
            spellings[normalize(spelling)] = term
