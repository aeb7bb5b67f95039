"""Time our engine against the PyPI ``mahjong`` package on the same generated hands.

Prints figures and asserts nothing (``make bench``)::

    .venv/bin/python benchmarks/engine.py [--hands 2000] [--seed 7]

1. Scoring, one process: ``engine.scoring.score.score_hand`` against
   ``HandCalculator.estimate_hand_value`` on the same fresh hands. Inputs are
   built before the clock starts for both (our ``Hand``/``WinSituation``, the
   package's 136-tile arrays and ``HandConfig``), so only scoring is timed.
   "Cold" clears every engine cache first: each hand is new and suit shapes
   are cached only as they come; "warm" repeats the same hands. Times are
   CPU time of this process (best of three), so other load on the machine
   does not distort the ratio.
   Target: ours at least 5× faster.
2. Waits: median time of ``find_waits(hand).waits`` per 13-tile hand (cold
   and warm), and the package's answer (34 × ``Agari.is_agari``) for scale.
   Target: under 50 µs median.
3. Whole process: ``python -m engine batch`` against
   ``benchmarks/oracle_batch.py`` on the same input files (best of three
   wall-clock runs each): the mixed file (score, waits and furiten lines; the
   headline figure), and score-only and waits+furiten-only files so that
   neither kind hides the other. Target: at least 3×.
   Both processes run with a bytecode cache in a temporary directory
   (``PYTHONPYCACHEPREFIX``, ``PYTHONDONTWRITEBYTECODE`` unset) after one
   untimed run each: with ``PYTHONDONTWRITEBYTECODE=1`` in the environment our
   modules were compiled from source on every start while the installed
   package loaded its ``.pyc`` files, which timed the compiler, not the engine.

The engine measured is the compiled one when ``make native`` has built it
for the current sources (the first line says which; :mod:`engine` explains);
``TEMPAI_ENGINE=python`` measures the Python modules, in this process and in
the ``python -m engine batch`` runs alike.

Our ``score_hand`` builds the explanation (``fu_items``, ``arrangement``) only
when asked, while the package always builds its ``fu_details``; the line
"ours cold + expl." asks for both on every hand, so that the like-for-like
figure is printed too.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# This file is called engine.py: drop its own directory so `import engine` is the package.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != ROOT / "benchmarks"]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import handgen  # noqa: E402
import oracle  # noqa: E402
from mahjong.agari import Agari  # noqa: E402
from mahjong.hand_calculating.hand import HandCalculator  # noqa: E402

import engine  # noqa: E402
from engine import batch  # noqa: E402
from engine.hand import parse_hand  # noqa: E402
from engine.rules.sets import get_ruleset  # noqa: E402
from engine.scoring.score import score_hand  # noqa: E402
from engine.shape.waits import find_waits  # noqa: E402
from engine.tiles import parse_tile  # noqa: E402


def clear_engine_caches() -> None:
    """Empty every functools cache in engine modules (for the cold runs)."""
    for name, module in list(sys.modules.items()):
        if name == "engine" or name.startswith("engine."):
            for value in vars(module).values():
                if isinstance(value, type):
                    continue  # a class whose instances are caches, not a cache
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()


def _our_inputs(lines: list[dict]) -> list[tuple]:
    out = []
    for line in lines:
        fields = batch._fields(line, "score")
        hand = parse_hand(fields["hand"], fields["melds"], size=14)
        win = parse_tile(fields["win_tile"]).kinds[0]
        out.append((hand, win, batch.situation_from(fields), get_ruleset(fields["rules"])))
    return out


def _package_inputs(lines: list[dict]) -> list[tuple]:
    out = []
    for line in lines:
        tiles, win, melds, dora, ura = oracle._tiles136(line)
        out.append((tiles, win, melds, dora, ura, oracle._config(line, line["rules"])))
    return out


def _time_ours(inputs: list[tuple], cold: bool = False, explain: bool = False) -> float:
    if cold:
        clear_engine_caches()
    start = time.process_time()
    for hand, win, situation, rules in inputs:
        try:
            result = score_hand(hand, win, situation, rules)
        except ValueError:
            continue  # no yaku: part of the work, as for the package
        if explain:
            _ = result.fu_items, result.arrangement
    return time.process_time() - start


def _time_package(inputs: list[tuple]) -> float:
    start = time.process_time()
    for tiles, win, melds, dora, ura, config in inputs:
        HandCalculator.estimate_hand_value(
            tiles, win, melds=melds, dora_indicators=dora, config=config, ura_dora_indicators=ura
        )
    return time.process_time() - start


def bench_scoring(count: int, seed: int) -> None:
    lines = handgen.score_lines(seed, count, "online")
    ours_in = _our_inputs(lines)
    cold = min(_time_ours(ours_in, cold=True) for _ in range(3))
    explained = min(_time_ours(ours_in, cold=True, explain=True) for _ in range(3))
    warm = min(_time_ours(ours_in) for _ in range(3))
    package = min(_time_package(_package_inputs(lines)) for _ in range(3))
    per = 1e6 / count
    print(f"Scoring, {count} fresh hands (online), one process:")
    print(f"  ours cold  {cold * per:8.1f} µs/hand   ratio ×{package / cold:.1f}")
    print(f"  ours cold + expl. {explained * per:6.1f} µs/hand   ratio ×{package / explained:.1f}")
    print(f"  ours warm  {warm * per:8.1f} µs/hand   ratio ×{package / warm:.1f}")
    print(f"  package    {package * per:8.1f} µs/hand")


def _waits_times(hands: list) -> list[int]:
    times = []
    for hand in hands:
        start = time.perf_counter_ns()
        _ = find_waits(hand).waits
        times.append(time.perf_counter_ns() - start)
    return times


def bench_waits(count: int, seed: int) -> None:
    lines = handgen.waits_lines(seed, count)
    hands = [parse_hand(line["hand"], line["melds"], size=13) for line in lines]
    clear_engine_caches()
    cold = statistics.median(_waits_times(hands)) / 1000
    warm = statistics.median(_waits_times(hands)) / 1000
    package = []
    for line in lines:
        counts = oracle._counts(oracle.parse(line["hand"]))
        start = time.perf_counter_ns()
        for kind in range(34):
            counts[kind] += 1
            Agari.is_agari(counts)
            counts[kind] -= 1
        package.append(time.perf_counter_ns() - start)
    print(f"Waits, {count} 13-tile hands, median per hand:")
    print(f"  ours cold  {cold:8.1f} µs    ours warm {warm:8.1f} µs")
    print(f"  package (34 × Agari.is_agari) {statistics.median(package) / 1000:8.1f} µs")


def bench_lines(count: int, seed: int) -> None:
    """Per JSON line in one process: the batch edges included, process start-up excluded."""
    print("Batch lines in one process (json in, json out), CPU µs per line, best of 3:")
    for label, lines in _batch_inputs(count, seed).items():
        texts = [json.dumps(line) for line in lines]
        ours = _per_line(batch.answer_line, texts)
        package = _per_line(lambda text: json.dumps(oracle.answer(json.loads(text))), texts)
        ratio = package / ours
        print(f"  {label:<19} ours {ours:6.1f}   package {package:6.1f}   ratio ×{ratio:.1f}")


def _per_line(answer: Callable[[str], object], texts: list[str]) -> float:
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        for text in texts:
            answer(text)
        best = min(best, time.process_time() - start)
    return best / len(texts) * 1e6


def _run(command: list[str], data: Path, env: dict[str, str]) -> tuple[float, float]:
    """Best wall-clock and best CPU (user + sys) seconds of three runs of the process.

    CPU time is printed too because other work on a 2-core machine inflates
    wall-clock figures; CPU time of the child is what the engine itself costs.
    One untimed run first fills the bytecode cache (see the module docstring).
    """
    wall = cpu = float("inf")
    for attempt in range(4):
        with data.open("rb") as stdin:
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            subprocess.run(
                command, stdin=stdin, stdout=subprocess.DEVNULL, cwd=ROOT, env=env, check=True
            )
            elapsed = time.perf_counter() - start
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if attempt:  # the first run only fills the bytecode cache
            wall = min(wall, elapsed)
            used = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
            cpu = min(cpu, used)
    return wall, cpu


def _batch_inputs(count: int, seed: int) -> dict[str, list[dict]]:
    score = [
        *handgen.score_lines(seed + 1, count, "online"),
        *handgen.score_lines(seed + 2, count // 2, "ema"),
    ]
    shape = [*handgen.waits_lines(seed + 3, count), *handgen.furiten_lines(seed + 4, count // 2)]
    return {"mixed": score + shape, "score only": score, "waits+furiten only": shape}


def bench_batch(count: int, seed: int) -> None:
    print("Whole process, python -m engine batch vs benchmarks/oracle_batch.py, best of 3:")
    with tempfile.TemporaryDirectory() as tmp:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = str(Path(tmp) / "pycache")
        for label, lines in _batch_inputs(count, seed).items():
            data = Path(tmp) / "requests.jsonl"
            data.write_text("".join(json.dumps(line) + "\n" for line in lines))
            ours = _run([sys.executable, "-m", "engine", "batch"], data, env)
            oracle_script = str(ROOT / "benchmarks" / "oracle_batch.py")
            package = _run([sys.executable, oracle_script], data, env)
            print(f"  {label} ({len(lines)} lines):")
            for i, what in enumerate(("wall", "CPU ")):
                print(
                    f"    {what}  ours {ours[i]:6.3f} s   package {package[i]:6.3f} s   "
                    f"ratio ×{package[i] / ours[i]:.1f}"
                )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    how = ("compiled by mypyc (build/native)" if engine.NATIVE
           else "the Python modules (make native compiles them)")
    print(f"Python {sys.version.split()[0]}, seed {args.seed}; engine: {how}")
    bench_scoring(args.hands, args.seed)
    bench_waits(args.hands, args.seed)
    bench_lines(args.hands, args.seed)
    bench_batch(args.hands, args.seed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
