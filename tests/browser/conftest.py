"""Real-browser fixtures: the app on a local port in a thread, and Debian's Chromium.

The browser tests are skipped (with a message saying why) only when
/usr/bin/chromium does not exist; ``.ci/run`` installs it.
"""

from __future__ import annotations

import shutil
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

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


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from werkzeug.serving import make_server

    content = tmp_path_factory.mktemp("browser") / "content"
    shutil.copytree(FIXTURES, content)
    app = create_app({"TESTING": True, "CONTENT_DIR": str(content), "SECRET_KEY": "browser-test"})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(timeout=5)


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
