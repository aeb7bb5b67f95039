"""Real-browser fixtures: the app on a local port in a thread, and Debian's Chromium.

The browser tests are skipped (with a message saying why) only when
/usr/bin/chromium does not exist; ``.ci/run`` installs it.
"""

from __future__ import annotations

import shutil
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from tutor import create_app

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
FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "content"
ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts"


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
    from werkzeug.serving import make_server

    shutil.copytree(FIXTURES, content)
    for name, text in (lessons or {}).items():
        (content / name).write_text(text, encoding="utf-8")
    settings = {"TESTING": True, "CONTENT_DIR": str(content), "SECRET_KEY": "browser-test"}
    app = create_app({**settings, **(config or {})})
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


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with running_site(tmp_path_factory.mktemp("browser") / "content") as url:
        yield url


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


# Module scope: other browser test modules start their own Playwright, and two
# sync Playwright instances cannot run at the same time.
@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} не найден: браузерные тесты пропущены (установите пакет chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=LAUNCH_ARGS)
        yield chromium
        chromium.close()


def _is_error(message) -> bool:  # noqa: ANN001
    # A refused answer is a 4xx on purpose (its Russian message is shown); the
    # browser logs it as a failed load. CSP violations and script errors still count.
    refused = message.text.startswith(
        "Failed to load resource: the server responded with a status of 4"
    )
    return message.type == "error" and not refused


@pytest.fixture
def page(browser, live_server: str) -> Iterator[object]:  # noqa: ANN001
    """A fresh page; console errors (CSP violations included) fail the test."""
    context = browser.new_context(base_url=live_server, viewport={"width": 1000, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda msg: errors.append(msg.text) if _is_error(msg) else None)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    context.close()
    assert errors == [], f"browser console errors: {errors}"
