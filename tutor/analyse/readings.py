"""Every reading of a winning hand with its own value, not only the best one.

:func:`engine.scoring.score.score_hand` compares all readings and returns the one that
pays most; the analyser shows them all, the best one marked, so a learner sees
*why* the engine chose it. The values come from
:func:`engine.scoring.score.score_readings` (``tests/test_analyser.py`` checks the
list against ``score_hand``).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.hand import Hand
from engine.rules.sets import Ruleset
from engine.scoring import score
from engine.scoring.score import ScoreResult, WinSituation
from tutor.drills.explain import ReadingView, reading


@dataclass(frozen=True)
class ReadingScore:
    """One reading: how it is drawn, its value (``None``: no yaku in it), best or not."""

    view: ReadingView
    result: ScoreResult | None
    best: bool = False


def score_readings(
    hand: Hand, win: int, situation: WinSituation, rules: Ruleset, best: ScoreResult | None
) -> list[ReadingScore]:
    """All distinct readings of a complete hand, each with its value; the best one marked."""
    scored = [(reading(a), r) for a, r in score.score_readings(hand, win, situation, rules)]
    best_view = reading(best.arrangement) if best is not None else None
    out: dict[ReadingView, ScoreResult | None] = {}
    for view, result in scored:
        if view not in out or _rank(result) > _rank(out[view]):
            out[view] = result
    return [ReadingScore(view, result, view == best_view) for view, result in out.items()]


def _rank(result: ScoreResult | None) -> tuple[int, int, int]:
    return (-1, 0, 0) if result is None else (result.points, result.han, result.fu)
