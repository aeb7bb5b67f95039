"""What an answer's feedback says about saving belongs to that answer alone.

Rule: an answer's feedback says «не сохранён» exactly when that learner's
answer was not stored — never because another learner's identical answer was
refused (docs/architecture.md, «Путь ответа»: what storage did is part of the
outcome the feedback is rendered from). Two learners give the same answer to
the same drill; one of them is over the hourly budget of stored answers.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from flask.testing import FlaskClient

from tests.support.client import HTMX, csrf_token
from tests.support.site import make_app

OVER_BUDGET_WORDS = "не сохранён"
WRONG = {"tiles": ["3m"]}  # one of the two waits of «nobetan»: wrong, so it has a diagnosis too


def _answer(client: FlaskClient, data: dict[str, object]) -> str:
    token = csrf_token(client)
    response = client.post("/lessons/basics/drills/nobetan", headers=HTMX,
                           data={"csrf_token": token, **data})
    assert response.status_code == 200
    return response.get_data(as_text=True)


@pytest.fixture
def clients(content_dir: Path) -> tuple[FlaskClient, FlaskClient]:
    """Two learners on one app that stores one answer per learner and hour."""
    app = make_app(content_dir, SECRET_KEY="test-secret", ANSWERS_PER_HOUR=1)
    return app.test_client(), app.test_client()


def test_an_over_budget_answer_does_not_tell_the_next_learner_theirs_was_not_saved(
        clients: tuple[FlaskClient, FlaskClient]) -> None:
    spent, fresh = clients
    assert OVER_BUDGET_WORDS not in _answer(spent, {"tiles": ["3m", "6m"]})  # the hour's one
    assert OVER_BUDGET_WORDS in _answer(spent, WRONG)  # graded, not stored
    assert OVER_BUDGET_WORDS not in _answer(fresh, WRONG)  # the same answer, stored


def test_a_saved_answer_does_not_hide_the_next_learners_over_budget_notice(
        clients: tuple[FlaskClient, FlaskClient]) -> None:
    fresh, spent = clients
    assert OVER_BUDGET_WORDS not in _answer(spent, {"tiles": ["3m", "6m"]})  # the hour's one
    assert OVER_BUDGET_WORDS not in _answer(fresh, WRONG)  # stored
    assert OVER_BUDGET_WORDS in _answer(spent, WRONG)  # the same answer, not stored
