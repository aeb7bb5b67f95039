"""A line diff of two versions of a lesson, as rows for an escaped HTML table.

Built with :mod:`difflib`; the template prints every line through Jinja's
autoescape, so nothing an instructor wrote reaches the page as HTML. Long
runs of unchanged lines are folded to :data:`CONTEXT` lines around each change.

Bounded work: :class:`difflib.SequenceMatcher` grows with the product of the
two texts' lines (two versions of 49 000 lines held a worker for 255 s), so
the common first and last lines are matched in linear time, and the middle is
matched line by line only while its two sides multiply to at most
:data:`MAX_PAIRS`; past that it is shown as removed and added whole. At most
:data:`MAX_ROWS` rows are shown (a ``cut`` row says how many more).
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass

CONTEXT = 3
MAX_PAIRS = 100_000  # lines of the old middle × lines of the new, matched line by line
MAX_ROWS = 2_000  # rows shown (a version's page stays small)


@dataclass(frozen=True)
class Row:
    """One table row: ``kind`` is same | removed | added | fold (a run of unchanged lines)
    or cut (``text`` more rows not shown)."""

    kind: str
    old: int | None
    new: int | None
    text: str


def diff_rows(old: str, new: str) -> list[Row]:
    """The changes from ``old`` to ``new``, with a little unchanged context around each."""
    a, b = old.split("\n"), new.split("\n")
    rows: list[Row] = []
    for tag, i1, i2, j1, j2 in _opcodes(a, b):
        if tag == "equal":
            rows.extend(_folded(a, i1, i2, j1, first=not rows, last=i2 == len(a)))
            continue
        rows.extend(Row("removed", i + 1, None, a[i]) for i in range(i1, i2))
        rows.extend(Row("added", None, j + 1, b[j]) for j in range(j1, j2))
        if len(rows) > MAX_ROWS:
            break
    if len(rows) > MAX_ROWS:
        rows = [*rows[:MAX_ROWS], Row("cut", None, None, "")]
    return rows


Opcode = tuple[str, int, int, int, int]


def _opcodes(a: list[str], b: list[str]) -> list[Opcode]:
    """difflib's opcodes, in bounded work: common ends first, a bounded middle."""
    head = 0
    while head < min(len(a), len(b)) and a[head] == b[head]:
        head += 1
    tail = 0
    while tail < min(len(a), len(b)) - head and a[-1 - tail] == b[-1 - tail]:
        tail += 1
    a_end, b_end = len(a) - tail, len(b) - tail
    codes: list[Opcode] = [("equal", 0, head, 0, head)] if head else []
    if (a_end - head) * (b_end - head) <= MAX_PAIRS:
        matcher = difflib.SequenceMatcher(None, a[head:a_end], b[head:b_end], autojunk=False)
        codes += [(tag, i1 + head, i2 + head, j1 + head, j2 + head)
                  for tag, i1, i2, j1, j2 in matcher.get_opcodes()]
    else:
        codes.append(("replace", head, a_end, head, b_end))
    if tail:
        codes.append(("equal", a_end, len(a), b_end, len(b)))
    return codes


def _folded(a: list[str], i1: int, i2: int, j1: int, first: bool, last: bool) -> list[Row]:
    """Unchanged lines i1..i2: all when few, else the context next to the changes."""
    same = [Row("same", i + 1, j1 + (i - i1) + 1, a[i]) for i in range(i1, i2)]
    head = [] if first else same[:CONTEXT]
    tail = [] if last else same[-CONTEXT:] if CONTEXT else []
    if len(same) <= len(head) + len(tail) + 1:
        return same
    hidden = len(same) - len(head) - len(tail)
    return [*head, Row("fold", None, None, str(hidden)), *tail]


def changed(rows: list[Row]) -> bool:
    return any(row.kind in ("removed", "added") for row in rows)
