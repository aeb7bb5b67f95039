"""What the browser tests share: the site on a local port in a thread, and page helpers.

Fixtures (the browser, a page, the shared site) stay in tests/browser/conftest.py;
a test module imports these helpers from here.
"""

from __future__ import annotations

import re
import shutil
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from flask import Flask
from playwright.sync_api import Error as PlaywrightError
from werkzeug.serving import make_server

from tests.support.accounts import PASSWORD
from tests.support.site import make_app

CHROMIUM = Path("/usr/bin/chromium")
LAUNCH_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
TESTS = Path(__file__).resolve().parent.parent
FIXTURES = TESTS / "fixtures" / "content"
ARTIFACTS = TESTS / "artifacts"
PHONE = {"width": 390, "height": 844}


# Lesson sections, drills and /yaku groups far from the screen are not rendered
# (content-visibility: auto in site.css), and Chromium leaves such an element's innerText
# empty until it is: a test reading a drill below the fold would see "" or not, depending
# on timing. Functional tests get the stylesheet with that switched off (also without
# JavaScript, where an init script would not run); test_content_visibility checks the
# real behaviour on the unwrapped browser.
RENDER_ALL = "\n* { content-visibility: visible !important; }\n"


def _render_all(route) -> None:  # noqa: ANN001
    try:
        css = route.fetch().text() + RENDER_ALL
        route.fulfill(status=200, content_type="text/css; charset=utf-8", body=css)
    except PlaywrightError:
        # The context closed while a page was still loading its stylesheet (a test that ends
        # right after a navigation): nothing will read it, and raising here would fail the
        # test's teardown instead. Any other failure leaves the page without its stylesheet,
        # and the test waiting on it fails.
        return


class RenderingAll:
    """The session's Chromium; its contexts and pages render every part of a page at once."""

    def __init__(self, browser) -> None:  # noqa: ANN001
        self.unwrapped = browser

    def new_context(self, **options):  # noqa: ANN003, ANN201
        context = self.unwrapped.new_context(**options)
        context.route("**/static/css/site.css*", _render_all)
        return context

    def new_page(self, **options):  # noqa: ANN003, ANN201
        page = self.unwrapped.new_page(**options)
        page.route("**/static/css/site.css*", _render_all)
        return page

    def __getattr__(self, name: str):  # noqa: ANN204
        return getattr(self.unwrapped, name)


@contextmanager
def running_site(
    content: Path, config: dict[str, Any] | None = None, lessons: dict[str, str] | None = None,
    prepare: Callable[[Flask], None] | None = None,
) -> Iterator[str]:
    """The site on a free local port in a thread, serving a copy of the fixture course.

    ``content`` is an empty folder to copy the fixtures into, ``lessons`` extra
    lesson files (name -> text), ``config`` extra app settings and ``prepare``
    what to do with the app before it serves (accounts, say). Yields the base
    URL; the server stops when the block ends.
    """
    shutil.copytree(FIXTURES, content)
    for name, text in (lessons or {}).items():
        (content / name).write_text(text, encoding="utf-8")
    app = make_app(content, **{"SECRET_KEY": "browser-test", **(config or {})})
    if prepare is not None:
        prepare(app)
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(timeout=5)


def wait_until(page, expression: str, expected: object, timeout: float = 5.0) -> None:  # noqa: ANN001
    """Poll ``expression`` from Python (``wait_for_function`` needs eval; our CSP forbids it)."""
    deadline = time.monotonic() + timeout
    value = None
    while time.monotonic() < deadline:
        value = page.evaluate(expression)
        if value == expected:
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"{expression} is {value!r}, expected {expected!r}")


def open_page(page, path: str) -> None:  # noqa: ANN001
    """Open a page and mark it: the marker survives an htmx swap, not a page load."""
    page.goto(path)
    wait_until(page, "typeof window.htmx", "object")
    page.evaluate("window.__tempaiMarker = 'still-here'")


def assert_no_page_load(page, url: str) -> None:  # noqa: ANN001
    assert page.url == url
    assert page.evaluate("window.__tempaiMarker") == "still-here"


# The response can arrive before htmx has swapped it in: a verdict already on the
# page (the previous answer's) is marked first, and only a fresh one is waited for.
STALE = "data-test-stale"


def mark_stale(elements) -> None:  # noqa: ANN001
    elements.evaluate_all(f"els => els.forEach(el => el.setAttribute('{STALE}', ''))")


def check_on_page(page, url: str) -> str:  # noqa: ANN001
    """Press the page's one «Проверить», wait for the verdict, make sure the page did not reload."""
    mark_stale(page.locator(".feedback[data-verdict]"))
    with page.expect_response(lambda r: r.url.endswith(url) and r.request.method == "POST"):
        page.get_by_role("button", name="Проверить").click()
    feedback = page.locator(f".feedback[data-verdict]:not([{STALE}])")
    feedback.wait_for()
    assert page.url.endswith(url)
    assert page.evaluate("window.__tempaiMarker") == "still-here"
    return str(feedback.get_attribute("data-verdict"))


