"""``load.py --app-cpu``: the site's own CPU per request, apart from gunicorn's."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from types import ModuleType
from typing import Any

from tests.support.live import benchmark


def _app_cpu() -> ModuleType:
    return benchmark("app_cpu.py")


def _site(environ: dict[str, Any], start_response: Any) -> list[bytes]:
    """Stands for the site: a POST works for a while, everything answers its path."""
    if environ["REQUEST_METHOD"] == "POST":
        deadline = time.thread_time() + 0.02
        while time.thread_time() < deadline:
            pass
    start_response("200 OK", [("Content-Type", "text/plain")])
    return [b"path=", environ["PATH_INFO"].encode()]


def _call(app: Any, method: str, path: str) -> bytes:
    seen: list[str] = []
    body = app({"REQUEST_METHOD": method, "PATH_INFO": path},
               lambda status, headers, exc_info=None: seen.append(status))
    assert seen == ["200 OK"]
    return b"".join(body)


def test_cpu_is_summed_per_kind_of_request_and_bodies_pass_through(tmp_path: Path) -> None:
    app_cpu = _app_cpu()
    timed = app_cpu.TimedApp(_site, tmp_path)
    assert _call(timed, "GET", "/healthz") == b"path=/healthz"
    assert _call(timed, "POST", "/lessons/basics/drills/a") == b"path=/lessons/basics/drills/a"
    assert _call(timed, "GET", "/lessons/basics") == b"path=/lessons/basics"
    assert _call(timed, "POST", "/practice/waits/1") == b"path=/practice/waits/1"
    assert [timed.totals[kind][0] for kind in app_cpu.KINDS] == [1, 2, 1]
    assert timed.totals["POST"][1] >= 0.04 > timed.totals["GET"][1]


def test_totals_are_written_per_worker_and_summed(tmp_path: Path) -> None:
    app_cpu = _app_cpu()
    timed = app_cpu.TimedApp(_site, tmp_path)
    _call(timed, "POST", "/x")
    timed.write()
    assert json.loads((tmp_path / f"cpu.{os.getpid()}.json").read_text())["POST"][0] == 1
    other = {"healthz": [10, 0.5], "POST": [3, 0.25], "GET": [0, 0.0]}
    (tmp_path / "cpu.1.json").write_text(json.dumps(other))  # another worker
    (tmp_path / "cpu.2.json").write_text('{"POST": [1')  # caught mid-write: skipped
    totals = app_cpu.read_totals(tmp_path)
    assert totals["healthz"] == (10, 0.5) and totals["GET"] == (0, 0.0)
    assert totals["POST"][0] == 4 and totals["POST"][1] >= 0.25 + 0.02
