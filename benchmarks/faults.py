"""Faults against a live gunicorn: what learners see when storage or content breaks mid-run.

Each scenario starts the production configuration on loopback (see
loadkit.start_server) over a copy of the test lessons, keeps learners
answering drills in threads, breaks something while they do, repairs it, and
then checks: every answer graded (200 with a verdict), the ones that could
not be stored said «Не удалось сохранить прогресс», no 5xx, and each
learner's export holds exactly the answers that were confirmed as saved.

Scenarios: ``readonly`` (SQLite reopened with mode=ro), ``diskfull`` (the
database on a 16 MB tmpfs filled up; needs root), ``postgres`` (the
connection to PostgreSQL cut through a loopback proxy; needs ``--pg-url`` or
TEMPAI_TEST_PG_URL), ``lesson`` (a lesson file corrupted, then deleted).

    .venv/bin/python benchmarks/faults.py
    .venv/bin/python benchmarks/faults.py --pg-url postgresql://tempai:tempai@127.0.0.1/tempai_test
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent))

from loadkit import REPO, Learner, TcpProxy, discover, start_server, stop_server  # noqa: E402

NOT_SAVED = "Не удалось сохранить прогресс"
VERDICT = re.compile(r'data-verdict="(correct|incorrect)"')
FIXTURES = REPO / "tests" / "fixtures" / "content"


def stream(url: str, seconds: float, events: dict[float, Callable[[], None]],
           users: int = 8) -> tuple[Counter[str], bool]:
    """Learners answer for ``seconds`` while ``events`` fire; tallies and "exports match"."""
    site = discover(url)
    tally: Counter[str] = Counter()
    saved: Counter[int] = Counter()
    lock = threading.Lock()
    stop_at = time.time() + seconds
    learners = [Learner(url, site, n) for n in range(users)]

    def work(n: int) -> None:
        learner = learners[n]
        learner.start()
        while time.time() < stop_at:
            status = learner.answer_drill()
            body = learner.last_body
            with lock:
                if status >= 500 or status == 0:
                    tally["5xx or broken"] += 1
                elif status != 200 or not VERDICT.search(body):
                    tally["not graded"] += 1
                elif NOT_SAVED in body:
                    tally["graded, not saved (warned)"] += 1
                else:
                    tally["graded and saved"] += 1
                    saved[n] += 1

    threads = [threading.Thread(target=work, args=(n,)) for n in range(users)]
    started = time.time()
    for thread in threads:
        thread.start()
    for at, action in sorted(events.items()):
        time.sleep(max(0.0, started + at - time.time()))
        action()
    for thread in threads:
        thread.join()
    consistent = all(_exported(learner) == saved[n] for n, learner in enumerate(learners))
    for learner in learners:
        learner.close()
    return tally, consistent


def _exported(learner: Learner) -> int:
    if learner.request("export", "GET", "/progress/export") != 200:
        return -1
    return len(json.loads(learner.last_body)["answers"])


def _env(scratch: Path, url: str) -> dict[str, str]:
    return {"DATABASE_URL": url, "FLASK_CONTENT_DIR": str(scratch / "content"),
            "WEB_CONCURRENCY": "2", "GUNICORN_THREADS": "4"}


def readonly(scratch: Path, _: argparse.Namespace) -> dict[str, object]:
    """Answers saved, then the server restarted on the same file opened read-only."""
    path = scratch / "progress.sqlite3"
    server = start_server(_env(scratch, f"sqlite:///{path}"))
    try:
        before, ok_before = stream(server.url, 3, {})
    finally:
        stop_server(server)
    server = start_server(_env(scratch, f"sqlite:///file:{path}?mode=ro&uri=true"))
    try:
        during, ok_during = stream(server.url, 3, {})
    finally:
        stop_server(server)
    check = subprocess.run(["sqlite3", str(path), "PRAGMA integrity_check"], capture_output=True,
                           text=True, check=False).stdout.strip() or "(sqlite3 CLI missing)"
    return {"before": dict(before), "read-only": dict(during),
            "exports match": ok_before and ok_during,
            "integrity_check": check}


def diskfull(scratch: Path, _: argparse.Namespace) -> dict[str, object]:
    """The disk holding the SQLite file fills up mid-run, then space comes back."""
    disk = scratch / "tiny"
    disk.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=16m", "tmpfs", str(disk)],
                             capture_output=True, check=False)
    if mounted.returncode != 0:
        return {"skipped": "needs root to mount a small tmpfs"}
    filler = disk / "filler"

    def fill() -> None:
        with open(filler, "wb", buffering=0) as handle:
            try:
                while True:
                    handle.write(b"\0" * 4096)
            except OSError:
                pass

    server = start_server(_env(scratch, f"sqlite:///{disk / 'progress.sqlite3'}"))
    try:
        tally, consistent = stream(server.url, 8, {2: fill, 5: filler.unlink})
    finally:
        stop_server(server)
        subprocess.run(["umount", "-l", str(disk)], check=False)
    return {"answers": dict(tally), "exports match": consistent}


def postgres(scratch: Path, options: argparse.Namespace) -> dict[str, object]:
    """PostgreSQL "dies" mid-run (the proxy cuts every connection), then comes back."""
    if not options.pg_url:
        return {"skipped": "no --pg-url / TEMPAI_TEST_PG_URL"}
    real = urlsplit(options.pg_url)
    proxy = TcpProxy(real.hostname or "127.0.0.1", real.port or 5432).start()
    via = real._replace(netloc=f"{real.username}:{real.password}@127.0.0.1:{proxy.port}")
    server = start_server(_env(scratch, via.geturl()))
    health: list[str] = []

    def cut() -> None:
        proxy.stop()
        time.sleep(0.5)
        health.append(json.loads(_get(server.url + "/healthz"))["db"])

    try:
        tally, consistent = stream(server.url, 8, {2: cut, 5: proxy.start})
    finally:
        stop_server(server)
        proxy.stop()
    return {"answers": dict(tally), "exports match": consistent,
            "/healthz db while cut": health[0] if health else "?"}


def lesson(scratch: Path, _: argparse.Namespace) -> dict[str, object]:
    """A lesson file corrupted, then deleted, while the site serves."""
    server = start_server(_env(scratch, f"sqlite:///{scratch / 'progress.sqlite3'}"))
    content = scratch / "content"
    seen: dict[str, object] = {}
    try:
        (content / "01-basics.md").write_bytes(b"\xff\xfe broken \x80")
        status, html, after = _changed(server.url + "/lessons/basics", "В этом уроке есть ошибки")
        seen["corrupted page"] = (status, "В этом уроке есть ошибки" in html)
        seen["corrupted page shown after s"] = after
        seen["other lesson"] = _status(server.url + "/lessons/second")[0]
        (content / "02-second.md").unlink()
        status, html, after = _changed(server.url + "/lessons/second", "Такого урока нет")
        seen["deleted page"] = (status, "Такого урока нет" in html)
        seen["deleted page shown after s"] = after
        seen["home"] = _status(server.url + "/")[0]
    finally:
        stop_server(server)
    seen["ok"] = (seen["corrupted page"] == (200, True) and seen["other lesson"] == 200
                  and seen["deleted page"] == (404, True) and seen["home"] == 200)
    return seen


def _changed(url: str, text: str, limit: float = 5.0) -> tuple[int, str, float]:
    """GET ``url`` until it shows ``text`` (a production server trusts its scan of the
    lessons for CONTENT_RECHECK_SECONDS, 1 s); the last answer and how long it took."""
    started = time.time()
    while True:
        status, html = _status(url)
        waited = time.time() - started
        if text in html or waited > limit:
            return status, html, round(waited, 2)
        time.sleep(0.05)


def _status(url: str) -> tuple[int, str]:
    from loadkit import get

    return get(url)


def _get(url: str) -> str:
    return _status(url)[1]


SCENARIOS = {"readonly": readonly, "diskfull": diskfull, "postgres": postgres, "lesson": lesson}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--pg-url", default=os.environ.get("TEMPAI_TEST_PG_URL"))
    parser.add_argument("scenarios", nargs="*", default=list(SCENARIOS))
    options = parser.parse_args(argv)
    failed = False
    for name in options.scenarios:
        scratch = Path(tempfile.mkdtemp(prefix=f"tempai-fault-{name}-"))
        shutil.copytree(FIXTURES, scratch / "content")
        try:
            result = SCENARIOS[name](scratch, options)
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
        print(f"{name}: {json.dumps(result, ensure_ascii=False)}", flush=True)
        answers = [v for v in result.values() if isinstance(v, dict)]
        failed |= any(a.get("5xx or broken") or a.get("not graded") for a in answers)
        failed |= result.get("exports match") is False or result.get("ok") is False
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
