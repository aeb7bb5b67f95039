"""The game review in Chromium on a 390 px phone: paste, read, step, solve first, drill, delete.

Rules (the project's game-review issue, «Proof»): paste a game and see the summary and
the flags; step with the arrow keys; «сначала решите сами» hides the verdict until a
pick; a flag becomes a drill met again in «Повторить ошибки»; without JavaScript every
step is a link; a bad log is refused in Russian; another learner's id is 404; a game
is deleted. axe-core finds no violation on the new pages. One server for the module.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.browser import PHONE, axe_violations, phone_context, running_site, wait_until

pytestmark = [pytest.mark.browser]

LOG = (Path(__file__).resolve().parents[1] / "fixtures" / "review" / "one_ron.json").read_text()


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with running_site(tmp_path_factory.mktemp("review") / "content") as url:
        yield url


def _paste(page) -> str:  # noqa: ANN001
    page.goto("/review")
    page.fill("textarea[name=log]", LOG)
    page.get_by_role("button", name="Разобрать партию").click()
    page.wait_for_url(re.compile(r"/review/\d+"))
    return page.url


def _step(page) -> str:  # noqa: ANN001
    return str(page.get_attribute("#table", "data-step"))


def test_paste_read_and_step_with_the_keys(phone) -> None:  # noqa: ANN001
    phone.goto("/review")
    assert axe_violations(phone) == []
    _paste(phone)
    assert "1 решение: 1 по эффективности" in phone.inner_text("[data-summary]")
    assert phone.locator("[data-decision]").count() == 1
    assert axe_violations(phone) == []
    wide = phone.evaluate("document.documentElement.scrollWidth")
    assert wide <= PHONE["width"]
    phone.evaluate("window.__tempaiMarker = 'still-here'")
    phone.locator("body").press("ArrowRight")
    wait_until(phone, "document.querySelector('#table').dataset.step", "1")
    assert phone.locator("[data-decision-here]").count() == 1
    phone.locator("body").press("ArrowRight")
    wait_until(phone, "document.querySelector('#table').dataset.step", "2")
    assert "Восток сбрасывает 6p" in phone.inner_text("[data-last]")
    phone.locator("body").press("ArrowLeft")
    wait_until(phone, "document.querySelector('#table').dataset.step", "1")
    assert phone.evaluate("window.__tempaiMarker") == "still-here"  # swapped, not reloaded


def test_solve_first_then_make_a_drill_and_meet_it_again(phone) -> None:  # noqa: ANN001
    _paste(phone)
    phone.click("[data-solve-toggle]")
    phone.wait_for_url(re.compile(r"solve=1"))
    phone.click("[data-step-flag]")
    wait_until(phone, "document.querySelector('#table').dataset.step", "1")
    assert phone.locator(".review-verdict").count() == 0
    phone.click('[data-pick="5z"]')
    phone.locator("#table .review-verdict").wait_for()
    assert "Ваш выбор" in phone.inner_text("#table")
    assert axe_violations(phone) == []
    phone.click("[data-make-drill]")
    phone.wait_for_url(re.compile(r"/review/positions/\d+"))
    drill_url = phone.url
    assert axe_violations(phone) == []
    phone.locator('input[name="discard"][value="6p"]').check(force=True)
    phone.get_by_role("button", name="Проверить").click()
    phone.locator(".feedback[data-verdict]").wait_for()
    assert phone.get_attribute(".feedback[data-verdict]", "data-verdict") == "incorrect"
    phone.goto("/practice")
    mistakes = phone.locator(".practice-mistakes__list a")
    assert any(drill_url.endswith(str(mistakes.nth(i).get_attribute("href")))
               for i in range(mistakes.count()))


def test_without_javascript_every_step_is_a_link(browser, site: str) -> None:  # noqa: ANN001
    scripted = phone_context(browser, site)
    game = _paste(scripted.new_page())
    state = scripted.storage_state()
    scripted.close()
    context = browser.new_context(base_url=site, viewport=PHONE, java_script_enabled=False,
                                  storage_state=state)
    page = context.new_page()
    page.goto(game)
    page.click("[data-step-next]")
    page.wait_for_url(re.compile(r"step=1"))
    assert _step(page) == "1"
    page.click("[data-step-next]")
    page.wait_for_url(re.compile(r"step=2"))
    assert "Восток сбрасывает 6p" in page.inner_text("[data-last]")
    context.close()


def test_a_bad_log_another_learners_game_and_deleting(phone, browser, site: str) -> None:  # noqa: ANN001
    phone.goto("/review")
    phone.fill("textarea[name=log]", "это не лог")
    phone.get_by_role("button", name="Разобрать партию").click()
    error = phone.locator("[data-error]")
    error.wait_for()
    assert re.search("[а-яё]", error.inner_text())
    assert axe_violations(phone) == []
    game = _paste(phone)
    stranger = phone_context(browser, site)
    response = stranger.new_page().goto(game)
    assert response is not None and response.status == 404
    stranger.close()
    phone.goto("/review")
    path = game.split("://", 1)[1].split("/", 1)[1].split("?")[0]
    row = phone.locator(f'[data-game="{path.rsplit("/", 1)[1]}"]')
    row.get_by_role("button", name=re.compile("Удалить")).click()
    phone.wait_for_url(re.compile(r"/review$"))
    assert phone.locator(f'[data-game="{path.rsplit("/", 1)[1]}"]').count() == 0
