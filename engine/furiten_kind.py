"""The three kinds of furiten, as a plain enum.

It lives apart from :mod:`engine.furiten` so that :mod:`engine.messages` can
name the kinds without importing the furiten logic (which itself reads its
error texts from the message module).
"""

from __future__ import annotations

from enum import Enum


class FuritenKind(Enum):
    """Why ron is forbidden (seed 000; docs/rulesets.md, rows «Furiten», «Riichi furiten»)."""

    DISCARD = "discard"  # a wait is in the own discard pond: permanent while the wait stays
    TEMPORARY = "temporary"  # a winning tile was passed since the own last draw
    RIICHI = "riichi"  # a winning tile was passed after riichi: lasts the whole hand
