"""Limits on the shape of a text from someone not trusted, counted before it is rendered.

Python-Markdown parses inline markup with loops in Python whose cost grows
with the marks and, for brackets and links left open, with their square:
«[a](https://e.x/» × 5 000 (80 kB) rendered in 18 s and 24 000 headings in
15 s. A studio lesson or an author's draft is first measured here — by
counting, in linear time — and a text over a limit is refused with a Russian
message naming the line, without rendering it. The same text gets the same
answer on any server, busy or quiet. A course lesson stays far below every
limit (it has at most ~210 marks and ~150 brackets).
"""

from __future__ import annotations

import re

MAX_LINE = 3_000  # characters in one line
MAX_BRACKETS = 1_000  # «[» in the whole text (links, glossary terms, footnotes)
MAX_LINKS = 300  # «](» in the whole text
MAX_DEPTH = 8  # nested quotes («>») and indents (four spaces each) at the start of a line
MAX_LINES = 2_500  # lines: each block costs the renderer about a quarter of a millisecond
MAX_CELLS = 3_000  # «|» in the whole text (table cells)
MAX_MARKS = 300  # inline marks («*», «_», «`», «[», «<», «&», «!») in one paragraph
MAX_ALL_MARKS = 2_000  # inline marks in the whole text (a course lesson has at most ~210)
_MARKS = re.compile(r"[*_`\[<&!]")
_PARAGRAPHS = re.compile(r"\n[ \t]*\n")


def text_shape(source: str) -> list[tuple[int, str]]:
    """(line, message) for each limit the text goes over (the first line that does)."""
    found: list[tuple[int, str]] = []
    for what, marker, most in (("квадратных скобок «[»", "[", MAX_BRACKETS),
                               ("ссылок", "](", MAX_LINKS),
                               ("ячеек таблиц (знаков «|»)", "|", MAX_CELLS),
                               ("строк", "\n", MAX_LINES)):
        count = source.count(marker)
        if count > most:
            found.append((1, f"В уроке слишком много {what}: {count}, можно не больше {most}. "
                             "Разделите урок на два."))
    marks = len(_MARKS.findall(source))
    if marks > MAX_ALL_MARKS:
        found.append((1, f"В уроке слишком много знаков разметки («*», «_», «`», «[», «<», "
                         f"«&», «!»): {marks}, можно не больше {MAX_ALL_MARKS}. "
                         "Разделите урок на два."))
    line = 1
    for paragraph in _PARAGRAPHS.split(source):
        marks = len(_MARKS.findall(paragraph))
        if marks > MAX_MARKS and not paragraph.lstrip().startswith(("```", "~~~", "///")):
            found.append((line, f"В абзаце слишком много знаков разметки («*», «_», «`», «[», "
                                f"«<», «&», «!»): {marks}, можно не больше {MAX_MARKS}. "
                                "Разбейте его на несколько абзацев."))
            break
        line += paragraph.count("\n") + 2
    for number, text in enumerate(source.split("\n"), 1):
        if len(text) > MAX_LINE:
            found.append((number, f"Строка длиннее {MAX_LINE} символов: разбейте её на абзацы."))
            break
        prefix = text[: len(text) - len(text.lstrip(" >\t"))]
        depth = prefix.count(">") + len(prefix.expandtabs(4).replace(">", "")) // 4
        if depth > MAX_DEPTH:
            found.append((number, "Слишком глубокая вложенность цитат или списков: больше "
                                  f"{MAX_DEPTH} уровней."))
            break
    return found
