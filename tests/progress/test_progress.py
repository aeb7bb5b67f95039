"""Progress: the anonymous learner, every graded answer recorded once, «Мой прогресс».

Rules: the first visit gets a signed HttpOnly SameSite=Lax cookie; a tampered
cookie silently starts a new learner; lesson and practice answers are recorded
(kind, level, correct); a re-sent form counts once; two tabs answering at once
lose nothing and double-count nothing; a storage failure never costs the
grading; the page shows lessons done, accuracy, streak and an SVG chart; the
course map shows each lesson's state; export and wipe (CSRF, confirmation).
"""

from __future__ import annotations

import json
import os
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.support.client import HTMX
from tests.support.databases import DOWN_URL
from tests.support.practice import (
    answer_lesson,
    answer_practice,
    form_fields,
)
from tests.support.site import make_app
from tutor import storage
from tutor.course.content import store as content_store
from tutor.drills import grading
from tutor.storage import regrade
from tutor.storage.learner import COOKIE

PG_URL = os.environ.get("TEMPAI_TEST_PG_URL")


_APPS: list[Flask] = []


def _make_app(content_dir: Path, url: str, **extra: Any) -> Flask:
    app = make_app(content_dir, DATABASE_URL=url, **extra)
    _APPS.append(app)
    return app


@pytest.fixture(autouse=True)
def _close_databases() -> Iterator[None]:
    """Close every pooled connection a test opened (psycopg warns about leaked ones)."""
    yield
    while _APPS:
        storage.opened_store(_APPS.pop()).engine.dispose()


@pytest.fixture
def app(content_dir: Path, tmp_path: Path) -> Flask:
    return _make_app(content_dir, f"sqlite:///{tmp_path / 'progress.sqlite3'}")


def _history(client: FlaskClient) -> list[Any]:
    cookie = client.get_cookie(COOKIE)
    assert cookie is not None
    with client.application.test_request_context(headers={"Cookie": f"{COOKIE}={cookie.value}"}):
        from tutor.accounts.current import learner_id

        return storage.store().history(learner_id())


# --- the learner cookie ---------------------------------------------------------------

def test_first_visit_gets_a_signed_httponly_lax_cookie(client: FlaskClient) -> None:
    response = client.get("/")
    header = next(h for h in response.headers.getlist("Set-Cookie") if h.startswith(COOKIE))
    assert "HttpOnly" in header and "SameSite=Lax" in header and "Max-Age=" in header
    value = client.get_cookie(COOKIE).value  # type: ignore[union-attr]
    assert "." in value, "the id travels with its signature"
    again = client.get("/practice")
    assert not any(h.startswith(COOKIE) for h in again.headers.getlist("Set-Cookie"))


@pytest.mark.parametrize(
    "cookie",
    [
        pytest.param("garbage", id="garbage"),
        pytest.param("ImFiY2RlZjAxMjM0NTY3ODlhYmNkZWYwMTIzNDU2Nzg5Ig.forged", id="bad-signature"),
        pytest.param("x" * 500, id="huge"),
    ],
)
def test_a_tampered_cookie_starts_a_new_learner_without_error(client: FlaskClient,
                                                               cookie: str) -> None:
    answer_practice(client, "dora", "novice", 1, right=True)
    client.set_cookie(COOKIE, cookie)
    response = client.get("/progress")
    assert response.status_code == 200
    assert any(h.startswith(COOKIE) for h in response.headers.getlist("Set-Cookie"))
    assert 'data-total="0"' in response.get_data(as_text=True)


def test_a_remembered_learner_cookie_is_not_trusted_altered_or_under_a_new_key(
    app: Flask, client: FlaskClient,
) -> None:
    answer_practice(client, "dora", "novice", 1, right=True)
    genuine = client.get_cookie(COOKIE).value  # type: ignore[union-attr]
    for _ in range(2):  # checked, then remembered
        assert 'data-total="1"' in client.get("/progress").get_data(as_text=True)
    client.set_cookie(COOKIE, genuine[:-2] + ("AA" if genuine[-2:] != "AA" else "BB"))
    assert 'data-total="0"' in client.get("/progress").get_data(as_text=True)
    client.set_cookie(COOKIE, genuine)
    assert 'data-total="1"' in client.get("/progress").get_data(as_text=True)
    app.config["SECRET_KEY"] = app.secret_key = "rotated-secret"
    response = client.get("/progress")
    assert 'data-total="0"' in response.get_data(as_text=True)
    assert any(h.startswith(COOKIE) for h in response.headers.getlist("Set-Cookie"))


