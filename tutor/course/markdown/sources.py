"""Source citations: each ``[000]`` … ``[004]`` in a lesson links to the legend on ``/rules``.

The course cites its five source documents by code about a hundred times; a
learner meeting «[002]» needs to know what it is. The inline processor turns
every such code (also ``[001-EMA]``) into a link to its entry in the legend
of sources (``/rules#source-002``), so no lesson has to write the link. A
code followed by ``(`` or ``:`` is a Markdown link or a reference definition
and is left alone; a code span stays code.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as etree
from typing import Any

from markdown import Markdown
from markdown.extensions import Extension
from markdown.inlinepatterns import InlineProcessor

CITATION_RE = r"\[(00[0-4])(-EMA)?\](?![(:\[])"
LEGEND_URL = "/rules#source-{code}"


def source_anchor(code: str) -> str:
    """The legend anchor of a seed code: ``source-001`` for ``001`` and ``001-EMA``."""
    return f"source-{code[:3]}"


class CitationProcessor(InlineProcessor):
    # InlineProcessor changes Pattern's handleMatch signature (its stubs ignore the same).
    def handleMatch(  # type: ignore[override]  # noqa: N802 - Python-Markdown API
        self, m: re.Match[str], data: str
    ) -> tuple[etree.Element, int, int]:
        code = m.group(1) + (m.group(2) or "")
        el = etree.Element("a", {"class": "cite", "href": LEGEND_URL.format(code=code[:3]),
                                 "title": "Что это за документ — в списке источников"})
        el.text = f"[{code}]"
        return el, m.start(0), m.end(0)


class CitationExtension(Extension):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)

    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 - Python-Markdown API
        # Above links (160) and references (170), below backticks (190).
        md.inlinePatterns.register(CitationProcessor(CITATION_RE, md), "tempai_citations", 175)
