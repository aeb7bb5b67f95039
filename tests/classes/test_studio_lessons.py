"""A studio lesson published to a class is part of the class.

The learner-and-instructor review of December 2026 (journey 4, problem 3: «a
studio lesson published to a class can't be assigned or tracked» — absent from
«Задать урок», no column on the dashboard, the learner page or the CSV, its
wrong answers missing from «чаще всего решает неверно», yet silently counted in
per-kind accuracy). Rule: tutor/classes/club.py. On SQLite, and on PostgreSQL
when TEMPAI_TEST_PG_URL is set.
"""

from __future__ import annotations

import csv
import io
import re

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient

from tests.support.classes import World, build, learner_row
from tests.support.client import csrf_token
from tests.support.practice import form_fields, right_answer, wrong_answer
from tests.support.studio import new_lesson, publish, save, source
from tutor import storage
from tutor.storage.aggregates import learner_mistakes
from tutor.studio.check import check_source

TITLE = "Урок класса «Правила клуба»"
URL = "/classes/{}/lessons/club-rules"


@pytest.fixture
def world(app: Flask) -> World:
    return build(app)


def _published(world: World, text: str | None = None) -> int:
    teacher = world.client("teacher")
    lesson_id = new_lesson(teacher)
    save(teacher, lesson_id, text or source())
    assert publish(teacher, lesson_id, world.ids["club"]) == 302
    return lesson_id


def _assign(world: World, lesson_id: int) -> int:
    teacher = world.client("teacher")
    return teacher.post(f"/classes/{world.ids['club']}/assignments", data={
        "csrf_token": csrf_token(teacher, f"/classes/{world.ids['club']}"), "kind": "lesson",
        "lesson": f"club/{lesson_id}", "due_on": ""}).status_code


def _answer(world: World, client: FlaskClient, drill_id: str, right: bool,
            version: int = 2, text: str | None = None) -> str:
    url = URL.format(world.ids["club"])
    with world.app.test_request_context():
        drill = check_source(text or source()).lesson.drills[drill_id]
    answer = right_answer(drill) if right else wrong_answer(drill)
    return client.post(f"{url}/{version}/drills/{drill_id}",
                       data={**form_fields(client, url), **answer}).get_data(as_text=True)


def _club_mistakes(world: World) -> list[str]:
    """Every pending mistake of a club lesson, as stored."""
    with storage.store(world.app).transaction() as conn:
        return sorted(p for p in conn.execute(sa.select(learner_mistakes.c.problem)).scalars()
                      if p.startswith("club/"))


def _csv(world: World) -> list[list[str]]:
    text = world.client("teacher").get(f"/classes/{world.ids['club']}/export.csv").get_data(
        as_text=True)
    return list(csv.reader(io.StringIO(text.lstrip("\ufeff")), delimiter=";"))


def test_an_assigned_studio_lesson_is_tracked_like_a_course_lesson(world: World) -> None:
    lesson_id = _published(world)
    page = world.dashboard()
    assert f'<option value="club/{lesson_id}">{TITLE}</option>' in page  # in «Задать урок»
    assert _assign(world, lesson_id) == 302
    page = world.dashboard()
    assert f">{TITLE}</a>" in page  # a column of its own
    assert re.findall(r'data-state="([^"]+)"', learner_row(page, "alice"))[-1] == "not-started"
    alice = world.client("alice")
    assert 'data-verdict="incorrect"' in _answer(world, alice, "club-waits", right=False)
    page = world.dashboard()
    assert re.findall(r'data-state="([^"]+)"', learner_row(page, "alice"))[-1] == "in-progress"
    missed = page[page.index("data-missed"):]
    assert f"{TITLE}, упр. 1: " in missed.split("</ol>")[0]  # in the class's mistake list
    assert "data-concept" in learner_row(page, "alice")  # its concept label
    learner = world.client("teacher").get(
        f"/classes/{world.ids['club']}/learners/{world.ids['alice']}").get_data(as_text=True)
    assert f"{TITLE}, упр. 1: " in learner and "решено 0 из 2" in learner
    rows = _csv(world)
    assert rows[0][-1] == TITLE
    assert rows[1][-1].startswith("в работе · решено 0 из 2")
    assert "data-assignment-state" in alice.get("/").get_data(as_text=True)
    for drill_id in ("club-waits", "club-fu"):
        assert 'data-verdict="correct"' in _answer(world, alice, drill_id, right=True)
    page = world.dashboard()
    assert re.findall(r'data-state="([^"]+)"', learner_row(page, "alice"))[-1] == "done"
    assert "data-missed" not in page  # the mistake was made good
    assert _csv(world)[1][-1].startswith("сделано · решено 2 из 2")


