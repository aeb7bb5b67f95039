"""Glossary terms: ``[[фуритен]]`` or ``[[фуритена|фуритен]]`` (shown text | term).

A known term becomes a button that opens its definition in a popover, with a
link to the glossary entry inside: a ``title`` tooltip never shows on a touch
screen, and a plain link took the learner away from the lesson.
The popover is declarative (``popovertarget``), so it needs no script: a tap,
Enter or Space opens it, Esc or a tap elsewhere closes it. Browsers without
popovers show the definition in the text. An unknown term is a ``file:line``
problem.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as etree
from typing import Any

from markdown import Markdown
from markdown.extensions import Extension
from markdown.inlinepatterns import InlineProcessor
from markdown.preprocessors import Preprocessor

from tutor.course.markdown.context import RenderContext, prose_lines

TERM_RE = r"\[\[([^\[\]|\n]+?)(?:\|([^\[\]|\n]+?))?\]\]"
_TERM = re.compile(TERM_RE)
TABLE_PIPE_MESSAGE = (
    "Термин «{text}» в строке таблицы записан с вертикальной чертой, а она делит ячейку. "
    "Напишите термин без черты: падежные формы есть в глоссарии."
)


def _lookup(context: RenderContext, term: str) -> Any | None:
    if context.glossary is None:
        return None
    return context.glossary.lookup(term.strip())


class TermCheckPreprocessor(Preprocessor):
    """Record a problem for every term the glossary does not define."""

    def __init__(self, md: Markdown, context: RenderContext) -> None:
        super().__init__(md)
        self.context = context

    def run(self, lines: list[str]) -> list[str]:
        if self.context.glossary is None:
            return lines
        for number, line in enumerate(prose_lines(lines), start=1):
            for match in _TERM.finditer(line):
                if match.group(2) and line.lstrip().startswith("|"):
                    # In a table row the pipe ends the cell and breaks the table.
                    self.context.problem(number, TABLE_PIPE_MESSAGE.format(text=match.group(1)))
                    continue
                term = (match.group(2) or match.group(1)).strip()
                if _lookup(self.context, term) is None:
                    self.context.problem(number, f"Термина «{term}» нет в глоссарии.")
        return lines


class GlossaryTermProcessor(InlineProcessor):
    """``[[…]]`` → ``<span class="term-wrap"><button …>text</button><span popover>…``."""

    def __init__(self, pattern: str, md: Markdown, context: RenderContext) -> None:
        super().__init__(pattern, md)
        self.context = context
        self.count = 0  # popover ids, unique within one rendered lesson

    # InlineProcessor changes Pattern's handleMatch signature (its stubs ignore the same).
    def handleMatch(  # type: ignore[override]  # noqa: N802 - Python-Markdown API
        self, m: re.Match[str], data: str
    ) -> tuple[etree.Element, int, int]:
        shown = m.group(1).strip()
        entry = _lookup(self.context, m.group(2) or m.group(1))
        if entry is None:
            el = etree.Element("span", {"class": "term term-unknown"})
            el.text = shown
            return el, m.start(0), m.end(0)
        self.count += 1
        tip_id = f"term-tip-{self.count}"
        el = etree.Element("span", {"class": "term-wrap"})
        button = etree.SubElement(
            el, "button", {"type": "button", "class": "term", "popovertarget": tip_id}
        )
        button.text = shown
        tip = etree.SubElement(el, "span", {"class": "term-tip", "id": tip_id, "popover": ""})
        name = etree.SubElement(tip, "strong")
        name.text = entry.term
        name.tail = f" — {entry.definition} "
        link = etree.SubElement(tip, "a", {"href": f"{self.context.glossary_url}#{entry.id}"})
        link.text = "В глоссарии"
        return el, m.start(0), m.end(0)


class GlossaryTermExtension(Extension):
    def __init__(self, context: RenderContext, **kwargs: Any) -> None:
        # Kept as an attribute: Markdown's config machinery would coerce None/objects to bool.
        self.context = context
        super().__init__(**kwargs)

    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 - Python-Markdown API
        context = self.context
        md.preprocessors.register(TermCheckPreprocessor(md, context), "tempai_term_check", 26)
        # Before links (160) so that [[...]] is never read as a link.
        md.inlinePatterns.register(GlossaryTermProcessor(TERM_RE, md, context), "tempai_terms", 175)
