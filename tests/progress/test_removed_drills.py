"""A mistake on a course drill that left the course is retired, with a note; its answers stay.

Rule (the course issue, «Nothing a learner earned is lost or left wrong»: a
mistake is re-graded or retired, never left as one the learner cannot fix;
docs/lesson-format.md «Перенос упражнений»): a drill removed from its lesson,
or retired under a new id because its answer changed, has no drill to grade
the kept answer against. Its pending mistake is retired on the first page that
lists it (tutor/course/regrade.py), «Повторить ошибки» and «Мой прогресс» say
how many, and the answer itself stays in the history: the per-kind figures, a
class's dashboard and its CSV still count it, the drill named in Russian by its
lesson, never by its id. A drill under another key never grades the old
answer (its answer may be the opposite). Run on SQLite and on PostgreSQL.

The fixture course's lesson «basics» (lesson 1) has the choice drill
``set-size`` («Сколько всего тайлов в комплекте?», answer 3: «136»).
"""

from __future__ import annotations

import csv
import io
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.ctx import RequestContext
from flask.testing import FlaskClient

from tests.support.classes import World, assign, build, learner_row
from tests.support.client import HTMX, csrf_token
from tests.support.databases import BACKENDS, fresh_database
from tests.support.practice import answer_lesson
from tests.support.site import make_app
from tutor import storage
from tutor.accounts.current import learner_id
from tutor.storage.aggregates import learner_mistakes
from tutor.storage.learner import COOKIE

SET_SIZE = """/// choice
id: set-size
question: Сколько всего тайлов в комплекте?
options: ["34", "108", "136"]
answer: 3
explain: Видов 34, каждого по четыре — 136.
///"""
# The same place, a new id and the opposite answer: «34» was wrong, now it is right.
TILE_KINDS = """/// choice
id: tile-kinds
question: Сколько видов тайлов в комплекте?
options: ["34", "108", "136"]
answer: 1
explain: Видов 34, каждого по четыре.
///"""
NOTE = "1 ошибка снята с повторения"


@pytest.fixture(params=BACKENDS)
def app(request: pytest.FixtureRequest, content_dir: Path, tmp_path: Path) -> Iterator[Flask]:
    """The fixture course's site on SQLite, and again on PostgreSQL when one is available."""
    with fresh_database(request.param, tmp_path) as url:
        made = make_app(content_dir, DATABASE_URL=url)
        try:
            yield made
        finally:
            storage.opened_store(made).engine.dispose()


def _rewrite(content_dir: Path, new: str) -> None:
    path = content_dir / "01-basics.md"
    text = path.read_text(encoding="utf-8")
    assert SET_SIZE in text
    path.write_text(text.replace(SET_SIZE, new), encoding="utf-8")


def _choose(client: FlaskClient, drill_id: str, option: str) -> None:
    data = {"csrf_token": csrf_token(client, "/lessons/basics"),
            "nonce": uuid.uuid4().hex[:24], "option": option, "attempt": "1"}
    response = client.post(f"/lessons/basics/drills/{drill_id}", data=data, headers=HTMX)
    assert response.status_code == 200


def _as_learner(client: FlaskClient) -> RequestContext:
    cookie = client.get_cookie(COOKIE)
    assert cookie is not None
    return client.application.test_request_context(
        headers={"Cookie": f"{COOKIE}={cookie.value}"})


def _mistakes(client: FlaskClient) -> list[str]:
    with _as_learner(client):
        return sorted(m.problem for m in storage.store().mistakes(learner_id()))


def _answered(client: FlaskClient) -> list[tuple[str, bool]]:
    with _as_learner(client):
        return [(a.problem, a.correct) for a in storage.store().history(learner_id())]


def _choice_total(client: FlaskClient) -> int:
    with _as_learner(client):
        kinds = storage.store().summary(learner_id()).kinds
        return next(k.total for k in kinds if k.kind == "choice")


def test_a_mistake_on_a_removed_drill_is_retired_with_a_note(
        client: FlaskClient, content_dir: Path) -> None:
    _choose(client, "set-size", "1")
    answer_lesson(client, "basics", "nobetan", right=False)
    assert _mistakes(client) == ["lesson/basics/nobetan", "lesson/basics/set-size"]

    _rewrite(content_dir, "")  # the drill is removed from the lesson
    page = client.get("/practice").get_data(as_text=True)
    assert NOTE in page
    assert _mistakes(client) == ["lesson/basics/nobetan"]  # retired, not just hidden
    assert "снята с повторения" not in client.get("/practice").get_data(as_text=True)
    # the answers stay: the history and the figures per kind count them
    assert ("lesson/basics/set-size", False) in _answered(client)
    assert _choice_total(client) == 1


