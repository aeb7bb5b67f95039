"""The per-kind rows of «Мой прогресс», rendered once per aggregate row and remembered.

Profiling ``benchmarks/history.py`` showed where a learner with answers paid
against a fresh one: not in the database (the aggregates are a bounded read)
but in drawing a row and a small chart for each drill kind — the series,
the coordinates, a Jinja macro and the escaping of every number, about
0.1 ms a row, 2 ms for the twenty kinds of a learner who has tried them all.

A row is a pure function of its aggregate (:class:`KindTotals`: totals,
streak and the kept marks) and the kind's title, so it is rendered in Python
and memoised on exactly those values: an answer changes one kind's
aggregate, that row is drawn again on the next visit, the others are
reused. Nothing can go stale (the key is the data itself), no invalidation
is needed, and memory is bounded (:data:`ROWS_KEPT` rows of about 1 KB per
process). The cost of the page still does not depend on the history: at most
one row per drill kind, each at most ``aggregates.MARKS`` marks.
"""

from __future__ import annotations

from functools import lru_cache

from markupsafe import Markup, escape

from tutor.progress.chart import chart, svg
from tutor.storage.progress import KindTotals
from tutor.storage.stats import totals_stats

ROWS_KEPT = 4096


def percent(part: float, whole: int) -> str:
    """«67&nbsp;%», rounded as the template's ``round`` filter does."""
    return f"{int(round(100 * part / whole)) if whole else 0}&nbsp;%"


def score_text(score: float) -> str:
    """A first-attempt score as Russian writes it: «3», «3,5» (a «почти» counts half)."""
    return f"{score:.1f}".replace(".", ",") if score % 1 else str(int(score))


@lru_cache(maxsize=ROWS_KEPT)
def kind_row(totals: KindTotals, title: str) -> Markup:
    """The ``<tr>`` of one drill kind: first-attempt totals («почти» as half) and the right
    answers on a later attempt beside them, recent accuracy, streak and its small chart."""
    stats = totals_stats(totals)
    kind, name = escape(stats.kind), escape(title)
    later = (f'<br><span class="hint" data-later="{totals.later}">со 2-й попытки: '
             f'{totals.later}</span>' if totals.later else "")
    return Markup(
        f'\n        <tr data-kind="{kind}" data-total="{stats.total}" '
        f'data-correct="{stats.correct}">\n'
        f'          <th scope="row">{name}</th>\n'
        f'          <td class="num" data-label="Ответов">{stats.total}</td>\n'
        f'          <td class="num" data-label="Верно с 1-й попытки">'
        f'{score_text(totals.score)} ({percent(totals.score, stats.total)})'
        f'{later}</td>\n'
        f'          <td class="num" data-label="Последние 20">{stats.recent_correct} из '
        f'{stats.recent_total}</td>\n'
        f'          <td class="num" data-label="Серия">{stats.streak}</td>\n'
        f'          <td data-label="Динамика">{svg(chart(stats.series), title, small=True)}</td>\n'
        f'        </tr>')


@lru_cache(maxsize=ROWS_KEPT)
def overall_chart(totals: KindTotals) -> Markup:
    """The big chart of every answer together (room on the left for the axis labels)."""
    series = totals_stats(totals).series
    return svg(chart(series, width=560, height=170, left=46), "Точность по последним 20 ответам")
