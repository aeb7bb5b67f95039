"""Due dates that mean something: the class's zone, past dates refused, overdue marked.

Rules from the learner-and-instructor review (December 2026): a due date is the
end of that day in the class's time zone (default Moscow); a due date in the
past is refused; overdue work is marked for the learner and the instructor; a
lesson shows «решено N из M»; times are never shown in raw UTC.
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest
import sqlalchemy as sa
from flask import Flask

from tests.support.classes import World, build
from tests.support.client import csrf_token
from tests.support.practice import answer_lesson
from tutor import storage
from tutor.accounts.zones import moment_text
from tutor.classes.dates import is_past
from tutor.storage.classes import assignments, classes
from tutor.storage.migrations import MIGRATIONS


@pytest.fixture
def world(app: Flask) -> World:
    return build(app)


def _post_assign(world: World, due: str) -> tuple[int, str]:
    client = world.client("teacher")
    response = client.post(f"/classes/{world.ids['club']}/assignments", data={
        "csrf_token": csrf_token(client, f"/classes/{world.ids['club']}"), "kind": "lesson",
        "lesson": "basics", "due_on": due})
    return response.status_code, response.get_data(as_text=True)


def _sql(world: World, statement: sa.Executable) -> None:
    with world.app.test_request_context():
        with storage.store().transaction() as conn:
            conn.execute(statement)


def test_a_due_date_in_the_past_is_refused(world: World) -> None:
    yesterday = (dt.datetime.now(dt.UTC) + dt.timedelta(hours=3) - dt.timedelta(days=1)).date()
    status, page = _post_assign(world, yesterday.isoformat())
    assert status == 400 and "уже прошёл" in page
    tomorrow = yesterday + dt.timedelta(days=2)
    assert _post_assign(world, tomorrow.isoformat())[0] == 302


@pytest.mark.parametrize(("zone", "utc", "past"), [
    pytest.param("Europe/Moscow", dt.datetime(2026, 12, 12, 20, 59, tzinfo=dt.UTC), False,
                 id="23:59-in-moscow"),
    pytest.param("Europe/Moscow", dt.datetime(2026, 12, 12, 21, 0, tzinfo=dt.UTC), True,
                 id="midnight-in-moscow"),
    pytest.param("Asia/Vladivostok", dt.datetime(2026, 12, 12, 14, 0, tzinfo=dt.UTC), True,
                 id="midnight-in-vladivostok"),
    pytest.param("Europe/London", dt.datetime(2026, 12, 12, 23, 0, tzinfo=dt.UTC), False,
                 id="23:00-in-london"),
])
def test_a_due_date_ends_at_midnight_in_the_class_zone(zone: str, utc: dt.datetime,
                                                        past: bool) -> None:
    assert is_past("2026-12-12", zone, utc) is past


def test_overdue_work_is_marked_for_learner_and_instructor(world: World) -> None:
    _sql(world, assignments.update().where(assignments.c.id == world.ids["lesson_task"])
         .values(due_on="2020-01-01"))
    answer_lesson(world.client("alice"), "basics", "nobetan", True)
    home = world.client("alice").get("/").get_data(as_text=True)
    assert home.count("data-overdue") == 1 and "решено 1 из 4" in home
    mine = world.client("alice").get("/classes").get_data(as_text=True)
    assert mine.count("data-overdue") == 1
    board = world.client("teacher").get(f"/classes/{world.ids['club']}").get_data(as_text=True)
    row = re.search(r'<tr data-learner="alice">(.*?)</tr>', board, re.S)
    assert row and "data-overdue" in row.group(1) and "решено 1 из 4" in row.group(1)


def test_the_instructor_sets_the_zone_and_times_follow_it(world: World) -> None:
    client = world.client("teacher")
    url = f"/classes/{world.ids['club']}"
    response = client.post(f"{url}/zone", data={"csrf_token": csrf_token(client, url),
                                                 "time_zone": "Asia/Vladivostok"})
    assert response.status_code == 302
    page = client.get(url).get_data(as_text=True)
    assert "Часовой пояс класса: Владивосток (UTC+10)." in page  # the change is confirmed
    assert '<option value="Asia/Vladivostok" selected>' in page
    answer_lesson(world.client("alice"), "basics", "nobetan", True)
    page = client.get(f"{url}/learners/{world.ids['alice']}").get_data(as_text=True)
    last = re.search(r"последний ответ: ([^<]+)</p>", page)
    now = dt.datetime.now(dt.UTC)
    assert last and last.group(1) in {moment_text(now - dt.timedelta(minutes=m),
                                                  "Asia/Vladivostok") for m in range(3)}
    bad = client.post(f"{url}/zone", data={"csrf_token": csrf_token(client, url),
                                            "time_zone": "Mars/Olympus"})
    assert bad.status_code == 400


def test_an_old_class_without_a_zone_reads_as_moscow(world: World) -> None:
    _sql(world, classes.update().values(time_zone=None))
    page = world.client("teacher").get(f"/classes/{world.ids['club']}").get_data(as_text=True)
    assert "время: Москва (UTC+3)" in page


def test_version_12_adds_the_zone_and_tile_size_columns_to_an_old_database(tmp_path: Path) -> None:
    engine = sa.create_engine(f"sqlite:///{tmp_path / 'old.sqlite3'}")
    with engine.begin() as conn:
        for step in MIGRATIONS[:11]:
            step(conn)
        for table, column in (("classes", "time_zone"), ("users", "time_zone"),
                              ("users", "tile_size")):  # as version 11 made them
            conn.exec_driver_sql(f"ALTER TABLE {table} DROP COLUMN {column}")
        MIGRATIONS[11](conn)
        MIGRATIONS[11](conn)  # a second run finds them in place
        columns = {(t, c["name"]) for t in ("classes", "users")
                   for c in sa.inspect(conn).get_columns(t)}
    engine.dispose()
    assert {("classes", "time_zone"), ("users", "time_zone"), ("users", "tile_size")} <= columns
