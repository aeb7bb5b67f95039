"""Every practice kind has a Russian line for every level, kept in the engine's text layer.

The practice page shows :func:`engine.generate.level_hints` beside each level's
link; the lines live in :mod:`engine.text.levels`, never restated by the site.
"""

from __future__ import annotations

import pytest

from engine.errors import HandError
from engine.generate import KINDS, LEVELS, level_hints
from engine.text.levels import LEVEL_HINTS


def test_every_kind_has_a_line_for_every_level() -> None:
    assert set(LEVEL_HINTS) == set(KINDS)
    assert {kind: sorted(level_hints(kind)) for kind in KINDS} == {
        kind: sorted(LEVELS) for kind in KINDS
    }


def test_the_lines_are_russian_and_distinct_within_a_kind() -> None:
    for kind in KINDS:
        hints = list(level_hints(kind).values())
        assert all(h.strip() and any("а" <= c <= "я" for c in h.lower()) for h in hints), kind
        assert len(set(hints)) == len(hints), kind


def test_an_unknown_kind_is_a_hand_error() -> None:
    with pytest.raises(HandError, match="Нет тренировки"):
        level_hints("bogus")


def test_the_caller_cannot_change_the_table() -> None:
    level_hints("waits")["novice"] = "x"
    assert LEVEL_HINTS["waits"]["novice"] != "x"
