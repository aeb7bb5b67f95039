"""Profile one drill answer in process: where a grading request's server CPU goes.

Builds the app exactly as ``wsgi.py`` does (JSON logging to a file, a
throw-away SQLite database, a random SECRET_KEY), opens one lesson page for
the cookies and the CSRF token, then calls the WSGI app directly with
prepared htmx POSTs — as gunicorn would, minus the socket — and reports the
mean time per answer and per ``/healthz``. With ``--profile`` it also prints
the cProfile of the answers (cumulative time per function).

    .venv/bin/python benchmarks/answer_profile.py                 # timings
    .venv/bin/python benchmarks/answer_profile.py --profile 40    # + top 40 functions
    .venv/bin/python benchmarks/answer_profile.py --variants 3    # 3 answers per drill, in turn
    .venv/bin/python benchmarks/answer_profile.py --variants 150  # answers mostly new

By default each drill gets the same answer again and again (the site then
serves the kept feedback); ``--variants 3`` answers it three ways in turn, as
each ``load.py`` learner does; ``--variants 150`` fills each drill's form 150
ways, as ``load.py``'s 50 learners together do, so in a run of a few thousand
answers most are new to the feedback cache.

Timings on a busy machine wander by ±15 %; ``--callgrind`` counts executed
instructions instead (deterministic, ~50× slower), per answer and per /healthz:

    .venv/bin/python benchmarks/answer_profile.py --callgrind --count 300

``--without PIECE`` measures what one speed-up kept in the site is worth: the
rounds alternate between the site as it is and the site with that piece
switched off in this process (``cookie-memo``: every signed cookie's signature
is checked again; ``sqlite-writer``: answers go through SQLAlchemy like every
other statement), and the best round of each is printed:

    .venv/bin/python benchmarks/answer_profile.py --variants 3 --rounds 6 --without cookie-memo
"""

from __future__ import annotations

import argparse
import atexit
import cProfile
import io
import logging
import os
import pstats
import random
import re
import secrets
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
# loadkit; appended, so the repo's engine package wins over benchmarks/engine.py
sys.path.append(str(Path(__file__).resolve().parent))

from loadkit import fill, page_forms  # noqa: E402


def build_app(scratch: Path) -> Any:
    """``wsgi:app`` with the production settings, logging JSON lines to a scratch file."""
    os.environ["SECRET_KEY"] = secrets.token_hex(32)
    os.environ["DATABASE_URL"] = f"sqlite:///{scratch / 'progress.sqlite3'}"
    # One learner here answers thousands of times in a minute, far beyond the hourly
    # budget of stored answers (tutor/storage/budget.py); every answer must still be stored.
    os.environ["FLASK_ANSWERS_PER_HOUR"] = str(10**9)
    # The committed course, so lessons being edited in the checkout cannot change under the run.
    if (REPO / ".git").exists():
        archive = subprocess.run(["git", "archive", "HEAD", "content/ru"], cwd=REPO,
                                 capture_output=True, check=True).stdout
        tarfile.open(fileobj=io.BytesIO(archive)).extractall(scratch, filter="data")
        os.environ["FLASK_CONTENT_DIR"] = str(scratch / "content" / "ru")
    from tutor.web.logs import configure_logging

    configure_logging(stream=open(scratch / "server.log", "a", buffering=1))  # noqa: SIM115
    import wsgi

    return wsgi.app


def call(app: Any, method: str, path: str, headers: dict[str, str],
         body: bytes = b"") -> tuple[str, list[tuple[str, str]], bytes]:
    """One request through the whole WSGI stack (middleware included)."""
    environ = {
        "REQUEST_METHOD": method, "PATH_INFO": path, "QUERY_STRING": "", "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "8000", "SERVER_PROTOCOL": "HTTP/1.1", "REMOTE_ADDR": "127.0.0.1",
        "wsgi.url_scheme": "http", "wsgi.input": io.BytesIO(body), "wsgi.errors": sys.stderr,
        "wsgi.multithread": True, "wsgi.multiprocess": True, "wsgi.run_once": False,
        "wsgi.version": (1, 0), "HTTP_HOST": "127.0.0.1:8000",
        "CONTENT_LENGTH": str(len(body)) if body else "",
    }
    if body:
        environ["CONTENT_TYPE"] = "application/x-www-form-urlencoded"
    for name, value in headers.items():
        environ["HTTP_" + name.upper().replace("-", "_")] = value
    seen: dict[str, Any] = {}

    def start_response(status: str, response_headers: list[tuple[str, str]],
                       exc_info: Any = None) -> Callable[[bytes], None]:
        seen["status"], seen["headers"] = status, response_headers
        return lambda _data: None

    result = app(environ, start_response)
    try:
        data = b"".join(result)
    finally:
        close = getattr(result, "close", None)
        if close:
            close()
    return seen["status"], seen["headers"], data


