"""The /review pages through the test client: import, review, table steps, drills, ownership.

Rules (the project's game-review issue, «The page: /review»): ``POST /review``
stores the game and answers 303 to ``/review/<id>``; bad input is a 400 with a
Russian message naming what is wrong and nothing is stored; every state-changing
POST needs the CSRF token; another learner's id answers 404; at most 50 games are
kept (the oldest dropped, said on the page); imports are rate-limited; each flag
can become a drill that waits in «Повторить ошибки» and is graded through the one
grading function; a review joins the account at sign-in and is in its export and
deletion. Pages are ``private, no-store``. Without JavaScript every step is a link.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from engine.table.logs import read_log
from tests.support.accounts import PASSWORD, register
from tests.support.client import csrf_token
from tutor import storage
from tutor.review import board, tenhou, views
from tutor.storage import review as reviews
from tutor.storage.errors import StorageError

LOG = (Path(__file__).parent.parent / "fixtures" / "review" / "one_ron.json").read_text()
GAME = re.compile(r"/review/(\d+)")
HTMX_TABLE = {"HX-Request": "true", "HX-Target": "table"}


def _post(client: FlaskClient, **fields: object) -> object:
    data = {"csrf_token": csrf_token(client, "/review"), "log": "", "link": "", "seat": "",
            "rules": "", **fields}
    return client.post("/review", data=data)


def _import(client: FlaskClient, **fields: object) -> int:
    response = _post(client, log=LOG, **fields)
    assert response.status_code == 303, response.get_data(as_text=True)  # type: ignore[attr-defined]
    found = GAME.search(response.headers["Location"])  # type: ignore[attr-defined]
    assert found
    return int(found.group(1))


def _games(app: Flask) -> int:
    with app.app_context(), storage.store().transaction() as conn:
        return len(conn.execute(reviews.reviewed_games.select()).all())


def test_the_form_has_every_field_and_is_private(client: FlaskClient) -> None:
    response = client.get("/review")
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "private, no-store"
    for name in ('name="log"', 'type="file" name="file"', 'name="link"', 'name="seat"',
                 'name="rules"', 'enctype="multipart/form-data"'):
        assert name in html
    assert "Хранятся последние 50 партий" in html


def test_an_import_is_stored_and_redirects_to_its_review(client: FlaskClient) -> None:
    game_id = _import(client)
    page = client.get(f"/review/{game_id}")
    html = page.get_data(as_text=True)
    assert page.status_code == 200 and page.headers["Cache-Control"] == "private, no-store"
    assert "1 решение: 1 по эффективности" in html
    assert html.count("data-decision=") == 1
    assert "Решить как задачу" in html
    # the log records 1000 for a ron the engine scores 2000 (pinfu and tanyao): both shown
    assert "по движку −2000 / +2000 / 0 / 0" in html and "в логе −1000 / +1000 / 0 / 0" in html
    assert "Анна" in client.get("/review").get_data(as_text=True)


def test_the_seat_is_chosen_by_the_players_name(client: FlaskClient) -> None:
    game_id = _import(client, seat="борис")
    html = client.get(f"/review/{game_id}").get_data(as_text=True)
    assert "Разбор партии: Борис" in html


@pytest.mark.parametrize(("fields", "says"), [
    pytest.param({}, "Вставьте лог партии", id="nothing"),
    pytest.param({"log": "{\"name\": 5}"}, "", id="unreadable-json"),
    pytest.param({"log": "просто текст"}, "", id="not-a-log"),
    pytest.param({"log": LOG, "link": "2024010112gm-0029-0000-1a2b3c4d"}, "одним способом",
                 id="two-sources"),
    pytest.param({"log": LOG, "seat": "Дмитрий"}, "Игрока «Дмитрий» в этой партии нет",
                 id="unknown-player"),
    pytest.param({"log": LOG, "rules": "klingon"}, "Неизвестный свод правил", id="bad-rules"),
    pytest.param({"log": "{" + " " * (130 * 1024) + "}"}, "Лог слишком большой", id="too-big"),
    pytest.param({"link": "https://evil.example/?log=2024010112gm-0029-0000-1a2b3c4d"},
                 "только с tenhou.net", id="link-elsewhere"),
    pytest.param({"link": "2024010112gm-0029-0000-1a2b3c4d"}, tenhou.OFF[:40],
                 id="fetch-off-in-tests"),
])
def test_bad_input_is_a_400_in_russian_and_nothing_is_stored(
        app: Flask, client: FlaskClient, fields: dict[str, str], says: str) -> None:
    response = _post(client, **fields)
    html = response.get_data(as_text=True)  # type: ignore[attr-defined]
    assert response.status_code == 400  # type: ignore[attr-defined]
    error = re.search(r"data-error>([^<]+)<", html)
    assert error and re.search("[а-яё]", error.group(1))
    assert says in html
    assert _games(app) == 0


def test_a_three_player_log_is_refused(app: Flask, client: FlaskClient) -> None:
    game = json.loads(LOG)
    game["name"] = game["name"][:3]
    game["log"][0] = game["log"][0][:1] + [[35000, 35000, 35000]] + game["log"][0][2:13] + \
        game["log"][0][-1:]
    response = _post(client, log=json.dumps(game))
    assert response.status_code == 400  # type: ignore[attr-defined]
    assert "на троих" in response.get_data(as_text=True)  # type: ignore[attr-defined]
    assert _games(app) == 0


def test_a_post_without_the_csrf_token_stores_nothing(app: Flask, client: FlaskClient) -> None:
    client.get("/review")
    response = client.post("/review", data={"log": LOG})
    assert response.status_code == 400
    assert _games(app) == 0


def test_another_learners_game_is_404(app: Flask, client: FlaskClient) -> None:
    game_id = _import(client)
    stranger = app.test_client()
    assert stranger.get(f"/review/{game_id}").status_code == 404
    token = csrf_token(stranger, "/review")
    assert stranger.post(f"/review/{game_id}/delete", data={"csrf_token": token}).status_code == 404
    assert stranger.post(f"/review/{game_id}/flags/0/drill",
                         data={"csrf_token": token}).status_code == 404
    assert client.get(f"/review/{game_id}").status_code == 200


def test_the_store_down_while_the_page_reads_is_a_503(client: FlaskClient,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    game_id = _import(client)

    def down(*_args: object) -> object:
        raise StorageError("OperationalError")

    monkeypatch.setattr(reviews, "positions_of_game", down)
    response = client.get(f"/review/{game_id}")
    assert response.status_code == 503
    assert "База данных сейчас недоступна" in response.get_data(as_text=True)

def test_a_game_is_deleted_by_its_learner(client: FlaskClient) -> None:
    game_id = _import(client)
    token = csrf_token(client, "/review")
    assert client.post(f"/review/{game_id}/delete").status_code == 400  # no token
    response = client.post(f"/review/{game_id}/delete", data={"csrf_token": token})
    assert response.status_code == 303
    assert client.get(f"/review/{game_id}").status_code == 404
    assert f"/review/{game_id}" not in client.get("/review").get_data(as_text=True)


def test_the_fifty_first_game_drops_the_oldest_and_says_so(app: Flask,
                                                          client: FlaskClient) -> None:
    first = _import(client)
    learner = client.get_cookie("tempai_learner")
    assert learner is not None
    with app.app_context(), storage.store().transaction() as conn:
        owner = reviews.reviewed_games.c.learner_id
        learner_id = conn.execute(reviews.reviewed_games.select().with_only_columns(owner)
                                  ).scalar_one()
        for _ in range(reviews.GAMES_KEPT - 1):
            reviews.add_game(conn, learner_id, title="старая", format="tenhou6",
                             rules="online", seat=0, log=LOG, review={"flags": []})
    newest = _import(client)
    assert client.get(f"/review/{first}").status_code == 404
    html = client.get(f"/review/{newest}?dropped=1").get_data(as_text=True)
    assert "самая старая удаляется" in html


def test_imports_are_limited_per_learner(client: FlaskClient,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(views, "IMPORTS_PER_LEARNER", 1)
    _import(client)
    response = _post(client, log=LOG)
    assert response.status_code == 429  # type: ignore[attr-defined]
    assert "Слишком много партий" in response.get_data(as_text=True)  # type: ignore[attr-defined]


def test_every_step_is_a_link_without_javascript(client: FlaskClient) -> None:
    game_id = _import(client)
    html = client.get(f"/review/{game_id}?hand=0&step=2").get_data(as_text=True)
    assert "Восток сбрасывает 6p (из руки)" in html
    assert re.search(r'href="/review/\d+\?hand=0&amp;step=1#table"[^>]*data-step-prev', html)
    assert re.search(r'href="/review/\d+\?hand=0&amp;step=3#table"[^>]*data-step-next', html)
    assert "data-step-flag" not in html  # no flag after the discard
    start = client.get(f"/review/{game_id}").get_data(as_text=True)
    assert re.search(r'href="/review/\d+\?hand=0&amp;step=1#table"[^>]*data-step-flag', start)
    assert "data-step-prev" not in start.split('id="table"')[1].split("</nav>")[0].replace(
        'aria-disabled="true">← Назад', "")


def test_a_step_is_a_table_fragment_for_htmx(client: FlaskClient) -> None:
    game_id = _import(client)
    response = client.get(f"/review/{game_id}?hand=0&step=1", headers=HTMX_TABLE)
    html = response.get_data(as_text=True)
    assert html.lstrip().startswith('<section class="review-table" id="table"')
    assert "<html" not in html and "data-decision-here" in html


def test_stepping_through_a_game_reads_its_log_once(client: FlaskClient,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    game_id = _import(client)
    board.played.cache_clear()
    reads: list[str] = []

    def counted(text: str) -> object:
        reads.append(text)
        return read_log(text)

    monkeypatch.setattr(board, "read_log", counted)
    for step in (1, 2, 3):
        response = client.get(f"/review/{game_id}?hand=0&step={step}", headers=HTMX_TABLE)
        assert response.status_code == 200
    assert len(reads) == 1

def test_solve_first_hides_the_verdict_until_a_pick(client: FlaskClient) -> None:
    game_id = _import(client)
    hidden = client.get(f"/review/{game_id}?hand=0&step=1&solve=1").get_data(as_text=True)
    assert "Как бы сыграли вы?" in hidden and "Сброс 6p оставляет" not in hidden
    assert re.search(r'data-pick="5z"', hidden)
    shown = client.get(f"/review/{game_id}?hand=0&step=1&solve=1&pick=5z").get_data(as_text=True)
    assert "Ваш выбор: " in shown and "Сброс 6p оставляет" in shown


def test_a_flag_becomes_a_drill_in_the_mistakes_graded_by_the_engine(
        client: FlaskClient) -> None:
    game_id = _import(client)
    token = csrf_token(client, "/review")
    made = client.post(f"/review/{game_id}/flags/0/drill", data={"csrf_token": token})
    assert made.status_code == 303
    url = made.headers["Location"]
    page = client.get(url).get_data(as_text=True)
    assert "Позиция из вашей партии" in page and 'name="discard"' in page
    assert url in client.get("/practice").get_data(as_text=True)
    nonce = re.search(r'name="nonce" value="([^"]+)"', page)
    assert nonce
    wrong = client.post(url, data={"csrf_token": token, "nonce": nonce.group(1),
                                   "discard": "6p"}, headers={"HX-Request": "true"})
    assert 'data-verdict="incorrect"' in wrong.get_data(as_text=True)
    right = client.post(url, data={"csrf_token": token, "nonce": nonce.group(1),
                                   "discard": "5z"}, headers={"HX-Request": "true"})
    assert 'data-verdict="correct"' in right.get_data(as_text=True)
    assert url not in client.get("/practice").get_data(as_text=True)
    # the drill keeps its own copy: deleting the game leaves it
    client.post(f"/review/{game_id}/delete", data={"csrf_token": token})
    assert client.get(url).status_code == 200
    assert client.get(url.replace("/positions/", "/positions/9")).status_code == 404


def test_the_mistakes_name_pending_positions_without_reading_them_again(
        client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    game_id = _import(client)
    made = client.post(f"/review/{game_id}/flags/0/drill",
                       data={"csrf_token": csrf_token(client, "/review")})
    reads: list[int] = []
    read_one = reviews.position

    def counted(conn: object, position_id: int, *args: object) -> object:
        reads.append(position_id)
        return read_one(conn, position_id, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(reviews, "position", counted)
    assert made.headers["Location"] in client.get("/practice").get_data(as_text=True)
    assert reads == []

def test_another_learners_position_is_404(app: Flask, client: FlaskClient) -> None:
    game_id = _import(client)
    made = client.post(f"/review/{game_id}/flags/0/drill",
                       data={"csrf_token": csrf_token(client, "/review")})
    stranger = app.test_client()
    assert stranger.get(made.headers["Location"]).status_code == 404


def test_reviews_join_the_account_and_leave_with_it(app: Flask, client: FlaskClient) -> None:
    game_id = _import(client)
    register(client, "reviewer")
    assert client.get(f"/review/{game_id}").status_code == 200
    exported = json.loads(client.get("/account/export").get_data(as_text=True))
    assert [g["id"] for g in exported["reviews"]["games"]] == [game_id]
    token = csrf_token(client, "/account")
    client.post("/account/delete", data={"csrf_token": token, "current": PASSWORD,
                                         "answers": "anonymise"})
    assert _games(app) == 0
