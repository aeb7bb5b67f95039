"""Python-Markdown set-up for lessons: standard extensions plus our own three.

Our extensions (inline tiles ``:123m:``, glossary terms ``[[текст|термин]]``,
drill blocks ``/// kind … ///``) share a :class:`RenderContext` that collects
problems with file and line and the drills found. Raw HTML in a lesson is
escaped; links may only use safe schemes and no ``on*``/``style`` attribute
survives ``attr_list``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import markdown
from markdown.extensions.toc import slugify_unicode

from tutor.problems import Problem


@dataclass
class RenderContext:
    """Everything one lesson render needs and produces.

    ``line_offset`` is the number of file lines before the Markdown body (the
    front matter), so problems point at lines of the file, not of the body.
    """

    file: str
    line_offset: int = 0
    render_tiles: Callable[[str], str] | None = None
    glossary: Any | None = None
    glossary_url: str = "/glossary"
    build_drill: Callable[[str, Any, int], Any] | None = None
    problems: list[Problem] = field(default_factory=list)
    drills: dict[str, Any] = field(default_factory=dict)
    # (file line, target) of every Markdown link, for the link check.
    links: list[tuple[int, str]] = field(default_factory=list)

    def problem(self, body_line: int, message: str) -> None:
        """Record a problem at 1-based ``body_line`` of the Markdown body."""
        self.problems.append(Problem(self.file, self.line_offset + body_line, message))


_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_CODE_SPAN = re.compile(r"`+[^`]*`+")


def fenced_lines(lines: list[str]) -> set[int]:
    """Indexes of lines inside fenced code blocks (fences included)."""
    inside: set[int] = set()
    fence: str | None = None
    for index, line in enumerate(lines):
        match = _FENCE.match(line)
        if fence is not None:
            inside.add(index)
            if match and match.group(1)[0] == fence[0] and len(match.group(1)) >= len(fence):
                fence = None
        elif match:
            fence = match.group(1)
            inside.add(index)
    return inside


def prose_lines(lines: list[str]) -> list[str]:
    """The lines with code blocks blanked and code spans cut: what the checks read.

    Examples of wrong syntax in code (the authoring guide shows some) are not errors.
    """
    fenced = fenced_lines(lines)
    return ["" if i in fenced else _CODE_SPAN.sub("", line) for i, line in enumerate(lines)]


def make_markdown(context: RenderContext) -> markdown.Markdown:
    """A fresh Markdown converter (converters keep state, so one per render)."""
    from tutor.markdown_ext.drills import DrillBlockExtension
    from tutor.markdown_ext.links import LinkCollectExtension
    from tutor.markdown_ext.safety import SafetyExtension
    from tutor.markdown_ext.terms import GlossaryTermExtension
    from tutor.markdown_ext.tiles import InlineTilesExtension

    return markdown.Markdown(
        extensions=[
            "tables",
            "admonition",
            "attr_list",
            "def_list",
            "sane_lists",
            "fenced_code",
            "toc",
            DrillBlockExtension(context=context),
            InlineTilesExtension(context=context),
            GlossaryTermExtension(context=context),
            LinkCollectExtension(context=context),
            SafetyExtension(),
        ],
        extension_configs={
            "toc": {
                "slugify": slugify_unicode,
                "permalink": "#",
                "permalink_title": "Ссылка на этот раздел",
                "toc_depth": "2-3",
            }
        },
        output_format="html",
    )
