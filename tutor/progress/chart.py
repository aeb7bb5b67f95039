"""The accuracy chart of «Мой прогресс», drawn as SVG by the server (no JS library).

:func:`chart` turns an accuracy series (0.0–1.0 values, oldest first) into
coordinates, and :func:`svg` into the markup ``templates/progress/page.html``
puts in place: the axes, the polyline and the dots. Colours come from the
site's CSS, so the chart follows the light and dark themes and needs no style
attributes (CSP).

Why the markup is written here and not by a Jinja macro: a learner with
answers in every drill kind has a chart per kind, and the macro's call,
loops and per-number escaping made those charts cost as much as the rest of
the page (``benchmarks/history.py``: a long history's page was 2× an empty
one's). The numbers are formatted here, and only the title is escaped.

>>> c = chart((0.0, 1.0), width=100, height=50, pad=10)
>>> c.points
'10.0,40.0 90.0,10.0'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from markupsafe import Markup, escape


@dataclass(frozen=True)
class Chart:
    """Everything the template needs to draw one chart."""

    width: int
    height: int
    pad: int
    left: int
    points: str  # "x,y x,y …" for <polyline>
    dots: tuple[tuple[str, str], ...]  # (x, y), formatted to one decimal
    grid: tuple[tuple[float, int], ...]  # (y, percent) of the 0/50/100 % lines
    last: int  # the latest accuracy in percent

    @property
    def right(self) -> int:
        return self.width - self.pad


def chart(series: Sequence[float], *, width: int = 320, height: int = 120, pad: int = 12,
          left: int | None = None) -> Chart:
    """Coordinates for ``series``; a single value is drawn as a flat line.

    ``left`` is the room kept for the axis labels (default: ``pad``).
    """
    values = list(series) or [0.0]
    if len(values) == 1:
        values = values * 2
    left = pad if left is None else left
    inner_w, inner_h = width - left - pad, height - 2 * pad

    step = inner_w / (len(values) - 1)
    # formatted once here ("%.1f" rounds as round(x, 1) does): the page prints them as they are
    dots = tuple(zip([f"{left + i * step:.1f}" for i in range(len(values))],
                     [f"{pad + (1 - (0.0 if v < 0.0 else 1.0 if v > 1.0 else v)) * inner_h:.1f}"
                      for v in values], strict=True))
    grid = tuple((round(pad + (1 - p / 100) * inner_h, 1), p) for p in (100, 50, 0))
    return Chart(width, height, pad, left, " ".join([f"{x},{y}" for x, y in dots]), dots, grid,
                 round(values[-1] * 100))


def svg(c: Chart, title: str, small: bool = False) -> Markup:
    """The chart's SVG; ``small`` (a table cell): no axis labels and no dots."""
    label = escape(f"{title}: сейчас {c.last} %")
    parts = [f'<svg class="chart{" chart--small" if small else ""}" '
             f'viewBox="0 0 {c.width} {c.height}" width="{c.width}" height="{c.height}" '
             f'role="img" aria-label="{label}">\n  <title>{label}</title>']
    for y, percent in c.grid:
        parts.append(f'\n  <line class="chart__grid" x1="{c.left}" y1="{y}" x2="{c.right}" '
                     f'y2="{y}"/>')
        if not small:
            parts.append(f'<text class="chart__label" x="{c.left - 6}" y="{y + 4}" '
                         f'text-anchor="end">{percent}&nbsp;%</text>')
    parts.append(f'\n  <polyline class="chart__line" points="{c.points}"/>')
    if not small:
        parts.extend([f'<circle class="chart__dot" cx="{x}" cy="{y}" r="3"/>'
                      for x, y in c.dots])
    parts.append("\n</svg>")
    return Markup("".join(parts))
