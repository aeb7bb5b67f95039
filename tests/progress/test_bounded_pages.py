"""Pages read the aggregates, never the history; wrong answers carry their rule.

Rules: for a learner with 2,000 answers every page that shows progress runs
the same SQL statements and about the same number of SQLite VM steps (which
grow with every row read) as for a learner with 10 answers whose aggregates
look the same; a wrong answer is stored with the stable id of the rule its
diagnosis named, and the mistakes to repeat keep it; the export says how many
answers were folded.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient
from itsdangerous import URLSafeSerializer

from tests.support.client import HTMX, csrf_token
from tests.support.site import make_app
from tutor import storage
from tutor.storage import aggregates
from tutor.storage.progress import ProgressStore

SECRET = "bounded-secret"
PAGES = ["/", "/progress", "/practice", "/practice/retry", "/practice/fu/novice/1",
         "/lessons/basics"]
# One round of answers: the basics drills and practice problems, some wrong at the end.
ROUND = [("waits", "lesson", "lesson/basics/nobetan", True),
         ("fu", "lesson", "lesson/basics/pinfu-ron", False),
         ("fu", "practice", "practice/fu/novice/1", False),
         ("han", "practice", "practice/han/novice/7", True),
         ("waits", "practice", "practice/waits/player/3", False),
         ("fu", "lesson", "lesson/basics/pinfu-ron", True),
         ("furiten", "lesson", "lesson/basics/discard", False),
         ("fu", "practice", "practice/fu/novice/2", False),
         ("han", "practice", "practice/han/novice/7", False),
         ("waits", "practice", "practice/waits/player/3", True)]


@pytest.fixture
def app(content_dir: Path, tmp_path: Path) -> Iterator[Flask]:
    app = make_app(
        content_dir, SECRET_KEY=SECRET, DATABASE_URL=f"sqlite:///{tmp_path / 'progress.sqlite3'}"
    )
    yield app
    _store(app).engine.dispose()


def _store(app: Flask) -> ProgressStore:
    store: ProgressStore = storage.opened_store(app)
    return store


def _learner_id(client: FlaskClient) -> str:
    cookie = client.get_cookie("tempai_learner")
    assert cookie is not None
    value: str = URLSafeSerializer(SECRET, salt="tempai.learner").loads(cookie.value)
    return value


def _learner_with(app: Flask, rounds: int) -> FlaskClient:
    client = app.test_client()
    client.get("/")
    learner = _learner_id(client)
    store = _store(app)
    for _ in range(rounds):
        for kind, source, problem, correct in ROUND:
            store.record(
                learner,
                nonce=uuid.uuid4().hex,
                source=source,
                kind=kind,
                problem=problem,
                correct=correct,
                lesson="basics" if source == "lesson" else None,
            )
    return client


class Reads:
    """Counts the SQL statements and SQLite VM steps of the app's pooled (reading) connections."""

    def __init__(self, engine: sa.Engine) -> None:
        self.statements = 0
        self.steps = 0
        sa.event.listen(engine, "before_cursor_execute", self._statement)
        sa.event.listen(engine.pool, "checkout", self._checkout)
        sa.event.listen(engine.pool, "checkin", self._checkin)

    def _statement(self, *_args: Any) -> None:
        self.statements += 1

    def _step(self) -> int:
        self.steps += 1
        return 0

    def _checkout(self, dbapi_conn: Any, *_args: Any) -> None:
        dbapi_conn.set_progress_handler(self._step, 1)

    def _checkin(self, dbapi_conn: Any, *_args: Any) -> None:
        dbapi_conn.set_progress_handler(None, 1)

    def of(self, client: FlaskClient, path: str) -> tuple[int, int]:
        self.statements = self.steps = 0
        response = client.get(path)
        assert response.status_code in (200, 302), path
        return self.statements, self.steps


@pytest.mark.parametrize("path", PAGES)
def test_a_page_reads_as_much_for_2000_answers_as_for_10(app: Flask, path: str) -> None:
    short, long = _learner_with(app, 1), _learner_with(app, 200)
    reads = Reads(_store(app).engine)
    for client in (short, long):
        client.get(path)  # warm: templates, lessons, this learner in the store's memo
    statements_short, steps_short = reads.of(short, path)
    statements_long, steps_long = reads.of(long, path)
    assert statements_long == statements_short
    assert steps_long <= steps_short * 1.1 + 20, (steps_short, steps_long)


def _answer(client: FlaskClient, drill: str, fields: dict[str, str]) -> str:
    data = {"csrf_token": csrf_token(client), "nonce": uuid.uuid4().hex[:24], **fields}
    response = client.post(f"/lessons/basics/drills/{drill}", data=data, headers=HTMX)
    assert response.status_code == 200
    return response.get_data(as_text=True)


def test_a_wrong_answer_is_stored_with_the_rule_its_diagnosis_named(app: Flask) -> None:
    client = app.test_client()
    html = _answer(client, "pinfu-ron", {"fu": "20"})
    assert 'data-verdict="incorrect"' in html
    _answer(client, "nobetan", {"tiles": "3m"})
    _answer(client, "discard", {"ron": "no", "kinds": "discard"})  # right: no rule
    learner = _learner_id(client)
    store = _store(app)
    assert [(a.problem, a.rule) for a in store.history(learner)] == [
        ("lesson/basics/pinfu-ron", "fu.fu-missing-item"),
        ("lesson/basics/nobetan", "waits.missed-tanki"),
        ("lesson/basics/discard", None),
    ]
    assert [(m.problem, m.rule) for m in store.mistakes(learner)] == [
        ("lesson/basics/nobetan", "waits.missed-tanki"),
        ("lesson/basics/pinfu-ron", "fu.fu-missing-item"),
    ]


def test_the_export_says_how_many_answers_were_folded(
    app: Flask, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(aggregates, "RAW_LIMIT", 20)
    monkeypatch.setattr(aggregates, "TRIM_EVERY", 10)
    store = _store(app)
    with store.engine.begin() as conn:
        aggregates.create_triggers(conn)  # the lowered limits, on this database
    client = _learner_with(app, 5)  # 50 answers: 20 kept after the trim at 50
    data = client.get("/progress/export").get_json()
    assert (data["total"], data["folded"], len(data["answers"])) == (50, 30, 20)
    assert data["note"].startswith("Подробности 30 самых старых ответов не хранятся")
    assert sum(k["total"] for k in data["kinds"]) == 50
    fresh = app.test_client()
    fresh.get("/")
    empty = fresh.get("/progress/export").get_json()
    assert (empty["total"], empty["folded"], empty["answers"]) == (0, 0, [])
    assert "note" not in empty
