"""Which discards against a riichi count as right: the safest tile, and those close to it.

One grading of danger for every kind that asks «what is safe?» — «Самый
безопасный сброс» (:mod:`tutor.drills.kind.safety`) and a defence position
of a reviewed game (:mod:`tutor.drills.kind.position`). Dangers are the
engine's deal-in chances in points (:func:`engine.table.safety.hand_safety`),
compared as the learner reads them: to one decimal.

>>> from engine.table.safety import SafetyTier, TileSafety
>>> ranked = [TileSafety(0, SafetyTier.GENBUTSU, "", 0.0),
...           TileSafety(5, SafetyTier.SUJI_37, "", 1.7),
...           TileSafety(13, SafetyTier.OPEN_456, "", 9.1)]
>>> graded_dangers(ranked)
(frozenset({0}), frozenset({5}))
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.table.safety import TileSafety
from engine.tiles import Tile

RIGHT_WITHIN = 0.5  # points of deal-in chance: closer than that is the same choice
NEAR_WITHIN = 2.0  # «почти»: a reasonable tile, a little more dangerous


def danger_text(danger: float) -> str:
    """«2,6 %»: a deal-in chance as the learner reads it (one decimal, a decimal comma).

    >>> danger_text(2.56)
    '2,6 %'
    """
    return f"{round(danger, 1):.1f}".replace(".", ",") + " %"


def gap(ranked: Sequence[TileSafety], tile: Tile) -> float:
    """Points of deal-in chance of ``tile`` above the safest (one decimal, as shown)."""
    least = round(min(s.danger for s in ranked), 1)
    mine = next(s for s in ranked if s.tile == tile)
    return round(round(mine.danger, 1) - least, 1)


def graded_dangers(ranked: Sequence[TileSafety]) -> tuple[frozenset[Tile], frozenset[Tile]]:
    """(right, «почти»): within :data:`RIGHT_WITHIN` of the safest; within :data:`NEAR_WITHIN`."""
    gaps = {s.tile: gap(ranked, s.tile) for s in ranked}
    right = frozenset(t for t, g in gaps.items() if g <= RIGHT_WITHIN)
    near = frozenset(t for t, g in gaps.items() if RIGHT_WITHIN < g <= NEAR_WITHIN)
    return right, near
