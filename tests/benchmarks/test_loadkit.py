"""``load.py``'s learners: each invents its own answers, or (``--answers shared``) all give the
same three per drill — what docs/performance.md compares its figures with."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.support.live import loadkit


def _answers(client: FlaskClient, mode: str, seed: int, count: int = 60) -> set[str]:
    """The distinct answer bodies one learner sends to the first drill of a lesson."""
    kit = loadkit()
    form = next(f for f in kit.page_forms(client.get("/lessons/basics").get_data(as_text=True))
                if "/drills/" in f["action"])
    site: dict[str, Any] = {"drills": [form], "practice": [], "answers": mode}
    learner = kit.Learner("http://127.0.0.1:9", site, seed)  # never connects: request is caught
    sent: list[bytes] = []
    learner.request = lambda *args, raw_body=b"", **kwargs: sent.append(raw_body) or 200
    for _ in range(count):
        learner.answer_drill(form, keep_body=False)
    # the nonce differs on every answer; the CSRF token is the learner's (empty here)
    return {body.decode().rsplit("&csrf_token", 1)[0] for body in sent}


def test_each_learner_fills_a_drill_three_ways_of_its_own_by_default(client: FlaskClient) -> None:
    first, second = _answers(client, "random", 1), _answers(client, "random", 2)
    assert 1 <= len(first) <= 3 and 1 <= len(second) <= 3
    assert first != second


def test_shared_answers_are_the_same_three_for_every_learner(client: FlaskClient) -> None:
    first, second = _answers(client, "shared", 1), _answers(client, "shared", 2)
    assert first == second and 2 <= len(first) <= 3


def test_a_lesson_page_gives_each_drill_one_form_with_its_controls(client: FlaskClient) -> None:
    # As a browser with JavaScript sees the page: the <noscript> form a lesson drill keeps
    # for a browser without it is not one more (empty) form to answer.
    page = client.get("/lessons/basics").get_data(as_text=True)
    drills = [f for f in loadkit().page_forms(page) if "/drills/" in f["action"]]
    assert "<noscript><form" in page
    assert len(drills) == page.count('class="drill__form"')
    assert all(any(kind != "hidden" for _, kind, _, _ in f["fields"]) for f in drills)
