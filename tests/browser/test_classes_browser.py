"""In Chromium: an admin makes an instructor, a class is taught, its pages stay its own.

One server for the module (its own app, so the first admin can be made the
way the CLI makes it). The story: an admin promotes a registered account to
instructor; the instructor creates a class and assigns a lesson and a
practice set; two learners register, join with the code and answer (one
right, one wrong); the dashboard shows both; a learner signs in from a second
browser context and sees the same progress; a learner of another class gets
404 on the first class's pages. Learners browse at 390 px.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from flask import Flask

from tests.support.accounts import PASSWORD, make_user
from tests.support.browser import PHONE, People, running_site, sign_in, submit

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("classes")

    def accounts(app: Flask) -> None:
        make_user(app, "root", "admin")

    config = {"DATABASE_URL": f"sqlite:///{folder / 'db.sqlite3'}"}
    with running_site(folder / "content", config, prepare=accounts) as url:
        yield url


def register(page, login: str, name: str) -> None:  # noqa: ANN001
    page.goto("/account/register")
    page.get_by_label("Логин").fill(login)
    page.get_by_label("Имя, которое увидит преподаватель").fill(name)
    page.get_by_label("Пароль", exact=False).first.fill(PASSWORD)
    page.get_by_label("Пароль ещё раз").fill(PASSWORD)
    page.get_by_role("button", name="Зарегистрироваться").click()
    assert re.fullmatch(r"[A-Z2-9-]{19}", page.locator("[data-recovery-code]").inner_text())
    page.get_by_role("link", name="Я записал код, продолжить").click()


def join(page, code: str) -> None:  # noqa: ANN001
    page.goto("/classes")
    page.get_by_label("Код класса").fill(code)
    page.get_by_role("button", name="Найти класс").click()
    page.get_by_role("button", name="Вступить").click()
    page.wait_for_url(re.compile(r".*/$"))


def answer_waits(page, right: bool) -> str:  # noqa: ANN001
    page.goto("/lessons/basics")
    drill = page.locator('[data-drill-id="nobetan"]')
    for tile in ("3m", "6m") if right else ("3m",):
        drill.locator(f'label:has(input[value="{tile}"])').click()
    return submit(page, "nobetan")


def test_a_class_from_the_admin_to_the_dashboard(browser, site: str) -> None:  # noqa: ANN001
    with People(browser, site) as people:
        _story(people)
    assert people.errors == []


def _story(people: People) -> None:
    teacher = people.new()
    register(teacher, "teacher", "Учитель")
    admin = people.new()
    sign_in(admin, "root")
    admin.goto("/admin/users")
    row = admin.locator('tr[data-user="teacher"]')
    row.get_by_label("Роль teacher").select_option("instructor")
    row.get_by_role("button", name="Назначить").click()
    admin.wait_for_url(re.compile(r".*/admin/users$"))
    assert admin.locator('tr[data-user="teacher"] select').input_value() == "instructor"

    assert "teacher: роль «преподаватель»" in admin.locator("[data-flash]").inner_text()
    teacher.goto("/classes")  # the new role applies at the next click, still signed in
    teacher.get_by_label("Название").fill("Клуб <среда>")
    teacher.get_by_role("button", name="Создать класс").click()
    assert teacher.locator("h1").inner_text() == "Клуб <среда>"
    dashboard = teacher.url
    code = teacher.locator("[data-join-code]").inner_text()
    teacher.get_by_label("Урок", exact=True).select_option("basics")
    teacher.get_by_label("Срок", exact=False).first.fill("2026-12-12")
    teacher.get_by_role("button", name="Задать урок").click()
    teacher.get_by_label("Вид упражнения").select_option("waits")
    teacher.get_by_label("Сколько задач").fill("2")
    teacher.get_by_role("button", name="Задать набор").click()
    assert teacher.locator("[data-dashboard]").count() == 0  # nobody has joined yet

    anna, boris = people.new(phone=True), people.new(phone=True)
    register(anna, "anna", "Анна")
    join(anna, code)
    home = anna.locator(".assignments").inner_text()
    assert "до 12 декабря" in home and "не начато" in home
    assert anna.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert answer_waits(anna, right=True) == "correct"
    register(boris, "boris", "Борис")
    join(boris, code)
    assert answer_waits(boris, right=False) == "incorrect"

    teacher.goto(dashboard)
    anna_row = teacher.locator('tr[data-learner="anna"]')
    boris_row = teacher.locator('tr[data-learner="boris"]')
    assert anna_row.locator("[data-accuracy]").inner_text() == "Найдите ожидание: 1/1"
    assert boris_row.locator("[data-accuracy]").inner_text() == "Найдите ожидание: 0/1"
    assert [s.get_attribute("data-state") for s in anna_row.locator("[data-state]").all()] == [
        "in-progress", "not-started"]
    assert teacher.locator("[data-missed] a").first.get_attribute("href") == (
        "/lessons/basics#drill-nobetan")

    laptop = people.new()
    sign_in(laptop, "anna")
    laptop.goto("/progress")
    summary = laptop.locator(".progress-summary")
    assert summary.get_attribute("data-total") == "1"
    assert summary.get_attribute("data-correct") == "1"
    laptop.goto("/")
    assert "в работе" in laptop.locator(".assignments").inner_text()

    teacher.goto("/classes")
    teacher.get_by_label("Название").fill("Другой класс")
    teacher.get_by_role("button", name="Создать класс").click()
    other_code = teacher.locator("[data-join-code]").inner_text()
    vera = people.new(phone=True)
    register(vera, "vera", "Вера")
    join(vera, other_code)
    class_id = dashboard.rstrip("/").rsplit("/", 1)[1]
    for path in (f"/classes/{class_id}", f"/classes/{class_id}/export.csv",
                 f"/classes/{class_id}/sets/2", f"/classes/{class_id}/learners/3"):
        assert vera.goto(path).status == 404, path
    assert "Клуб" not in vera.locator(".assignments").inner_text() if vera.locator(
        ".assignments").count() else True
