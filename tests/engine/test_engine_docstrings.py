"""Every example in an engine module's docstrings holds (doctest, run on the Python modules).

Compiled modules (engine/__init__.py) show doctest no examples, so these run
in the Python pass of ``make test`` (``TEMPAI_ENGINE=python``) and are
skipped, with that reason, in the compiled one.
"""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

import engine

_PACKAGE = Path(engine.__file__).parent


def _module_name(path: Path) -> str:
    """``engine/shape/shanten/__init__.py`` -> ``engine.shape.shanten``."""
    parts = path.relative_to(_PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


WITH_EXAMPLES = sorted(
    _module_name(path)
    for path in _PACKAGE.rglob("*.py")
    if path.name != "__main__.py" and ">>> " in path.read_text(encoding="utf-8")
)


def test_the_modules_with_examples_are_found() -> None:
    expected = {"engine.scoring.score", "engine.shape.waits", "engine.batch", "engine.generate"}
    assert expected <= set(WITH_EXAMPLES)


@pytest.mark.skipif(engine.NATIVE, reason="compiled modules hide their docstring examples; "
                    "the Python pass of make test runs them")
@pytest.mark.parametrize("module", WITH_EXAMPLES)
def test_docstring_examples_hold(module: str) -> None:
    result = doctest.testmod(importlib.import_module(module))
    assert result.attempted > 0 and result.failed == 0
