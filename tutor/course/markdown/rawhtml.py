"""Raw HTML in a lesson that the allow-list forbids is a problem with its line.

The lesson pipeline escapes raw HTML (:mod:`tutor.course.markdown.safety`),
so ``<script>`` or ``<a href="javascript:…">`` typed into a lesson shows as
text — and the sanitiser would remove it anyway. Without a word the author
sees stray markup and no reason. This preprocessor reads the prose lines (code
excluded, like the link collector) and reports every start tag, attribute and
address the allow-list of :mod:`tutor.course.markdown.allowlist` does not
allow — the same list the sanitiser is built from, so the two cannot disagree.
Tags the allow-list keeps (``<b>``, ``<em>``) are not reported: the guide
says HTML shows as text, and they harm nobody.
"""

from __future__ import annotations

import re
from typing import Any

from markdown import Markdown
from markdown.extensions import Extension
from markdown.preprocessors import Preprocessor

from tutor.course.markdown.allowlist import (
    LESSON_TAGS,
    URL_ATTRIBUTES,
    allowed,
    forbidden_scheme,
    scheme_message,
)
from tutor.course.markdown.context import RenderContext, prose_lines

# A start tag as HTML reads it: `<name`, attributes, `>` (autolinks like <https://…> are not).
# An attribute name never contains `<`: with it, every `<a` re-read the rest of the text
# («<a x » × 19 000 took 72 s); without it a try stops at the next `<`, so the scan is linear.
_VALUE = r"""(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+)"""
_NAME = r"""[^\s"'<>/=]+"""
START_TAG = re.compile(
    rf"<([A-Za-z][A-Za-z0-9-]*)((?:\s+{_NAME}(?:\s*=\s*{_VALUE})?)*)\s*/?>"
)
_ATTRIBUTE = re.compile(rf"({_NAME})(?:\s*=\s*({_VALUE}))?")
_AS_TEXT = "будет виден как текст."


def tag_messages(tag: str, attributes: str) -> list[str]:
    """The problems of one start tag: the tag itself, else its attributes and addresses."""
    name = tag.lower()
    if name not in LESSON_TAGS:
        return [f"HTML-тег «<{name}>» в уроке запрещён: на странице он {_AS_TEXT} "
                "Пишите разметку Markdown."]
    found = []
    for match in _ATTRIBUTE.finditer(attributes):
        attribute, value = match.group(1).lower(), (match.group(2) or "").strip("\"'")
        if not allowed(name, attribute):
            found.append(f"Атрибут «{attribute}» у HTML-тега «<{name}>» в уроке запрещён: "
                         f"на странице тег {_AS_TEXT}")
            continue
        scheme = forbidden_scheme(value) if attribute in URL_ATTRIBUTES else None
        if scheme is not None:
            found.append(scheme_message(value, scheme, f"на странице тег «<{name}>» {_AS_TEXT}"))
    return found


class RawHtmlPreprocessor(Preprocessor):
    def __init__(self, md: Markdown, context: RenderContext) -> None:
        super().__init__(md)
        self.context = context

    def run(self, lines: list[str]) -> list[str]:
        prose = "\n".join(prose_lines(lines))  # a tag may span lines: its `<` names the line
        for match in START_TAG.finditer(prose):
            number = prose.count("\n", 0, match.start()) + 1
            for message in tag_messages(match.group(1), match.group(2)):
                self.context.problem(number, message)
        return lines


class RawHtmlExtension(Extension):
    def __init__(self, context: RenderContext, **kwargs: Any) -> None:
        self.context = context  # an attribute: Markdown's config would coerce it
        super().__init__(**kwargs)

    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 - Python-Markdown API
        # After the drill blocks (28) are stashed, next to the link collector (25).
        md.preprocessors.register(RawHtmlPreprocessor(md, self.context), "tempai_raw_html", 24)
