"""Real-browser fixtures: the app on a local port in a thread, and Debian's Chromium.

The browser tests are skipped (with a message saying why) only when
/usr/bin/chromium does not exist; ``.ci/run`` installs it. The helpers a test
uses (running_site, submit, wait_until, …) are in tests/support/browser.py.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.support.browser import (
    CHROMIUM,
    LAUNCH_ARGS,
    RenderingAll,
    phone_context,
    running_site,
    watched,
)


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with running_site(tmp_path_factory.mktemp("browser") / "content") as url:
        yield url


# One Chromium per test process (each pytest-xdist worker): starting Playwright and
# the browser costs about 1.5 s of CPU, and every test opens its own context anyway
# (cookies, storage and cache are per context, so nothing passes between tests). Its
# pages render everything at once (RenderingAll says why); ``browser.unwrapped`` does not.
@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} не найден: браузерные тесты пропущены (установите пакет chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=LAUNCH_ARGS)
        yield RenderingAll(chromium)
        chromium.close()


@pytest.fixture
def page(browser, live_server: str) -> Iterator[object]:  # noqa: ANN001
    """A fresh page; console errors (CSP violations included) fail the test."""
    context = browser.new_context(base_url=live_server, viewport={"width": 1000, "height": 900})
    errors: list[str] = []
    yield watched(context.new_page(), errors)
    context.close()
    assert errors == [], f"browser console errors: {errors}"


@pytest.fixture
def phone(browser, site: str) -> Iterator[object]:  # noqa: ANN001
    """A fresh page on a 390 px touch phone, on the module's own ``site``; console errors fail."""
    context = phone_context(browser, site)
    errors: list[str] = []
    yield watched(context.new_page(), errors)
    context.close()
    assert errors == [], f"browser console errors: {errors}"
