"""Inline tiles: ``:123m456p:`` in running text draws the tiles.

The pattern starts right after a colon with a digit or ``#`` and ends with a
suit letter right before the closing colon, so ``10:30`` or «Внимание:» stay
text. A preprocessor checks every group with its line number (inline
processors do not know lines); the inline processor then draws it.

A mistyped group (``:123q456p:``, ``:123m456p9:``) does not match that
pattern, so it used to stay raw text on the page and pass the check (issue
17). The check therefore also looks for anything between colons that looks
like a tile group — :data:`SUSPECT_RE`: words of ASCII letters, digits, ``#``
and ``'``, each starting with a digit or ``#``, at least one letter among
them — and reports the ones that do not parse, with the parser's reason.
Prose keeps its colons: «10:30» has no letter, «Итог: 3 хана» has Cyrillic
and spaces, «счёт 3:2 в пользу» has no letter between the colons.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as etree
from typing import Any

from markdown import Markdown
from markdown.extensions import Extension
from markdown.inlinepatterns import InlineProcessor
from markdown.preprocessors import Preprocessor

from engine.errors import HandError
from tutor.course.markdown.context import RenderContext, prose_lines

TILES_RE = r":([0-9#][0-9#'mpsz ]*[mpsz]):"
_TILES = re.compile(TILES_RE)
# Looks like a tile group (see the module docstring); a lookahead, so ``:1m:2p:``
# yields both groups.
SUSPECT_RE = r":(?=([0-9#][0-9A-Za-z#']*(?: [0-9#][0-9A-Za-z#']*)*):)"
_SUSPECT = re.compile(SUSPECT_RE)
_LETTER = re.compile(r"[A-Za-z]")


class TileCheckPreprocessor(Preprocessor):
    """Record a ``file:line`` problem for every tile group that does not parse."""

    def __init__(self, md: Markdown, context: RenderContext) -> None:
        super().__init__(md)
        self.context = context

    def run(self, lines: list[str]) -> list[str]:
        render = self.context.render_tiles
        if render is None:
            return lines
        for number, line in enumerate(prose_lines(lines), start=1):
            found = {m.start(): m.group(1) for m in _TILES.finditer(line)}
            for m in _SUSPECT.finditer(line):
                if m.group(1) not in found.values() and _LETTER.search(m.group(1)):
                    found.setdefault(m.start(), m.group(1))
            for spec in dict.fromkeys(found[at] for at in sorted(found)):  # in reading order
                try:
                    render(spec)
                except HandError as exc:
                    self.context.problem(number, f"Тайлы «{spec}»: {exc}")
        return lines


class InlineTilesProcessor(InlineProcessor):
    def __init__(self, pattern: str, md: Markdown, context: RenderContext) -> None:
        super().__init__(pattern, md)
        self.context = context

    # InlineProcessor changes Pattern's handleMatch signature (its stubs ignore the same).
    def handleMatch(  # type: ignore[override]  # noqa: N802 - Python-Markdown API
        self, m: re.Match[str], data: str
    ) -> tuple[etree.Element | str, int, int]:
        spec = m.group(1)
        render = self.context.render_tiles
        try:
            if render is None:
                raise HandError("рисование тайлов недоступно")
            html = str(render(spec))
        except HandError:
            el = etree.Element("code", {"class": "tiles-error"})
            el.text = f":{spec}:"
            return el, m.start(0), m.end(0)
        return self.md.htmlStash.store(html), m.start(0), m.end(0)


class InlineTilesExtension(Extension):
    def __init__(self, context: RenderContext, **kwargs: Any) -> None:
        # Kept as an attribute: Markdown's config machinery would coerce None/objects to bool.
        self.context = context
        super().__init__(**kwargs)

    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 - Python-Markdown API
        context = self.context
        md.preprocessors.register(TileCheckPreprocessor(md, context), "tempai_tile_check", 27)
        # Below backticks (190): `:123m:` in a code span stays code.
        md.inlinePatterns.register(InlineTilesProcessor(TILES_RE, md, context), "tempai_tiles", 185)
