"""The hand analyser in a real browser: build a hand by clicking, read the waits and values.

Uses the live server and Chromium fixtures of ``tests/browser/conftest.py``
(skipped only when /usr/bin/chromium is missing). Screenshots go to
``tests/artifacts/``.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.browser import assert_no_page_load, open_page

ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts"


@pytest.fixture
def page(browser, live_server: str) -> Iterator[object]:  # noqa: ANN001
    """As the shared fixture, but a 400 for a bad hand is expected (the fragment's status)."""
    context = browser.new_context(base_url=live_server, viewport={"width": 1000, "height": 900})
    page = context.new_page()
    errors: list[str] = []

    def on_console(msg) -> None:  # noqa: ANN001
        if msg.type == "error" and "status of 400" not in msg.text:
            errors.append(msg.text)

    page.on("console", on_console)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    context.close()
    assert errors == [], f"browser console errors: {errors}"


# An open hand (chi 234p) waiting on 1s and 4s: 4s gives tanyao, 1s no yaku at all.
CLICKS = ["5m", "6m", "7m", "3s", "4s", "5s", "8s", "8s", "2s", "3s"]


def _click_tile(page, code: str, count: int) -> None:  # noqa: ANN001
    page.locator(f"#pal-{code}").click()
    page.locator(".builder__row").first.get_by_text(re.compile(rf"Рука: {count} ")).wait_for()


def test_build_open_hand_by_clicking_shows_waits_values_and_no_yaku(page) -> None:  # noqa: ANN001
    page.goto("/analyse")
    page.evaluate("window.__sameDocument = true")
    page.get_by_role("link", name="чи", exact=True).click()
    page.locator("#pal-2p[aria-label^='Объявить чи']").wait_for()
    page.locator("#pal-2p").click()
    page.locator(".builder__row", has_text="Сет 1").wait_for()
    page.get_by_role("link", name="в руку", exact=True).click()
    page.locator("#pal-5m[aria-label^='Добавить в руку']").wait_for()
    for count, code in enumerate(CLICKS, start=1):
        _click_tile(page, code, count)

    assert page.locator("#a-hand").input_value() == "567m3458823s"  # typing order is kept
    assert page.locator("#a-melds").input_value() == "chi 234p"
    assert "hand=567m3458823s" in page.url
    assert page.evaluate("window.__sameDocument") is True, "clicks must not reload the page"

    four = page.locator(".wait-card[data-wait='4s']")
    one = page.locator(".wait-card[data-wait='1s']")
    four.wait_for()
    ron_four = four.locator(".outcome").first
    assert "таняо" in ron_four.inner_text() and "1500" in ron_four.inner_text()
    assert one.locator(".outcome[data-outcome='нет яку']").count() == 2
    assert "Нельзя: нет яку" in one.locator(".outcome").first.inner_text()
    # EMA 2016 allows open tanyao like every other set: no rule set calls the 4s ron yakuless.
    assert page.locator("tr[data-compare='4s-рон'] td", has_text="нет яку").count() == 0

    ARTIFACTS.mkdir(exist_ok=True)
    # caret="initial": hiding the caret leaves style="" on inputs, which htmx's settle
    # step would then copy into swapped content — a CSP violation the site never causes.
    page.screenshot(path=str(ARTIFACTS / "analyse-waits.png"), full_page=True, caret="initial")

    # «Сделать упражнение» is an author's tool: not for an anonymous learner (an
    # instructor's export and its copy button: tests/browser/test_phone_menu_tiles.py).
    assert page.get_by_role("link", name="Сделать упражнение").count() == 0


def test_typing_updates_the_analysis_and_errors_sit_next_to_the_field(page) -> None:  # noqa: ANN001
    page.goto("/analyse")
    page.locator("#a-hand").fill("2223334456678p")
    page.locator(".wait-card").nth(4).wait_for()
    assert page.locator(".wait-card").count() == 5
    assert "hand=2223334456678p" in page.url
    page.locator("#a-hand").fill("22222334456678p")  # five copies of 2p
    page.locator("#err-hand").get_by_text("только четыре").wait_for()
    assert "5 тайлов «2 пин»" in page.locator("#err-hand").inner_text()
    assert page.locator(".wait-card").count() == 0
    assert (
        page.locator("#a-hand").input_value() == "22222334456678p"
    )  # the field keeps what was typed


def test_analyser_on_a_phone_fits_the_screen(page) -> None:  # noqa: ANN001
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto("/analyse?hand=234567m234p22234s&by=tsumo&dora=1s")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert "байман" in page.locator(".result__head").inner_text()
    page.screenshot(path=str(ARTIFACTS / "analyse-phone.png"), full_page=True, caret="initial")


def _wait_for_focus(page, element_id: str, seconds: float = 5.0) -> None:  # noqa: ANN001
    """Focus is restored by app.js just after the swap; poll (CSP forbids wait_for_function)."""
    deadline = time.monotonic() + seconds
    while page.evaluate("document.activeElement && document.activeElement.id") != element_id:
        if time.monotonic() >= deadline:
            where = page.evaluate("document.activeElement && document.activeElement.outerHTML")
            raise AssertionError(f"focus never returned to #{element_id}; it is on {where!r:.300}")
        page.wait_for_timeout(50)


def test_palette_works_from_the_keyboard_and_keeps_focus(page, live_server: str) -> None:  # noqa: ANN001
    """Enter again as soon as focus is back: htmx must already handle the new link.

    With htmx's default 20 ms settle delay the swapped-in link was focused
    before htmx bound it, so a quick Enter followed the plain href (a whole
    page load, focus on <body>); base.html sets ``defaultSettleDelay`` to 0.
    """
    open_page(page, "/analyse")
    page.locator("#pal-3p").focus()
    for count in (1, 2, 3):
        page.keyboard.press("Enter")
        page.locator(".builder__row").first.get_by_text(re.compile(rf"Рука: {count} ")).wait_for()
        _wait_for_focus(page, "pal-3p")
    page.keyboard.press("Enter")  # a fourth copy
    page.locator("#a-hand[value='3333p']").wait_for()
    assert_no_page_load(page, f"{live_server}/analyse?hand=3333p")
    # No fifth copy exists: the tile is no longer a link.
    assert page.locator("#pal-3p").count() == 0
    assert (
        page.locator("span.builder__tile--off[aria-label='Добавить в руку 3 пин — нельзя']").count()
        == 1
    )


def test_without_javascript_links_and_the_form_do_everything(browser, live_server: str) -> None:  # noqa: ANN001
    context = browser.new_context(base_url=live_server, java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto("/analyse?hand=123m456p789s112z")
        page.locator("#pal-2z").click()  # a plain link: the whole page comes back with 2z added
        page.wait_for_url(re.compile(r"hand=123m456p789s1122z$"))
        assert page.locator(".wait-card").count() == 2  # shanpon on East and South
        page.locator("#a-hand").fill("123m456p789s11122z")
        page.get_by_role("button", name="Анализировать").click()
        page.wait_for_url(re.compile(r"hand=123m456p789s11122z&"))
        assert page.locator(".result__head").inner_text().startswith("Выигрыш")
        # No export asked for yet (and the copy buttons only ever appear with JS).
        assert page.locator("[data-copy]").count() == 0
    finally:
        context.close()


DANGER_HAND = "/analyse?hand=147m258p369s22256z"


def test_danger_panel_prices_a_riichi_and_an_open_hand_typed_from_the_keyboard_on_a_phone(
        page) -> None:  # noqa: ANN001
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(DANGER_HAND)
    page.locator("#a-opp").focus()
    page.keyboard.type("9m1z4m2s")
    page.locator("#danger-head", has_text="Против риичи:").wait_for()
    assert page.locator("#danger [data-discard='4m']").first.get_attribute("data-danger") == "0.0"
    page.keyboard.press("Tab")  # the riichi tile's number
    page.keyboard.press("Tab")  # the opponent with calls
    assert page.evaluate("document.activeElement.id") == "a-open_melds"
    page.keyboard.type("pon 222p, pon 777p")
    page.locator("#danger-head", has_text="Против риичи и открытой руки").wait_for()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator("#danger").screenshot(path=str(ARTIFACTS / "analyse-danger-phone.png"),
                                       caret="initial")
    page.locator("#a-open_melds").screenshot(path=str(ARTIFACTS / "analyse-open-field.png"),
                                             caret="initial")


def test_without_javascript_the_form_shows_the_danger_against_an_open_hand(
        browser, live_server: str) -> None:  # noqa: ANN001
    context = browser.new_context(base_url=live_server, java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto(DANGER_HAND)
        page.locator("#a-open_melds").fill("pon 222p, pon 777p")
        page.locator("#a-open_pond").fill("1z9s4m")
        page.get_by_role("button", name="Анализировать").click()
        page.wait_for_url(re.compile(r"open_melds=pon"))
        assert page.locator("#danger-head").inner_text().startswith("Против открытой руки")
        assert page.locator("#danger [data-discard]").first.get_attribute("data-discard") == "4m"
    finally:
        context.close()
