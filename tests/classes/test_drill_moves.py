"""A drill that moves keeps everything a learner and a class have on it (the migration test).

Rule (the course issue's «Nothing a learner earned is lost or left wrong»,
docs/lesson-format.md «Перенос упражнений»): lessons may be renamed, renumbered
and split; each drill keeps the one key its answers were first stored under,
so a learner's solved marks, the mistakes waiting for repetition and a class's
drill and lesson assignments follow it, and the old addresses redirect.

The old layout is stored first (answers and assignments made through the site),
then the course is rewritten as a split would leave it, and everything is read
back through the new course.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask

from tests.support.accounts import user_by_login
from tests.support.classes import World, assign, build
from tests.support.practice import answer_lesson, form_fields
from tutor import storage
from tutor.classes import store as classes
from tutor.classes.work import DONE, IN_PROGRESS, work
from tutor.course.content import store as content_store
from tutor.course.identity import key_problems, published_problems

FURITEN = """/// furiten
id: discard
hand: 23p456789m123s55z
discards: [4p, 9s]
tile: 1p
///"""
WAITS = """/// waits
id: nobetan
hand: 3456m123p789s111z
///"""


@pytest.fixture
def world(app: Flask) -> World:
    return build(app)


def _split(content_dir: Path) -> None:
    """«basics» becomes «start» (renamed) and gives its first two drills to a new lesson."""
    path = content_dir / "01-basics.md"
    text = path.read_text(encoding="utf-8")
    assert FURITEN in text and WAITS in text
    text = text.replace(FURITEN, "").replace(WAITS, "")
    path.write_text(text.replace("slug: basics\n", "slug: start\nmoved_from: [basics]\n"),
                    encoding="utf-8")
    moved_waits = WAITS.replace("id: nobetan\n", "id: nobetan\nmoved_from: basics\n")
    moved_furiten = FURITEN.replace("id: discard\n",  # a new id too: the old key is kept
                                    "id: furiten-check\nmoved_from: basics/discard\n")
    (content_dir / "04-waiting.md").write_text(
        "---\ntitle: Ожидание и фуритен\nslug: waiting\norder: 4\n"
        "summary: Часть бывшего первого урока.\n---\n"
        f"## Ожидание\n\n{moved_waits}\n\n## Фуритен\n\n{moved_furiten}\n", encoding="utf-8")
    (content_dir / "published-slugs.txt").write_text("basics\nsecond\nbroken\nwaiting\n",
                                                     encoding="utf-8")


def _works(world: World) -> list[tuple[str, str, tuple[str, ...]]]:
    with world.app.test_request_context():
        with storage.store().transaction() as conn:
            items = classes.assignments_of(conn, [world.ids["club"]])
        return [(w.title, w.url, w.problems) for w in map(work, items)]


def _states(world: World, who: str) -> list[str]:
    learner = user_by_login(world.app, who).learner_id
    with world.app.test_request_context():
        with storage.store().transaction() as conn:
            items = classes.assignments_of(conn, [world.ids["club"]])
        solved = storage.store().solved_lessons(learner)
        pending = {m.problem for m in storage.store().mistakes(learner)}
        return [work(item).state(solved, pending) for item in items]


def test_progress_mistakes_and_assignments_follow_moved_drills(
        world: World, content_dir: Path) -> None:
    teacher, alice = world.client("teacher"), world.client("alice")
    club = world.ids["club"]
    # the old layout: answers and assignments stored under lesson/basics/…
    assign(teacher, club, kind="drill", drill="basics/discard")
    assign(teacher, club, kind="drill", drill="basics/nobetan")
    answer_lesson(alice, "basics", "nobetan", True)
    answer_lesson(alice, "basics", "discard", False)
    answer_lesson(alice, "basics", "set-size", True)
    before = _works(world)

    _split(content_dir)
    with world.app.app_context():
        lessons = content_store().lessons()
        assert not key_problems(lessons)
        assert not published_problems(content_dir, lessons, "published-slugs.txt")

    # old addresses redirect for good; a stale page's answer keeps its form (308)
    response = alice.get("/lessons/basics")
    assert (response.status_code, response.headers["Location"]) == (301, "/lessons/start")
    fields = form_fields(alice, "/lessons/start")
    response = alice.post("/lessons/basics/drills/discard", data=fields)
    assert (response.status_code, response.headers["Location"]) == (
        308, "/lessons/waiting/drills/furiten-check")
    assert alice.get("/lessons/basics/drills/nobetan").headers["Location"] == (
        "/lessons/waiting/drills/nobetan")

    # solved marks, in the lesson that holds the drill now and in the renamed one
    page = alice.get("/lessons/waiting").get_data(as_text=True)
    assert "решено 1 из 2 упражнений" in page
    assert "решено 1 из 2 упражнений" in alice.get("/lessons/start").get_data(as_text=True)

    # the mistake waiting for repetition opens the drill where it is now
    assert 'href="/lessons/waiting#drill-furiten-check"' in (
        alice.get("/practice").get_data(as_text=True))

    # assignments: the lesson one follows the rename, the drill ones their drills
    after = _works(world)
    assert [problems for _, _, problems in after][:1] == [before[0][2][2:]]
    titles = [title for title, _, _ in after]
    assert titles[0] == "Урок 1 «Основы для тестов»"
    assert titles[2].startswith("Урок 4 «Ожидание и фуритен», упр. 2: ")
    assert titles[3].startswith("Урок 4 «Ожидание и фуритен», упр. 1: ")
    assert [url for _, url, _ in after][2:] == ["/lessons/waiting#drill-furiten-check",
                                               "/lessons/waiting#drill-nobetan"]
    assert [problems for _, _, problems in after][2:] == [
        ("lesson/basics/discard",), ("lesson/basics/nobetan",)]
    assert _states(world, "alice")[2:] == [IN_PROGRESS, DONE]

    # answering right at the new place clears the old mistake: one key per drill
    answer_lesson(alice, "waiting", "furiten-check", True)
    assert _states(world, "alice")[2:] == [DONE, DONE]
    learner = user_by_login(world.app, "alice").learner_id
    with world.app.test_request_context():
        assert not storage.store().mistakes(learner)
        assert storage.store().solved_lessons(learner) == {
            "lesson/basics/nobetan", "lesson/basics/discard", "lesson/basics/set-size"}
    assert "Урок 4 «Ожидание и фуритен», упр. 2" in teacher.get(
        f"/classes/{club}").get_data(as_text=True)
