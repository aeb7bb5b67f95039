"""The kinds call, push, riichi and all_last as lesson blocks, graded through the answer path.

A two-way kind (call, push, riichi) is right or wrong, never «почти»; its
feedback leads with the row of Riichi Book I's table that decided
(docs/strategy.md). all_last: the smallest hand is right, the next bigger one
«почти», a smaller one wrong. Forged answers are a 400 with a Russian message.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from tests.support.client import Answering
from tutor.course.content import load_lesson

LESSON = """---
title: Решения
slug: decisions
order: 51
summary: Брать, идти, риичи, последняя раздача.
---

/// call
id: value-drop
hand: 45677m23344p455s
call: chi 345s
tile: 3s
dora: 5s
///

/// call
id: ready
hand: 89m789p122567s66z
call: chi 789m
tile: 7m
dora: 2z
///

/// push
id: fold
hand: 34m340689p23466s4z
push: 4z
pond: 1z 9m 2p 8s 7z 1p
riichi_at: 6
dora: 2s
///

/// push
id: push
hand: 234m66m667p45s666z4z
push: 4z
pond: 1z 9m 2p 8s 7z 1p
riichi_at: 6
dora: 5z
///

/// push
id: dealer
hand: 234m678p1s46s99p666z
push: 1s
pond: 1z 9m 2p 8s 7z 1p
riichi_at: 6
dora: 1m
seat: E
///

/// riichi
id: dama
hand: 345m33346p23466s
dora: 2p
///

/// riichi
id: riichi
hand: 789m345p23678s55z
dora: 3z
///

/// all_last
id: direct
scores: {E: 30000, S: 24000, W: 25000, N: 21000}
seat: W
win: E
///
"""

VERDICT = re.compile(r'data-verdict="(\w+)"')


@pytest.fixture
def answer(client: FlaskClient, content_dir: Path) -> Answering:
    (content_dir / "51-decisions.md").write_text(LESSON, encoding="utf-8")
    return Answering(client)


def _verdict(answer: Answering, drill: str, data: dict[str, object]) -> tuple[str, str]:
    status, html = answer.words("decisions", drill, data)
    assert status == 200, html
    found = VERDICT.search(html)
    assert found is not None
    return found.group(1), html


def test_the_lesson_loads_without_problems(content_dir: Path) -> None:
    (content_dir / "51-decisions.md").write_text(LESSON, encoding="utf-8")
    lesson = load_lesson(content_dir / "51-decisions.md")
    assert lesson.problems == []
    assert len(lesson.drills) == 8


@pytest.mark.parametrize(
    ("drill", "right", "wrong", "lead"),
    [
        pytest.param("value-drop", "pass", "call", "вызов роняет цену руки", id="call-pass"),
        pytest.param("ready", "call", "pass", "вызов сразу даёт темпай", id="call-call"),
        pytest.param("fold", "fold", "push",
                     "выполнено: дорогая рука; нет: темпай, хорошее ожидание", id="push-fold"),
        pytest.param("push", "push", "fold",
                     "выполнено: дорогая рука, хорошее ожидание; нет: темпай", id="push-push"),
        pytest.param("dama", "dama", "riichi", "рука и без риичи дорогая", id="riichi-dama"),
        pytest.param("riichi", "riichi", "dama", "хан кроме риичи", id="riichi-riichi"),
    ],
)
def test_a_two_way_kind_is_right_or_wrong_and_leads_with_the_rule(
        answer: Answering, drill: str, right: str, wrong: str, lead: str) -> None:
    got, html = _verdict(answer, drill, {"decision": right})
    assert got == "correct"
    assert lead in html and "Riichi Book I" in html
    got, html = _verdict(answer, drill, {"decision": wrong})
    assert got == "incorrect"  # no «почти» in a yes/no question
    assert "Решает правило:" in html


def test_push_shows_the_danger_of_the_pushed_tile(answer: Answering) -> None:
    _, html = _verdict(answer, "fold", {"decision": "fold"})
    assert "Север: риск" in html and "%" in html


def test_push_names_the_dealer_whose_ron_makes_the_hand_high_scoring(answer: Answering) -> None:
    # Riichi Book I, ch. 8 and ch. 6 (docs/strategy.md, «Дилер»): 7700 in a dealer's points
    got, html = _verdict(answer, "dealer", {"decision": "push"})
    assert got == "correct"
    assert "выполнено: темпай, дорогая рука; нет: хорошее ожидание" in html
    assert "самый дешёвый рон 7700 в очках дилера" in html


def test_all_last_smallest_is_right_next_is_almost_smaller_is_wrong(answer: Answering) -> None:
    # West 25000 needs 2600 off East 30000 (2000 leaves 27000 against 28000)
    got, html = _verdict(answer, "direct", {"step": "5"})
    assert "рон 2600 (2 хан 40 фу)" in html
    assert got == "correct"
    got, html = _verdict(answer, "direct", {"step": "6"})
    assert got == "partial" and "можно и меньше" in html
    got, _ = _verdict(answer, "direct", {"step": "3"})
    assert got == "incorrect"


@pytest.mark.parametrize(
    ("drill", "data"),
    [
        pytest.param("ready", {"decision": "maybe"}, id="call-forged"),
        pytest.param("fold", {}, id="push-empty"),
        pytest.param("direct", {"step": "99999"}, id="all-last-forged"),
    ],
)
def test_a_forged_answer_is_a_400_in_russian(answer: Answering, drill: str,
                                             data: dict[str, object]) -> None:
    status, html = answer.words("decisions", drill, data)
    assert status == 400
    assert "Такого варианта ответа нет" in html or "Выберите" in html


@pytest.mark.parametrize(
    ("block", "message"),
    [
        pytest.param("/// call\nid: x\nhand: 45677m23344p455s\ncall: chi 345s\ntile: 9s\n///",
                     "сете", id="call-tile-not-in-set"),
        pytest.param("/// riichi\nid: x\nhand: 123m456p789s1234z\n///", "темпае",
                     id="riichi-not-ready"),
        pytest.param("/// all_last\nid: x\nscores: {E: 30000, S: 24000, W: 25000, N: 20000}\n"
                     "seat: W\nwin: E\n///", "не сходятся", id="all-last-unbalanced"),
    ],
)
def test_a_block_that_makes_no_sense_is_a_problem(content_dir: Path, block: str,
                                                  message: str) -> None:
    text = LESSON.split("/// call")[0] + block + "\n"
    path = content_dir / "52-bad.md"
    path.write_text(text.replace("slug: decisions", "slug: bad"), encoding="utf-8")
    problems = load_lesson(path).problems
    assert problems and message in problems[0].message
