"""Every example in a ``tutor/`` module's docstrings holds (doctest).

The engine's examples run in tests/engine/test_engine_docstrings.py; the site's
had no runner, and one of them named a tier that no longer exists.
"""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

import tutor

_PACKAGE = Path(tutor.__file__).parent


def _module_name(path: Path) -> str:
    parts = path.relative_to(_PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


WITH_EXAMPLES = sorted(
    _module_name(path) for path in _PACKAGE.rglob("*.py")
    if ">>> " in path.read_text(encoding="utf-8")
)


def test_the_modules_with_examples_are_found() -> None:
    assert "tutor.drills.danger" in WITH_EXAMPLES


@pytest.mark.parametrize("name", WITH_EXAMPLES)
def test_examples_hold(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"{name}: examples not found"
    assert result.failed == 0, f"{name}: {result.failed} of {result.attempted} examples fail"