def test_a_cookie_signed_with_another_key_is_not_trusted(client: FlaskClient,
                                                         content_dir: Path,
                                                         tmp_path: Path) -> None:
    other = _make_app(content_dir, f"sqlite:///{tmp_path / 'other.sqlite3'}", SECRET_KEY="other")
    foreign = other.test_client()
    foreign.get("/")
    client.set_cookie(COOKIE, foreign.get_cookie(COOKIE).value)  # type: ignore[union-attr]
    response = client.get("/")
    assert any(h.startswith(COOKIE) for h in response.headers.getlist("Set-Cookie"))


# --- recording ------------------------------------------------------------------------

def test_lesson_and_practice_answers_are_recorded_with_kind_and_level(client: FlaskClient) -> None:
    answer_lesson(client, "basics", "pinfu-ron", right=False)
    answer_practice(client, "han", "player", 4, right=True)
    rows = [(a.source, a.kind, a.level, a.lesson, a.problem, a.correct) for a in _history(client)]
    assert rows == [
        ("lesson", "fu", None, "basics", "lesson/basics/pinfu-ron", False),
        ("practice", "han", "player", None, "practice/han/player/4", True),
    ]


def test_a_resent_form_is_counted_once(client: FlaskClient) -> None:
    hidden = form_fields(client, "/practice/fu/novice/2")
    answer_practice(client, "fu", "novice", 2, right=False, hidden=hidden)
    answer_practice(client, "fu", "novice", 2, right=False, hidden=hidden)  # the same form re-sent
    assert len(_history(client)) == 1
    # corrected in the same form
    answer_practice(client, "fu", "novice", 2, right=True, hidden=hidden)
    assert [a.correct for a in _history(client)] == [False, True]


def _mistakes(client: FlaskClient) -> list[str]:
    cookie = client.get_cookie(COOKIE)
    assert cookie is not None
    with client.application.test_request_context(headers={"Cookie": f"{COOKIE}={cookie.value}"}):
        from tutor.accounts.current import learner_id

        return [m.problem for m in storage.store().mistakes(learner_id())]


@pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "no-js"])
def test_the_solution_asked_before_any_answer_counts_as_a_first_miss(
        client: FlaskClient, htmx: bool) -> None:
    # The answer path's rule (docs/architecture.md «Путь ответа»): «Показать решение» before
    # any answer gives the first attempt up — a miss for the figures and for repetition,
    # stored once per form, and what is answered after it is a later attempt.
    url, key = "/practice/waits/player/9", "practice/waits/player/9"
    hidden = form_fields(client, url)
    headers = HTMX if htmx else {}
    shown = client.post(url, data={**hidden, "action": "solution"}, headers=headers)
    html = shown.get_data(as_text=True)
    assert 'data-verdict="solution"' in html and "data-repeat-mistake" in html
    assert re.search(r'name="attempt" value="2" id="attempt-[^"]+"', html)  # the form moves on
    assert [(a.problem, a.correct) for a in _history(client)] == [(key, False)]
    assert _mistakes(client) == [key]  # due again: «Повторить ошибки»
    client.post(url, data={**hidden, "action": "solution"}, headers=headers)  # the same form again
    client.post(url, data={**hidden, "action": "solution", "attempt": "2"}, headers=headers)
    assert len(_history(client)) == 1
    answer_practice(client, "waits", "player", 9, right=True, hidden=hidden, attempt=2, htmx=htmx)
    assert [a.correct for a in _history(client)] == [False, True]
    assert _mistakes(client) == [key]  # right only after the solution: still due


