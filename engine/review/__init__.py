"""The review of a played game: the decisions of one seat that cost something.

:func:`engine.review.run.review` judges the decisions
:func:`engine.table.decision.decisions` finds in a game log, category by category
(efficiency, defence, missed win, furiten, no yaku, noten, all-last; one
module each), by measures stated as data in :mod:`engine.review.thresholds`.
The Russian wording is in :mod:`engine.text.review`.
"""

from engine.review.flags import CATEGORIES, LESSONS, Flag, Review, summary_text
from engine.review.run import review, review_decisions
from engine.review.thresholds import THRESHOLDS, threshold_lines

__all__ = [
    "CATEGORIES", "LESSONS", "THRESHOLDS", "Flag", "Review", "review", "review_decisions",
    "summary_text", "threshold_lines",
]
