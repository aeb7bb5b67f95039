"""Every tile drawn in a real browser, light and dark theme (screenshots for people).

Writes ``tests/artifacts/tiles-light.png`` and ``tiles-dark.png`` from a page
holding all 34 kinds, the red fives, a face-down tile, a hand with melds (called
tiles sideways, a closed kan, an added kan), inline tiles in running text and
the palette. The screenshots are for looking at; the assertions check what a
machine can: the sprite loads, every tile is a box of the right shape showing
the sprite, sideways tiles sit on the row's bottom line, the picture follows
the colour scheme, and the palette works from the keyboard alone.
"""

from __future__ import annotations

import base64
import http.server
import shutil
import threading
from collections.abc import Iterator
from functools import partial
from pathlib import Path

import pytest

from engine.hand import parse_hand
from engine.melds import parse_meld
from tests.support.browser import ARTIFACTS
from tests.support.site import make_app, render_text
from tutor.tiles.render import render_hand, render_inline, render_tiles, tile_svg

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.browser  # the browser fixture (conftest) skips without Chromium


def _palette() -> str:
    """The drill's palette as the site draws it (templates/macros/tiles.html)."""
    return render_text(make_app(ROOT / "content" / "ru", SECRET_KEY="t"),
                       '{% import "macros/tiles.html" as t %}'
                       '{{ t.palette("tiles", ("3p", "6p"), ("1z",)) }}')


def _page(theme: str) -> str:
    url = "/static/tiles.svg"
    rows = [
        render_tiles(range(0, 9), url=url), render_tiles(range(9, 18), url=url),
        render_tiles(range(18, 27), url=url), render_tiles(range(27, 34), url=url),
        render_tiles(["0m", "0p", "0s"], url=url) + tile_svg(None, back=True, url=url),
    ]
    hand = parse_hand(
        "23m55p", [parse_meld("chi", "3m45m", called="4m", from_seat=1),
                    parse_meld("ankan", "9999s"),
                    parse_meld("shouminkan", "7777z", from_seat=2)], size=13)
    big = "".join(f'<p class="row">{r}</p>' for r in rows)
    return f"""<!doctype html><html lang="ru" data-theme="{theme}"><head><meta charset="utf-8">
<link rel="stylesheet" href="/static/css/tiles.css">
<link rel="stylesheet" href="/static/css/tile-faces.css"><link rel="stylesheet" href="/page.css">
</head><body>
<div class="big">{big}</div>
<p class="row" id="hand">{render_hand(hand, win_tile="4m", url=url)}</p>
<p>Рука {render_inline("123m406p789s23p 4p", url=url)} ждёт, а пон {render_inline("55'5z", url=url)}
лежит боком.</p>
<form id="f">{_palette()}</form>
<p id="probe">{tile_svg("5z", url=url)}</p>
</body></html>"""


# The page's own styles live in a file: the server sends the site's CSP, which
# forbids inline <style>, so the sprite is tested under the same policy as on the site.
PAGE_CSS = """
body { font: 18px/1.5 sans-serif; margin: 16px; background: #fff; color: #222; }
[data-theme="dark"] body { background: #17191d; color: #ddd; }
:root[data-theme="dark"] { color-scheme: dark; }
.big { --tile-h: 4.2em; } .row { margin: 6px 0; }
#probe { --tile-h: 80px; }
"""
CSP = "default-src 'self'; style-src 'self'; img-src 'self' data:"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("tiles")
    shutil.copytree(ROOT / "static", root / "static")
    for theme in ("light", "dark"):
        (root / f"{theme}.html").write_text(_page(theme), encoding="utf-8")
    (root / "page.css").write_text(PAGE_CSS, encoding="utf-8")
    handler = partial(_QuietHandler, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def end_headers(self) -> None:
        self.send_header("Content-Security-Policy", CSP)
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


@pytest.mark.parametrize(
    "theme", [pytest.param("light", id="light"), pytest.param("dark", id="dark")]
)
def test_every_tile_renders_in_both_themes(site: str, browser: object, theme: str) -> None:
    page = browser.new_page(  # type: ignore[attr-defined]
        viewport={"width": 1100, "height": 900}, color_scheme=theme)
    failed: list[str] = []
    page.on("requestfailed", lambda r: failed.append(r.url))
    page.goto(f"{site}/{theme}.html")
    page.wait_for_load_state("networkidle")
    assert failed == []
    boxes = page.eval_on_selector_all(
        ".big .tile", "els => els.map(e => [e.getBoundingClientRect().width,"
        " e.getBoundingClientRect().height, getComputedStyle(e).backgroundImage])")
    assert len(boxes) == 34 + 4
    assert all(round(w / h, 2) == 0.75 and "/static/tiles.svg?v=" in image
               for w, h, image in boxes)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"tiles-{theme}.png"), full_page=True)
    page.close()


def test_sideways_tiles_sit_on_the_bottom_line(site: str, browser: object) -> None:
    page = browser.new_page()  # type: ignore[attr-defined]
    page.goto(f"{site}/light.html")
    bottoms = page.eval_on_selector_all(
        "#hand .tile-group--concealed .tile, #hand .tile-group--meld > .tile",
        "els => els.map(e => Math.round(e.getBoundingClientRect().bottom))")
    assert len(set(bottoms)) == 1
    page.close()


def test_palette_toggles_with_keyboard_only(site: str, browser: object) -> None:
    page = browser.new_page()  # type: ignore[attr-defined]
    page.goto(f"{site}/light.html")
    # The tile picture names its checkbox for screen readers.
    assert page.get_by_role("checkbox", name="5 пин", exact=True).count() == 1
    assert page.get_by_role("group", name="пин", exact=True).count() == 1
    page.focus("input[value='1m']")
    page.keyboard.press("Space")
    page.keyboard.press("Tab")
    page.keyboard.press("Space")
    checked = page.eval_on_selector_all(
        "input[name=tiles]:checked", "els => els.map(e => e.value)")
    assert checked == ["1m", "2m", "3p", "6p"]
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.locator("form#f").screenshot(path=str(ARTIFACTS / "tiles-palette-focus.png"))
    page.close()


@pytest.mark.parametrize(
    ("scheme", "face"),
    [pytest.param("light", [251, 248, 239], id="light"),
     pytest.param("dark", [228, 222, 206], id="dark")],
)
def test_the_sprite_follows_the_colour_scheme_under_the_site_csp(
    site: str, browser: object, scheme: str, face: list[int]
) -> None:
    """The face of haku (empty centre) is ivory, dimmed in the dark scheme (sprite.DARK)."""
    page = browser.new_page(color_scheme=scheme)  # type: ignore[attr-defined]
    page.goto(f"{site}/light.html")
    page.wait_for_load_state("networkidle")
    png = page.locator("#probe .tile").screenshot()
    page.set_content("<canvas></canvas>")
    pixel = page.evaluate(
        """async (b64) => {
            const img = new Image(); img.src = 'data:image/png;base64,' + b64;
            await img.decode();
            const c = document.querySelector('canvas'); c.width = img.width; c.height = img.height;
            const ctx = c.getContext('2d'); ctx.drawImage(img, 0, 0);
            return Array.from(ctx.getImageData(img.width / 2, img.height / 2, 1, 1).data);
        }""",
        base64.b64encode(png).decode(),
    )
    assert pixel[:3] == face
    page.close()
