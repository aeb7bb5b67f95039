"""How well the danger model predicts deal-ins, per class, on tables it was not fitted to.

Prints figures and asserts nothing::

    .venv/bin/python benchmarks/defence.py [--tables 400] [--seed 1]

The weights of :mod:`engine.table.safety` come from a published table
(:mod:`engine.table.safety_rates`), not from our games, so any table we deal is
out of sample. Until the engine's bots play whole games, the tables are
those of the «Самый безопасный сброс» generator (:mod:`engine.generate.safety`):
the riichi hand is dealt first and his pond is played towards it, which is
closer to play than random ponds but is not real play. For every tile kind
not in the riichi player's pond we record the model's danger and whether it
is one of his winning tiles, then print per class: how many tiles, the mean
predicted chance, the observed share that would have dealt in, and the
Brier score over all tiles. Read the observed shares with care: a simulated
riichi hand is not a Houou player's hand, so the absolute rates differ; the
order of the classes is what the benchmark can check today.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != ROOT / "benchmarks"]
sys.path.insert(0, str(ROOT))

from engine.generate.safety import gen_safety, read_problem  # noqa: E402
from engine.hand import parse_hand  # noqa: E402
from engine.shape.waits import wait_tiles  # noqa: E402
from engine.table.safety import combine, seen_counts  # noqa: E402
from engine.tiles import dora_from_indicator  # noqa: E402


def collect(tables: int, seed: int) -> dict[str, list[tuple[float, bool]]]:
    """Per class: (predicted %, dealt in) for every kind against the first riichi."""
    out: dict[str, list[tuple[float, bool]]] = defaultdict(list)
    rng = random.Random(seed)
    for _ in range(tables):
        params = gen_safety(random.Random(rng.random()), rng.choice(("player", "master")))
        hand, riichis, visible, dora = read_problem(params)
        waits = set(wait_tiles(parse_hand(params["riichi_hand"], size=13)))
        seen = seen_counts(hand, visible)
        for tile in range(34):
            if seen[tile] >= 4 and tile < 27:
                continue
            found = combine(tile, riichis[:1], seen, (dora_from_indicator(dora),))
            out[found.tier.value].append((found.danger, tile in waits))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    data = collect(args.tables, args.seed)
    print(f"{'class':<13} {'tiles':>7} {'predicted %':>12} {'observed %':>11}")
    brier, total = 0.0, 0
    for name, rows in sorted(data.items(), key=lambda kv: sum(p for p, _ in kv[1]) / len(kv[1])):
        mean = sum(p for p, _ in rows) / len(rows)
        hit = 100 * sum(d for _, d in rows) / len(rows)
        print(f"{name:<13} {len(rows):>7} {mean:>12.1f} {hit:>11.1f}")
        brier += sum((p / 100 - d) ** 2 for p, d in rows)
        total += len(rows)
    print(f"Brier score over {total} tiles: {brier / total:.4f}")


if __name__ == "__main__":
    main()
