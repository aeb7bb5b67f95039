"""A line diff of two versions of a lesson, as rows for an escaped HTML table.

Built with :mod:`difflib`; the template prints every line through Jinja's
autoescape, so nothing an instructor wrote reaches the page as HTML. Long
runs of unchanged lines are folded to :data:`CONTEXT` lines around each change.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass

CONTEXT = 3


@dataclass(frozen=True)
class Row:
    """One table row: ``kind`` is same | removed | added | fold (a run of unchanged lines)."""

    kind: str
    old: int | None
    new: int | None
    text: str


def diff_rows(old: str, new: str) -> list[Row]:
    """The changes from ``old`` to ``new``, with a little unchanged context around each."""
    a, b = old.split("\n"), new.split("\n")
    rows: list[Row] = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal":
            rows.extend(_folded(a, i1, i2, j1, first=not rows, last=i2 == len(a)))
            continue
        rows.extend(Row("removed", i + 1, None, a[i]) for i in range(i1, i2))
        rows.extend(Row("added", None, j + 1, b[j]) for j in range(j1, j2))
    return rows


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
