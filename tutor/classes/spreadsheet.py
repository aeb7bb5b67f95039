"""The dashboard as a CSV a Russian Excel opens as a table.

Excel in a Russian locale splits columns at ``;`` (the comma is the decimal
separator there) and reads UTF-8 only after a byte-order mark, so the file is
``;``-separated with the BOM. One row per learner, one column per drill kind
and one per assignment. Every text cell goes through :func:`cell`: a learner's
name, an assignment's title or a rule's label that starts like a formula
(``=``, ``+``, ``-``, ``@``, tab, carriage return) gets a leading apostrophe,
so a spreadsheet shows it and never runs it. Accuracy counts first attempts
(«почти» as half) with the later right answers beside («+2 со 2-й попытки»).
"""

from __future__ import annotations

import csv
import io

from tutor.accounts.zones import moment_text
from tutor.classes.dashboard import Dashboard
from tutor.classes.work import rule_label
from tutor.drills import kinds
from tutor.storage.aggregates import ALL

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def cell(text: str) -> str:
    """A spreadsheet never runs a cell as a formula."""
    return "'" + text if text.startswith(FORMULA_START) else text


def _percent(pair: tuple[float, int], later: int = 0) -> str:
    """First attempts' score in per cent («почти» as half), the later right answers beside."""
    right, total = pair
    shown = f"{round(100 * right / total)}%" if total else "—"
    return f"{shown} (+{later} со 2-й попытки)" if later else shown


def table(board: Dashboard, zone_name: str) -> str:
    """The whole file as text, BOM first; times in the class's zone."""
    registry = kinds()
    kind_names = sorted({k for row in board.rows for k in row.kinds})
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";", lineterminator="\r\n")
    header = ["ученик", "логин", "сделано заданий", "точность", "последний ответ",
              "чаще всего упускает",
              *(registry[k].title if k in registry else k for k in kind_names),
              *(w.title + (f" ({w.due})" if w.due else "") for w in board.works)]
    writer.writerow([cell(text) for text in header])
    for row in board.rows:
        rules = ", ".join(f"{rule_label(r)} ({n})" for r, n in row.top_rules())
        last = moment_text(row.last, zone_name) if row.last else ""
        values = [row.member.display_name, row.member.login,
                  f"{row.done} из {len(board.works)}",
                  _percent(row.overall, row.later.get(ALL, 0)), last, rules,
                  *(_percent(row.kinds.get(k, (0, 0)), row.later.get(k, 0)) for k in kind_names),
                  *(c.text for c in row.cells)]
        writer.writerow([cell(text) for text in values])
    return "\ufeff" + out.getvalue()
