"""A class's practice set is a sequence (learner-and-instructor review, December 2026).

The set page names its tasks by kind and level with their state; each problem
says «класс …, задача 2 из 3»; «Следующая задача» goes to the next task; the
last one leads to the set's result: the score, the mistakes, back to the class.
"""

from __future__ import annotations

import re

import pytest
from flask import Flask

from tests.support.classes import World, build
from tests.support.practice import answer_practice


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
    last = answer_practice(alice, "waits", "novice", seeds[2], False)
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
    assert "Набор пройден: решено 2 из 3." in page
    assert re.search(r'Ошибки: <a href="/practice/waits/novice/\d+[^"]*">задача 2</a>', page)
    assert 'href="/classes">Вернуться к классу</a>' in page
    # the instructor sees the tasks, not a learner's result
    assert "data-set-result" not in _set(world, "teacher")
