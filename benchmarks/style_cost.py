"""Style and layout time of pages on a 390 px phone, from Chromium's own counters.

Lighthouse's score on a shared machine moves with everyone else's load; the
time Chromium spends on style recalculation and layout (CDP
``Performance.getMetrics``) is steadier and says which of the two a change cut.
Two figures per page, medians:

* a load at 4x CPU slowdown (as Lighthouse's mobile preset): style, layout and
  script milliseconds and how many style recalculations the load took; and two
  counts that do not move with the machine's load: the layout passes and the
  layout objects Chromium holds once the load is over (a long lesson's sections
  and drills below the screen should have none: with every one drawn the count
  is several times the first screen's);
* a forced re-render of the loaded page (``body`` hidden and shown again, no
  slowdown): the whole tree styled and laid out once, without network or parsing.

Starts gunicorn as ``make serve`` does (``loadkit.start_server``) or targets ``--url``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
import loadkit  # noqa: E402  (benchmarks/ is not a package)

PAGES = "/lessons/furiten,/lessons/push-or-fold,/authoring"
PHONE = {"width": 390, "height": 844}
RERENDER = ("() => { const b = document.body; b.style.display = 'none'; b.offsetHeight;"
            " b.style.display = ''; return b.offsetHeight; }")


def _metrics(cdp) -> dict[str, float]:  # noqa: ANN001
    return {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}


def measure(browser, url: str, loads: int, renders: int) -> str:  # noqa: ANN001
    """One table row: medians of ``loads`` throttled loads and ``renders`` re-renders."""
    keys = ("RecalcStyleDuration", "LayoutDuration", "ScriptDuration", "RecalcStyleCount",
            "LayoutCount", "LayoutObjects")
    seen: dict[str, list[float]] = {k: [] for k in keys}
    for _ in range(loads):
        context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Performance.enable")
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
        page.goto(url, wait_until="load")
        page.wait_for_timeout(500)
        got = _metrics(cdp)
        for k in keys:
            seen[k].append(got[k])
        context.close()
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Performance.enable")
    page.goto(url, wait_until="load")
    style: list[float] = []
    layout: list[float] = []
    for _ in range(renders):
        before = _metrics(cdp)
        page.evaluate(RERENDER)
        after = _metrics(cdp)
        style.append(after["RecalcStyleDuration"] - before["RecalcStyleDuration"])
        layout.append(after["LayoutDuration"] - before["LayoutDuration"])
    context.close()
    med = {k: statistics.median(v) for k, v in seen.items()}
    return (f"| {med['RecalcStyleDuration'] * 1000:.0f} | {med['LayoutDuration'] * 1000:.0f} "
            f"| {med['ScriptDuration'] * 1000:.0f} | {med['RecalcStyleCount']:.0f} "
            f"| {med['LayoutCount']:.0f} | {med['LayoutObjects']:.0f} "
            f"| {statistics.median(style) * 1000:.0f} | {statistics.median(layout) * 1000:.0f} |")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="a running server instead of starting gunicorn")
    parser.add_argument("--pages", default=PAGES, help="comma-separated paths")
    parser.add_argument("--loads", type=int, default=5)
    parser.add_argument("--renders", type=int, default=15)
    args = parser.parse_args()
    server = None if args.url else loadkit.start_server(timeout=180)
    base = args.url or server.url  # type: ignore[union-attr]
    try:
        with sync_playwright() as play:
            browser = play.chromium.launch(executable_path="/usr/bin/chromium",
                                           args=["--no-sandbox", "--disable-gpu"])
            print(f"load average {os.getloadavg()[0]:.1f}; medians of {args.loads} loads (4x CPU)"
                  f" and {args.renders} re-renders, 390 px")
            print("| page | style, ms | layout, ms | script, ms | style passes | layout passes "
                  "| layout objects | re-render style, ms | re-render layout, ms |")
            print("|---|---|---|---|---|---|---|---|---|")
            for path in args.pages.split(","):
                print(f"| {path} " + measure(browser, base + path, args.loads, args.renders),
                      flush=True)
            browser.close()
            print(f"load average {os.getloadavg()[0]:.1f} at the end")
    finally:
        if server is not None:
            loadkit.stop_server(server)
    return 0


if __name__ == "__main__":
    sys.exit(main())
