"""A learner's day on a 390 px phone: try again before the solution, progress you can feel.

One server for the module (the fixture course, through ``running_site``), one
Chromium. With htmx and without JavaScript: a first miss marks the chosen
option and offers «Попробовать ещё раз» without the solution; the second miss
shows it. A right answer moves the lesson's «решено N из M» without a page
load, and the lesson's last drill says «Урок пройден». The drill card has no
empty band above its title. /practice is grouped by lesson with «Вперемешку»;
«Мой прогресс» says what next. axe-core finds nothing on each of these pages.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.support.browser import (
    axe_violations,
    phone_context,
    running_site,
    submit,
    wait_until,
)

pytestmark = pytest.mark.browser

QUIZ = """---
title: Короткий опрос
slug: quiz
order: 9
summary: Два вопроса.
---
## Вопросы

Два вопроса подряд.

/// choice
id: suits
question: Сколько мастей с числами?
options: ["3", "4"]
answer: 1
///

/// choice
id: winds
question: Сколько ветров?
options: ["4", "3"]
answer: 1
///
"""
MARKED = ".drill__question--missed label:has(> input[type=radio][checked])"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("learner-day")
    with running_site(folder / "content",
                      {"DATABASE_URL": f"sqlite:///{folder / 'progress.sqlite3'}"},
                      lessons={"09-quiz.md": QUIZ}) as url:
        yield url


def _choose(page, drill: str, option: str) -> None:  # noqa: ANN001
    page.locator(f'#drill-{drill} label:has(input[name="option"][value="{option}"])').click()


def test_try_again_with_htmx_then_the_solution(phone) -> None:  # noqa: ANN001
    phone.goto("/lessons/basics")
    wait_until(phone, "typeof window.htmx", "object")
    phone.evaluate("window.__tempaiMarker = 'still-here'")
    _choose(phone, "set-size", "2")
    assert submit(phone, "set-size") == "incorrect"
    box = phone.locator("#drill-set-size .feedback")
    assert box.get_attribute("data-retry") is not None
    assert "Правильный ответ" not in box.inner_text()
    assert phone.locator(f"#drill-set-size {MARKED}").count() == 1  # the choice marked wrong
    assert phone.locator("#attempt-set-size").get_attribute("value") == "2"
    assert axe_violations(phone) == []
    phone.get_by_role("link", name="Попробовать ещё раз").click()
    wait_until(phone, "document.activeElement.id", "drill-set-size")
    _choose(phone, "set-size", "1")
    assert submit(phone, "set-size") == "incorrect"
    assert "Правильный ответ" in phone.locator("#drill-set-size .feedback").inner_text()
    assert phone.evaluate("window.__tempaiMarker") == "still-here"  # no page load


def test_try_again_without_javascript(browser, site: str) -> None:  # noqa: ANN001
    context = phone_context(browser, site, script=False)
    page = context.new_page()
    page.goto("/lessons/basics")
    _choose(page, "set-size", "1")
    page.locator("#drill-set-size").get_by_role("button", name="Проверить").click()
    page.wait_for_url("**/drills/set-size#fb-set-size")
    box = page.locator("#drill-set-size .feedback")
    assert box.get_attribute("data-retry") is not None
    assert "Правильный ответ" not in box.inner_text()
    assert page.locator(f"#drill-set-size {MARKED}").count() == 1
    assert page.locator("#attempt-set-size").get_attribute("value") == "2"
    page.locator("#drill-set-size").get_by_role("button", name="Проверить").click()  # same answer
    page.wait_for_load_state()
    assert "Правильный ответ" in page.locator("#drill-set-size .feedback").inner_text()
    context.close()


def test_the_lesson_count_moves_and_the_last_drill_finishes_the_lesson(phone) -> None:  # noqa: ANN001
    phone.goto("/lessons/quiz")
    wait_until(phone, "typeof window.htmx", "object")
    title = phone.locator("#drill-suits .drill__title").bounding_box()
    card = phone.locator("#drill-suits").bounding_box()
    assert title and card and title["y"] - card["y"] < 20, "no empty band above the title"
    assert phone.locator("#lesson-solved").inner_text() == "решено 0 из 2 упражнений"
    _choose(phone, "suits", "1")
    assert submit(phone, "suits") == "correct"
    wait_until(phone, "document.getElementById('lesson-solved').textContent",
               "решено 1 из 2 упражнений")
    assert phone.locator("[data-lesson-done]").count() == 0
    _choose(phone, "winds", "1")
    assert submit(phone, "winds") == "correct"
    wait_until(phone, "document.getElementById('lesson-solved').textContent",
               "решено 2 из 2 упражнений")
    assert "Урок пройден!" in phone.locator("#drill-winds [data-lesson-done]").inner_text()
    assert axe_violations(phone) == []


def test_practice_by_lesson_and_progress_say_what_next(phone) -> None:  # noqa: ANN001
    phone.goto("/practice")
    assert phone.locator(".practice-topic").count() >= 1
    assert phone.locator(".practice-topic__title a").first.get_attribute("href").startswith(
        "/lessons/")
    assert axe_violations(phone) == []
    phone.locator("[data-mixed=novice]").click()
    phone.wait_for_url("**mix=1")
    assert phone.locator(".lesson__kicker").inner_text().count("вперемешку") == 1
    phone.goto("/progress")
    assert phone.locator("[data-next-steps]").count() == 1
    assert axe_violations(phone) == []
