"""An instructor in Chromium: signs in, types a lesson with a drill, sees it, answers it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.browser import ARTIFACTS, running_site, wait_until

pytestmark = pytest.mark.browser
PASSWORD = "пароль-для-браузера"
DRAFT = """---
title: Урок из браузера
slug: iz-brauzera
order: 7
summary: Набран в предпросмотре.
---
Рука :23456m456p789s55z: ждёт трёх тайлов.

/// waits
id: tri-tayla
hand: 23456m456p789s55z
///
"""


@pytest.fixture(scope="module")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The site with an instructor password (the production set-up of the preview)."""
    content = tmp_path_factory.mktemp("preview") / "content"
    config = {"SECRET_KEY": "browser-preview", "INSTRUCTOR_PASSWORD": PASSWORD}
    with running_site(content, config) as url:
        yield url


def sign_in(page) -> None:  # noqa: ANN001
    page.goto("/author/preview")
    assert page.url.endswith("/author/login")
    page.get_by_label("Пароль").fill(PASSWORD)
    page.get_by_role("button", name="Войти").click()
    page.wait_for_url("**/author/preview")
    wait_until(page, "typeof window.htmx", "object")


def test_typed_drill_is_rendered_live_and_answered(page, live_server: str) -> None:  # noqa: ANN001
    sign_in(page)
    page.evaluate("window.__tempaiMarker = 'still-here'")
    page.locator("#author-source").fill(DRAFT)  # one input event; htmx waits 600 ms
    drill = page.locator('#preview-result [data-drill-id="tri-tayla"]')
    drill.wait_for(timeout=5000)
    assert page.locator("#preview-result h1").inner_text() == "Урок из браузера"
    assert page.locator("#preview-result").get_by_text("Проверка: ошибок нет.").is_visible()
    for tile in ("1m", "4m", "7m"):
        drill.locator(f'label:has(input[value="{tile}"])').click()
    with page.expect_response(lambda r: "/author/preview/drills/tri-tayla" in r.url):
        drill.get_by_role("button", name="Проверить").click()
    feedback = drill.locator(".feedback[data-verdict]")
    feedback.wait_for()
    assert feedback.get_attribute("data-verdict") == "correct"
    assert page.evaluate("window.__tempaiMarker") == "still-here"  # no page load
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "author-preview.png"), full_page=True)


def test_typing_a_mistake_shows_the_check_message(page, live_server: str) -> None:  # noqa: ANN001
    sign_in(page)
    page.locator("#author-source").fill(DRAFT.replace("hand: 23456m", "hand: 2345m"))
    problems = page.locator('#preview-result .author__problems[data-problems="1"]')
    problems.wait_for(timeout=5000)
    assert "черновик:11: В руке должно быть 13 тайлов, а указано 12." in problems.inner_text()
    assert Path(page.url).name == "preview"
