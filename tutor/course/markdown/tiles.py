"""Inline tiles: ``:123m456p:`` in running text draws the tiles.

The pattern starts right after a colon with a digit or ``#`` and ends with a
suit letter right before the closing colon, so ``10:30`` or «Внимание:» stay
text. A preprocessor checks every group with its line number (inline
processors do not know lines); the inline processor then draws it.
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
            for match in _TILES.finditer(line):
                try:
                    render(match.group(1))
                except HandError as exc:
                    self.context.problem(number, f"Тайлы «{match.group(1)}»: {exc}")
        return lines


class InlineTilesProcessor(InlineProcessor):
    def __init__(self, pattern: str, md: Markdown, context: RenderContext) -> None:
        super().__init__(pattern, md)
        self.context = context

    def handleMatch(  # noqa: N802 - Python-Markdown API
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
