"""The value of one winning hand: situation, yaku, fu, dora and points.

:mod:`engine.scoring.score` is the entry (``score_hand``); the other modules
are its parts. It reads hands through :mod:`engine.shape` and the rule set
through :mod:`engine.rules.sets`.
"""
