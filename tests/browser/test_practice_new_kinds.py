"""Practice of the engine-graded kinds in Chromium: «Что сбросить?», «Собрана ли рука?», «Можно ли
объявить победу?».

A learner answers a generated problem wrong, then right, by clicking tiles and
boxes; each verdict arrives without a page load. Every level of the three kinds
is drawn at phone width (390 px) and on a desktop with the feedback open, and
must not scroll sideways; the screenshots go to tests/artifacts/ to be looked at.
"""

from __future__ import annotations

import pytest

from engine.generate import LEVELS
from engine.tiles import tile_code
from tests.browser.conftest import ARTIFACTS, check_on_page, open_page
from tests.practice_answers import right_answer, wrong_answer
from tutor.practice.views import _prepare

pytestmark = pytest.mark.browser

NEW_KINDS = ("discard", "complete", "yaku")


def _click(page, name: str, value: str) -> None:  # noqa: ANN001
    page.locator(f'label:has(input[name="{name}"][value="{value}"])').click()


def _set_ticks(page, letters: list[str]) -> None:  # noqa: ANN001
    """Tick exactly these hands of a «Собрана ли рука?» problem."""
    for box in page.locator('input[name="hands"]').all():
        want = box.get_attribute("value") in letters
        if box.is_checked() != want:
            page.locator(f'label:has(input[name="hands"][value="{box.get_attribute("value")}"])'
                         ).click()


def test_discard_novice_wrong_then_right_without_reload(page) -> None:  # noqa: ANN001
    seed = 17
    drill = _prepare("discard", "novice", seed)
    assert drill is not None
    url = f"/practice/discard/novice/{seed}"
    open_page(page, url)
    wrong = drill.solution.others[0].tile
    _click(page, "discard", tile_code(wrong))
    assert check_on_page(page, url) == "incorrect"
    feedback = page.locator(".drill__feedback").inner_text()
    assert "Вы сбросили" in feedback and "остаётся 1-шантен" in feedback
    _click(page, "discard", tile_code(min(drill.solution.correct)))
    assert check_on_page(page, url) == "correct"
    assert "ждёт" in page.locator(".drill__feedback").inner_text()


def test_complete_and_yaku_wrong_then_right_without_reload(page) -> None:  # noqa: ANN001
    for kind, level, seed in (("complete", "master", 3), ("yaku", "player", 9)):
        drill = _prepare(kind, level, seed)
        assert drill is not None
        url = f"/practice/{kind}/{level}/{seed}"
        open_page(page, url)
        for answer, verdict in ((wrong_answer(drill), "incorrect"),
                                (right_answer(drill), "correct")):
            if kind == "complete":
                _set_ticks(page, answer["hands"])
            else:
                _click(page, "win", answer["win"])
            assert check_on_page(page, url) == verdict, (kind, answer)


@pytest.mark.parametrize("width", [390, 1280])
def test_every_level_fits_the_screen_with_the_solution_open(browser, live_server: str,  # noqa: ANN001
                                                            width: int) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(base_url=live_server, viewport={"width": width, "height": 900})
    page = context.new_page()
    try:
        for kind in NEW_KINDS:
            for level in LEVELS:
                url = f"/practice/{kind}/{level}/21"
                open_page(page, url)
                page.screenshot(path=str(ARTIFACTS / f"practice-{kind}-{level}-{width}.png"),
                                full_page=True)
                with page.expect_response(lambda r, u=url: r.url.endswith(u)):
                    page.get_by_role("button", name="Показать решение").click()
                page.locator('.feedback[data-verdict="solution"]').wait_for()
                page.screenshot(
                    path=str(ARTIFACTS / f"practice-{kind}-{level}-{width}-solution.png"),
                    full_page=True)
                overflow = page.evaluate(
                    "document.documentElement.scrollWidth - document.documentElement.clientWidth")
                assert overflow <= 0, (kind, level, width, overflow)
    finally:
        context.close()