def test_the_solution_asked_replaces_an_older_misses_kept_answer(client: FlaskClient) -> None:
    # A kept answer is graded again when the rules change (tutor.storage.regrade): the
    # older miss's answer, right under new rules, must not retire a problem given up since;
    # the reveal keeps its own request, which grades as no answer (grading.GIVEN_UP).
    answer_practice(client, "waits", "player", 9, right=False)  # its answer is kept
    cookie = client.get_cookie(COOKIE)
    assert cookie is not None

    def kept() -> list[tuple[str, bool]]:
        with client.application.test_request_context(
                headers={"Cookie": f"{COOKIE}={cookie.value}"}):
            from tutor.accounts.current import learner_id

            with storage.store().transaction() as conn:
                return [(k.problem, k.fields == grading.GIVEN_UP)
                        for k in regrade.kept(conn, [learner_id()])]

    assert kept() == [("practice/waits/player/9", False)]  # the answer given
    url = "/practice/waits/player/9"
    client.post(url, data={**form_fields(client, url), "action": "solution"}, headers=HTMX)
    assert kept() == [("practice/waits/player/9", True)]  # the older answer no longer stands
    assert _mistakes(client) == ["practice/waits/player/9"]


def test_the_solution_after_a_right_answer_records_nothing_new(client: FlaskClient) -> None:
    url = "/practice/waits/player/9"
    hidden = form_fields(client, url)
    answer_practice(client, "waits", "player", 9, right=True, hidden=hidden)
    for headers in (HTMX, {}):  # the form the right answer left carries attempt 2
        client.post(url, data={**hidden, "action": "solution", "attempt": "2"}, headers=headers)
    assert [a.correct for a in _history(client)] == [True] and _mistakes(client) == []


def _two_tabs(client: FlaskClient) -> FlaskClient:
    """Another tab of the same browser: the same cookies (learner and session)."""
    second = client.application.test_client()
    for name in (COOKIE, client.application.config["SESSION_COOKIE_NAME"]):
        cookie = client.get_cookie(name)
        if cookie is not None:
            second.set_cookie(name, cookie.value)
    return second


def _backends() -> list[Any]:
    return [
        pytest.param("sqlite", id="sqlite"),
        pytest.param("postgresql", id="postgresql",
                     marks=pytest.mark.skipif(not PG_URL, reason="TEMPAI_TEST_PG_URL not set")),
    ]


@pytest.fixture(params=_backends())
def any_client(request: pytest.FixtureRequest, content_dir: Path, tmp_path: Path) -> FlaskClient:
    """A client of an app on SQLite, and again on PostgreSQL when one is available."""
    url = f"sqlite:///{tmp_path / 'p.sqlite3'}" if request.param == "sqlite" else str(PG_URL)
    return _make_app(content_dir, url).test_client()


def test_two_tabs_answering_at_once_lose_and_double_count_nothing(any_client: FlaskClient) -> None:
    client = any_client
    client.get("/")
    tabs = [client, _two_tabs(client)]
    per_tab = 8
    forms = [[form_fields(tab, f"/practice/dora/novice/{i}") for i in range(per_tab)]
             for tab in tabs]
    errors: list[BaseException] = []
    barrier = threading.Barrier(len(tabs))

    def run(tab: FlaskClient, hidden_forms: list[dict[str, str]]) -> None:
        try:
            barrier.wait()
            for i, hidden in enumerate(hidden_forms):
                answer_practice(tab, "dora", "novice", i, right=i % 2 == 0, hidden=hidden)
                # and the same form sent again
                answer_practice(tab, "dora", "novice", i, right=i % 2 == 0, hidden=hidden)
        except BaseException as exc:  # noqa: BLE001 - reported by the main thread
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(t, f)) for t, f in zip(tabs, forms, strict=True)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors, errors
    history = _history(client)
    assert len(history) == 2 * per_tab
    assert sum(a.correct for a in history) == per_tab


