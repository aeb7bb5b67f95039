"""How long a new practice problem takes: p50 and p95 per drill kind and level.

Two figures per row: ``generate`` alone (engine.generate) and ``+ drill``,
generation plus preparing the drill exactly as /practice does (the engine's
answer included) — the second is what a learner waits for. The target
is under 20 ms at p95 on this machine.

    .venv/bin/python benchmarks/generate.py [problems per kind and level, default 300] [kind …]

Naming kinds (``discard complete yaku``) measures only those.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.generate import KINDS, LEVELS, generate  # noqa: E402
from tutor.drills import build_drill  # noqa: E402

LIMIT_MS = 20.0


def _percentile(samples: list[float], share: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def measure(kind: str, level: str, count: int) -> tuple[list[float], list[float], list[float]]:
    """Milliseconds per problem: generation alone, generation + drill preparation, and the
    latter as CPU time of this process (other work on a shared machine does not count)."""
    gen, full, cpu = [], [], []
    for seed in range(10_000, 10_000 + count):
        start, start_cpu = time.perf_counter(), time.process_time()
        problem = generate(kind, level, seed)
        middle = time.perf_counter()
        build_drill(kind, {"id": "task", **problem.params}, 0)
        end, end_cpu = time.perf_counter(), time.process_time()
        gen.append((middle - start) * 1000)
        full.append((end - start) * 1000)
        cpu.append((end_cpu - start_cpu) * 1000)
    return gen, full, cpu


def main() -> int:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    chosen = [k for k in KINDS if k in sys.argv[2:]] or list(KINDS)
    print(f"{count} задач на вид и уровень; миллисекунды")
    heads = ("gen p50", "gen p95", "+drill p50", "+drill p95", "CPU p95")
    print(f"{'вид':<9} {'уровень':<8} " + " ".join(f"{h:>11}" for h in heads))
    worst = 0.0
    for kind in chosen:
        for level in LEVELS:
            gen, full, cpu = measure(kind, level, count)
            p95 = _percentile(full, 0.95)
            worst = max(worst, p95)
            figures = (statistics.median(gen), _percentile(gen, 0.95), statistics.median(full), p95,
                       _percentile(cpu, 0.95))
            print(f"{kind:<9} {level:<8} " + " ".join(f"{f:11.2f}" for f in figures))
    verdict = "OK" if worst < LIMIT_MS else "СЛИШКОМ МЕДЛЕННО"
    print(f"худший p95 (+drill): {worst:.2f} мс — {verdict} (порог {LIMIT_MS:.0f} мс)")
    return 0 if worst < LIMIT_MS else 1


if __name__ == "__main__":
    raise SystemExit(main())
