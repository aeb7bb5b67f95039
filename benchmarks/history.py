"""Page time for a learner with a long history against a fresh learner's, in one run.

Builds the app as ``wsgi.py`` does (``answer_profile.build_app``: a throw-away
SQLite database, the committed course) and three learners: one who has
answered nothing yet, a fresh one on their first day (``--short`` answers,
300 by default) and one with ``--answers`` (50,000 by default), all written
straight into the store by the same generator — lessons and practice, every
kind, right and wrong — so the first-day and the long learner see pages of
the same shape (every kind's row and chart, mistakes to repeat). It times
the pages that show progress for each, interleaved, and prints the median per
page and the ratios. Target: the long history within 1.5× of the first day.
The empty learner's column is for reference: its «Мой прогресс» has no
table and no charts to draw, so that ratio measures the page's content, not
the history.

    PYTHONPATH=$PWD .venv/bin/python benchmarks/history.py
    PYTHONPATH=$PWD .venv/bin/python benchmarks/history.py --answers 10000 --rounds 50
    PYTHONPATH=$PWD .venv/bin/python benchmarks/history.py --cold

«Мой прогресс» remembers its rendered per-kind rows by their aggregate values
(:mod:`tutor.progress.table`), so a repeated visit reuses them; ``--cold``
forgets them before every request, as on a visit after answering in every
kind, to show the page's cost without that memo.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

sys.path.append(str(Path(__file__).resolve().parent))

from answer_profile import build_app, call  # noqa: E402

from tutor import storage

PAGES = ["/", "/progress", "/practice", "/practice/fu/novice/1", "/practice/retry"]
TARGET = 1.5


def _learner(app: Any) -> tuple[dict[str, str], str]:
    """A new visitor's cookie header and learner id."""
    from itsdangerous import URLSafeSerializer

    _, headers, _ = call(app, "GET", "/", {})
    cookies = "; ".join(v.split(";", 1)[0] for k, v in headers if k.lower() == "set-cookie")
    raw = re.search(r"tempai_learner=([^;]+)", cookies)
    assert raw, "the first visit sets the learner cookie"
    learner = URLSafeSerializer(os.environ["SECRET_KEY"], salt="tempai.learner").loads(raw[1])
    return {"Cookie": cookies}, str(learner)


def fill(app: Any, learner: str, count: int) -> float:
    """Write ``count`` answers for ``learner`` (lesson drills and practice); returns seconds."""
    store = storage.opened_store(app)
    with app.app_context():
        from tutor.course.content import store as lessons

        drills = [(lesson.slug, drill_id, drill.kind.name) for lesson in lessons().lessons()
                  for drill_id, drill in lesson.drills.items()]
    rng = random.Random(17)
    kinds = ["waits", "fu", "han", "payment", "dora", "shanten", "furiten"]
    started = time.perf_counter()
    for n in range(count):
        if n % 3 == 0 and drills:
            slug, drill_id, kind = rng.choice(drills)
            source, problem, lesson, level = "lesson", f"lesson/{slug}/{drill_id}", slug, None
        else:
            kind = rng.choice(kinds)
            level = rng.choice(["novice", "player", "master"])
            source, lesson = "practice", None
            problem = f"practice/{kind}/{level}/{rng.randrange(1_000_000)}"
        correct = rng.random() < 0.7
        store.record(learner, nonce=uuid.uuid4().hex, source=source, kind=kind, problem=problem,
                     correct=correct, level=level, lesson=lesson,
                     rule=None if correct else f"{kind}.benchmark")
    return time.perf_counter() - started


def page_times(app: Any, headers: dict[str, str], rounds: int,
               cold: bool = False) -> dict[str, list[float]]:
    from tutor.progress import table

    times: dict[str, list[float]] = {page: [] for page in PAGES}
    for _ in range(rounds):
        for page in PAGES:
            if cold:
                table.kind_row.cache_clear()
                table.overall_chart.cache_clear()
            started = time.perf_counter()
            status, _, _ = call(app, "GET", page, headers)
            times[page].append(time.perf_counter() - started)
            assert status[:3] in ("200", "302"), (page, status)
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answers", type=int, default=50_000)
    parser.add_argument("--short", type=int, default=300, help="the first-day learner's answers")
    parser.add_argument("--rounds", type=int, default=40, help="timed visits of every page")
    parser.add_argument("--cold", action="store_true",
                        help="forget the memoised progress rows before every request")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="tempai-history-") as folder:
        app = build_app(Path(folder))
        learners = [_learner(app) for _ in range(3)]
        fill(app, learners[1][1], args.short)
        seconds = fill(app, learners[2][1], args.answers)
        print(f"wrote {args.answers} answers for one learner in {seconds:.1f} s "
              f"({seconds / max(1, args.answers) * 1e6:.0f} µs each)")
        times: list[dict[str, list[float]]] = [{page: [] for page in PAGES} for _ in learners]
        for headers, _ in learners:
            page_times(app, headers, 3)  # warm: templates, lessons, practice problems
        for _ in range(args.rounds):  # interleaved, so machine noise hits all alike
            for target, (headers, _) in zip(times, learners, strict=True):
                for page, values in page_times(app, headers, 1, args.cold).items():
                    target[page].extend(values)
        worst = worst_empty = 0.0
        print(f"{'page':24} {'empty ms':>9} {args.short:>6} ms {args.answers:>7} ms "
              f"{'long/first day':>15} {'long/empty':>11}")
        for page in PAGES:
            empty, short, long = (statistics.median(t[page]) * 1000 for t in times)
            worst = max(worst, long / short)
            worst_empty = max(worst_empty, long / empty)
            print(f"{page:24} {empty:9.2f} {short:9.2f} {long:10.2f} {long / short:15.2f} "
                  f"{long / empty:11.2f}")
        for name, ratio in ((f"{args.short} answers", worst), ("no answers", worst_empty)):
            verdict = "within" if ratio <= TARGET else "ABOVE"
            print(f"worst ratio {args.answers} answers / {name}: {ratio:.2f} — "
                  f"{verdict} the {TARGET}× target")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
