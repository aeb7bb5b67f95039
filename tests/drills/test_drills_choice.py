"""«Выберите ответ»: the author's answer and explanation; the registry; what is recorded."""

from __future__ import annotations

import pytest
from flask import Flask

from tests.support.client import Answering, verdict
from tutor import storage
from tutor.accounts.current import learner_id
from tutor.drills import DrillError, build_drill, kinds
from tutor.storage.learner import COOKIE


def test_right_option_is_correct_and_explained(answer: Answering) -> None:
    html = answer.post("basics", "set-size", {"option": "3"}).get_data(as_text=True)
    assert verdict(html) == "correct"
    assert "Видов 34, каждого по четыре — 136." in html


def test_wrong_option_shows_the_right_one(answer: Answering) -> None:
    html = answer.post("basics", "set-size", {"option": "1"}).get_data(as_text=True)
    assert verdict(html) == "incorrect"
    assert "Правильный ответ: <strong>136</strong>" in html


@pytest.mark.parametrize(
    ("data", "message"),
    [
        pytest.param({}, "Выберите один из вариантов.", id="missing"),
        pytest.param({"option": "9"}, "Такого варианта ответа нет.", id="out-of-range"),
        pytest.param({"option": "1; DROP"}, "Такого варианта ответа нет.", id="forged"),
        pytest.param({"option": "1" * 5000}, "Такого варианта ответа нет.", id="5000-digits"),
    ],
)
def test_bad_choice_is_400(answer: Answering, data: dict[str, object], message: str) -> None:
    response = answer.post("basics", "set-size", data)
    assert response.status_code == 400
    assert message in response.get_data(as_text=True)


def test_answer_number_must_exist() -> None:
    with pytest.raises(DrillError, match="вариантов 2, а указан номер 3"):
        build_drill("choice", {"id": "c", "question": "?", "options": ["а", "б"], "answer": 3}, 1)


def test_unknown_parameter_is_an_error_naming_the_allowed_ones() -> None:
    with pytest.raises(DrillError, match="Неизвестный параметр «anwser»") as caught:
        build_drill("choice", {"id": "c", "question": "?", "options": ["а", "б"], "anwser": 1}, 1)
    assert caught.value.key == "anwser"


def test_registry_discovers_every_kind_module() -> None:
    assert {"waits", "furiten", "fu", "choice"} <= set(kinds())


def test_every_graded_answer_is_recorded_and_nothing_else(app: Flask, answer: Answering) -> None:
    answer.post("basics", "set-size", {"option": "3"})
    answer.post("basics", "nobetan", {"tiles": ["3m"]}, htmx=False)
    answer.post(
        "basics", "nobetan", {"action": "solution"}
    )  # showing the solution is not an answer
    answer.post("basics", "set-size", {"option": "99"})  # a rejected answer is not recorded
    with app.test_request_context(headers={"Cookie": _learner_cookie(answer)}):
        history = storage.store().history(learner_id())
    assert sorted((a.lesson, a.problem, a.kind, a.correct) for a in history) == [
        ("basics", "lesson/basics/nobetan", "waits", False),
        ("basics", "lesson/basics/set-size", "choice", True),
    ]


def _learner_cookie(answer: Answering) -> str:
    cookie = answer.client.get_cookie(COOKIE)
    assert cookie is not None
    return f"{COOKIE}={cookie.value}"
