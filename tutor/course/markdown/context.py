"""What the lesson extensions share: the render context and the code-aware line helpers."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tutor.course.problems import Problem


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
    # The lesson's rule set: a drill without ``rules`` is graded under it (the course
    # check refuses a course drill naming another set: tutor.course.checks).
    rules: str | None = None
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
