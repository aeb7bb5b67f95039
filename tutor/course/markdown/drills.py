"""Drill blocks: ``/// <kind>`` + YAML parameters + ``///``.

The block is replaced by a marker comment ``<!--drill:<id>-->`` (through the
HTML stash, so Markdown never touches it); the lesson page later renders the
drill's form at that spot. The replacement keeps the number of lines, so the
processors that run after this one still report correct line numbers.

:func:`build_drills_only` runs just this step (after Markdown's whitespace
normalisation, as in a full render): the drills of a text whose HTML was kept
from an earlier render, built without rendering the text again.
"""

from __future__ import annotations

import re
from typing import Any

import yaml
from markdown import Markdown
from markdown.extensions import Extension
from markdown.preprocessors import Preprocessor
from markupsafe import escape

from tutor.course.markdown.context import RenderContext, fenced_lines
from tutor.course.yaml_errors import yaml_error_at
from tutor.drills import DrillError

DRILL_MARKER = re.compile(r"<!--drill:([a-z0-9-]+)-->")


class DrillBlockPreprocessor(Preprocessor):
    START = re.compile(r"^///[ \t]*([A-Za-z0-9_-]+)[ \t]*$")
    END = re.compile(r"^///[ \t]*$")
    KEY_LINE = r"^[ \t]*{key}[ \t]*:"

    def __init__(self, md: Markdown, context: RenderContext) -> None:
        super().__init__(md)
        self.context = context

    def run(self, lines: list[str]) -> list[str]:
        out: list[str] = []
        fenced = fenced_lines(lines)  # a block shown as an example in code stays code
        i = 0
        while i < len(lines):
            start = None if i in fenced else self.START.match(lines[i])
            if start is None:
                out.append(lines[i])
                i += 1
                continue
            end = next((j for j in range(i + 1, len(lines)) if self.END.match(lines[j])), None)
            if end is None:
                self.context.problem(
                    i + 1, f"Блок упражнения «{start.group(1)}» не закрыт строкой ///."
                )
                out.append(lines[i])
                i += 1
                continue
            html = self._drill_html(start.group(1), lines[i + 1 : end], i + 1)
            # Keep the line count: placeholder, then blank lines up to the closing ///.
            out.extend(["", self.md.htmlStash.store(html), *[""] * (end - i - 1)])
            i = end + 1
        return out

    def _drill_html(self, kind: str, body: list[str], line: int) -> str:
        """Marker comment for a good drill, an error box (with the problem recorded) otherwise."""
        context = self.context
        try:
            raw: Any = yaml.safe_load("\n".join(body)) if any(s.strip() for s in body) else {}
        except yaml.YAMLError as exc:
            at, problem = yaml_error_at(exc)
            return self._error(line + 1 + at, f"Параметры упражнения — не YAML: {problem}.")
        if context.build_drill is None:
            return self._error(line, "Упражнения здесь не поддерживаются.")
        if context.rules is not None and isinstance(raw, dict) and "rules" not in raw:
            raw = {**raw, "rules": context.rules}  # graded under the lesson's rule set
        try:
            drill = context.build_drill(kind, raw, context.line_offset + line)
        except DrillError as exc:
            return self._error(self._key_line(exc.key, body, line), exc.message)
        if drill.id in context.drills:
            return self._error(line, f"Упражнение с id «{drill.id}» в уроке уже есть.")
        context.drills[drill.id] = drill
        return f"<!--drill:{drill.id}-->"

    def _key_line(self, key: str | None, body: list[str], line: int) -> int:
        if key:
            pattern = re.compile(self.KEY_LINE.format(key=re.escape(key)))
            for n, text in enumerate(body, start=1):
                if pattern.match(text):
                    return line + n
        return line

    def _error(self, body_line: int, message: str) -> str:
        self.context.problem(body_line, message)
        problem = self.context.problems[-1]
        return f'<div class="lesson-problem" role="alert"><p>{escape(str(problem))}</p></div>'


class DrillBlockExtension(Extension):
    def __init__(self, context: RenderContext, **kwargs: Any) -> None:
        # Kept as an attribute: Markdown's config machinery would coerce None/objects to bool.
        self.context = context
        super().__init__(**kwargs)

    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 - Python-Markdown API
        # After normalize_whitespace (30); before everything that reads blocks.
        md.preprocessors.register(DrillBlockPreprocessor(md, self.context), "tempai_drills", 28)


def build_drills_only(body: str, context: RenderContext) -> None:
    """Build the drill blocks of ``body`` into ``context.drills``; nothing is rendered.

    The same two preprocessors as in a full render, in the same order, so
    the drills are the ones that render found; linear in the text's length.
    """
    md = Markdown(extensions=[DrillBlockExtension(context=context)])
    lines = body.split("\n")
    for name in ("normalize_whitespace", "tempai_drills"):
        lines = md.preprocessors[name].run(lines)