def test_the_same_form_sent_from_two_threads_at_once_counts_once(any_client: FlaskClient) -> None:
    client = any_client
    hidden = form_fields(client, "/practice/shanten/novice/3")
    tabs = [client, _two_tabs(client), _two_tabs(client)]
    barrier = threading.Barrier(len(tabs))

    def run(tab: FlaskClient) -> None:
        barrier.wait()
        answer_practice(tab, "shanten", "novice", 3, right=True, hidden=hidden)

    threads = [threading.Thread(target=run, args=(t,)) for t in tabs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(_history(client)) == 1


# --- storage failure -------------------------------------------------------------------


def test_a_database_that_is_down_never_costs_the_grading(content_dir: Path) -> None:
    client = _make_app(content_dir, DOWN_URL).test_client()
    html = answer_practice(client, "fu", "novice", 1, right=True)
    assert 'data-verdict="correct"' in html
    assert "Не удалось сохранить прогресс" in html
    lesson = answer_lesson(client, "basics", "pinfu-ron", right=True)
    assert 'data-verdict="correct"' in lesson and "Не удалось сохранить прогресс" in lesson
    page = client.get("/progress")
    assert page.status_code == 503
    assert "Не удалось загрузить прогресс" in page.get_data(as_text=True)
    assert client.get("/").status_code == 200  # the course map without states


def test_a_read_only_database_is_a_storage_failure_too(content_dir: Path, tmp_path: Path) -> None:
    path = tmp_path / "ro.sqlite3"
    app = _make_app(content_dir, f"sqlite:///{path}")
    storage.opened_store(app).engine.dispose()
    readonly = _make_app(content_dir, f"sqlite:///file:{path}?mode=ro&uri=true")
    html = answer_practice(readonly.test_client(), "dora", "master", 5, right=False)
    assert 'data-verdict="incorrect"' in html and "Не удалось сохранить прогресс" in html


# --- the progress page -------------------------------------------------------------------


def test_progress_page_shows_counts_accuracy_streak_and_chart(client: FlaskClient) -> None:
    for seed, right in enumerate([False, True, True, False, True, True, True]):
        answer_practice(client, "waits", "novice", seed, right=right)
    answer_practice(client, "dora", "novice", 1, right=True)
    response = client.get("/progress")
    assert response.headers["Cache-Control"] == "private, no-store"  # one learner's data
    html = response.get_data(as_text=True)
    assert 'data-total="8" data-correct="6"' in html
    assert "<strong>8 ответов</strong> с первой попытки" in html
    assert "верно: <strong>6</strong> (75&nbsp;%)" in html
    assert "<strong>4 верных ответа подряд</strong>" in html
    assert 'data-kind="waits" data-total="7" data-correct="5"' in html
    assert "5 из 7" in html
    assert re.search(r'<svg class="chart"[^>]*role="img"', html)
    assert re.search(r'<polyline class="chart__line" points="[\d., ]+"', html)
    assert html.count('class="chart chart--small"') == 2


def test_a_lesson_is_done_when_all_its_drills_were_answered_right(client: FlaskClient) -> None:
    with client.application.app_context():
        lesson = content_store().get("basics")
        assert lesson is not None
        ids = list(lesson.drills)
    for drill_id in ids[:-1]:
        answer_lesson(client, "basics", drill_id, right=True)
    html = client.get("/progress").get_data(as_text=True)
    assert 'data-lesson="basics" data-done="no"' in html and f"{len(ids) - 1} из {len(ids)}" in html
    assert 'data-lesson-state="started"' in client.get("/").get_data(as_text=True)
    answer_lesson(client, "basics", ids[-1], right=False)
    answer_lesson(client, "basics", ids[-1], right=True)
    html = client.get("/progress").get_data(as_text=True)
    assert 'data-lesson="basics" data-done="yes"' in html
    assert 'data-lesson-state="done"' in client.get("/").get_data(as_text=True)


def test_export_is_a_json_download_of_every_answer(client: FlaskClient) -> None:
    answer_practice(client, "payment", "novice", 3, right=True)
    answer_lesson(client, "basics", "set-size", right=False)
    response = client.get("/progress/export")
    assert response.mimetype == "application/json"
    assert "attachment" in response.headers["Content-Disposition"]
    data = json.loads(response.get_data(as_text=True))
    assert data["format"] == "tempai-progress/1"
    assert [(a["kind"], a["correct"]) for a in data["answers"]] == [
        ("payment", True),
        ("choice", False),
    ]
    assert all(a["answered_at"].endswith("+00:00") for a in data["answers"])


def test_wipe_needs_the_confirmation_and_deletes_everything(client: FlaskClient) -> None:
    answer_practice(client, "fu", "master", 1, right=True)
    token = form_fields(client, "/practice/fu/master/1")["csrf_token"]
    refused = client.post("/progress/wipe", data={"csrf_token": token})
    assert refused.status_code == 400 and "Да, стереть всё" in refused.get_data(as_text=True)
    old = client.get_cookie(COOKIE).value  # type: ignore[union-attr]
    done = client.post("/progress/wipe", data={"csrf_token": token, "confirm": "yes"})
    assert done.status_code == 303
    assert client.get_cookie(COOKIE).value != old  # type: ignore[union-attr]
    assert _history(client) == []
    assert "Прогресс стёрт" in client.get(done.headers["Location"]).get_data(as_text=True)


def test_wipe_without_a_csrf_token_is_refused(content_dir: Path, tmp_path: Path) -> None:
    app = _make_app(content_dir, f"sqlite:///{tmp_path / 'p.sqlite3'}", WTF_CSRF_ENABLED=True)
    client = app.test_client()
    response = client.post("/progress/wipe", data={"confirm": "yes"})
    assert response.status_code == 400


def test_the_progress_page_has_no_inline_script_or_style(client: FlaskClient) -> None:
    answer_practice(client, "han", "novice", 1, right=True)
    html = client.get("/progress").get_data(as_text=True)
    assert "<script>" not in html and " style=" not in html


@pytest.mark.skipif(not PG_URL, reason="TEMPAI_TEST_PG_URL not set (.ci/run sets it)")
def test_the_same_app_runs_on_postgresql(content_dir: Path) -> None:
    assert PG_URL
    client = _make_app(content_dir, PG_URL).test_client()
    answer_practice(client, "waits", "master", 8, right=True)
    answer_lesson(client, "basics", "pinfu-ron", right=False)
    html = client.get("/progress").get_data(as_text=True)
    assert 'data-total="2" data-correct="1"' in html
    token = form_fields(client, "/practice/waits/master/8")["csrf_token"]
    client.post("/progress/wipe", data={"csrf_token": token, "confirm": "yes"})


def test_my_progress_names_missed_concepts_in_short(client: FlaskClient) -> None:
    """Mistakes as concepts, not clipped sentences (learner-and-instructor review, 2026-12)."""
    answer_lesson(client, "basics", "discard", False)  # a furiten drill answered wrong
    page = client.get("/progress").get_data(as_text=True)
    concepts = re.search(r"<ul class=\"progress-concepts\" data-concepts>(.*?)</ul>", page, re.S)
    assert concepts, page
    items = re.findall(r"<li>([^<]+)</li>", concepts.group(1))
    assert len(items) == 1 and "фуритен" in items[0] and items[0].endswith("— 1 ошибка")
    assert "Похоже" not in concepts.group(1) and "вы " not in concepts.group(1)
    assert 'href="/practice/retry">Повторить ошибки</a>' in page


def test_the_progress_page_names_skills_and_mistakes_and_says_what_next(
        client: FlaskClient) -> None:
    # «Мой прогресс» says what next (learner-and-instructor review, December 2026): a kind is
    # named as a skill, a mistake by its lesson, place and question, and the page suggests
    # the mistakes due, the lesson to continue and the weakest skill.
    answer_lesson(client, "basics", "set-size", right=False)
    for seed in range(5):
        answer_practice(client, "fu", "novice", seed, right=False)
    html = client.get("/progress").get_data(as_text=True)
    assert "<th scope=\"row\">Правила и понятия (вопросы с вариантами)</th>" in html
    assert "<th scope=\"row\">Выберите ответ</th>" not in html
    mistakes = re.search(r"<ul class=\"progress-mistakes\" data-mistakes>(.*?)</ul>", html, re.S)
    assert mistakes and "Урок 1 «Основы для тестов», упр. 4: Сколько всего тайлов" in mistakes[1]
    steps = re.search(r"<section class=\"progress-next\".*?</section>", html, re.S)
    assert steps is not None
    assert "6 ошибок ждут повторения." in steps[0] and 'href="/practice/retry"' in steps[0]
    assert "Продолжите курс: урок 1 «Основы для тестов»." in steps[0]
    assert "Слабее всего навык «Подсчёт фу»: 0 % с первой попытки." in steps[0]
