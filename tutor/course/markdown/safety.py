"""Escape raw HTML and keep only allow-listed attributes in lesson Markdown.

Lessons are written by people, not by us: a stray ``<script>`` must show as
text, a ``javascript:`` link must not be clickable, and ``attr_list`` must
not be a way to add behaviour. A deny-list (``on*``, ``style``) let
``{: hx-post="/progress/wipe" hx-trigger="load" }`` through to every
visitor's page, so what survives is now an allow-list,
:data:`~tutor.course.markdown.allowlist.ALLOWED`: ``class``, ``id`` and
``title`` anywhere, plus the few attributes Markdown itself writes (a link's
``href``, an image's ``src`` and ``alt``, a list's ``start``, a table cell's
``align``). Everything else is
dropped — from the element tree, and from fenced code blocks, whose
attributes Python-Markdown writes straight into stashed HTML — and reported
as a problem with its file line, so ``flask content check`` fails on it.
So is a link or image whose address has a scheme outside
:data:`~tutor.course.markdown.allowlist.URL_SCHEMES` (``javascript:``,
``data:``, ``vbscript:``, however spelt): the address is removed and the
message names the scheme. The lists are data in
:mod:`tutor.course.markdown.allowlist`, shared with the nh3 sanitiser.

The author preview (:mod:`tutor.authoring.sanitise`) renders through this
same pipeline before nh3 cleans it, and its allow-list holds every
attribute here, so a draft and the published lesson show the same attributes.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as etree
from collections.abc import Iterable
from typing import Any

from markdown import Markdown
from markdown.extensions import Extension
from markdown.extensions.fenced_code import FencedBlockPreprocessor
from markdown.preprocessors import Preprocessor
from markdown.treeprocessors import Treeprocessor

from tutor.course.markdown.allowlist import (
    URL_ATTRIBUTES,
    allowed,
    forbidden_scheme,
    scheme_message,
)
from tutor.course.markdown.context import RenderContext

_BRACES = re.compile(r"\{[^}]*\}")


def safe_url(url: str) -> bool:
    """An allowed scheme (:data:`~tutor.course.markdown.allowlist.URL_SCHEMES`) or a path
    of this site; ``//host`` (and ``/\\host``, which browsers read the same) is neither."""
    if forbidden_scheme(url) is not None:
        return False
    return not url.strip().replace("\\", "/").startswith("//")


# What a dropped address's element loses, by tag (an attribute set through {…} on another).
_OUTCOME = {"img": "картинка убрана со страницы."}
_LINK_GONE = "ссылка убрана со страницы."

_FENCE_KEYS = frozenset({"id", "."})  # a fenced block keeps its id and classes (the language)
_ALLOWED_TEXT = "class, id, title"


class _Dropped:
    """What the processors of one render removed: attribute names and unsafe URLs."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.attributes: list[str] = []
        self.urls: list[tuple[str, str]] = []  # (tag, address)


class SourceLinesPreprocessor(Preprocessor):
    """Keep the body's lines: the report finds the line that wrote each dropped attribute."""

    def __init__(self, md: Markdown, dropped: _Dropped) -> None:
        super().__init__(md)
        self.dropped = dropped

    def run(self, lines: list[str]) -> list[str]:
        self.dropped.lines = list(lines)
        return lines


class SafeFencedBlockPreprocessor(FencedBlockPreprocessor):
    """Python-Markdown's fenced code, keeping only the id and classes of ``{…}`` after a fence."""

    def __init__(self, md: Markdown, config: dict[str, Any], dropped: _Dropped) -> None:
        super().__init__(md, config)
        self.dropped = dropped

    def handle_attrs(
        self, attrs: Iterable[tuple[str, str]]
    ) -> tuple[str, list[str], dict[str, Any]]:
        kept = []
        for key, value in attrs:
            if key in _FENCE_KEYS:
                kept.append((key, value))
            else:
                self.dropped.attributes.append(key)
        return super().handle_attrs(kept)


class SafeAttributesTreeprocessor(Treeprocessor):
    """Keep the allow-listed attributes with safe URLs; note the rest, then report them."""

    def __init__(self, md: Markdown, dropped: _Dropped, context: RenderContext | None) -> None:
        super().__init__(md)
        self.dropped = dropped
        self.context = context

    def run(self, root: etree.Element) -> None:
        dropped = self.dropped
        for element in root.iter():
            tag = str(element.tag)
            for name in list(element.attrib):
                if not allowed(tag, name):
                    del element.attrib[name]
                    dropped.attributes.append(name)
            for name in URL_ATTRIBUTES:
                value = element.get(name)
                if value is not None and not safe_url(value):
                    del element.attrib[name]
                    dropped.urls.append((tag, value))
        if self.context is not None:
            self._report(self.context)

    def _report(self, context: RenderContext) -> None:
        for name in dict.fromkeys(self.dropped.attributes):  # each name once, in order
            for line in self._lines_of(name):
                context.problem(line, f"Атрибут «{name}» в уроке не разрешён (можно только "
                                      f"{_ALLOWED_TEXT}): он убран со страницы.")
        written = {}  # address → its first body line, as the link collector found it
        for line, target in reversed(context.links):
            written[target] = line - context.line_offset
        for tag, url in dict.fromkeys(self.dropped.urls):
            line = written.get(url) or self._lines_of(url)[0]
            scheme = forbidden_scheme(url)
            if scheme is not None:
                context.problem(line, scheme_message(url, scheme, _OUTCOME.get(tag, _LINK_GONE)))
            elif url not in written:  # the link check reports a link to another host
                context.problem(line, f"Адрес «{url}» небезопасен: ссылка убрана.")

    def _lines_of(self, needle: str) -> list[int]:
        """The body lines (1-based) that wrote ``needle``: each with it inside ``{…}``,
        else the first that mentions it, else line 1."""
        wanted = needle.lower()
        lines = [line.lower() for line in self.dropped.lines]
        inside = [number for number, line in enumerate(lines, start=1)
                  if any(wanted in group for group in _BRACES.findall(line))]
        if inside:
            return inside
        return [next((n for n, line in enumerate(lines, start=1) if wanted in line), 1)]


class SafetyExtension(Extension):
    """Raw HTML escaped, attributes allow-listed; problems go to ``context`` when given."""

    def __init__(self, context: RenderContext | None = None, **kwargs: Any) -> None:
        self.context = context  # an attribute: Markdown's config would coerce it
        super().__init__(**kwargs)

    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 - Python-Markdown API
        dropped = _Dropped()
        # Without these two, raw HTML stays text and the serializer escapes it.
        md.preprocessors.deregister("html_block")
        md.inlinePatterns.deregister("html")
        # After normalize_whitespace (30), before fenced code (25): the body's lines.
        md.preprocessors.register(SourceLinesPreprocessor(md, dropped), "tempai_lines", 29)
        if "fenced_code_block" in md.preprocessors:
            fenced = md.preprocessors["fenced_code_block"]
            safe = SafeFencedBlockPreprocessor(md, fenced.config, dropped)  # type: ignore[attr-defined]  # set in __init__, missing from the stubs
            md.preprocessors.register(safe, "fenced_code_block", 25)
        # After attr_list (8), before the serializer.
        md.treeprocessors.register(
            SafeAttributesTreeprocessor(md, dropped, self.context), "tempai_safety", 5
        )
