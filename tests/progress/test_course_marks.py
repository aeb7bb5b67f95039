"""The learner's thread: «Продолжить», «урок N из M», «решено N из M», solved marks, next step.

Rules: progress is keyed by each drill's one stored key (lesson slug + drill id
where it was first published; a renamed lesson's drills stay under its first
``moved_from`` slug); «Продолжить» points at the first unsolved drill from the
furthest lesson reached; a lesson's header counts come from the course as it
stands; a right answer offers the next drill (or the next lesson at the end);
the live region gets only the short verdict; practice keeps its anchor and
focuses a new problem's first control.
"""

from __future__ import annotations

import re
import uuid
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.support.client import HTMX, csrf_token
from tests.support.practice import right_answer, wrong_answer
from tests.support.site import make_app
from tutor import storage
from tutor.accounts.current import learner_id
from tutor.course.content import store as content_store
from tutor.progress.course_marks import LessonProgress
from tutor.storage.learner import COOKIE
from tutor.storage.path import ContinuePoint, LessonDrills, first_unsolved, solved_drills

A = LessonDrills("a", ("a1", "a2"))
B = LessonDrills("b", ("b1", "b2", "b3"))
C = LessonDrills("c", ("c1",))


# --- the pure functions --------------------------------------------------------------

def test_solved_drills_read_each_drills_own_key() -> None:
    keys = ("lesson/b/b1", "lesson/a/b2-old", "lesson/b/b3")  # b2 moved here from lesson a
    moved = LessonDrills("b-new", ("b1", "b2", "b3"), keys)
    solved = {"lesson/b/b1", "lesson/b-new/b3", "lesson/a/b2-old"}
    assert solved_drills(moved, solved) == {"b1", "b2"}
    assert solved_drills(B, solved) == {"b1"}


@pytest.mark.parametrize(("solved", "expected"), [
    pytest.param(set(), None, id="new-learner"),
    pytest.param({"lesson/a/a1"}, ContinuePoint(1, "a", 2, "a2"), id="same-lesson"),
    pytest.param({"lesson/a/a1", "lesson/b/b1", "lesson/b/b3"}, ContinuePoint(2, "b", 2, "b2"),
                 id="furthest-lesson-first-gap"),
    pytest.param({"lesson/b/b1", "lesson/b/b2", "lesson/b/b3"}, ContinuePoint(3, "c", 1, "c1"),
                 id="next-lesson"),
    pytest.param({"lesson/c/c1"}, ContinuePoint(1, "a", 1, "a1"), id="wraps-to-skipped"),
    pytest.param({f"lesson/{x.slug}/{d}" for x in (A, B, C) for d in x.drill_ids}, None,
                 id="all-solved"),
])
def test_first_unsolved(solved: set[str], expected: ContinuePoint | None) -> None:
    assert first_unsolved([A, B, C], solved) == expected


@pytest.mark.parametrize(("solved", "total", "label"), [
    pytest.param(0, 1, "решено 0 из 1 упражнения", id="1"),
    pytest.param(2, 3, "решено 2 из 3 упражнений", id="3"),
    pytest.param(7, 19, "решено 7 из 19 упражнений", id="19"),
    pytest.param(20, 21, "решено 20 из 21 упражнения", id="21"),
])
def test_solved_label_plural(solved: int, total: int, label: str) -> None:
    ids = frozenset(f"d{i}" for i in range(solved))
    assert LessonProgress(ids, total).label == label


# --- pages ------------------------------------------------------------------------

def _solve(client: FlaskClient, *problems: str) -> None:
    """Store right answers for this client's learner straight into the store."""
    app = client.application
    cookie = client.get_cookie(COOKIE)
    assert cookie is not None
    with app.test_request_context(headers={"Cookie": f"{COOKIE}={cookie.value}"}):
        who = learner_id()
        for problem in problems:
            slug = problem.split("/")[1]
            storage.store().record(who, nonce=uuid.uuid4().hex, source="lesson", kind="waits",
                                    problem=problem, correct=True, lesson=slug)


def _page(client: FlaskClient, path: str) -> str:
    return client.get(path).get_data(as_text=True)


def test_home_invites_a_new_learner_to_start_and_a_returning_one_to_continue(
        client: FlaskClient) -> None:
    home = _page(client, "/")
    assert "Начать с первого урока" in home
    assert "data-continue" not in home
    _solve(client, "lesson/basics/nobetan")
    home = _page(client, "/")
    assert ('<a class="button button--primary" href="/lessons/basics#drill-discard" '
            'data-continue>Продолжить: урок 1, упражнение 2</a>') in home
    assert "Начать с первого урока" not in home
    assert "начат</span> · решено 1 из 4 упражнений" in home


