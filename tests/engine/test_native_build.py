"""The compiled engine is used only while it matches the sources (engine/__init__.py).

Each case runs a fresh interpreter on a copy of the package and of its build,
so that editing a module or asking for Python cannot disturb this process.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import engine

BUILD = Path(engine.NATIVE_BUILD)
# A core module, a sub-package's module, a sub-sub-package's module and a package
# with code in its __init__: each says whether it came from its .py file.
PROBED = (
    "engine.tiles", "engine.shape.waits", "engine.shape.shanten.exact", "engine.scoring.yaku",
)
PROBE = (
    "import engine, importlib; print(engine.NATIVE, "
    f"*(importlib.import_module(m).__file__.endswith('.py') for m in {PROBED}))"
)
COMPILED = ["True"] + ["False"] * len(PROBED)
INTERPRETED = ["False"] + ["True"] * len(PROBED)


def _copy(tmp_path: Path) -> Path:
    shutil.copytree(Path(engine.__file__).parent, tmp_path / "engine",
                    ignore=shutil.ignore_patterns("__pycache__"))
    if (BUILD / "engine" / engine.STAMP).exists():
        shutil.copytree(BUILD, tmp_path / "build" / "native")
    return tmp_path


def _probe(root: Path, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k != "TEMPAI_ENGINE"}
    return subprocess.run([sys.executable, "-c", PROBE], cwd=root, capture_output=True,
                          text=True, env={**clean, "PYTHONPATH": str(root), **env}, check=True)


needs_build = pytest.mark.skipif(
    not (BUILD / "engine" / engine.STAMP).exists(), reason="no compiled build (make native)"
)


@needs_build
def test_a_build_of_these_sources_is_used(tmp_path: Path) -> None:
    run = _probe(_copy(tmp_path))
    assert run.stdout.split() == COMPILED and run.stderr == ""


@needs_build
def test_an_interpreted_module_of_a_compiled_sub_package_is_found_in_the_build(
    tmp_path: Path,
) -> None:
    """A compiled package looks only in its build folder, so the build carries a copy."""
    root = _copy(tmp_path)
    names = [rel[:-3].replace("/", ".") for rel in engine.copied_modules()]
    assert names == ["generate.mix"]
    probe = ("import engine, importlib; print(engine.NATIVE, *(importlib.import_module("
             f"'engine.' + m).__file__ for m in {names}))")
    clean = {k: v for k, v in os.environ.items() if k != "TEMPAI_ENGINE"}
    run = subprocess.run([sys.executable, "-c", probe], cwd=root, capture_output=True, text=True,
                         env={**clean, "PYTHONPATH": str(root)}, check=True)
    native, *files = run.stdout.split()
    assert native == "True" and run.stderr == ""
    assert all(Path(f).is_relative_to(root / "build" / "native") and f.endswith(".py")
               for f in files), files


@needs_build
@pytest.mark.parametrize("edited", ["tiles.py", "shape/shanten/exact.py"])
def test_an_edited_module_falls_back_to_python_and_says_so(tmp_path: Path, edited: str) -> None:
    root = _copy(tmp_path)
    with open(root / "engine" / edited, "a", encoding="utf-8") as source:
        source.write("\n# edited after the build\n")
    run = _probe(root)
    assert run.stdout.split() == INTERPRETED
    assert "make native" in run.stderr


def test_python_can_be_asked_for(tmp_path: Path) -> None:
    run = _probe(_copy(tmp_path), TEMPAI_ENGINE="python")
    assert run.stdout.split() == INTERPRETED and run.stderr == ""


def test_without_a_build_the_python_modules_run_quietly(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    shutil.rmtree(root / "build", ignore_errors=True)
    run = _probe(root)
    assert run.stdout.split() == INTERPRETED and run.stderr == ""


def test_the_fingerprint_follows_every_compiled_module() -> None:
    names = [line.split()[0] for line in engine.sources_fingerprint().splitlines()[1:]]
    package = Path(engine.__file__).parent
    modules = sorted(p.relative_to(package).as_posix() for p in package.rglob("*.py"))
    copied = engine.copied_modules()
    assert names == [m for m in modules if m not in engine.PYTHON_ONLY or m in copied]
    assert "scoring/score.py" in names and "shape/shanten/__init__.py" in names
    assert "errors.py" not in names and "__init__.py" not in names
    assert "generate/mix.py" in names  # copied into the build: a change must rebuild it
    compiled = [Path(path).relative_to(package).as_posix() for path in engine.compiled_modules()]
    assert compiled == [n for n in names if n not in copied]  # make native builds the rest
