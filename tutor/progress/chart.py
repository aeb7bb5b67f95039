"""The accuracy chart of «Мой прогресс», drawn as SVG by the server (no JS library).

:func:`chart` turns an accuracy series (0.0–1.0 values, oldest first) into
coordinates for ``templates/progress/page.html``, which draws the axes, the
polyline and the dots; colours come from the site's CSS, so the chart follows
the light and dark themes and needs no style attributes (CSP).

>>> c = chart((0.0, 1.0), width=100, height=50, pad=10)
>>> c.points
'10.0,40.0 90.0,10.0'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Chart:
    """Everything the template needs to draw one chart."""

    width: int
    height: int
    pad: int
    left: int
    points: str  # "x,y x,y …" for <polyline>
    dots: tuple[tuple[float, float], ...]
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

    def y_of(value: float) -> float:
        return round(pad + (1 - max(0.0, min(1.0, value))) * inner_h, 1)

    step = inner_w / (len(values) - 1)
    dots = tuple((round(left + i * step, 1), y_of(v)) for i, v in enumerate(values))
    grid = tuple((y_of(p / 100), p) for p in (100, 50, 0))
    return Chart(width, height, pad, left, " ".join(f"{x},{y}" for x, y in dots), dots, grid,
                 round(values[-1] * 100))
