"""Each test module's share of ``make test``, from the JUnit XML files the run writes.

``make test`` writes ``build/tests-compiled.xml`` (the whole suite on the
compiled engine) and ``build/tests-python.xml`` (the engine-dependent tests on
the Python modules). This prints, per module, the seconds its tests took in
each pass and its share of the total, largest first — the budget another change
can look up in docs/performance.md. Times are summed test times: with several
workers the wall clock is shorter, but the shares are the same.

    python tools/test_shares.py [--top N] build/tests-compiled.xml build/tests-python.xml
"""

from __future__ import annotations

import argparse
import xml.etree.ElementTree as ET
from collections import defaultdict
from pathlib import Path


def module_seconds(report: Path) -> dict[str, float]:
    """Seconds per test module (``tests/x/test_y.py``) in one JUnit report."""
    seconds: dict[str, float] = defaultdict(float)
    for case in ET.parse(report).iter("testcase"):
        module = (case.get("classname") or "").split("::")[0]
        # pytest writes "tests.web.test_app" (or "...test_app.Class"): back to a path
        parts = module.split(".")
        while parts and not parts[-1].startswith("test_"):
            parts.pop()
        name = "/".join(parts) + ".py" if parts else module
        seconds[name] += float(case.get("time") or 0.0)
    return dict(seconds)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("reports", nargs="+", type=Path)
    parser.add_argument("--top", type=int, default=30)
    args = parser.parse_args(argv)
    passes = [(report.stem, module_seconds(report)) for report in args.reports
              if report.exists()]
    if not passes:
        parser.error("нет ни одного отчёта: сначала make test")
    totals: dict[str, float] = defaultdict(float)
    for _, seconds in passes:
        for module, value in seconds.items():
            totals[module] += value
    grand = sum(totals.values()) or 1.0
    header = " | ".join(name for name, _ in passes)
    print(f"| модуль | {header} | доля |")
    print("|---|" + "---|" * len(passes) + "---|")
    for module, total in sorted(totals.items(), key=lambda kv: -kv[1])[: args.top]:
        cells = " | ".join(f"{seconds.get(module, 0.0):.1f}" for _, seconds in passes)
        print(f"| `{module}` | {cells} | {100 * total / grand:.1f} % |")
    cells = " | ".join(f"{sum(seconds.values()):.0f}" for _, seconds in passes)
    print(f"| всего, с | {cells} | 100 % |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
