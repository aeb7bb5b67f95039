"""The decision kinds call, push, riichi and all_last in Chromium, on one server.

Each two-way kind is answered wrong, then right, by clicks, the verdict arriving
without a page load (no «почти»: a yes/no question has none); all_last gets a
wrong, a «почти» (the next bigger hand) and the right answer from its list.
Without JavaScript the same forms post and the page comes back with the verdict.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.support import browser as helpers
from tests.support.browser import running_site, submit

pytestmark = pytest.mark.browser

SLUG = "decisions"
LESSON = f"""---
title: Решения за столом
slug: {SLUG}
order: 61
summary: Брать или нет, идти или сдаваться, риичи или дама, последняя раздача.
---

/// call
id: value-drop
hand: 45677m23344p455s
call: chi 345s
tile: 3s
dora: 5s
///

/// push
id: fold
hand: 34m340689p23466s4z
push: 4z
pond: 1z 9m 2p 8s 7z 1p
riichi_at: 6
dora: 2s
///

/// riichi
id: good-wait
hand: 789m345p23678s55z
dora: 3z
///

/// all_last
id: direct
scores: {{E: 30000, S: 24000, W: 25000, N: 21000}}
seat: W
win: E
///
"""

# drill id -> (right, wrong) values of the radio group «decision»
TWO_WAY = {"value-drop": ("pass", "call"), "fold": ("fold", "push"),
           "good-wait": ("riichi", "dama")}
SMALLEST, NEXT, TOO_SMALL = "5", "6", "3"  # рон 2600 (right), 2900 («почти»), 2000


@pytest.fixture(scope="module")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    content = tmp_path_factory.mktemp("decisions") / "content"
    with running_site(content, lessons={"61-decisions.md": LESSON}) as url:
        yield url


def choose(page, drill_id: str, value: str) -> None:  # noqa: ANN001
    page.locator(f'[data-drill-id="{drill_id}"] input[name="decision"][value="{value}"]').check()


def pick_step(page, value: str) -> None:  # noqa: ANN001
    page.locator('[data-drill-id="direct"] select[name="step"]').select_option(value)


@pytest.mark.parametrize("drill_id", list(TWO_WAY))
def test_a_two_way_kind_wrong_then_right(page, live_server: str, drill_id: str) -> None:  # noqa: ANN001
    right, wrong = TWO_WAY[drill_id]
    helpers.open_page(page, f"/lessons/{SLUG}")
    choose(page, drill_id, wrong)
    assert submit(page, drill_id) == "incorrect"
    assert "Решает правило" in page.locator(f"#fb-{drill_id}").inner_text()
    choose(page, drill_id, right)
    assert submit(page, drill_id) == "correct"
    assert "Riichi Book I" in page.locator(f"#fb-{drill_id}").inner_text()
    helpers.assert_no_page_load(page, f"{live_server}/lessons/{SLUG}")


def test_all_last_wrong_almost_right(page, live_server: str) -> None:  # noqa: ANN001
    helpers.open_page(page, f"/lessons/{SLUG}")
    for value, verdict in ((TOO_SMALL, "incorrect"), (NEXT, "partial"), (SMALLEST, "correct")):
        pick_step(page, value)
        assert submit(page, "direct") == verdict
    assert "рон 2600" in page.locator("#fb-direct").inner_text()
    helpers.assert_no_page_load(page, f"{live_server}/lessons/{SLUG}")


def _post_plain(page, drill_id: str) -> str:  # noqa: ANN001
    page.locator(f'[data-drill-id="{drill_id}"]').get_by_role("button", name="Проверить").click()
    page.wait_for_url(f"**/drills/{drill_id}#fb-{drill_id}")
    return str(page.locator(f"#fb-{drill_id} .feedback").get_attribute("data-verdict"))


def test_without_javascript_every_kind_posts_and_shows_the_verdict(browser,  # noqa: ANN001
                                                                    live_server: str) -> None:
    context = browser.new_context(base_url=live_server, java_script_enabled=False)
    page = context.new_page()
    try:
        for drill_id, (right, wrong) in TWO_WAY.items():
            for value, verdict in ((wrong, "incorrect"), (right, "correct")):
                page.goto(f"/lessons/{SLUG}")
                choose(page, drill_id, value)
                assert _post_plain(page, drill_id) == verdict
        for value, verdict in ((TOO_SMALL, "incorrect"), (NEXT, "partial"),
                               (SMALLEST, "correct")):
            page.goto(f"/lessons/{SLUG}")
            pick_step(page, value)
            assert _post_plain(page, "direct") == verdict
    finally:
        context.close()


def test_the_four_drills_fit_a_phone(browser, live_server: str) -> None:  # noqa: ANN001
    context = browser.new_context(base_url=live_server, viewport={"width": 390, "height": 844})
    page = context.new_page()
    try:
        helpers.open_page(page, f"/lessons/{SLUG}")
        for drill_id, (right, _) in TWO_WAY.items():
            choose(page, drill_id, right)
            submit(page, drill_id)
        pick_step(page, SMALLEST)
        submit(page, "direct")
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    finally:
        context.close()
