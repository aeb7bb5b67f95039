"""«Позиция из вашей партии»: a flagged decision made a drill, graded by the engine.

Rules (the project's game-review issue, «The page: /review»): the position becomes a
drill (discard, call, riichi or defence) graded through the one grading function; a
discard is graded by the ukeire order of «Что сбросить?», a defence by the danger
grading of «Самый безопасный сброс», a choice by the option the review named better;
every flag the engine raises on a bot game makes a drill from its stored JSON.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from flask import Flask
from werkzeug.datastructures import MultiDict

from engine.review import Flag, review
from engine.table.bots import play_game
from engine.table.decision import Decision
from engine.table.logs import read_log
from tests.support.review import decision, opponent
from tutor.drills import DrillError, build_drill
from tutor.drills.grading import answer
from tutor.review.position import drill_params

CHOICE = {"id": "position", "mode": "choice", "situation": "Восток 1, хонба 0.",
          "hand": "23m456p789s11z5566s", "options": ["pon 5s", "pass"], "answer": "pass",
          "played": "pon 5s"}
DEFENCE = {"id": "position", "mode": "defence", "situation": "Юг 2, хонба 0.",
           "hand": "123m456p789s1z5567s", "dora": "1m", "visible": "9m1z5s2p1m",
           "riichis": [{"pond": "9m1z5s2p", "at": 3, "passed": ""}]}


def test_a_choice_is_graded_by_the_reviews_better_option(app: Flask) -> None:
    drill = build_drill("position", CHOICE, 0)
    with app.test_request_context():
        assert answer(drill, MultiDict({"choice": "pass"})).verdict.correct  # type: ignore[union-attr]
        wrong = answer(drill, MultiDict({"choice": "pon 5s"}))
        assert wrong.verdict is not None and not wrong.verdict.correct
        forged = answer(drill, MultiDict({"choice": "kan 1z"}))
        assert forged.status == 400 and forged.error == "Такого варианта хода нет."


def test_a_defence_position_is_graded_by_danger(app: Flask) -> None:
    drill = build_drill("position", DEFENCE, 0)
    with app.test_request_context():
        safe = answer(drill, MultiDict({"discard": "5s"}))  # genbutsu: in the riichi pond
        assert safe.verdict is not None and safe.verdict.correct
        risky = answer(drill, MultiDict({"discard": "5p"}))
        assert risky.verdict is not None and not risky.verdict.correct


def test_an_answer_not_in_the_options_is_refused_when_built() -> None:
    with pytest.raises(DrillError):
        build_drill("position", {**CHOICE, "answer": "riichi"}, 0)


def test_every_flag_of_a_bot_game_makes_a_drill() -> None:
    game = read_log(play_game(1, max_hands=3))
    made = 0
    for seat in range(4):
        for flag in review(game, seat).decisions:
            params = json.loads(json.dumps(drill_params(flag, game.hands[flag.hand].round)))
            drill = build_drill("position", params, 0)
            assert drill.solution.correct
            made += 1
    assert made > 0


def _flag(d: Decision, category: str, better: str) -> Flag:
    return Flag(d.hand, d.event, d.action, d.played, better, category, {}, "Сообщение.",
                "efficiency", False, d)


def test_a_riichi_whose_better_move_is_a_discard_asks_which_tile() -> None:
    d = decision("123m456p789s1122z3z", "riichi", "riichi", options=("riichi", "dama"))
    params = drill_params(_flag(d, "furiten", "3z"), "E1")
    drill = build_drill("position", params, 0)
    assert params["mode"] == "choice" and "3z" in params["options"]
    assert drill.kind.answer_words(drill) == "сбросить Запад"


def test_a_defence_flag_keeps_the_riichi_pond_and_the_visible_tiles() -> None:
    riichi = opponent(1, "9m1z5s2p", riichi_at=3)
    d = decision("123m456p789s1z5567s", "discard", "5p", opponents=(riichi,))
    params = drill_params(_flag(d, "defence", "5s"), "S2")
    assert params["mode"] == "defence"
    assert params["riichis"] == [{"pond": "9m1z5s2p", "at": 3, "passed": ""}]  # in order
    drill = build_drill("position", json.loads(json.dumps(params)), 0)
    assert "5s" in drill.solution.correct


def test_a_deal_in_into_an_open_hand_asks_which_tile_the_safest_right(app: Flask) -> None:
    """The drill's defence mode prices riichi only: against an open hand it is a choice."""
    path = Path(__file__).resolve().parents[1] / "fixtures" / "review" / "open_flush_deal_in.json"
    game = read_log(json.loads(path.read_text(encoding="utf-8")))
    flag = next(f for f in review(game, 0).decisions if f.category == "defence")
    params = json.loads(json.dumps(drill_params(flag, game.hands[flag.hand].round)))
    assert params["mode"] == "choice" and params["answer"] == "7s" and "6p" in params["options"]
    drill = build_drill("position", params, 0)
    with app.test_request_context():
        assert answer(drill, MultiDict({"choice": "7s"})).verdict.correct  # type: ignore[union-attr]
        wrong = answer(drill, MultiDict({"choice": "6p"}))
        assert wrong.verdict is not None and not wrong.verdict.correct