def test_my_progress_retires_it_too(client: FlaskClient, content_dir: Path) -> None:
    _choose(client, "set-size", "2")
    _rewrite(content_dir, "")
    page = client.get("/progress").get_data(as_text=True)
    assert NOTE in page and _mistakes(client) == []


@pytest.mark.parametrize("option", [
    pytest.param("1", id="wrong-then-right-now"),
    pytest.param("2", id="wrong-both-times"),
])
def test_a_drill_retired_under_a_new_id_never_grades_the_old_answer(
        client: FlaskClient, content_dir: Path, option: str) -> None:
    """«34» was a mistake under the old drill and is the new drill's answer: neither is it
    re-offered under the new grading nor does it count as the new drill solved."""
    _choose(client, "set-size", option)
    _rewrite(content_dir, TILE_KINDS)
    page = client.get("/practice").get_data(as_text=True)
    assert NOTE in page
    assert _mistakes(client) == []
    assert 'href="/lessons/basics#drill-tile-kinds"' not in page
    with _as_learner(client):
        assert "lesson/basics/tile-kinds" not in storage.store().solved_lessons(learner_id())
    assert _answered(client) == [("lesson/basics/set-size", False)]


def _old_schema_mistake(client: FlaskClient, problem: str) -> None:
    """A pending mistake written straight into the table (no answer kept, no fingerprint)."""
    with _as_learner(client), storage.store().transaction() as conn:
        conn.execute(learner_mistakes.insert().values(
            learner_id=learner_id(), problem=problem, answer_id=1, kind="waits", rule=None))


def test_nothing_is_retired_while_the_lesson_cannot_be_read(client: FlaskClient) -> None:
    """A lesson file with problems (a broken deploy) or a slug the course cannot place says
    nothing about the drill: its mistakes wait for the course to read well again."""
    client.get("/lessons/basics")  # the learner's cookie
    for problem in ("lesson/broken/gone", "lesson/nowhere/gone"):
        _old_schema_mistake(client, problem)
    page = client.get("/practice").get_data(as_text=True)
    assert "снят" not in page
    assert _mistakes(client) == ["lesson/broken/gone", "lesson/nowhere/gone"]


def _csv(world: World) -> list[list[str]]:
    response = world.client("teacher").get(f"/classes/{world.ids['club']}/export.csv")
    assert response.status_code == 200
    return list(csv.reader(io.StringIO(response.get_data(as_text=True).lstrip("\ufeff")),
                           delimiter=";"))


def test_the_dashboard_and_csv_name_a_removed_drill_and_count_its_answers(
        app: Flask, content_dir: Path) -> None:
    world = build(app)
    assign(world.client("teacher"), world.ids["club"], kind="drill", drill="basics/set-size")
    _choose(world.client("alice"), "set-size", "3")  # solved
    _choose(world.client("carol"), "set-size", "1")  # a mistake
    _rewrite(content_dir, "")

    title = "Урок 1 «Основы для тестов»: упражнение убрано из курса"
    page = world.dashboard()
    assert title in page and "set-size" not in page
    assert "сделано" in learner_row(page, "alice")  # solved before it was removed
    assert _mistakes(world.client("carol")) == []  # retired by the dashboard's read
    rows = _csv(world)
    assert rows[0][-1] == title and not any("set-size" in text for r in rows for text in r)
    by_login = {row[1]: row for row in rows[1:]}
    assert by_login["alice"][-1] == "сделано"
    assert by_login["carol"][-1] == "не начато"
    # carol's wrong answer is still counted in her figures (first attempts of the choice kind)
    choice = rows[0].index("Выберите ответ")  # the choice kind's column
    assert by_login["carol"][choice] == "0%" and by_login["alice"][choice] == "100%"


def test_a_lesson_gone_from_the_course_is_named_in_words(
        app: Flask, content_dir: Path) -> None:
    """Not by its slug: a slug is for the database (a published slug never vanishes from a
    course that passes its check, but a lesson file can go missing on a server)."""
    world = build(app)
    assign(world.client("teacher"), world.ids["club"], kind="lesson", lesson="second")
    (content_dir / "02-second.md").unlink()
    page = world.dashboard()
    assert "Урок убран из курса" in page and "«second»" not in page
    assert _csv(world)[0][-1] == "Урок убран из курса"
