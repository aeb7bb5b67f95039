"""A class's practice set is a sequence (learner-and-instructor review, December 2026).

The set page names its tasks by kind and level with their state; each problem
says «класс …, задача 2 из 3»; «Следующая задача» goes to the next task; the
last one leads to the set's result: the score, the mistakes, back to the class.
The score counts first attempts, a «почти» as half, as the dashboard does.
"""

from __future__ import annotations

import re
import uuid

import pytest
from flask import Flask

from tests.support.accounts import user_by_login
from tests.support.classes import World, build, learner_row
from tests.support.client import HTMX
from tests.support.practice import answer_practice, form_fields
from tutor import storage
from tutor.drills.grading import graded_under
from tutor.practice import rules
from tutor.practice.views import prepared


@pytest.fixture
def world(app: Flask) -> World:
    return build(app)


def _set(world: World, who: str = "alice") -> str:
    return world.client(who).get(f"/classes/{world.ids['club']}/sets/2").get_data(as_text=True)


def _tasks(page: str) -> list[tuple[str, str, str]]:
    return re.findall(r'<li data-task-state="(\w+)"><a href="/practice/waits/novice/(\d+)[^"]*">'
                      r"(Задача \d: [^<]+)</a>", page)


def test_the_set_names_its_tasks_and_their_state(world: World) -> None:
    page = _set(world)
    tasks = _tasks(page)
    assert [(s, label) for s, _, label in tasks] == [
        ("new", "Задача 1: Найдите ожидание · новичок"),
        ("new", "Задача 2: Найдите ожидание · новичок"),
        ("new", "Задача 3: Найдите ожидание · новичок")]
    assert "№" not in page and "Начать: задача 1 из 3" in page
    seeds = [int(seed) for _, seed, _ in tasks]
    answer_practice(world.client("alice"), "waits", "novice", seeds[0], True)
    answer_practice(world.client("alice"), "waits", "novice", seeds[1], False)
    page = _set(world)
    assert [s for s, _, _ in _tasks(page)] == ["solved", "missed", "new"]
    assert "Продолжить: задача 2 из 3" in page and "data-set-result" not in page


def test_each_task_says_where_it_stands_and_leads_to_the_next(world: World) -> None:
    seeds = [int(seed) for _, seed, _ in _tasks(_set(world))]
    alice = world.client("alice")
    problem = alice.get(f"/practice/waits/novice/{seeds[1]}?rules=ema").get_data(as_text=True)
    assert "Класс «Клуб» · задача 2 из 3" in problem
    answer = answer_practice(alice, "waits", "novice", seeds[1], True)
    following = re.search(r'href="([^"]+)" data-next data-set-next>([^<]+)<', answer)
    assert following and following.group(2) == "Следующая задача: 3 из 3"
    assert f"/practice/waits/novice/{seeds[2]}" in following.group(1)
    # a second miss: the solution, then the way on (a first one asks to try again)
    last = answer_practice(alice, "waits", "novice", seeds[2], False, attempt=2)
    following = re.search(r'href="([^"]+)" data-next data-set-next>([^<]+)<', last)
    assert following and following.group(2) == "К итогам набора"
    assert following.group(1) == f"/classes/{world.ids['club']}/sets/2"
    # a problem outside any set keeps the endless practice's «Следующая задача»
    other = answer_practice(alice, "waits", "novice", 77, True)
    assert "data-set-next" not in other and ">Следующая задача</a>" in other


def test_the_last_task_ends_on_a_result_screen(world: World) -> None:
    seeds = [int(seed) for _, seed, _ in _tasks(_set(world))]
    alice = world.client("alice")
    for seed, right in zip(seeds, (True, False, True), strict=True):
        answer_practice(alice, "waits", "novice", seed, right)
    page = _set(world)
    assert "Набор пройден: с первой попытки решено 2 из 3." in page
    assert re.search(r'Ошибки: <a href="/practice/waits/novice/\d+[^"]*">задача 2</a>', page)
    assert 'href="/classes">Вернуться к классу</a>' in page
    # the instructor sees the tasks, not a learner's result
    assert "data-set-result" not in _set(world, "teacher")


