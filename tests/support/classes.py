"""A small school for the classes tests: an admin, two instructors, their classes, learners.

teacher owns «Клуб» (a lesson and a three-problem practice set assigned, due
2026-12-12); other owns «Другой»; alice and carol are in «Клуб», bob in «Другой».
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from flask import Flask
from flask.testing import FlaskClient

from tests.support.accounts import make_user, register, sign_in, user_by_login
from tests.support.client import csrf_token

DUE = "2026-12-12"


@dataclass
class World:
    app: Flask
    clients: dict[str, FlaskClient]
    ids: dict[str, int]
    code: str

    def client(self, who: str) -> FlaskClient:
        return self.clients[who]

    def dashboard(self, query: str = "") -> str:
        """The teacher's dashboard of «Клуб» (``query``: its ``?…``)."""
        return self.client("teacher").get(f"/classes/{self.ids['club']}{query}").get_data(
            as_text=True)


def learner_row(page: str, login: str) -> str:
    """One learner's row of a dashboard page."""
    found = re.search(rf'<tr data-learner="{login}">(.*?)</tr>', page, re.S)
    assert found, login
    return found.group(1)


def create_class(client: FlaskClient, name: str, rules: str = "ema") -> tuple[int, str]:
    response = client.post("/classes", data={"csrf_token": csrf_token(client, "/classes"),
                                              "name": name, "rules": rules, "ends_on": ""})
    assert response.status_code == 302, response.get_data(as_text=True)
    class_id = int(response.headers["Location"].rsplit("/", 1)[1])
    shown = client.get(f"/classes/{class_id}")
    page = shown.get_data(as_text=True)
    code = re.search(r"data-join-code>(\w+)<", page)
    assert code, (shown.status_code, page[:3000])
    return class_id, code.group(1)


def assign(client: FlaskClient, class_id: int, **fields: str) -> int:
    response = client.post(
        f"/classes/{class_id}/assignments",
        data={"csrf_token": csrf_token(client, f"/classes/{class_id}"), **fields},
    )
    assert response.status_code == 302, response.get_data(as_text=True)
    return class_id


def join(client: FlaskClient, code: str) -> int:
    return client.post(
        "/classes/join",
        data={"csrf_token": csrf_token(client, f"/classes/join?code={code}"), "code": code},
    ).status_code


def build(app: Flask) -> World:
    clients = {
        who: app.test_client()
        for who in ("anonymous", "alice", "carol", "bob", "teacher", "other", "root")
    }
    make_user(app, "root", "admin")
    make_user(app, "teacher", "instructor")
    make_user(app, "other", "instructor")
    for who in ("root", "teacher", "other"):
        assert sign_in(clients[who], who) == 302
    club, code = create_class(clients["teacher"], "Клуб")
    assign(clients["teacher"], club, kind="lesson", lesson="basics", due_on=DUE)
    assign(
        clients["teacher"], club, kind="practice", practice_kind="waits", level="novice", count="3"
    )
    second, other_code = create_class(clients["other"], "Другой")
    for who, joining in (("alice", code), ("carol", code), ("bob", other_code)):
        register(clients[who], who)
        assert join(clients[who], joining) == 302
    ids = {who: user_by_login(app, who).id for who in ("alice", "carol", "bob", "teacher")}
    ids |= {"club": club, "second": second, "lesson_task": 1, "practice_task": 2}
    return World(app, clients, ids, code)
