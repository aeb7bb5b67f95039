"""Lighthouse (mobile preset) on every page of the site, against the production server.

Run by ``benchmarks/lighthouse.sh``, which installs Lighthouse from npm first.
Starts gunicorn as ``make serve`` does (``loadkit.start_server``: a random
SECRET_KEY, a throw-away SQLite database), or targets ``--url``. The pages are
discovered, not listed: every same-site link of the home page (lessons and the
menu, so pages other issues add are measured too) and one practice problem per
drill kind. Each page runs ``--runs`` times; the table shows the median run
by performance score, and the spread of the score when there are several runs
(Lighthouse's simulated throttling scales the CPU time it observes, so a busy
shared machine lowers the score — repeat to see how much).

``--signed-in`` measures instead the pages only a signed-in person sees: on the
server this script starts, :mod:`signed_in` makes an instructor, a learner, a
class with a practice set the learner has answered, a reviewed game and a
studio lesson, and each page is loaded with its person's cookies (Lighthouse's
``--extra-headers``).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import loadkit  # noqa: E402  (benchmarks/ is not a package)
import signed_in  # noqa: E402

HERE = Path(__file__).resolve().parent
LIGHTHOUSE = HERE / ".lighthouse" / "node_modules" / ".bin" / "lighthouse"
CHROME_FLAGS = "--headless=new --no-sandbox --disable-gpu --no-first-run"
FLAGS = ["--only-categories=performance,accessibility", "--output=json", "--quiet",
         "--form-factor=mobile", "--screenEmulation.mobile", "--throttling-method=simulate"]
_LINK = re.compile(r'href="(/[^"#?]*)"')
_PRACTICE = re.compile(r'href="(/practice/([a-z-]+)/[a-z-]+)"')


def discover(base: str) -> list[str]:
    """Home, every same-site page it links to, and one practice problem per kind."""
    _, home = loadkit.get(base + "/")
    pages = ["/"] + sorted({p for p in _LINK.findall(home)
                            if p != "/" and not p.startswith("/static/")})
    _, practice = loadkit.get(base + "/practice")
    kinds: dict[str, str] = {}
    for path, kind in _PRACTICE.findall(practice):
        kinds.setdefault(kind, path)
    return pages + sorted(kinds.values())


_METRICS = ("total-blocking-time", "largest-contentful-paint", "cumulative-layout-shift")


def run_once(url: str, cookie: str = "") -> dict[str, object]:
    """One Lighthouse run (``cookie``: sent with every request); the figures the table shows."""
    with tempfile.NamedTemporaryFile(suffix=".json") as out:
        env = {**os.environ, "CHROME_PATH": os.environ.get("CHROME_PATH", "/usr/bin/chromium")}
        command = [str(LIGHTHOUSE), url, *FLAGS, f"--output-path={out.name}",
                   f"--chrome-flags={CHROME_FLAGS}"]
        if cookie:
            command.append("--extra-headers=" + json.dumps({"Cookie": cookie}))
        # Chromium now and then fails to start, or a trace comes back without a
        # metric (NO_NAVSTART); one retry keeps a whole table from being lost to
        # it, and a second failure is real.
        for attempt in (1, 2):
            done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=300)
            report = (json.loads(Path(out.name).read_text(encoding="utf-8"))
                      if done.returncode == 0 else {})
            audits = report.get("audits", {})
            if all("numericValue" in audits.get(name, {}) for name in _METRICS):
                break
            print(f"lighthouse failed on {url} (attempt {attempt}): {done.stderr.strip()[-300:]}",
                  file=sys.stderr, flush=True)
        else:
            raise RuntimeError(f"Lighthouse gave no figures for {url} twice")
    return {
        "score": round(100 * (report["categories"]["performance"]["score"] or 0)),
        "a11y": round(100 * (report["categories"]["accessibility"]["score"] or 0)),
        "tbt": audits["total-blocking-time"]["numericValue"],
        "lcp": audits["largest-contentful-paint"]["numericValue"],
        "cls": audits["cumulative-layout-shift"]["numericValue"],
        "dom": audits["dom-size"].get("numericValue", 0),
        "version": report["lighthouseVersion"],
        # a signed-in page redirected to the sign-in form would measure the wrong page
        "final": report.get("finalDisplayedUrl") or report.get("finalUrl") or url,
    }


Row = tuple[str, dict[str, object], list[int]]


def measure(base: str, pages: list[str], runs: int,
            cookies: dict[str, str] | None = None) -> list[Row]:
    """Each page ``runs`` times (``cookies``: a page's Cookie header, when signed in)."""
    rows = []
    for path in pages:
        cookie = (cookies or {}).get(path, "")
        results = sorted((run_once(base + path, cookie) for _ in range(runs)),
                         key=lambda r: r["score"])
        median = results[len(results) // 2]
        if cookie and str(median["final"]) != base + path:
            raise RuntimeError(f"{path} ended on {median['final']}: not the page asked for")
        rows.append((path, median, [int(r["score"]) for r in results]))  # type: ignore[call-overload]
        print(_row(path, median, rows[-1][2]), flush=True)
    return rows


def _row(path: str, r: dict[str, object], scores: list[int]) -> str:
    spread = f"{min(scores)}–{max(scores)}" if len(scores) > 1 else ""
    return (f"| {path} | {r['score']} | {spread} | {r['a11y']} | {r['tbt']:.0f} ms "
            f"| {r['lcp'] / 1000:.1f} s | {r['cls']:.3f} | {r['dom']:.0f} |")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="a running server instead of starting gunicorn")
    parser.add_argument("--runs", type=int, default=1, help="runs per page (median shown)")
    parser.add_argument("--only", default="", help="regex: measure only matching paths")
    parser.add_argument("--signed-in", action="store_true",
                        help="the pages of an instructor and a learner (not with --url)")
    args = parser.parse_args()
    if args.signed_in and args.url:
        parser.error("--signed-in makes its accounts on the server it starts: drop --url")
    server = None if args.url else loadkit.start_server(timeout=180)  # a busy shared machine
    base = args.url or server.url  # type: ignore[union-attr]
    try:
        cookies: dict[str, str] = {}
        if server is not None and args.signed_in:
            world = signed_in.build(server)
            cookies = {path: who.cookie_header for path, who in world.pages}
            pages = [path for path, _ in world.pages if re.search(args.only, path)]
        else:
            pages = [p for p in discover(base) if re.search(args.only, p)]
        version = subprocess.run([str(LIGHTHOUSE), "--version"], capture_output=True,
                                 text=True, check=True).stdout.strip()
        print(f"Lighthouse {version}, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, "
              f"{base}, {args.runs} run(s) per page, load {os.getloadavg()[0]:.1f}")
        print(f"flags: {' '.join(FLAGS)} --chrome-flags=\"{CHROME_FLAGS}\"")
        print("| page | performance | spread | accessibility | TBT | LCP | CLS | DOM nodes |")
        print("|---|---|---|---|---|---|---|---|")
        rows = measure(base, pages, args.runs, cookies)
        low = [path for path, r, _ in rows
               if min(int(r["score"]), int(r["a11y"])) < 95]  # type: ignore[call-overload]
        print(f"below 95: {', '.join(low) if low else 'none'}")
    finally:
        if server is not None:
            loadkit.stop_server(server)
    return 0


if __name__ == "__main__":
    sys.exit(main())