Forms = list[tuple[str, list[list[tuple[str, str]]]]]


def prepare(app: Any, lesson: str, variants: int = 1) -> tuple[dict[str, str], Forms]:
    """Cookies and CSRF token from a lesson page, and the bodies of drill answers.

    ``lesson`` is a path, or ``all`` for every drill of the course (as load.py answers).
    ``variants``: answers filled per drill (load.py's 50 learners fill up to 150
    together; the site keeps the feedback of 32 verdicts per drill, so in a
    short run most of those are new).
    """
    paths = [lesson]
    if lesson == "all":
        _, _, home = call(app, "GET", "/", {})
        paths = sorted(set(re.findall(r'href="(/lessons/[a-z0-9-]+)"', home.decode())))
    status, headers, data = call(app, "GET", paths[0], {})
    assert status.startswith("200"), status
    cookies = "; ".join(v.split(";", 1)[0] for k, v in headers if k.lower() == "set-cookie")
    token = re.search(r'name="csrf_token" value="([^"]+)"', data.decode())
    assert token, "no CSRF token on the lesson page"
    rng = random.Random(1)
    forms = []
    for path in paths:
        _, _, page = call(app, "GET", path, {"Cookie": cookies})
        forms += [(f["action"], [fill(f["fields"], rng) for _ in range(variants)])
                  for f in page_forms(page.decode()) if "/drills/" in f["action"]]
    return {"Cookie": cookies, "HX-Request": "true", "Accept-Encoding": "gzip",
            "X-CSRFToken_unused": token.group(1)}, forms


_sent = [0]  # answers sent so far: each call goes on with the next fills