def test_a_task_put_right_on_the_second_try_counts_apart(world: World) -> None:
    # The score counts first attempts and names the rest apart («со 2-й попытки»): a
    # learner who may try again before the solution must not score as if right at once.
    seeds = [int(seed) for _, seed, _ in _tasks(_set(world))]
    alice = world.client("alice")
    answer_practice(alice, "waits", "novice", seeds[0], False)
    answer_practice(alice, "waits", "novice", seeds[0], True, attempt=2)
    for seed in seeds[1:]:
        answer_practice(alice, "waits", "novice", seed, True)
    page = _set(world)
    assert "с первой попытки решено 2 из 3, ещё 1 — со 2-й попытки." in page
    assert page.count("data-later") == 1
    board = world.client("teacher").get(f"/classes/{world.ids['club']}").get_data(as_text=True)
    assert "решено 2 из 3, ещё 1 со 2-й попытки" in board
    sheet = world.client("teacher").get(f"/classes/{world.ids['club']}/export.csv")
    assert "+1 со 2-й попытки" in sheet.get_data(as_text=True)


def _near(world: World, who: str, seed: int, attempt: int = 1) -> None:
    """A «почти» (half credit) on a task of the set, stored as the answer path stores one."""
    learner = user_by_login(world.app, who).learner_id
    with world.app.test_request_context():
        drill = prepared("waits", "novice", seed, "ema")
        assert drill is not None
        storage.store().record(learner, nonce=uuid.uuid4().hex, source="practice", kind="waits",
                               problem=rules.key("waits", "novice", seed, "ema"), correct=False,
                               level="novice", attempt=attempt, partial=True,
                               kept=[("tiles", "1m")], graded=graded_under(drill))


def test_a_first_attempt_almost_counts_half_as_on_the_dashboard(world: World) -> None:
    # The review's rule: the dashboard, the CSV and a practice set's score count the
    # first attempt, a «почти» as half, with «со 2-й попытки» beside.
    seeds = [int(seed) for _, seed, _ in _tasks(_set(world))]
    alice = world.client("alice")
    _near(world, "alice", seeds[0])  # «почти», then right on the second try
    answer_practice(alice, "waits", "novice", seeds[0], True, attempt=2)
    _near(world, "alice", seeds[1])  # «почти», not put right yet
    page = _set(world)
    assert [s for s, _, _ in _tasks(page)] == ["solved", "near", "new"]
    assert "почти, попробуйте ещё" in page and page.count("data-near") == 1
    answer_practice(alice, "waits", "novice", seeds[2], True)
    page = _set(world)
    assert ("Набор пройден: с первой попытки решено 2 из 3 (2 задачи — «почти», засчитано "
            "по половине), ещё 1 — со 2-й попытки." in page)
    assert re.search(r'Ошибки: <a href="[^"]+">задача 2</a> —', page)  # the «почти» to redo
    assert "решено 2 из 3 (2 — «почти»), ещё 1 со 2-й попытки" in world.dashboard()
    # a later attempt's miss keeps the first attempt's «почти»; a right first attempt ends it
    _near(world, "alice", seeds[1], attempt=2)
    assert "(2 задачи — «почти»" in _set(world)
    answer_practice(alice, "waits", "novice", seeds[1], True)
    assert "с первой попытки решено 2,5 из 3 (1 задача — «почти», засчитана половина)" \
        in _set(world)


def test_the_solution_asked_before_answering_is_a_missed_task(world: World) -> None:
    seeds = [int(seed) for _, seed, _ in _tasks(_set(world))]
    alice = world.client("alice")
    url = f"/practice/waits/novice/{seeds[0]}?rules=ema"
    alice.post(url, data={**form_fields(alice, url), "action": "solution"}, headers=HTMX)
    assert [s for s, _, _ in _tasks(_set(world))] == ["missed", "new", "new"]
    assert "в работе" in learner_row(world.dashboard(), "alice")
