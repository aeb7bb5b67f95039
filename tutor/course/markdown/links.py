"""Link targets with their lines, for the link check (``[текст](/lessons/fu#якорь)``).

Python-Markdown's link processors do not know line numbers, so this
preprocessor reads the prose lines (code excluded) and records every inline
link target and reference definition in ``context.links`` as
``(file_line, target)``. Whether a target exists is decided once the whole
course is loaded (:func:`tutor.course.links.link_problems`).
"""

from __future__ import annotations

import re
from typing import Any

from markdown import Markdown
from markdown.extensions import Extension
from markdown.preprocessors import Preprocessor

from tutor.course.markdown.context import RenderContext, prose_lines

# `[text](target "title")` — the target ends at whitespace or the closing bracket.
INLINE_LINK = re.compile(r"\]\(\s*<?([^()\s>]*(?:\([^()\s]*\)[^()\s>]*)*)>?")
# `[name]: target` on its own line (our invisible markers `[//]: # (...)` included).
REFERENCE = re.compile(r"^ {0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?")


class LinkCollectPreprocessor(Preprocessor):
    def __init__(self, md: Markdown, context: RenderContext) -> None:
        super().__init__(md)
        self.context = context

    def run(self, lines: list[str]) -> list[str]:
        for number, line in enumerate(prose_lines(lines), start=1):
            targets = [m.group(1) for m in INLINE_LINK.finditer(line)]
            reference = REFERENCE.match(line)
            if reference:
                targets.append(reference.group(1))
            for target in targets:
                self.context.links.append((self.context.line_offset + number, target))
        return lines


class LinkCollectExtension(Extension):
    def __init__(self, context: RenderContext, **kwargs: Any) -> None:
        # Kept as an attribute: Markdown's config machinery would coerce objects to bool.
        self.context = context
        super().__init__(**kwargs)

    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 - Python-Markdown API
        # After the drill blocks (28) are stashed: a drill's YAML is not prose.
        md.preprocessors.register(LinkCollectPreprocessor(md, self.context), "tempai_links", 25)
