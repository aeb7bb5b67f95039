"""The whole-game kinds (draw, multi_ron, next_hand, final) in Chromium, htmx and no-JS.

One server for the module, serving the lesson of tests/drills/test_game_kinds.py.
Each kind is answered wrong, then right, through htmx (the verdict arrives
without a page load) and again with JavaScript off (a real form post that
lands on the drill's anchor). The answers come from the engine through the
drill code, as in practice, so the test cannot disagree with the engine.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support import browser as helpers
from tests.support.browser import ARTIFACTS, running_site, submit
from tests.support.game_lessons import LESSON
from tests.support.practice import right_answer, wrong_answer
from tutor.course.content import load_lesson

pytestmark = pytest.mark.browser

SLUG = "game-kinds"
FILE = "56-game.md"
DRILLS = {"draw": "two-tenpai", "multi_ron": "double-ron", "next_hand": "draw-passes",
          "final": "tenhou-end"}
CHOICES = ("repeat", "dealer", "winner")  # radio groups and checkboxes; the rest are text


@pytest.fixture(scope="module")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    content = tmp_path_factory.mktemp("game-kinds") / "content"
    with running_site(content, lessons={FILE: LESSON}) as url:
        yield url


@pytest.fixture(scope="module")
def answers(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[dict[str, Any], ...]]:
    """(right, wrong) forms per drill id, from the engine's answers."""
    path = Path(tmp_path_factory.mktemp("game-lesson")) / FILE
    path.write_text(LESSON, encoding="utf-8")
    lesson = load_lesson(path)
    return {d: (right_answer(lesson.drills[d]), wrong_answer(lesson.drills[d]))
            for d in DRILLS.values()}


def fill(page, drill_id: str, form: dict[str, Any]) -> None:  # noqa: ANN001
    drill = page.locator(f'[data-drill-id="{drill_id}"]')
    for box in drill.locator('input[name="winner"]').all():
        box.uncheck()
    for name, value in form.items():
        if name in CHOICES:
            for item in value if isinstance(value, list) else [value]:
                drill.locator(f'input[name="{name}"][value="{item}"]').check()
        else:
            drill.locator(f'input[name="{name}"]').fill(str(value))


@pytest.mark.parametrize("kind", [pytest.param(k, id=k) for k in DRILLS])
def test_wrong_then_right_through_htmx(page, live_server: str, answers, kind: str) -> None:  # noqa: ANN001
    drill_id = DRILLS[kind]
    right, wrong = answers[drill_id]
    helpers.open_page(page, f"/lessons/{SLUG}")
    fill(page, drill_id, wrong)
    assert submit(page, drill_id) == "incorrect"
    feedback = page.locator(f"#fb-{drill_id}")
    assert feedback.locator(".pay-table__wrong").count() >= 1
    assert "Правила, по которым это посчитано" in feedback.inner_text()
    section = page.locator(f'[data-drill-id="{drill_id}"]')
    helpers.mark_stale(section)
    section.locator('a:has-text("Попробовать ещё раз")').click()
    # The fresh section, with its empty form, has replaced the answered one.
    page.locator(f'[data-drill-id="{drill_id}"]:not([{helpers.STALE}]) .drill__form').wait_for()
    fill(page, drill_id, right)
    assert submit(page, drill_id) == "correct"
    helpers.assert_no_page_load(page, f"{live_server}/lessons/{SLUG}")


@pytest.mark.parametrize("kind", [pytest.param(k, id=k) for k in DRILLS])
def test_wrong_then_right_without_javascript(browser, live_server: str, answers,  # noqa: ANN001
                                             kind: str) -> None:
    drill_id = DRILLS[kind]
    right, wrong = answers[drill_id]
    context = browser.new_context(base_url=live_server, java_script_enabled=False)
    page = context.new_page()
    for form, verdict in ((wrong, "incorrect"), (right, "correct")):
        page.goto(f"/lessons/{SLUG}")
        fill(page, drill_id, form)
        page.locator(f'[data-drill-id="{drill_id}"]').get_by_role("button",
                                                                 name="Проверить").click()
        page.wait_for_url(f"**/drills/{drill_id}#fb-{drill_id}")
        shown = page.locator(f"#fb-{drill_id} .feedback").get_attribute("data-verdict")
        assert shown == verdict
    context.close()


def test_the_four_drills_fit_a_phone_with_feedback_open(browser, live_server: str,  # noqa: ANN001
                                                        answers) -> None:
    context = browser.new_context(base_url=live_server, viewport={"width": 390, "height": 844})
    page = context.new_page()
    helpers.open_page(page, f"/lessons/{SLUG}")
    for drill_id in DRILLS.values():
        fill(page, drill_id, answers[drill_id][1])
        submit(page, drill_id)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "game-kinds-390.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    context.close()
