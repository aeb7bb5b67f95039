"""Classes end to end: joining, assignments and their states, the dashboard, CSV, leaving."""

from __future__ import annotations

import csv
import io
import re

import pytest
import sqlalchemy as sa
from flask import Flask

from tests.support.accounts import register
from tests.support.classes import DUE, World, build, dashboard, join, learner_row
from tests.support.client import csrf_token
from tests.support.practice import answer_lesson, answer_practice
from tutor import storage
from tutor.classes import dates, spreadsheet
from tutor.classes.dashboard import Dashboard, LearnerRow
from tutor.classes.store import Assignment, Member
from tutor.classes.work import Progress, Work


@pytest.fixture
def world(app: Flask) -> World:
    return build(app)


def _set_seeds(world: World, who: str) -> list[int]:
    page = world.client(who).get(f"/classes/{world.ids['club']}/sets/2").get_data(as_text=True)
    page = page[page.index('<ol class="set-list">'):]
    return [int(s) for s in re.findall(r"/practice/waits/novice/(\d+)", page)]


def test_every_learner_of_the_class_gets_the_same_practice_problems(world: World) -> None:
    seeds = _set_seeds(world, "alice")
    assert len(seeds) == 3 and seeds == list(range(seeds[0], seeds[0] + 3))
    assert _set_seeds(world, "carol") == seeds
    assert world.client("bob").get(f"/classes/{world.ids['club']}/sets/2").status_code == 404


def test_home_page_shows_assignments_with_state_and_russian_due_date(world: World) -> None:
    alice = world.client("alice")
    home = alice.get("/").get_data(as_text=True)
    assert re.findall(r'data-assignment-state="([^"]+)"', home) == ["not-started", "not-started"]
    assert "до 12 декабря" in home and "Клуб" in home
    answer_lesson(alice, "basics", "nobetan", True)
    home = alice.get("/").get_data(as_text=True)
    assert re.findall(r'data-assignment-state="([^"]+)"', home) == ["in-progress", "not-started"]
    for seed in _set_seeds(world, "alice"):
        answer_practice(alice, "waits", "novice", seed, True)
    home = alice.get("/").get_data(as_text=True)
    assert re.findall(r'data-assignment-state="([^"]+)"', home) == ["in-progress", "done"]
    assert "сделано" in home
    # anonymous visitors see no assignments section at all
    assert "Задания класса" not in world.client("anonymous").get("/").get_data(as_text=True)


def test_the_dashboard_shows_each_learner_right_and_wrong(world: World) -> None:
    alice, carol = world.client("alice"), world.client("carol")
    for drill in ("nobetan", "discard", "pinfu-ron", "set-size"):
        answer_lesson(alice, "basics", drill, True)
    answer_lesson(carol, "basics", "pinfu-ron", False)
    page = dashboard(world)
    alice_row, carol_row = learner_row(page, "alice"), learner_row(page, "carol")
    assert re.findall(r'data-state="([^"]+)"', alice_row) == ["done", "not-started"]
    assert re.findall(r'data-state="([^"]+)"', carol_row) == ["in-progress", "not-started"]
    assert "<td data-done>1 из 2</td>" in alice_row and "<td data-done>0 из 2</td>" in carol_row
    assert "Посчитайте фу: 0/1" in carol_row
    assert "ещё 1 ошибка без названного правила" in carol_row  # no rule matched: said, not guessed
    missed = re.search(r"<ol class=\"missed-list\" data-missed>(.*?)</ol>", page, re.S)
    assert missed and 'href="/lessons/basics#drill-pinfu-ron"' in missed.group(1)
    assert "1 ученик" in missed.group(1)
    assert "bob" not in page  # another class's learner never appears


def test_the_rules_a_learner_misses_come_from_the_stored_diagnosis(world: World) -> None:
    carol = world.client("carol")
    answer_lesson(carol, "basics", "nobetan", False)
    with world.app.test_request_context():
        with storage.store().transaction() as conn:
            rule = conn.execute(sa.text("SELECT rule FROM learner_mistakes")).scalar()
    row = learner_row(dashboard(world), "carol")
    if rule:
        assert "(1)" in row and "без названного правила" not in row
    else:
        assert "ещё 1 ошибка без названного правила" in row


def test_the_learner_page_lists_their_mistakes_with_links(world: World) -> None:
    answer_lesson(world.client("carol"), "basics", "pinfu-ron", False)
    page = world.client("teacher").get(
        f"/classes/{world.ids['club']}/learners/{world.ids['carol']}").get_data(as_text=True)
    assert page.count("data-mistake") == 1
    assert 'href="/lessons/basics#drill-pinfu-ron"' in page
    other = world.client("teacher").get(
        f"/classes/{world.ids['club']}/learners/{world.ids['bob']}")
    assert other.status_code == 404


def test_the_csv_export_has_one_row_per_learner(world: World) -> None:
    """Russian Excel: ``;`` between columns and the BOM (learner-and-instructor review)."""
    answer_lesson(world.client("alice"), "basics", "nobetan", True)
    response = world.client("teacher").get(f"/classes/{world.ids['club']}/export.csv")
    assert response.mimetype == "text/csv"
    text = response.get_data(as_text=True)
    assert text.startswith("\ufeff")
    rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff")), delimiter=";"))
    assert rows[0][:6] == ["ученик", "логин", "сделано заданий", "точность",
                           "последний ответ", "чаще всего упускает"]
    assert rows[0][-2:] == ["Урок 1 «Основы для тестов» (до 12 декабря)",
                            "Практика: Найдите ожидание · новичок · 3 задачи"]
    assert rows[1][:4] == ["Alice", "alice", "0 из 2", "100%"]
    assert re.fullmatch(r"\d{1,2} [а-я]+(?: \d{4} г\.)?, \d\d:\d\d", rows[1][4])
    assert rows[1][-2:] == ["в работе · решено 1 из 4", "не начато · решено 0 из 3"]
    assert rows[2][:5] == ["Carol", "carol", "0 из 2", "—", ""]
    assert len(rows) == 3


