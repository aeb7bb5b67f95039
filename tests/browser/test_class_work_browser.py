"""In Chromium at 390 px: a class's studio lesson and practice set, from assigning to the result.

The learner-and-instructor review of December 2026 asks for two proofs at
390 px: an instructor assigns a studio lesson published to the class and
sees a learner's answer on the dashboard and in the CSV (read with ``;``,
as a Russian Excel does); a learner does a practice set from its start to
the result screen («задача 1 из 2», the next task, «Набор пройден»).
One server for the module; the lesson is written and published through
the studio's routes before it serves. axe-core finds nothing on the pages
this work changed: the dashboard, the learner page, the set's result.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from tests.support.accounts import make_user
from tests.support.accounts import sign_in as sign_in_client
from tests.support.browser import PHONE, People, axe_violations, running_site, sign_in, submit
from tests.support.practice import right_answer
from tests.support.studio import new_lesson, publish, save, source
from tutor import storage
from tutor.classes import store as classes
from tutor.practice.views import _prepare
from tutor.studio.check import check_source

pytestmark = pytest.mark.browser
TITLE = "Урок класса «Правила клуба»"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, int, int]]:
    folder = tmp_path_factory.mktemp("class-work")
    made: dict[str, int] = {}

    def class_with_a_studio_lesson(app: Flask) -> None:
        teacher = make_user(app, "teacher", "instructor")
        alice = make_user(app, "alice", "learner")
        with app.test_request_context(), storage.store().transaction() as conn:
            club = classes.create(conn, teacher, "Клуб", "online", None)
            classes.join(conn, club, alice)
        with app.test_request_context():
            fu = check_source(source()).lesson.drills["club-fu"]
        client = app.test_client()
        assert sign_in_client(client, "teacher") == 302
        lesson_id = new_lesson(client)
        save(client, lesson_id, source())
        assert publish(client, lesson_id, club.id) == 302
        made.update(fu=int(right_answer(fu)["fu"]), club=club.id)

    config = {"DATABASE_URL": f"sqlite:///{folder / 'db.sqlite3'}"}
    with running_site(folder / "content", config, prepare=class_with_a_studio_lesson) as url:
        yield url, made["fu"], made["club"]


def test_a_studio_lesson_assigned_answered_and_read_back_at_390_px(browser, site) -> None:  # noqa: ANN001
    base, fu, class_id = site
    with People(browser, base) as people:
        _studio_story(people, fu, class_id)
    assert people.errors == []


def _fits(page) -> bool:  # noqa: ANN001
    return page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def _studio_story(people: People, fu: int, class_id: int) -> None:
    teacher = people.new(phone=True)
    sign_in(teacher, "teacher")
    dashboard = f"/classes/{class_id}"
    teacher.goto(dashboard)
    teacher.get_by_label("Урок", exact=True).select_option(label=TITLE)
    teacher.get_by_role("button", name="Задать урок").click()
    teacher.wait_for_url(re.compile(rf".*/classes/{class_id}$"))
    assert teacher.locator("[data-dashboard] thead").get_by_role("link", name=TITLE).count() == 1

    alice = people.new(phone=True)
    sign_in(alice, "alice")
    assignment = alice.locator(".assignments__item", has_text=TITLE)
    assert assignment.get_attribute("data-assignment-state") == "not-started"
    assignment.get_by_role("link", name=TITLE).click()
    alice.wait_for_url(re.compile(rf".*/classes/{class_id}/lessons/club-rules$"))
    waits = alice.locator('[data-drill-id="club-waits"]')
    waits.locator('label:has(input[value="1m"])').click()  # one side of the wait only
    assert submit(alice, "club-waits") == "incorrect"
    alice.locator('[data-drill-id="club-fu"]').get_by_label("Сколько фу?").fill(str(fu))
    assert submit(alice, "club-fu") == "correct"
    assert _fits(alice)

    teacher.goto(dashboard)
    row = teacher.locator('tr[data-learner="alice"]')
    cell = row.locator("[data-state]").last
    assert cell.get_attribute("data-state") == "in-progress"
    assert cell.locator("[data-count]").inner_text() == "решено 1 из 2"
    missed = teacher.locator("[data-missed] a", has_text=TITLE)
    assert missed.inner_text().startswith(f"{TITLE}, упр. 1: ")
    assert missed.get_attribute("href") == (
        f"/classes/{class_id}/lessons/club-rules#drill-club-waits")
    assert _fits(teacher)
    assert axe_violations(teacher) == [], "the dashboard"
    teacher.get_by_role("link", name="Alice").click()
    assert teacher.locator("[data-mistake]", has_text=TITLE).count() == 1
    assert axe_violations(teacher) == [], "the learner page"

    teacher.goto(dashboard)
    with teacher.expect_download() as loading:
        teacher.get_by_role("link", name="Скачать таблицу (CSV)").click()
    text = Path(loading.value.path()).read_text(encoding="utf-8")
    assert text.startswith("\ufeff")
    rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff")), delimiter=";"))
    column = rows[0].index(TITLE)
    alice_row = next(r for r in rows[1:] if r[1] == "alice")
    assert alice_row[column].startswith("в работе · решено 1 из 2")


def test_a_learner_does_a_practice_set_from_start_to_result_at_390_px(browser, site) -> None:  # noqa: ANN001
    base, _, class_id = site
    with People(browser, base) as people:
        _set_story(people, class_id)
    assert people.errors == []


def _answer_shanten(page) -> str:  # noqa: ANN001
    """Type the right shanten of the problem on screen (its seed is in the address)."""
    seed = int(re.search(r"/practice/shanten/novice/(\d+)", page.url).group(1))  # type: ignore[union-attr]
    drill = _prepare("shanten", "novice", seed)
    assert drill is not None
    page.get_by_label("Шантен").fill(str(drill.solution.value))
    with page.expect_response(lambda r: r.request.method == "POST"):
        page.get_by_role("button", name="Проверить").click()
    verdict = page.locator(".feedback[data-verdict]")
    verdict.wait_for()
    return str(verdict.get_attribute("data-verdict"))


def _set_story(people: People, class_id: int) -> None:
    teacher = people.new(phone=True)
    sign_in(teacher, "teacher")
    teacher.goto(f"/classes/{class_id}")
    teacher.get_by_label("Вид упражнения").select_option("shanten")
    teacher.get_by_label("Сколько задач").fill("2")
    teacher.get_by_role("button", name="Задать набор").click()
    teacher.wait_for_url(re.compile(rf".*/classes/{class_id}$"))

    alice = people.new(phone=True)
    sign_in(alice, "alice")
    alice.locator(".assignments__item", has_text="Практика").get_by_role("link").first.click()
    alice.wait_for_url(re.compile(rf".*/classes/{class_id}/sets/\d+$"))
    set_page = alice.url
    alice.locator("[data-set-start]").click()
    for position in (1, 2):
        alice.wait_for_url(re.compile(r".*/practice/shanten/novice/\d+"))
        step = alice.locator("[data-set-step]")
        assert step.get_attribute("data-set-step") == str(position)
        assert f"Класс «Клуб» · задача {position} из 2" in step.inner_text()
        assert _answer_shanten(alice) == "correct"
        assert _fits(alice)
        alice.locator("[data-set-next]").click()
    alice.wait_for_url(set_page)
    result = alice.locator("[data-set-result]")
    assert "Набор пройден: с первой попытки решено 2 из 2." in result.inner_text()
    assert [t.get_attribute("data-task-state") for t in alice.locator(
        "[data-task-state]").all()] == ["solved", "solved"]
    assert _fits(alice)
    assert axe_violations(alice) == [], "the set's result"
    result.get_by_role("link", name="Вернуться к классу").click()
    alice.wait_for_url(re.compile(r".*/classes$"))