def answers(app: Any, headers: dict[str, str], forms: Forms, count: int) -> float:
    """Mean CPU seconds per answer over ``count`` answers (a fresh nonce each: each is stored).

    CPU time of this process (user + system: SQLite's writes included), not wall
    time, so other work on the machine disturbs the figure less.
    """
    token = headers["X-CSRFToken_unused"]
    plain = {k: v for k, v in headers.items() if not k.endswith("_unused")}
    bodies = []
    first = _sent[0]
    _sent[0] += count
    for i in range(first, first + count):
        action, fills = forms[i % len(forms)]
        fields = fills[i // len(forms) % len(fills)]
        body = [(k, v) for k, v in fields if k not in ("csrf_token", "nonce")]
        body += [("csrf_token", token), ("nonce", secrets.token_hex(12))]
        bodies.append((action, urlencode(body).encode()))
    started = time.process_time()
    for action, body in bodies:
        status, _, data = call(app, "POST", action, plain, body)
        if not status.startswith("200"):  # e.g. a lesson file edited while this runs
            raise SystemExit(f"{action}: {status}\n{body!r}\n{data[:2000]!r}")
    return (time.process_time() - started) / count


def healthz(app: Any, count: int) -> float:
    """Mean CPU seconds per ``/healthz`` (the load test's ceiling), measured the same way."""
    started = time.process_time()
    for _ in range(count):
        call(app, "GET", "/healthz", {"Accept-Encoding": "gzip"})
    return (time.process_time() - started) / count


def callgrind(app: Any, headers: dict[str, str], forms: Forms, count: int) -> int:
    """Instructions per answer and per /healthz, counted by callgrind (deterministic).

    Re-runs this script under valgrind; ``os.sched_yield()`` marks the phase
    boundaries (callgrind dumps its counters before each call), so app start-up
    is left out.
    """
    if "--in-valgrind" in sys.argv:
        os.sched_yield()
        answers(app, headers, forms, count)
        os.sched_yield()
        healthz(app, count)
        os.sched_yield()
        return 0
    with tempfile.TemporaryDirectory(prefix="tempai-callgrind-") as folder:
        out = Path(folder)
        subprocess.run(["valgrind", "--tool=callgrind", "--dump-before=sched_yield",
                        f"--callgrind-out-file={out}/cg.out", sys.executable, __file__,
                        *sys.argv[1:], "--in-valgrind"],
                       env={**os.environ, "PYTHONHASHSEED": "0"}, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        totals = []
        for part in sorted(out.glob("cg.out.*"), key=lambda p: int(p.name.rsplit(".", 1)[1])):
            found = re.search(r"^(?:summary|totals): (\d+)", part.read_text(), re.M)
            totals.append(int(found.group(1)) if found else 0)
    per_answer, per_health = totals[1] / count, totals[2] / count  # parts: start-up, answers, …
    print(f"{len(forms)} drills: answer {per_answer / 1e3:.0f} k instructions, /healthz "
          f"{per_health / 1e3:.0f} k, ratio {per_health / per_answer:.0%}")
    return 0


def _cookie_memo(app: Any, on: bool) -> None:
    """The memo of checked cookie signatures (tutor/web/security.py) on or off."""
    from tutor.web.security import VerifiedCookies

    if not hasattr(VerifiedCookies, "_kept_get"):
        VerifiedCookies._kept_get = VerifiedCookies.get  # type: ignore[attr-defined]
    VerifiedCookies.get = (VerifiedCookies._kept_get if on  # type: ignore[attr-defined, method-assign]
                           else lambda self, text: None)


def _sqlite_writer(app: Any, on: bool) -> None:
    """The answer's one prepared INSERT (tutor/storage/sqlite_writer.py) on or off."""
    from tutor import storage

    with app.app_context():
        progress = storage.store()
        if not hasattr(progress, "_kept_sqlite"):
            progress._kept_sqlite = progress._sqlite
        progress._sqlite = progress._kept_sqlite if on else None


PIECES: dict[str, Callable[[Any, bool], None]] = {
    "cookie-memo": _cookie_memo, "sqlite-writer": _sqlite_writer}


def on_and_off(app: Any, headers: dict[str, str], forms: Forms, options: Any) -> int:
    """Rounds alternating between the site as it is and without ``options.without``."""
    switch = PIECES[options.without]
    best: dict[bool, list[float]] = {True: [], False: []}
    for n in range(options.rounds * 2):
        on = n % 2 == 0
        switch(app, on)
        answers(app, headers, forms, 100)  # the first answers after a switch are not counted
        per_answer = answers(app, headers, forms, options.count)
        best[on].append(per_answer)
        print(f"{'с ним' if on else 'без него'}: answer {per_answer * 1e6:.0f} µs CPU")
    switch(app, True)
    with_it, without = min(best[True]), min(best[False])
    print(f"{options.without}: best answer {with_it * 1e6:.0f} µs with it, "
          f"{without * 1e6:.0f} µs without (+{without / with_it - 1:.0%}); "
          f"/healthz {healthz(app, options.count) * 1e6:.0f} µs")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--lesson", default="all")
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--variants", type=int, default=1,
                        help="answers per drill (1: the same answer again and again; "
                        "150: as load.py's learners, mostly new to the feedback cache)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--callgrind", action="store_true",
                        help="count instructions under valgrind instead of timing")
    parser.add_argument("--in-valgrind", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--profile", type=int, default=0, help="print this many functions")
    parser.add_argument("--sort", default="cumulative")
    parser.add_argument("--dump", help="also save the raw profile here (pstats)")
    parser.add_argument("--without", choices=sorted(PIECES),
                        help="alternate rounds with and without this piece")
    options = parser.parse_args(argv)
    scratch = Path(tempfile.mkdtemp(prefix="tempai-profile-"))
    atexit.register(shutil.rmtree, scratch, ignore_errors=True)
    app = build_app(scratch)
    headers, forms = prepare(app, options.lesson, options.variants)
    answers(app, headers, forms, 200)  # warm: solutions rendered, statements compiled
    healthz(app, 200)
    logging.getLogger().setLevel(logging.INFO)
    if options.callgrind:
        return callgrind(app, headers, forms, options.count)
    if options.without:
        return on_and_off(app, headers, forms, options)
    rounds = [(answers(app, headers, forms, options.count), healthz(app, options.count))
              for _ in range(options.rounds)]
    for per_answer, per_health in rounds:
        print(f"{len(forms)} drills ({options.lesson}, {options.variants} answers each): "
              f"answer {per_answer * 1e6:.0f} µs CPU, "
              f"/healthz {per_health * 1e6:.0f} µs CPU, ratio {per_health / per_answer:.0%}")
    best_answer, best_health = min(r[0] for r in rounds), min(r[1] for r in rounds)
    print(f"best of {options.rounds}: answer {best_answer * 1e6:.0f} µs, /healthz "
          f"{best_health * 1e6:.0f} µs, ratio {best_health / best_answer:.0%}")
    if options.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        answers(app, headers, forms, options.count)
        profiler.disable()
        if options.dump:
            profiler.dump_stats(options.dump)
        stats = pstats.Stats(profiler)
        stats.sort_stats(options.sort).print_stats(options.profile)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