def test_a_formula_in_a_name_is_not_run_by_a_spreadsheet(world: World, app: Flask) -> None:
    mallory = app.test_client()
    register(mallory, "mallory", "=HYPERLINK(1)")
    join(mallory, world.code)
    text = world.client("teacher").get(f"/classes/{world.ids['club']}/export.csv").get_data(
        as_text=True)
    assert "'=HYPERLINK(1);mallory" in text


def test_every_text_cell_of_the_csv_is_guarded_titles_too() -> None:
    item = Assignment(1, 1, "lesson", "x", 1, 0, "2026-12-12", "ema")
    board = Dashboard([Work(item, "=SUM(A1)", "/", ("p",))],
                      [LearnerRow(Member(1, "-x", "@name", "l1", 0.0))], [])
    board.rows[0].cells = [Progress("not-started", 0, 1, True)]
    rows = list(csv.reader(io.StringIO(spreadsheet.table(board, "Europe/Moscow")[1:]),
                           delimiter=";"))
    assert rows[0][-1].startswith("'=SUM(A1)")
    assert rows[1][:2] == ["'@name", "'-x"]
    assert rows[1][-1] == "не начато · просрочено"


def test_a_learner_leaves_and_an_instructor_removes(world: World) -> None:
    alice = world.client("alice")
    response = alice.post(f"/classes/{world.ids['club']}/leave",
                          data={"csrf_token": csrf_token(alice, "/classes")})
    assert response.status_code == 302
    teacher = world.client("teacher")
    response = teacher.post(f"/classes/{world.ids['club']}/learners/{world.ids['carol']}/remove",
                            data={"csrf_token": csrf_token(teacher, "/classes")})
    assert response.status_code == 302
    page = dashboard(world)
    assert 'data-learner="alice"' not in page and 'data-learner="carol"' not in page
    assert "Задания класса" not in alice.get("/").get_data(as_text=True)


def test_a_reset_code_from_the_instructor_lets_the_learner_in(world: World) -> None:
    teacher = world.client("teacher")
    page = teacher.post(f"/classes/{world.ids['club']}/learners/{world.ids['carol']}/reset",
                        data={"csrf_token": csrf_token(teacher, "/classes")}).get_data(as_text=True)
    code = re.search(r"data-reset-code>([A-Z0-9-]+)<", page)
    assert code
    fresh = world.app.test_client()
    response = fresh.post("/account/recover", data={
        "csrf_token": csrf_token(fresh, "/account/recover"), "login": "carol",
        "code": code.group(1), "password": "carol's new password"})
    assert response.status_code == 200
    # the reset code is spent; the new password works
    again = world.app.test_client()
    assert again.post("/account/recover", data={
        "csrf_token": csrf_token(again, "/account/recover"), "login": "carol",
        "code": code.group(1), "password": "yet another password"}).status_code == 403


def test_bad_assignment_and_class_forms_get_a_message_not_an_error(world: World) -> None:
    teacher = world.client("teacher")
    club = world.ids["club"]
    for fields, message in (
        ({"kind": "lesson", "lesson": "nope"}, "Такого урока нет."),
        ({"kind": "drill", "drill": "basics/nope"}, "Такого упражнения в уроке нет."),
        ({"kind": "practice", "practice_kind": "waits", "level": "novice", "count": "99"},
         "от 1 до 30 задач"),
        ({"kind": "practice", "practice_kind": "zz", "level": "novice", "count": "2"},
         "Выберите вид упражнения"),
        ({"kind": "lesson", "lesson": "basics", "due_on": "завтра"}, "не похож на дату"),
    ):
        response = teacher.post(f"/classes/{club}/assignments",
                                data={"csrf_token": csrf_token(teacher, "/classes"), **fields})
        assert response.status_code == 400 and message in response.get_data(as_text=True)
    response = teacher.post("/classes", data={"csrf_token": csrf_token(teacher, "/classes"),
                                              "name": "", "rules": "ema"})
    assert response.status_code == 400 and "Назовите класс" in response.get_data(as_text=True)


def test_a_wrong_join_code_says_so(world: World) -> None:
    response = world.client("bob").get("/classes/join?code=NOPE1234")
    assert response.status_code == 404 and "Класса с таким кодом нет" in response.get_data(
        as_text=True)


@pytest.mark.parametrize(("iso", "text"), [
    pytest.param("2026-12-12", "до 12 декабря", id="this-year"),
    pytest.param("2026-03-01", "до 1 марта", id="march"),
    pytest.param("2027-01-05", "до 5 января 2027 г.", id="next-year"),
    pytest.param("", "", id="none"),
    pytest.param("12/12", "", id="not-a-date"),
])
def test_due_dates_in_russian(iso: str, text: str) -> None:
    assert dates.due_text(iso, this_year=2026) == text


def test_the_due_date_is_stored_as_given(world: World) -> None:
    with world.app.test_request_context():
        with storage.store().transaction() as conn:
            due = conn.execute(sa.text("SELECT due_on FROM assignments ORDER BY id")).scalars()
            assert list(due) == [DUE, None]
