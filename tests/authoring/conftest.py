"""Fixtures of the author tests: the guessing limits' clock, moved by the test."""

from __future__ import annotations

import pytest

from tutor.accounts import limits


@pytest.fixture
def later(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The guessing limits' clock, moved forward by appending seconds."""
    shift = [0.0]
    real = limits.clock
    monkeypatch.setattr(limits, "clock", lambda: real() + sum(shift))
    return shift