def submit(page, drill_id: str) -> str:  # noqa: ANN001
    """Press «Проверить» and wait for the verdict; returns data-verdict."""
    drill = page.locator(f'[data-drill-id="{drill_id}"]')
    mark_stale(drill.locator(".feedback[data-verdict]"))
    with page.expect_response(
        lambda r: f"/drills/{drill_id}" in r.url and r.request.method == "POST"
    ):
        drill.get_by_role("button", name="Проверить").click()
    feedback = drill.locator(f".feedback[data-verdict]:not([{STALE}])")
    feedback.wait_for()
    return str(feedback.get_attribute("data-verdict"))


# Lesson sections and drills far from the screen are not painted (content-visibility: auto
# in site.css), and axe reads a text's background from what is painted under it: such text
# would be reported as unreadable although its colours are the page's. Render everything first.
# All the styles are read before any is changed: a change between two reads would make the
# browser recompute the page's styles once per element.
SHOW_ALL = """() => { const hidden = [...document.querySelectorAll('*')].filter(
  el => getComputedStyle(el).contentVisibility === 'auto');
  for (const el of hidden) { el.style.contentVisibility = 'visible'; } }"""
# Every rule runs on every element; only the violations keep all their elements in the
# answer (axe's documented resultTypes option, the other results keep one each).
AXE_OPTIONS = {"resultTypes": ["violations"]}


def with_axe(context):  # noqa: ANN001, ANN201
    """``context``, putting axe.min.js into every document it opens, for a walk over many pages.

    Sent to the browser once instead of once a page: passing the 0.5 MB script
    with each ``evaluate`` cost about 0.3 s of processor a page, the browser's
    own copy about 0.05 s.
    """
    from axe_playwright_python.base import AXE_SCRIPT

    context.add_init_script(AXE_SCRIPT)
    return context


def axe_violations(page) -> list[str]:  # noqa: ANN001
    """axe-core's violations on the page as it is, one line per rule.

    axe.min.js (bundled in the PyPI package axe-playwright-python) is put into a
    document only when it is not there yet (see :func:`with_axe`; a second check
    of the same page, after an htmx swap, reuses it too).
    """
    from axe_playwright_python.base import AXE_SCRIPT

    page.evaluate(SHOW_ALL)
    if page.evaluate("typeof window.axe") == "undefined":
        page.evaluate(AXE_SCRIPT)
    results = page.evaluate("options => axe.run(document, options)", AXE_OPTIONS)
    return [f"{v['id']}: {len(v['nodes'])} × {v['nodes'][0]['target']}"
            for v in results["violations"]]


def phone_context(browser, base: str, *, script: bool = True):  # noqa: ANN001, ANN201
    """A browser context like a 390 px touch phone, with or without JavaScript."""
    return browser.new_context(base_url=base, viewport=PHONE, has_touch=True, is_mobile=True,
                               java_script_enabled=script)


def is_console_error(message) -> bool:  # noqa: ANN001
    """A console message that fails a test: script errors and CSP violations.

    A refused answer is a 4xx on purpose (its Russian message is shown); the
    browser logs it as a failed load, which is not an error of the page.
    """
    refused = message.text.startswith(
        "Failed to load resource: the server responded with a status of 4"
    )
    return message.type == "error" and not refused


def watched(page, errors: list[str]):  # noqa: ANN001, ANN201
    """``page``, with its console errors and uncaught exceptions collected into ``errors``."""
    page.on("console", lambda msg: errors.append(msg.text) if is_console_error(msg) else None)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return page


class People:
    """One browser context per person; console errors (CSP included) are collected.

    Used as ``with People(browser, base) as people:``, every context is closed at
    the end of the block.
    """

    def __init__(self, browser, base: str) -> None:  # noqa: ANN001
        self.browser, self.base, self.contexts, self.errors = browser, base, [], []

    def __enter__(self) -> People:
        return self

    def __exit__(self, *_exc: object) -> None:
        for context in self.contexts:
            context.close()

    def new(self, phone: bool = False):  # noqa: ANN201
        context = self.browser.new_context(base_url=self.base,
                                            viewport=PHONE if phone else None)
        self.contexts.append(context)
        page = context.new_page()
        page.on("console", lambda m: self.errors.append(m.text)
                if m.type == "error" and "status of 404" not in m.text else None)
        page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        return page


def sign_in(page, login: str, password: str = PASSWORD) -> None:  # noqa: ANN001
    page.goto("/account/login")
    page.get_by_label("Логин").fill(login)
    page.get_by_label("Пароль").fill(password)
    page.get_by_role("button", name="Войти").click()
    page.wait_for_url(re.compile(r".*/$"))
