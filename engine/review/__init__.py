"""The review of a played game: the decisions of one seat that cost something.

:func:`review_decisions` judges the decisions
:func:`engine.table.decision.decisions` finds, category by category
(efficiency, defence, missed win, furiten, no yaku, noten, all-last; one
module each), by measures stated as data in :mod:`engine.review.thresholds`.
The Russian wording is in :mod:`engine.text.review`.
"""
