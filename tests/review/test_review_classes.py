"""A position of an instructor's reviewed game, assigned to a class, is like any drill.

Rule (the project's game-review issue, «The page: /review»): an instructor can assign a
position of a reviewed game to a class; it appears on the dashboard, on the learner's
page of assignments and in the CSV like any drill, and only the class's members (and
the instructor) may open it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import Flask

from tests.support.accounts import app, site  # noqa: F401 (fixtures)
from tests.support.classes import World, assign, build
from tests.support.client import csrf_token as token

LOG = (Path(__file__).parent.parent / "fixtures" / "review" / "one_ron.json").read_text()


@pytest.fixture
def world(app: Flask) -> World:  # noqa: F811 (the fixture above)
    return build(app)


def _position(world: World) -> tuple[int, str]:
    teacher = world.client("teacher")
    made = teacher.post("/review", data={"csrf_token": token(teacher, "/review"), "log": LOG})
    assert made.status_code == 303, made.get_data(as_text=True)
    game = made.headers["Location"].split("?")[0]
    drill = teacher.post(f"{game}/flags/0/drill", data={"csrf_token": token(teacher, "/review")})
    url = drill.headers["Location"]
    return int(url.rsplit("/", 1)[1]), url


def test_an_assigned_position_is_on_the_dashboard_csv_and_the_learners_page(
        world: World) -> None:
    position_id, url = _position(world)
    teacher, alice, bob = (world.client(w) for w in ("teacher", "alice", "bob"))
    club = world.ids["club"]
    assert bob.get(url).status_code == 404 and alice.get(url).status_code == 404
    assert f'<option value="{position_id}">' in teacher.get(f"/classes/{club}").get_data(
        as_text=True)
    assign(teacher, club, kind="position", position=str(position_id))
    assert alice.get(url).status_code == 200 and bob.get(url).status_code == 404
    page = alice.get(url).get_data(as_text=True)
    nonce = re.search(r'name="nonce" value="([^"]+)"', page)
    assert nonce
    alice.post(url, data={"csrf_token": token(alice, url), "nonce": nonce.group(1),
                          "discard": "5z"}, headers={"HX-Request": "true"})
    dashboard = teacher.get(f"/classes/{club}").get_data(as_text=True)
    assert "Позиция из партии · раздача 1, событие 2: сброс" in dashboard
    csv = teacher.get(f"/classes/{club}/export.csv").get_data(as_text=True)
    assert "Позиция из партии" in csv and "сделано" in csv
    assert "Позиция из партии" in alice.get("/classes").get_data(as_text=True)


def test_only_the_instructors_own_position_can_be_assigned(world: World) -> None:
    position_id, _url = _position(world)
    other = world.client("other")
    second = world.ids["second"]
    response = other.post(f"/classes/{second}/assignments", data={
        "csrf_token": token(other, f"/classes/{second}"), "kind": "position",
        "position": str(position_id)})
    assert "Выберите позицию из своих разобранных партий." in response.get_data(as_text=True)


def _set_link(page: str) -> str:
    """The set page's link to its one position task, from the learner's class list."""
    found = re.search(r'href="(/classes/\d+/sets/\d+)">Позиция из партии', page)
    assert found, page
    return found.group(1)


def test_an_assigned_position_is_a_set_of_one_on_the_set_page(world: World) -> None:
    """The set page lists the position like any task: its name, the learner's state, a
    link to solve it; the position page says «задача 1 из 1» and leads to the result."""
    position_id, url = _position(world)
    teacher, alice, bob = (world.client(w) for w in ("teacher", "alice", "bob"))
    assign(teacher, world.ids["club"], kind="position", position=str(position_id))
    set_url = _set_link(alice.get("/classes").get_data(as_text=True))
    listed = alice.get(set_url).get_data(as_text=True)
    assert '<li data-task-state="new">' in listed
    assert (f'<a href="{url}">Задача 1: Позиция из партии · раздача 1, событие 2: сброс</a>'
            in listed)
    assert "Начать: задача 1 из 1" in listed and "data-set-result" not in listed
    teaching = teacher.get(set_url)
    assert teaching.status_code == 200 and f'href="{url}"' in teaching.get_data(as_text=True)
    assert bob.get(set_url).status_code == 404
    task = alice.get(url).get_data(as_text=True)
    assert 'data-set-step="1"' in task and "· задача 1 из 1</a>" in task
    nonce = re.search(r'name="nonce" value="([^"]+)"', task)
    assert nonce
    answer = alice.post(url, data={"csrf_token": token(alice, url), "nonce": nonce.group(1),
                                   "discard": "5z"}, headers={"HX-Request": "true"})
    assert f'href="{set_url}" data-next data-set-next>К итогам набора<' in answer.get_data(
        as_text=True)
    done = alice.get(set_url).get_data(as_text=True)
    assert '<li data-task-state="solved">' in done and "data-set-result" in done
