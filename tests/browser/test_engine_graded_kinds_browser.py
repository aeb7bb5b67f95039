"""The engine-graded kinds complete, discard, yaku, count and rule in Chromium.

Each is answered wrong, then right, by clicks (and the discard drill by keys
only), the verdict arriving without a page load. The lesson is a fixture of
its own, so a course edit cannot break these tests.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.support import browser as browser_helpers
from tests.support.browser import ARTIFACTS, running_site, submit, wait_until

pytestmark = pytest.mark.browser

SLUG = "engine-kinds"
LESSON = f"""---
title: Упражнения, которые считает движок
slug: {SLUG}
order: 60
summary: Собрана ли рука, что сбросить, есть ли яку, сколько простых, как в правилах.
---

Рука собрана, если её можно разложить на четыре сета и пару.

/// complete
id: odd-one-out
hands:
  - 111m234p567s789s33z
  - 124m345p567s789s33z
  - 1133m5577p22s4466z
  - 19m19p19s12345677z
pick: incomplete
prompt: Какая из рук НЕ является выигрышной?
///

/// discard
id: to-tenpai
hand: 123m456p789s11557z
goal: tenpai
///

/// yaku
id: renhou-online
hand: 123m456789p12399s
win: 3s
by: ron
seat: S
renhou: true
rules: online
///

/// count
id: simples
hand: 1199m05p468s3777z
///

/// rule
id: start-fenix
rule: starting_points
rules: fenix
distractors: [32000, 50000]
///
"""


@pytest.fixture(scope="module")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    content = tmp_path_factory.mktemp("engine-kinds") / "content"
    with running_site(content, lessons={"60-engine-kinds.md": LESSON}) as url:
        yield url


def open_lesson(page) -> None:  # noqa: ANN001
    browser_helpers.open_page(page, f"/lessons/{SLUG}")


def assert_no_page_load(page, base: str) -> None:  # noqa: ANN001
    browser_helpers.assert_no_page_load(page, f"{base}/lessons/{SLUG}")


def pick(page, drill_id: str, name: str, value: str) -> None:  # noqa: ANN001
    page.locator(f'[data-drill-id="{drill_id}"] label:has(input[name="{name}"][value="{value}"])'
                 ).click()


def test_complete_drill_by_ticking_hands(page, live_server: str) -> None:  # noqa: ANN001
    open_lesson(page)
    pick(page, "odd-one-out", "hands", "в")
    assert submit(page, "odd-one-out") == "incorrect"
    assert "Вы не отметили: б." in page.locator("#fb-odd-one-out").inner_text()
    pick(page, "odd-one-out", "hands", "в")  # untick
    pick(page, "odd-one-out", "hands", "б")
    assert submit(page, "odd-one-out") == "correct"
    assert_no_page_load(page, live_server)


def test_discard_drill_by_clicking_a_tile(page, live_server: str) -> None:  # noqa: ANN001
    open_lesson(page)
    pick(page, "to-tenpai", "discard", "1z")
    assert submit(page, "to-tenpai") == "incorrect"
    assert "остаётся 1-шантен" in page.locator("#fb-to-tenpai").inner_text()
    pick(page, "to-tenpai", "discard", "7z")
    assert submit(page, "to-tenpai") == "correct"
    assert "ждёт" in page.locator("#fb-to-tenpai").inner_text()
    assert_no_page_load(page, live_server)


def test_discard_drill_with_the_keyboard_only(page, live_server: str) -> None:  # noqa: ANN001
    """Tab into the radio group, arrow keys to the red dragon, Enter to check."""
    open_lesson(page)
    page.locator('[data-drill-id="to-tenpai"] .drill__prompt').click()
    for _ in range(30):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.name") == "discard":
            break
    assert page.evaluate("document.activeElement.value") == "1m"
    for _ in range(30):
        if page.evaluate("document.activeElement.value") == "7z":
            break
        page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.checked") is True
    page.keyboard.press("Enter")
    page.locator('[data-drill-id="to-tenpai"] .feedback[data-verdict]').wait_for()
    wait_until(page, "document.activeElement.dataset.verdict", "correct")
    assert_no_page_load(page, live_server)


def test_yaku_drill_by_yes_and_no(page, live_server: str) -> None:  # noqa: ANN001
    open_lesson(page)
    # A renhou is no yaku online (Tenhou) but a mangan under EMA 2016 and rules-ru:
    # the one win whose answer depends on the rule set.
    drill = page.locator('[data-drill-id="renhou-online"]')
    drill.get_by_label("Да, можно").check()
    assert submit(page, "renhou-online") == "incorrect"
    assert "ренхо (манган)" in page.locator("#fb-renhou-online").inner_text()
    drill.get_by_label("Нет, нельзя").check()
    assert submit(page, "renhou-online") == "correct"
    assert_no_page_load(page, live_server)


def test_count_drill_by_typing(page, live_server: str) -> None:  # noqa: ANN001
    open_lesson(page)
    field = page.locator('[data-drill-id="simples"]').get_by_label("Сколько простых тайлов?")
    field.fill("4")
    assert submit(page, "simples") == "incorrect"
    field.fill("5")
    assert submit(page, "simples") == "correct"
    assert_no_page_load(page, live_server)


def test_rule_drill_by_clicking(page, live_server: str) -> None:  # noqa: ANN001
    open_lesson(page)
    drill = page.locator('[data-drill-id="start-fenix"]')
    drill.get_by_label("30000").check()
    assert submit(page, "start-fenix") == "incorrect"
    assert "клуб «Феникс» — 25000" in page.locator("#fb-start-fenix").inner_text()
    drill.get_by_label("25000").check()
    assert submit(page, "start-fenix") == "correct"
    assert_no_page_load(page, live_server)


@pytest.mark.parametrize("width", [390, 1000])
def test_new_kinds_fit_the_screen_with_feedback_open(browser, live_server: str,  # noqa: ANN001
                                                     width: int) -> None:
    context = browser.new_context(base_url=live_server, viewport={"width": width, "height": 900})
    page = context.new_page()
    open_lesson(page)
    pick(page, "odd-one-out", "hands", "б")
    submit(page, "odd-one-out")
    pick(page, "to-tenpai", "discard", "5z")
    submit(page, "to-tenpai")
    page.locator('[data-drill-id="renhou-online"]').get_by_label("Нет, нельзя").check()
    submit(page, "renhou-online")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"engine-kinds-{width}.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    context.close()
