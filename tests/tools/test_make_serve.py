"""``make serve`` builds the compiled engine first, and a failed build does not stop it.

The Makefile's ``serve-engine`` runs ``make native`` and, when that fails,
prints one Russian line and lets the server start on the Python modules.
These tests run make against a stand-in interpreter (a shell script that
fails or succeeds) and a stamp file in a temporary folder, so nothing is
compiled and the repository's own build is not touched.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent.parent
WARNING = "скомпилировать движок не удалось"

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")


def _make(tmp_path: Path, *args: str, exit_code: int) -> subprocess.CompletedProcess[str]:
    venv = tmp_path / "venv"
    venv.mkdir(exist_ok=True)
    for stamp in (".base", ".native"):  # the installs are done: only the build runs
        (venv / stamp).touch()
    python = tmp_path / "python"
    python.write_text(f"#!/bin/sh\necho \"python $*\" >&2\nexit {exit_code}\n", encoding="utf-8")
    python.chmod(0o755)
    command = ["make", "--no-print-directory", *args, f"VENV={venv}", f"PY={python}",
               f"NATIVE={tmp_path / 'SOURCES'}", "SECRET_KEY=test"]
    return subprocess.run(command, cwd=REPO, capture_output=True, text=True, timeout=60)


def test_a_failed_build_says_so_in_russian_and_serving_goes_on(tmp_path: Path) -> None:
    run = _make(tmp_path, "serve-engine", exit_code=1)
    assert "python tools/build_native.py" in run.stderr  # the build was tried
    assert run.returncode == 0
    assert WARNING in run.stderr and "make native" in run.stderr


def test_a_successful_build_is_quiet(tmp_path: Path) -> None:
    run = _make(tmp_path, "serve-engine", exit_code=0)
    assert run.returncode == 0 and "python tools/build_native.py" in run.stderr
    assert WARNING not in run.stderr


def test_serve_builds_the_engine_before_it_starts_the_server(tmp_path: Path) -> None:
    run = _make(tmp_path, "-n", "serve", exit_code=0)  # -n: print the commands, run none
    out = run.stdout
    assert run.returncode == 0
    assert out.index("tools/build_native.py") < out.index("gunicorn -c gunicorn.conf.py")