def test_republishing_keeps_solved_drills_and_carries_a_mistake_still_wrong(
    world: World
) -> None:
    """A mistake is graded again against the new version's drill (tutor/course/regrade.py):
    the same drill, the same wrong answer — still a mistake, now of the new version, where
    the learner's next answer lands and can put it right."""
    lesson_id = _published(world)
    assert _assign(world, lesson_id) == 302
    alice = world.client("alice")
    _answer(world, alice, "club-waits", right=True)
    _answer(world, alice, "club-fu", right=False)
    fixed = source(body="Вступление урока, исправленное.")
    teacher = world.client("teacher")
    version = save(teacher, lesson_id, fixed)
    assert publish(teacher, lesson_id, world.ids["club"]) == 302
    page = world.dashboard()
    assert "решено 1 из 2" in learner_row(page, "alice")  # the drill solved in version 2 counts
    missed = page[page.index("data-missed"):].split("</ol>")[0]
    assert f"{TITLE}, упр. 2: " in missed  # still wrong in the new version: still listed
    assert _club_mistakes(world) == [f"club/{lesson_id}/{version}/club-fu"]
    _answer(world, alice, "club-fu", right=True, version=version, text=fixed)
    page = world.dashboard()
    assert "решено 2 из 2" in learner_row(page, "alice")
    assert "data-missed" not in page  # made good in the new version


def test_a_mistake_right_in_the_new_version_is_retired(world: World) -> None:
    """The kept answer (9p on a hand waiting on 1-4-7m) graded against the new version's
    hand, a tanki on 9p: right now, so no longer a mistake."""
    lesson_id = _published(world)
    alice = world.client("alice")
    assert 'data-verdict="incorrect"' in _answer(world, alice, "club-waits", right=False)
    assert _club_mistakes(world) == [f"club/{lesson_id}/2/club-waits"]
    teacher = world.client("teacher")
    save(teacher, lesson_id, source(hand="123m456m789s111z9p"))
    assert publish(teacher, lesson_id, world.ids["club"]) == 302
    world.dashboard()
    assert _club_mistakes(world) == []


def test_a_mistake_whose_drill_left_the_new_version_is_retired(world: World) -> None:
    lesson_id = _published(world)
    alice = world.client("alice")
    _answer(world, alice, "club-fu", right=False)
    assert "data-missed" in world.dashboard()
    shorter = source().split("/// fu")[0]  # version 3 has no fu drill
    teacher = world.client("teacher")
    save(teacher, lesson_id, shorter)
    assert publish(teacher, lesson_id, world.ids["club"]) == 302
    assert "data-missed" not in world.dashboard()
    assert _club_mistakes(world) == []  # retired, not just hidden


def test_only_a_lesson_published_to_the_class_can_be_assigned(world: World) -> None:
    other = world.client("other")
    theirs = new_lesson(other)
    save(other, theirs, source())
    assert publish(other, theirs, world.ids["second"]) == 302
    assert _assign(world, theirs) == 400  # published, but to another class
    mine = new_lesson(world.client("teacher"))
    assert _assign(world, mine) == 400  # not published
    teacher = world.client("teacher")
    for target in ("club/", "club/x", "club/-1", "club/99999999999"):
        response = teacher.post(f"/classes/{world.ids['club']}/assignments", data={
            "csrf_token": csrf_token(teacher, f"/classes/{world.ids['club']}"), "kind": "lesson",
            "lesson": target})
        assert response.status_code == 400, target


def test_an_assigned_lesson_taken_off_the_class_stays_readable(world: World) -> None:
    lesson_id = _published(world)
    assert _assign(world, lesson_id) == 302
    _answer(world, world.client("alice"), "club-waits", right=False)
    teacher = world.client("teacher")
    assert teacher.post(f"/studio/{lesson_id}/unpublish", data={
        "csrf_token": csrf_token(teacher, f"/studio/{lesson_id}"),
        "class_id": str(world.ids["club"])}).status_code == 302
    page = world.dashboard()
    assert "Урок класса (снят с публикации)" in page
    assert "data-missed" not in page
    assert world.client("alice").get("/").status_code == 200
    assert _csv(world)[0][-1] == "Урок класса (снят с публикации)"


def test_one_drill_of_a_studio_lesson_is_assigned_from_the_drill_picker(world: World) -> None:
    lesson_id = _published(world)
    teacher = world.client("teacher")
    picker = teacher.get(f"/classes/{world.ids['club']}?drills_of=club/{lesson_id}").get_data(
        as_text=True)
    assert f'<option value="club/{lesson_id}" selected>{TITLE}</option>' in picker
    assert re.search(rf'<option value="club/{lesson_id}/club-fu">упр\. 2: [^<]+</option>', picker)
    csrf = csrf_token(teacher, f"/classes/{world.ids['club']}")
    for drill, status in (("club-fu", 302), ("no-such-drill", 400), ("Bad", 400)):
        assert teacher.post(f"/classes/{world.ids['club']}/assignments", data={
            "csrf_token": csrf, "kind": "drill",
            "drill": f"club/{lesson_id}/{drill}"}).status_code == status, drill
    title = re.search(rf">({re.escape(TITLE)}, упр\. 2: [^<]+)</a>", world.dashboard())
    assert title  # its own column, named by the lesson, the drill's place and its question
    _answer(world, world.client("alice"), "club-fu", right=True)
    cells = re.findall(r'data-state="([^"]+)"', learner_row(world.dashboard(), "alice"))
    assert cells[-1] == "done"
    assert _csv(world)[0][-1] == title.group(1)
