"""Practice of the engine-graded kinds in Chromium: «Что сбросить?», «Собрана ли рука?», «Можно ли
объявить победу?», «Сколько тайлов улучшат руку?», «Самый безопасный сброс».

A learner answers a generated problem wrong, then right, by clicking tiles and
boxes or typing a number; each verdict arrives without a page load. Without
JavaScript the three play kinds (discard, ukeire, safety) are answered by a
plain form post that returns the page with the verdict. Every level of the three kinds
is drawn at phone width (390 px) and on a desktop with the feedback open, and
must not scroll sideways; the screenshots go to tests/artifacts/ to be looked at.
"""

from __future__ import annotations

import pytest

from engine.generate import LEVELS
from engine.tiles import tile_code
from tests.support.browser import ARTIFACTS, check_on_page, open_page
from tests.support.practice import right_answer, wrong_answer
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


PLAY_KINDS = (("discard", "player", 5), ("ukeire", "master", 8), ("safety", "player", 4))


def _answer(page, kind: str, form: dict[str, str]) -> None:  # noqa: ANN001
    """Fill a play kind's form as a learner: a tile clicked, or the count typed."""
    if kind == "ukeire":
        page.get_by_role("textbox", name="Сколько тайлов улучшат руку?").fill(form["count"])
    else:
        _click(page, "discard", form["discard"])


@pytest.mark.parametrize("kind", ["ukeire", "safety"])
def test_ukeire_and_safety_wrong_then_right_without_reload(page, kind: str) -> None:  # noqa: ANN001
    level, seed = {"ukeire": ("player", 12), "safety": ("master", 7)}[kind]
    drill = _prepare(kind, level, seed)
    assert drill is not None
    url = f"/practice/{kind}/{level}/{seed}"
    open_page(page, url)
    _answer(page, kind, wrong_answer(drill))
    assert check_on_page(page, url) == "incorrect"
    feedback = page.locator(".drill__feedback").inner_text()
    if kind == "ukeire":
        assert f"а правильный — {drill.solution.value}" in feedback
    else:
        assert "Вы сбросили" in feedback and "Безопаснее" in feedback
        # The solution lists every tile of the hand, one item each, with its deal-in chance.
        tiles = page.locator(".safety-tiers__item")
        assert tiles.count() == len(drill.solution.ranked)
        for item, ranked in zip(tiles.all_inner_texts(), drill.solution.ranked, strict=True):
            assert drill.kind.danger_text(ranked) in item
    _answer(page, kind, right_answer(drill))
    assert check_on_page(page, url) == "correct"


def test_play_kinds_wrong_then_right_without_javascript(browser, live_server: str) -> None:  # noqa: ANN001
    context = browser.new_context(base_url=live_server, java_script_enabled=False)
    page = context.new_page()
    try:
        for kind, level, seed in PLAY_KINDS:
            drill = _prepare(kind, level, seed)
            assert drill is not None
            url = f"/practice/{kind}/{level}/{seed}"
            for form, verdict in ((wrong_answer(drill), "incorrect"),
                                  (right_answer(drill), "correct")):
                page.goto(url)
                _answer(page, kind, form)
                with page.expect_navigation():
                    page.get_by_role("button", name="Проверить").click()
                assert page.url.split("#")[0].endswith(url)  # the same page, with the verdict
                shown = page.locator(".feedback[data-verdict]").get_attribute("data-verdict")
                assert shown == verdict, (kind, form)
    finally:
        context.close()


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
