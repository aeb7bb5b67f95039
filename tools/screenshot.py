"""Take ``docs/screenshot.png``: a lesson drill answered in Chromium (``make screenshot``).

Starts the site in this process (werkzeug in a thread on a free loopback port,
the course from ``content/ru``, a throw-away progress database), opens a
lesson in Debian's Chromium (``/usr/bin/chromium`` driven by Playwright; no
browser is ever downloaded), ticks tiles on a waits drill's palette, presses
«Проверить» and saves the drill with its feedback as a PNG. By default one
of the two winning tiles is ticked, so the feedback shows the missed tile and
the engine's explanation of every wait.

    .venv/bin/python tools/screenshot.py
    .venv/bin/python tools/screenshot.py --theme dark --out /tmp/dark.png

Why not ``tests/browser/conftest.py``'s ``running_site``: it serves the test
fixtures' course and lives in a pytest conftest (``tests`` is not a package),
so importing it would drag pytest in; the server here is the same few lines.
"""

from __future__ import annotations

import argparse
import logging
import secrets
import struct
import sys
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's tutor/, also from a venv without it

from flask import Flask  # noqa: E402

from tutor import create_app  # noqa: E402

CHROMIUM = Path("/usr/bin/chromium")
LAUNCH_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
               "--disable-component-update", "--disable-sync", "--no-first-run"]
MAX_BYTES = 200_000  # the README's picture must stay light
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@contextmanager
def serving(app: Flask) -> Iterator[str]:
    """``app`` on a free loopback port in a thread; yields the base URL, stops on exit."""
    from werkzeug.serving import make_server

    logging.getLogger("werkzeug").setLevel(logging.WARNING)  # no line per request
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height of a PNG, read from its header (``ValueError`` if it is not one)."""
    if len(data) < 24 or not data.startswith(PNG_SIGNATURE) or data[12:16] != b"IHDR":
        raise ValueError("not a PNG file")
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def site(database: Path) -> Flask:
    """The real course with a random key and a progress database in ``database``."""
    return create_app({
        "SECRET_KEY": secrets.token_hex(32),
        "DATABASE_URL": f"sqlite:///{database}",
    })


def shoot(base: str, args: argparse.Namespace) -> bytes:
    """Open the lesson, answer the drill, return the drill's section as PNG bytes."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=LAUNCH_ARGS)
        try:
            context = browser.new_context(
                base_url=base, viewport={"width": args.width, "height": 900},
                color_scheme=args.theme, device_scale_factor=1,
            )
            page = context.new_page()
            page.goto(f"/lessons/{args.lesson}")
            drill = page.locator(f'[data-drill-id="{args.drill}"]')
            for tile in args.tiles:
                drill.locator(f'label:has(input[value="{tile}"])').click()
            with page.expect_response(lambda r: r.request.method == "POST"):
                drill.get_by_role("button", name="Проверить").click()
            drill.locator(".feedback[data-verdict]").wait_for()
            page.mouse.move(0, 0)  # no hover state in the picture
            page.evaluate("document.activeElement.blur()")  # nor the focus ring
            return drill.screenshot(animations="disabled", caret="hide")
        finally:
            browser.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshot.png")
    parser.add_argument("--lesson", default="waits", help="lesson slug")
    parser.add_argument("--drill", default="ryanmen-basic", help="id of a waits drill in it")
    parser.add_argument("--tiles", nargs="+", default=["5p"], help="tiles to tick")
    parser.add_argument("--width", type=int, default=760, help="window width, px")
    parser.add_argument("--theme", choices=("light", "dark"), default="light")
    args = parser.parse_args(argv)
    if not CHROMIUM.exists():
        print(f"{CHROMIUM} не найден: установите пакет chromium", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory(prefix="tempai-shot-") as folder:
        with serving(site(Path(folder) / "progress.sqlite3")) as base:
            png = shoot(base, args)
    width, height = png_size(png)
    args.out.write_bytes(png)
    print(f"{args.out}: {width}×{height}, {len(png) // 1024} КБ")
    if len(png) > MAX_BYTES:
        print(f"больше {MAX_BYTES // 1000} КБ: уменьшите --width или возьмите другое упражнение",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
