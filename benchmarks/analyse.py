"""Time the hand analyser on a 13-tile tenpai hand with five waits.

Prints figures and asserts nothing::

    .venv/bin/python benchmarks/analyse.py [--repeat 200]

The hand is ``2223334456678p`` (chiniisou-style, waits 2p 3p 4p 5p 7p) with
two dora indicators and own discards, so every section is computed: waits and
shapes, ron and tsumo value of each wait under the chosen rule set and under
all four for the comparison, furiten, and the drill export. Two figures:

1. ``tutor.analyse.analysis.analyse`` alone (the function behind the page);
2. the whole request through the Flask test client (``GET /analyse?…`` with
   the page rendered: form, palette links, results, comparison table).

Each is timed cold (engine caches cleared, a new hand for the process) and
warm (the same request repeated: median of ``--repeat`` runs).
Target: under 50 ms per analysis on this machine.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from collections.abc import Callable
from functools import _lru_cache_wrapper
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != ROOT / "benchmarks"]
sys.path.insert(0, str(ROOT))

from tutor import create_app  # noqa: E402
from tutor.analyse.analysis import analyse  # noqa: E402
from tutor.analyse.export import drill_blocks  # noqa: E402
from tutor.analyse.query import Query  # noqa: E402

HAND = "2223334456678p"
ARGS = {"hand": HAND, "dora": "1p9s", "discards": "1z9m", "seat": "S", "export": "1"}


def clear_engine_caches() -> None:
    """Empty every lru_cache in the engine, so the first run is truly cold."""
    for module in [m for name, m in sys.modules.items() if name.startswith("engine")]:
        for value in vars(module).values():
            if isinstance(value, _lru_cache_wrapper):
                value.cache_clear()


def timed(action: Callable[[], object], repeat: int) -> tuple[float, float]:
    """(cold ms, warm median ms) of ``action``."""
    clear_engine_caches()
    gc.collect()
    start = time.perf_counter()
    action()
    cold = (time.perf_counter() - start) * 1000
    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        runs.append((time.perf_counter() - start) * 1000)
    return cold, statistics.median(runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=200)
    options = parser.parse_args()

    query = Query.from_args(ARGS)
    result = analyse(query)
    assert result.waiting is not None and len(result.waiting.waits) == 5, (
        "the hand must have 5 waits"
    )

    def function_only() -> None:
        drill_blocks(analyse(query))

    app = create_app({"TESTING": True, "SECRET_KEY": "bench"})
    client = app.test_client()

    def request() -> None:
        response = client.get("/analyse", query_string=ARGS)
        assert response.status_code == 200
        response.get_data()

    def fragment() -> None:
        response = client.get("/analyse", query_string=ARGS,
                              headers={"HX-Request": "true", "HX-Target": "analysis"})  # fmt: skip
        assert response.status_code == 200
        response.get_data()

    request()  # load templates and the sprite digest once: not part of an analysis
    print(f"hand {HAND}: waits {len(result.waiting.waits)}, {options.repeat} warm runs each")
    for label, action in (("analyse() alone", function_only), ("GET /analyse (full page)", request),
                          ("GET /analyse (htmx fragment)", fragment)):  # fmt: skip
        cold, warm = timed(action, options.repeat)
        print(f"{label:32} cold {cold:7.2f} ms   warm median {warm:7.2f} ms")


if __name__ == "__main__":
    main()
