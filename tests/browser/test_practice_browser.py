"""A learner in Chromium practises, then opens «Мой прогресс» and sees the counts and the chart.

Reuses S1's ``live_server``/``browser``/``page`` fixtures (console errors, CSP
violations included, fail the test). Answers are typed and clicked like a
person would; each verdict must arrive without a page load. Screenshots of
/practice, a graded problem and /progress (light and dark) go to tests/artifacts/.
"""

from __future__ import annotations

import pytest

from engine.generate import KINDS
from engine.tiles import tile_code
from tests.support.browser import ARTIFACTS, check_on_page, open_page, wait_until
from tutor.practice.views import _prepare

pytestmark = pytest.mark.browser


def _click_tile(page, code: str) -> None:  # noqa: ANN001
    page.locator(f'label:has(input[name="tiles"][value="{code}"])').click()


def _answer(page, kind: str, level: str, seed: int, right: bool) -> str:  # noqa: ANN001
    url = f"/practice/{kind}/{level}/{seed}"
    drill = _prepare(kind, level, seed)
    assert drill is not None
    open_page(page, url)
    sol = drill.solution
    if kind == "dora":
        tiles = sorted(drill.kind.answer(drill)) if right else [drill.params["indicators"][0]]
        for tile in tiles:
            _click_tile(page, tile_code(tile))
    elif kind == "shanten":
        page.get_by_label("Шантен").fill(str(sol.value + (0 if right else 1)))
    elif kind == "fu":
        # wrong: forget the 10 fu of a closed ron (the plan picks a ron problem)
        page.get_by_label("Сколько фу?").fill(str(sol.fu if right else sol.fu - 10))
    elif kind == "han":
        for yaku in sol.yaku:
            page.locator(f'label:has(input[name="yaku"][value="{yaku.id}"])').click()
        page.get_by_label("Сколько хан вместе с дорами?").fill(
            str(sol.han if right else sol.han + 1)
        )
    elif kind == "payment":
        for field in drill.kind.fields(drill):
            value = field.value if right else field.value + 100
            page.locator(f'input[name="{field.name}"]').fill(str(value))
    return check_on_page(page, url)


def test_practise_then_see_counts_and_chart_on_the_progress_page(page) -> None:  # noqa: ANN001
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.goto("/practice")
    assert page.locator(".practice-card").count() == len(KINDS)
    page.screenshot(path=str(ARTIFACTS / "practice.png"), full_page=True)

    ron = next(s for s in range(3, 100) if _prepare("fu", "novice", s).params["by"] == "ron")
    plan = [
        ("dora", "novice", 1, True),
        ("shanten", "novice", 2, True),
        ("fu", "novice", ron, False),
        ("han", "novice", 4, True),
        ("payment", "player", 5, True),
        ("dora", "player", 6, True),
    ]
    for kind, level, seed, right in plan:
        verdict = _answer(page, kind, level, seed, right)
        assert verdict == ("correct" if right else "incorrect"), (kind, level, seed)
        if kind == "fu":
            note = page.locator(".feedback__note--diagnosis")
            assert "не учли 10 фу за рон закрытой рукой" in note.first.inner_text()
            page.screenshot(path=str(ARTIFACTS / "practice-problem.png"), full_page=True)

    page.get_by_role("link", name="Следующая задача").click()
    page.wait_for_url(lambda url: not url.endswith("/6"))  # htmx swaps and pushes the URL
    assert not page.url.endswith("/6")

    page.goto("/progress")
    summary = page.locator(".progress-summary")
    assert summary.get_attribute("data-total") == "6"
    assert summary.get_attribute("data-correct") == "5"
    assert "6 ответов" in summary.inner_text()
    assert page.locator('tr[data-kind="dora"]').get_attribute("data-total") == "2"
    assert page.locator(".progress-table tbody tr").count() == 5
    line = page.locator("svg.chart:not(.chart--small) polyline.chart__line")
    box = line.bounding_box()
    assert box is not None and box["width"] > 100, "the chart line is drawn across the chart"
    assert page.locator("svg.chart--small").count() == 5
    page.screenshot(path=str(ARTIFACTS / "progress.png"), full_page=True)
    page.emulate_media(color_scheme="dark")
    page.screenshot(path=str(ARTIFACTS / "progress-dark.png"), full_page=True)

    page.goto("/")
    assert page.locator(".course-map__item").count() >= 2  # the course map still renders


FIRST_CONTROL = ("document.activeElement === document.querySelector("
                 "'.practice .drill__form input:not([type=hidden])')")


def test_next_problem_by_keyboard_puts_focus_on_its_first_control(page) -> None:  # noqa: ANN001
    """A full load focuses the problem's first control; so does «Следующая задача» (htmx)."""
    url = "/practice/dora/novice/1"
    open_page(page, url)
    wait_until(page, FIRST_CONTROL, True)
    page.keyboard.press("Space")  # the focused first tile of the palette is ticked
    assert check_on_page(page, url) in ("correct", "incorrect")
    wait_until(page, "!!document.activeElement.dataset.verdict", True)  # the verdict first
    for _ in range(60):  # then Tab through the explanation to the next problem
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.matches('[data-next]')"):
            break
    assert page.evaluate("document.activeElement.textContent") == "Следующая задача"
    page.keyboard.press("Enter")
    page.wait_for_url(lambda now: not now.endswith(url))  # htmx swaps and pushes the URL
    wait_until(page, FIRST_CONTROL, True)
    assert page.evaluate("window.__tempaiMarker") == "still-here"  # no page load
    assert page.locator(".practice").get_attribute("data-seed") != "1"
    assert page.locator(".feedback").count() == 0


def test_practice_without_javascript_lands_on_the_feedback(browser, live_server: str) -> None:  # noqa: ANN001
    """The plain POST lands on the drill's feedback (``#fb-<id>``), as a lesson drill's does."""
    context = browser.new_context(
        base_url=live_server, java_script_enabled=False, viewport={"width": 390, "height": 700}
    )
    page = context.new_page()
    url = "/practice/dora/novice/1"
    drill = _prepare("dora", "novice", 1)
    assert drill is not None
    page.goto(url)
    for tile in sorted(drill.kind.answer(drill)):
        _click_tile(page, tile_code(tile))
    page.get_by_role("button", name="Проверить").click()
    page.wait_for_url(f"**{url}#fb-{drill.id}")
    feedback = page.locator(f"#fb-{drill.id} .feedback")
    assert feedback.get_attribute("data-verdict") == "correct"
    # the verdict is on the first screen (at the top of the page it is below the
    # 34-tile palette, out of sight on a phone)
    # (the page scrolls smoothly: poll its position as the browser reports it)
    title = page.locator(f"#fb-{drill.id} .feedback__title")
    for _ in range(40):
        box = title.bounding_box()
        if box is not None and 0 <= box["y"] < 700 - box["height"]:
            break
        page.wait_for_timeout(50)
    assert box is not None and 0 <= box["y"] < 700 - box["height"], box
    next_link = page.get_by_role("link", name="Следующая задача")
    assert next_link.get_attribute("href") == "/practice/dora/novice"
    context.close()
