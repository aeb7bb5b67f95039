"""Time the discard ranking of a 14-tile hand with second-order quality.

Prints figures and asserts nothing::

    .venv/bin/python benchmarks/efficiency.py [--hands 1000] [--seed 20]

Two sets of 14-tile hands, each with 24 more tiles of the wall as the
``visible`` ones (about the ponds of turn 6):

* "play": four sets (sequence or triplet, any suit, uniformly) and a pair,
  less one tile, then 0–3 tiles swapped for random ones of the wall, plus a
  draw: hands spread over the suits at shanten 0–3, as in the middle of a
  real hand (what the drill «Что сбросить?» shows);
* "handgen": :func:`handgen.shanten_lines` plus a draw — shanten 0–6, a
  quarter drawn uniformly from the wall, some with melds, and, by design of
  that generator (it feeds the yaku tests), almost half of them in one suit
  with or without honours: a stress set of dense suits. Timed per hand:
``rank_discards(hand, visible, quality=True)`` — ukeire after every distinct
discard and, when the best discard leaves 1-shanten, the second order for
each of those discards. Hands are built before the clock starts.

"fresh" hands are new to the process, after a warm-up on other hands (a
server's suit caches hold the common shapes); "cold" is the first pass
after clearing every engine cache. Figures: median, 95th percentile and
maximum in ms of CPU time (the headline, see :func:`timed`) and of wall
time, overall and for the hands whose best discard leaves 1-shanten (the
ones with second order). Target: p95 under 5 ms with the
compiled engine (``make native``); the first line says which engine runs,
``TEMPAI_ENGINE=python`` measures the Python modules.

Then a new practice problem of each of the three playing-well kinds («Что
сбросить?», «Сколько тайлов улучшат руку?», «Самый безопасный сброс») at
each level, generated and prepared as /practice does
(:func:`generate.measure`, ``--problems`` per kind and level, 0 skips):
target under 20 ms at p95.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import generate as practice  # noqa: E402  (benchmarks/generate.py, beside this script)
import handgen  # noqa: E402

import engine  # noqa: E402
from engine.hand import Hand, parse_hand  # noqa: E402
from engine.shape.ukeire import rank_discards  # noqa: E402

Case = tuple[Hand, tuple[int, ...]]


def cases(seed: int, count: int, kind: str = "handgen") -> list[Case]:
    """14-tile hands with their visible tiles, all valid (at most four of a kind)."""
    rng = random.Random(seed)
    if kind == "play":
        hands = [_play_hand(rng) for _ in range(count)]
    else:
        lines = handgen.shanten_lines(seed, count)
        hands = [parse_hand(x["hand"], x["melds"], size=13) for x in lines]
    out: list[Case] = []
    for hand in hands:
        held = hand.all_counts()
        wall = [k for k in range(34) for _ in range(4 - held[k])]
        rng.shuffle(wall)
        out.append((hand.with_tile(wall[0]), tuple(wall[1:25])))
    return out


def _play_hand(rng: random.Random) -> Hand:
    """13 closed tiles: a complete hand of uniform sets less one tile, 0–3 tiles swapped."""
    while True:
        counts = [0] * 34
        for _ in range(4):
            if rng.random() < 0.75:
                start = rng.choice([k for k in range(27) if k % 9 <= 6])
                for k in (start, start + 1, start + 2):
                    counts[k] += 1
            else:
                counts[rng.randrange(34)] += 3
        counts[rng.randrange(34)] += 2
        if max(counts) <= 4:
            break
    tiles = [k for k in range(34) for _ in range(counts[k])]
    rng.shuffle(tiles)
    tiles.pop()
    for i in range(rng.randrange(4)):
        wall = [k for k in range(34) for _ in range(4 - tiles.count(k))]
        tiles[i] = rng.choice(wall)
    return Hand(tuple(tiles.count(k) for k in range(34)))


def clear_caches() -> None:
    """Every lru_cache of the engine's modules, so the next pass starts cold."""
    for name, module in list(sys.modules.items()):
        if name.startswith("engine"):
            for value in vars(module).values():
                clear = getattr(value, "cache_clear", None)
                if callable(clear):
                    clear()


# (CPU ms, wall ms, best shanten) of one hand.
Row = tuple[float, float, int]


def timed(hands: list[Case]) -> list[Row]:
    """CPU and wall-clock milliseconds and the best shanten, per hand.

    CPU time of this thread is the headline: on a machine shared with other
    work, wall-clock percentiles mostly measure how often the process was
    descheduled (the same warm hands gave a wall p95 of 1.6 ms and 5.6 ms
    in two runs a minute apart under a load average of 3 on 2 cores).
    """
    out = []
    gc.disable()
    try:
        for hand, visible in hands:
            cpu, wall = time.thread_time(), time.perf_counter()
            ranking = rank_discards(hand, visible, quality=True)
            out.append(
                ((time.thread_time() - cpu) * 1000, (time.perf_counter() - wall) * 1000,
                 ranking.shanten)
            )
    finally:
        gc.enable()
    return out


def _figures(times: list[float]) -> str:
    times = sorted(times)
    p95 = times[int(len(times) * 0.95) - 1]
    return f"median {statistics.median(times):5.2f}  p95 {p95:5.2f}  max {times[-1]:6.2f}"


def report(label: str, rows: list[Row]) -> None:
    for part, picked in (("all", rows), ("1-shanten", [r for r in rows if r[2] == 1])):
        if len(picked) < 20:
            continue
        print(
            f"  {label:5} {part:9} n={len(picked):5}  CPU ms: {_figures([r[0] for r in picked])}"
            f"   wall ms: {_figures([r[1] for r in picked])}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=20)
    parser.add_argument("--problems", type=int, default=200)
    args = parser.parse_args()
    print(f"engine: {'compiled (build/native)' if engine.NATIVE else 'Python modules'}")
    for kind in ("play", "handgen"):
        print(f"{kind} hands:")
        fresh = cases(args.seed, args.hands, kind)
        warm_up = cases(args.seed + 1000, args.hands, kind)
        clear_caches()
        report("cold", timed(fresh))
        clear_caches()
        timed(warm_up)
        rows = timed(fresh)
        report("fresh", rows)
        shares = {n: sum(1 for r in rows if r[2] == n) for n in sorted({r[2] for r in rows})}
        print("  hands by best shanten after a discard:", shares)
    if args.problems:
        problems(args.problems)


PLAY_KINDS = ("discard", "ukeire", "safety")


def problems(count: int) -> None:
    """A new practice problem per kind and level: generation plus drill, wall and CPU ms."""
    print(f"practice problems, {count} per kind and level (generate + drill):")
    for kind in PLAY_KINDS:
        for level in practice.LEVELS:
            _, full, cpu = practice.measure(kind, level, count)
            print(
                f"  {kind:8} {level:7}  ms: median {statistics.median(full):5.2f}"
                f"  p95 {practice._percentile(full, 0.95):5.2f}"
                f"  CPU p95 {practice._percentile(cpu, 0.95):5.2f}"
            )


if __name__ == "__main__":
    main()
