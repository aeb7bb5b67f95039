"""How fast a played game is replayed: a whole hanchan, one step of the replay page, the review.

Prints the median of 5 runs of: reading and replaying a whole hanchan
(aim: replay and review under 1 s on a 2-core machine, compiled engine),
one step of the replay page (``view_at``: only that hand is replayed; aim
under 50 ms) and the same step as the server answers it (the htmx fragment
of ``/review/<id>``: the owner check, the parsed log from the process's
cache, ``view_at`` and the template), the decision points of one seat, the review of one seat
(``engine.review.review``: every decision through every category, the
efficiency check's ukeire being most of it) and both together as the
batch kind ``review`` answers them (reading, replay, review). The hanchan
is a bot game (engine/table/bots.py, seed 7), so the figures need no log file.

    .venv/bin/python benchmarks/review.py                 # the figures
    .venv/bin/python benchmarks/review.py --games 1000    # + the bot property run on 1000 games
    TEMPAI_ENGINE=python .venv/bin/python benchmarks/review.py   # on the Python modules
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine  # noqa: E402
from engine.review import review as review_game  # noqa: E402
from engine.table.bots import game_problems, play_game  # noqa: E402
from engine.table.decision import decisions  # noqa: E402
from engine.table.logs import read_log  # noqa: E402
from engine.table.replay import replay, view_at  # noqa: E402
from tutor import create_app  # noqa: E402

RUNS = 5
SEED = 7
SETS = ("online", "ema", "jpml", "fenix", "rrc")


def median_ms(work: Callable[[], object]) -> tuple[float, float]:
    """Median wall time and median CPU time of this process over ``RUNS`` runs, in ms.

    On a shared machine the CPU time is the steadier figure: other processes
    stretch the wall time, not the work done.
    """
    wall, cpu = [], []
    for _ in range(RUNS):
        start, start_cpu = time.perf_counter(), time.process_time()
        work()
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    return statistics.median(wall), statistics.median(cpu)


def both(game: dict[str, object]) -> None:
    """What a review page needs of a pasted game: read, replay, review one seat."""
    replay(read_log(game))
    review_game(read_log(game), 0)


def server_rows(game: dict[str, object], hand: int, steps: int
                ) -> list[tuple[str, Callable[[], object]]]:
    """The replay step and the whole page as the server answers them, through the app.

    The game is imported once (as a learner pasting it would) into a throw-away
    SQLite store; CSRF is off because the token is not what is measured.
    """
    folder = Path(tempfile.mkdtemp(prefix="tempai-review-bench-"))
    app = create_app({"TESTING": True, "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False,
                      "DATABASE_URL": f"sqlite:///{folder / 'bench.sqlite3'}"})
    client = app.test_client()
    client.get("/review")  # a learner is the visitor a page has seen
    made = client.post("/review", data={"log": json.dumps(game), "rules": "online",
                                          "seat": game["name"][0]})  # type: ignore[index]
    if made.status_code != 303:
        raise SystemExit(f"импорт партии не удался: {made.status_code}")
    page = made.headers["Location"]
    table = {"HX-Request": "true", "HX-Target": "table"}

    def get(query: str, headers: dict[str, str] | None = None) -> None:
        answer = client.get(f"{page}?{query}", headers=headers or {})
        if answer.status_code != 200:
            raise SystemExit(f"{page}?{query}: {answer.status_code}")

    return [
        ("шаг просмотра на сервере (htmx, конец)", lambda: get(f"hand={hand}&step={steps}", table)),
        ("шаг просмотра на сервере (htmx, середина)",
         lambda: get(f"hand={hand}&step={steps // 2}", table)),
        ("страница разбора целиком", lambda: get(f"hand={hand}&step={steps // 2}")),
    ]


def figures() -> None:
    game = play_game(SEED)
    log = read_log(game)
    hand = max(range(len(log.hands)), key=lambda i: len(log.hands[i].events))
    steps = len(log.hands[hand].events)
    print(f"движок: {'скомпилированный' if engine.NATIVE else 'модули Python'}; "
          f"партия ботов seed={SEED}: {len(log.hands)} раздач, "
          f"самая длинная — {steps} событий; медиана {RUNS} прогонов")
    rows = [
        ("replay всей партии (чтение + повтор)", lambda: replay(read_log(game))),
        ("шаг просмотра view_at (конец раздачи)", lambda: view_at(log, "online", hand, steps)),
        ("шаг просмотра view_at (середина)", lambda: view_at(log, "online", hand, steps // 2)),
        *server_rows(game, hand, steps),
        ("решения одного места (decisions)", lambda: list(decisions(log, 0))),
    ]
    rows += [
        ("разбор одного места (review)", lambda: review_game(log, 0)),
        ("replay и разбор вместе (цель < 1 с)", lambda: both(game)),
    ]
    print(f"  {'':<40} {'настенное':>10} {'процессор':>10}")
    for name, work in rows:
        wall, cpu = median_ms(work)
        print(f"  {name:<40} {wall:7.1f} мс {cpu:7.1f} мс")


def property_run(games: int) -> int:
    start = time.perf_counter()
    hands = 0
    bad = 0
    for seed in range(games):
        rules = SETS[seed % len(SETS)]
        game = play_game(20_000 + seed, rules)
        hands += len(game["log"])  # type: ignore[arg-type]
        problems = game_problems(game, rules)
        if problems:
            bad += 1
            print(f"seed {20_000 + seed} ({rules}): {problems[0]}", flush=True)
        if (seed + 1) % 100 == 0:
            print(f"  … {seed + 1} партий, {time.perf_counter() - start:.0f} с", flush=True)
    took = time.perf_counter() - start
    print(f"партии ботов: {games}, раздач {hands}, с нарушениями: {bad}; {took:.0f} с")
    return 1 if bad else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=0, help="bot games to check (0: none)")
    args = parser.parse_args()
    figures()
    return property_run(args.games) if args.games else 0


if __name__ == "__main__":
    sys.exit(main())
