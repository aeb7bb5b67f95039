"""Helpers for tests that run the real server: benchmarks/loadkit.py, loaded by path.

(``benchmarks/`` is not a package and holds an ``engine.py`` script, so putting
it on ``sys.path`` would shadow the ``engine`` package; loading the one file
by path avoids that.)
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import sys
from pathlib import Path
from types import ModuleType

import pytest

REPO = Path(__file__).resolve().parent.parent.parent
BENCHMARKS = REPO / "benchmarks"
FIXTURE_CONTENT = REPO / "tests" / "fixtures" / "content"
VERDICT = re.compile(r'data-verdict="(correct|incorrect)"')



def suite_deadline() -> dict[str, str]:
    """The suite's database deadline (tests/conftest.py), for a gunicorn sharing PostgreSQL.

    ``loadkit.start_server`` drops ``FLASK_`` variables (a benchmark measures
    production's settings), so a test whose servers share the suite's busy
    PostgreSQL passes this on.
    """
    return {"FLASK_DATABASE_DEADLINE_SECONDS": os.environ["FLASK_DATABASE_DEADLINE_SECONDS"]}


# The basics fixture's drills, each with one right and one wrong answer.
ANSWERS: dict[str, tuple[list[tuple[str, str]], list[tuple[str, str]]]] = {
    "nobetan": ([("tiles", "3m"), ("tiles", "6m")], [("tiles", "3m")]),
    "discard": ([("ron", "no"), ("kinds", "discard")], [("ron", "yes")]),
    "pinfu-ron": ([("fu", "30")], [("fu", "40")]),
    "set-size": ([("option", "3")], [("option", "1")]),
}


def benchmark(filename: str) -> ModuleType:
    """``benchmarks/<filename>``, loaded once by path as ``tempai_<stem>``.

    Leaves ``sys.path`` as it was: ``load.py`` puts its own folder first, where
    ``benchmarks/engine.py`` would shadow the ``engine`` package for every
    later import, and the helpers it imports by their plain names go too.
    """
    name = "tempai_" + Path(filename).stem
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, BENCHMARKS / filename)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        path, modules = list(sys.path), set(sys.modules)
        sys.modules[name] = module  # dataclasses look their module up there
        try:
            spec.loader.exec_module(module)
        except BaseException:
            del sys.modules[name]
            raise
        finally:
            sys.path[:] = path
            for added in set(sys.modules) - modules - {name}:
                if Path(getattr(sys.modules[added], "__file__", None) or "/").parent == BENCHMARKS:
                    del sys.modules[added]
    return sys.modules[name]


def loadkit() -> ModuleType:
    return benchmark("loadkit.py")


def need_gunicorn() -> None:
    if not loadkit().GUNICORN.exists():
        pytest.skip("gunicorn is not installed in this venv (pip install -e .)")


def copy_content(target: Path) -> Path:
    shutil.copytree(FIXTURE_CONTENT, target)
    return target
