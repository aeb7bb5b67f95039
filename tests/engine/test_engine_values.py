"""Value classes whose ``__init__`` is written out (engine/__init__.py) still set every field.

A field added to one of these dataclasses must also be added to its
hand-written ``__init__``; this catches the one that was forgotten. It runs
in the Python pass of ``make test``: compiled, the ``__init__`` also checks
each argument's type, so the marker objects used here would be refused.
"""

from __future__ import annotations

from dataclasses import fields

import pytest

import engine
from engine.scoring.fu import FuResult
from engine.scoring.points import Payments
from engine.scoring.score import ScoreResult
from engine.shape.blocks import Arrangement, Decomposition

WRITTEN_OUT = (ScoreResult, Payments, FuResult, Decomposition, Arrangement)
pytestmark = pytest.mark.skipif(engine.NATIVE, reason="compiled __init__ checks argument types; "
                                "the Python pass of make test runs these")


@pytest.mark.parametrize("cls", WRITTEN_OUT, ids=lambda c: c.__name__)
def test_each_field_is_set_from_its_own_argument(cls: type) -> None:
    values = {f.name: object() for f in fields(cls) if f.init}
    made = cls(**values)
    for f in fields(cls):
        if f.init:
            assert getattr(made, f.name) is values[f.name], f.name
        else:  # kept explanations and caches start empty
            assert getattr(made, f.name) is None, f.name


@pytest.mark.parametrize("cls", WRITTEN_OUT, ids=lambda c: c.__name__)
def test_equal_arguments_make_equal_values(cls: type) -> None:
    values = {f.name: f.name for f in fields(cls) if f.init}
    assert cls(**values) == cls(**values)