def test_lesson_header_counts_and_solved_marks(client: FlaskClient) -> None:
    client.get("/")
    _solve(client, "lesson/basics/nobetan", "lesson/basics/set-size")
    page = _page(client, "/lessons/basics")
    assert "<span data-lesson-number>урок 1 из 3</span>" in page
    assert "<span data-lesson-solved>решено 2 из 4 упражнений</span>" in page
    marked = re.findall(r'data-drill-id="([^"]+)"[^>]*data-solved', page)
    assert marked == ["nobetan", "set-size"]
    assert page.count('<span class="badge badge--done">решено</span>') == 2


def test_a_lesson_added_changes_the_count(client: FlaskClient, content_dir: Path) -> None:
    text = (content_dir / "02-second.md").read_text(encoding="utf-8")
    (content_dir / "04-third.md").write_text(
        text.replace("slug: second", "slug: third").replace("order: 2", "order: 4"),
        encoding="utf-8")
    assert "урок 1 из 4" in _page(client, "/lessons/basics")


def test_a_renamed_lesson_keeps_its_progress_through_moved_from(
        client: FlaskClient, content_dir: Path) -> None:
    client.get("/")
    _solve(client, "lesson/basics/nobetan")
    path = content_dir / "01-basics.md"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("slug: basics\n", "slug: first-steps\nmoved_from: [basics]\n"),
                    encoding="utf-8")
    page = _page(client, "/lessons/first-steps")
    assert "решено 1 из 4 упражнений" in page
    assert re.findall(r'data-drill-id="([^"]+)"[^>]*data-solved', page) == ["nobetan"]
    assert 'href="/lessons/first-steps#drill-discard" data-continue>' in _page(client, "/")


# --- the next step and the live region -----------------------------------------------

def _answer(client: FlaskClient, slug: str, drill_id: str, right: bool) -> str:
    with client.application.app_context():
        lesson = content_store().get(slug)
        assert lesson is not None
        drill = lesson.drills[drill_id]
    fields = right_answer(drill) if right else wrong_answer(drill)
    data = {"csrf_token": csrf_token(client), "nonce": uuid.uuid4().hex[:24], **fields}
    response = client.post(f"/lessons/{slug}/drills/{drill_id}", data=data, headers=HTMX)
    assert response.status_code == 200
    return response.get_data(as_text=True)


def test_a_right_answer_offers_the_next_drill(client: FlaskClient) -> None:
    html = _answer(client, "basics", "nobetan", right=True)
    assert ('<a class="button button--primary button--small" href="/lessons/basics#drill-discard"'
            ' data-next-step data-focus-target="drill-discard">Следующее упражнение →</a>') in html
    assert 'data-say="Верно."' in html


def test_the_last_drill_offers_the_next_lesson(client: FlaskClient) -> None:
    html = _answer(client, "basics", "set-size", right=True)
    assert ('href="/lessons/second" data-next-step>Следующий урок: Второй урок →</a>') in html


def test_a_wrong_answer_has_no_next_step_and_says_one_line(client: FlaskClient) -> None:
    html = _answer(client, "basics", "nobetan", right=False)
    assert "data-next-step" not in html
    say = re.search(r'data-say="([^"]*)"', html)
    assert say is not None
    assert say.group(1).startswith("Неверно. ")
    assert say.group(1).count(".") <= 3  # the verdict and one diagnosis line, not the solution


def test_a_plain_answer_page_shows_the_next_step_too(client: FlaskClient) -> None:
    with client.application.app_context():
        drill = content_store().get("basics").drills["nobetan"]  # type: ignore[union-attr]
    data = {"csrf_token": csrf_token(client), **right_answer(drill)}
    page = client.post("/lessons/basics/drills/nobetan", data=data).get_data(as_text=True)
    assert 'data-focus-target="drill-discard">Следующее упражнение →</a>' in page


# --- practice -----------------------------------------------------------------------

def test_practice_form_lands_on_its_anchor_and_a_new_problem_focuses_its_first_control(
        client: FlaskClient) -> None:
    page = _page(client, "/practice/waits/novice/7")
    assert 'action="/practice/waits/novice/7#fb-task"' in page
    assert 'class="practice"' in page and "data-focus-first" in page
    answered = client.post("/practice/waits/novice/7", data={
        "csrf_token": csrf_token(client, "/practice/waits/novice/7"), "tiles": ["1m"]},
        headers=HTMX).get_data(as_text=True)
    assert ('href="/practice/waits/novice" data-next hx-get="/practice/waits/novice" '
            'hx-target="closest .practice" hx-select=".practice" hx-swap="outerHTML" '
            'hx-push-url="true">Следующая задача</a>') in answered


def test_no_progress_store_no_marks(content_dir: Path) -> None:
    """The storage down: the lesson still renders, without counts or marks."""
    app: Flask = make_app(content_dir, SECRET_KEY="t", DATABASE_URL="postgresql://nobody:nothing@127.0.0.1:1/none")
    client = app.test_client()
    page = _page(client, "/lessons/basics")
    assert "урок 1 из 3" in page
    assert "data-lesson-solved" not in page and "data-solved" not in page
    assert "Начать с первого урока" in _page(client, "/")
