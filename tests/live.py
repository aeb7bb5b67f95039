"""Helpers for tests that run the real server: benchmarks/loadkit.py, loaded by path.

(``benchmarks/`` is not a package and holds an ``engine.py`` script, so putting
it on ``sys.path`` would shadow the ``engine`` package; loading the one file
by path avoids that.)
"""

from __future__ import annotations

import importlib.util
import re
import shutil
import sys
from pathlib import Path
from types import ModuleType

import pytest

REPO = Path(__file__).resolve().parent.parent
FIXTURE_CONTENT = Path(__file__).parent / "fixtures" / "content"
VERDICT = re.compile(r'data-verdict="(correct|incorrect)"')

# The basics fixture's drills, each with one right and one wrong answer.
ANSWERS: dict[str, tuple[list[tuple[str, str]], list[tuple[str, str]]]] = {
    "nobetan": ([("tiles", "3m"), ("tiles", "6m")], [("tiles", "3m")]),
    "discard": ([("ron", "no"), ("kinds", "discard")], [("ron", "yes")]),
    "pinfu-ron": ([("fu", "30")], [("fu", "40")]),
    "set-size": ([("option", "3")], [("option", "1")]),
}


def loadkit() -> ModuleType:
    name = "tempai_loadkit"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, REPO / "benchmarks" / "loadkit.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


def need_gunicorn() -> None:
    if not loadkit().GUNICORN.exists():
        pytest.skip("gunicorn is not installed in this venv (pip install -e .)")


def copy_content(target: Path) -> Path:
    shutil.copytree(FIXTURE_CONTENT, target)
    return target
