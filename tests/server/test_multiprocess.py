"""Two app servers on one database: no state in process memory that would break scaling out.

Two gunicorn processes (the production configuration, each behind the
repository's nginx as in production) share a SECRET_KEY and one database —
a SQLite file always, PostgreSQL when ``TEMPAI_TEST_PG_URL`` is set.
Learners answer drills through both, alternating and at the same time;
afterwards each server's progress export must show the same, complete list
of answers.
"""

from __future__ import annotations

import json
import os
import secrets
import threading
from collections.abc import Iterator
from typing import Any

import pytest

from tests.support.live import (
    ANSWERS,
    VERDICT,
    copy_content,
    loadkit,
    need_gunicorn,
    start_behind_nginx,
    stop_behind_nginx,
    suite_deadline,
)

pytestmark = pytest.mark.server
PG_URL = os.environ.get("TEMPAI_TEST_PG_URL")

DATABASES = [
    pytest.param("sqlite", id="sqlite-file"),
    pytest.param("postgresql", id="postgresql",
                 marks=pytest.mark.skipif(not PG_URL, reason="TEMPAI_TEST_PG_URL not set")),
]


# One pair of servers per database for the module (starting gunicorn and nginx twice
# costs more than both tests): every learner is new, with its own cookie and its own
# answers, so the second test reads nothing the first one wrote.
@pytest.fixture(scope="module", params=DATABASES)
def two_servers(request: pytest.FixtureRequest,
                tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[Any]]:
    need_gunicorn()
    tmp_path = tmp_path_factory.mktemp(f"two-servers-{request.param}")
    url = PG_URL if request.param == "postgresql" else f"sqlite:///{tmp_path / 'shared.sqlite3'}"
    env = {"SECRET_KEY": secrets.token_hex(32), "DATABASE_URL": str(url),
           "FLASK_CONTENT_DIR": str(copy_content(tmp_path / "content")),
           "WEB_CONCURRENCY": "1", "GUNICORN_THREADS": "4", **suite_deadline()}
    servers = []
    try:
        for n in range(2):
            servers.append(start_behind_nginx(env, tmp_path / f"nginx{n}"))
        yield servers
    finally:
        for server in servers:
            stop_behind_nginx(server)


_OPEN: list[Any] = []


@pytest.fixture(autouse=True)
def _close_learners() -> Iterator[None]:
    yield
    while _OPEN:
        _OPEN.pop().close()


def _learner(server: Any, seed: int) -> Any:
    """A browser that opened the lesson on ``server`` (cookies and CSRF token)."""
    kit = loadkit()
    learner = kit.Learner(server.url, {}, seed)
    _OPEN.append(learner)
    assert learner.request("lesson", "GET", "/lessons/basics") == 200
    assert learner.token and "tempai_learner" in learner.cookies
    return learner


def _answer(learner: Any, server: Any, drill: str, right: bool) -> bool:
    """Post one answer through ``server`` with the learner's cookies; returns the verdict."""
    learner.host, learner.port = "127.0.0.1", int(server.url.rsplit(":", 1)[1])
    learner.close()  # a new connection to the other process
    body = [("csrf_token", learner.token), ("nonce", secrets.token_hex(12)),
            ("action", "check"), *ANSWERS[drill][0 if right else 1]]
    status = learner.request("drill", "POST", f"/lessons/basics/drills/{drill}", body, htmx=True)
    assert status == 200, learner.last_body[:500]
    found = VERDICT.search(learner.last_body)
    assert found, learner.last_body[:500]
    return found.group(1) == "correct"


def _export(learner: Any, server: Any) -> list[dict[str, Any]]:
    learner.host, learner.port = "127.0.0.1", int(server.url.rsplit(":", 1)[1])
    learner.close()
    assert learner.request("export", "GET", "/progress/export") == 200
    answers: list[dict[str, Any]] = json.loads(learner.last_body)["answers"]
    return answers


def test_answers_through_two_processes_are_all_seen_by_both(two_servers: list[Any]) -> None:
    first, second = two_servers
    learner = _learner(first, 1)
    expected = []
    for round_ in range(2):
        for i, drill in enumerate(ANSWERS):
            server = two_servers[(i + round_) % 2]
            right = (i + round_) % 2 == 0
            assert _answer(learner, server, drill, right) is right
            expected.append((f"lesson/basics/{drill}", right))
    seen_first, seen_second = _export(learner, first), _export(learner, second)
    assert seen_first == seen_second
    assert sorted((a["problem"], a["correct"]) for a in seen_first) == sorted(expected)


def test_learners_answering_at_once_on_both_processes_lose_nothing(
    two_servers: list[Any],
) -> None:
    learners = [_learner(two_servers[n % 2], 10 + n) for n in range(4)]
    per_learner = 8
    failures: list[BaseException] = []

    def work(n: int) -> None:
        try:
            drills = list(ANSWERS)
            for k in range(per_learner):
                _answer(learners[n], two_servers[(n + k) % 2], drills[k % len(drills)], True)
        except BaseException as err:  # reported in the main thread
            failures.append(err)

    threads = [threading.Thread(target=work, args=(n,)) for n in range(len(learners))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not failures, failures
    for n, learner in enumerate(learners):
        a, b = _export(learner, two_servers[0]), _export(learner, two_servers[1])
        assert a == b and len(a) == per_learner, (n, len(a), len(b))
        assert all(item["correct"] for item in a)
