"""Where a request's CPU goes under gunicorn: inside the site, or in the server around it.

``load.py --app-cpu`` serves the site through :class:`TimedApp` (gunicorn
loads ``app_cpu:build()``): each request's thread CPU time
(``time.thread_time``) from the call of the WSGI app until its body has been
produced is added to a total per kind of request — ``healthz``, ``POST``
(drill and practice answers), ``GET`` (pages). A thread in each worker
writes the totals to ``$TEMPAI_APP_CPU_DIR/cpu.<pid>.json`` ten times a
second, and ``load.py`` subtracts the totals from before and after each
phase. Set beside the server CPU ``load.py`` already reads from ``/proc``,
this tells the site's own work apart from gunicorn's (parsing, the poller,
the sockets): that is how we found that each ``stat`` of a lesson file
cost more under gunicorn's threads than in process.

Measurement only: the wrapper joins each body before returning it, so it is
never used to serve learners.
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

KINDS = ("healthz", "POST", "GET")
DUMP_EVERY = 0.1  # seconds between two writes of a worker's totals


def kind_of(environ: dict[str, Any]) -> str:
    if environ.get("PATH_INFO") == "/healthz":
        return "healthz"
    return "POST" if environ.get("REQUEST_METHOD") == "POST" else "GET"


class TimedApp:
    """WSGI middleware: sum the thread CPU of each request by :func:`kind_of`."""

    def __init__(self, app: Callable[..., Iterable[bytes]], folder: Path) -> None:
        self.app, self.folder = app, folder
        self.totals: dict[str, list[float]] = {kind: [0, 0.0] for kind in KINDS}
        self._lock = threading.Lock()
        self._writer: threading.Thread | None = None

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> list[bytes]:
        if self._writer is None:  # first request of this worker (after gunicorn's fork)
            self._writer = threading.Thread(target=self._write_often, daemon=True)
            self._writer.start()
        started = time.thread_time()
        body = self.app(environ, start_response)
        try:
            data = b"".join(body)
        finally:
            close = getattr(body, "close", None)
            if close is not None:
                close()
        spent = time.thread_time() - started
        with self._lock:
            total = self.totals[kind_of(environ)]
            total[0] += 1
            total[1] += spent
        return [data]

    def write(self) -> None:
        """This process's totals to ``cpu.<pid>.json`` (replaced whole, never half-written)."""
        with self._lock:
            text = json.dumps(self.totals)
        path = self.folder / f"cpu.{os.getpid()}.json"
        partial = path.with_suffix(".tmp")
        partial.write_text(text)
        os.replace(partial, path)

    def _write_often(self) -> None:
        while True:
            time.sleep(DUMP_EVERY)
            try:
                self.write()
            except OSError:  # the folder is gone: load.py has finished
                return


def build() -> TimedApp:
    """``wsgi:app`` with the site's middleware, wrapped (gunicorn: ``app_cpu:build()``)."""
    from wsgi import app

    folder = Path(os.environ["TEMPAI_APP_CPU_DIR"])
    folder.mkdir(parents=True, exist_ok=True)
    return TimedApp(app, folder)


def read_totals(folder: Path) -> dict[str, tuple[int, float]]:
    """Every worker's totals so far, summed: kind -> (requests, CPU seconds)."""
    summed = {kind: [0, 0.0] for kind in KINDS}
    for path in folder.glob("cpu.*.json"):
        try:
            totals = json.loads(path.read_text())
        except (OSError, ValueError):
            continue  # a worker that just started; its next write counts
        for kind in KINDS:
            count, seconds = totals.get(kind, (0, 0.0))
            summed[kind][0] += int(count)
            summed[kind][1] += float(seconds)
    return {kind: (int(c), s) for kind, (c, s) in summed.items()}
