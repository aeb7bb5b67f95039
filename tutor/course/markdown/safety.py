"""Escape raw HTML and strip dangerous attributes from lesson Markdown.

Lessons are written by people, not by us: a stray ``<script>`` must show as
text, a ``javascript:`` link must not be clickable, and ``attr_list`` must not
be a way to add ``onclick`` or ``style``.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as etree

from markdown import Markdown
from markdown.extensions import Extension
from markdown.treeprocessors import Treeprocessor

_SAFE_URL = re.compile(r"^(?:https?:|mailto:|#|\?|/(?!/)|\.{1,2}/|[^:/?#]+(?:[/?#]|$))", re.I)
_URL_ATTRS = ("href", "src")


class SafeAttributesTreeprocessor(Treeprocessor):
    """Drop ``on*``/``style`` attributes and URLs with unsafe schemes."""

    def run(self, root: etree.Element) -> None:
        for element in root.iter():
            for name in list(element.attrib):
                lowered = name.lower()
                if lowered.startswith("on") or lowered in ("style", "srcdoc", "formaction"):
                    del element.attrib[name]
            for name in _URL_ATTRS:
                value = element.get(name)
                if value is not None and not _SAFE_URL.match(value.strip()):
                    del element.attrib[name]


class SafetyExtension(Extension):
    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 - Python-Markdown API
        # Without these two, raw HTML stays text and the serializer escapes it.
        md.preprocessors.deregister("html_block")
        md.inlinePatterns.deregister("html")
        # After attr_list (8), before the serializer.
        md.treeprocessors.register(SafeAttributesTreeprocessor(md), "tempai_safety", 5)
