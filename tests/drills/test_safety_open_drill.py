"""«Самый безопасный сброс» with an opponent with calls: his melds shown, his hand revealed after.

The reading is the danger model's (engine.table.safety_open, after D. Chiba,
*Riichi Book 1*, ch. 8, «Defense against melded hands»); the grading is the
kinds' one path (tutor.drills.danger): right within 0.5 points of the least
danger, «почти» within 2. The drills are lesson 27's «open-flush» and
«open-toitoi».
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from engine.table.safety import SafetyTier
from engine.tiles import parse_tile
from tests.support.client import Answering
from tests.support.practice import answer_practice
from tutor.course.content import store
from tutor.drills import DrillError, build_drill
from tutor.drills.kind.safety import SafetySolution
from tutor.practice.views import task

LESSON_27 = Path(__file__).parents[2] / "content" / "ru" / "27-defence.md"
HEAD = """---
title: Открытые руки
slug: open
order: 53
summary: Упражнения урока 27 с открытыми руками.
---

Текст.

"""


def kind(code: str) -> int:
    return parse_tile(code).kinds[0]


@pytest.fixture
def answer(client: FlaskClient, content_dir: Path) -> Answering:
    """Lesson 27's open-hand drills, copied as they stand, in a lesson of their own."""
    text = LESSON_27.read_text(encoding="utf-8")
    blocks = re.findall(r"^/// safety\nid: open-.*?^///$", text, re.S | re.M)
    assert len(blocks) == 2
    (content_dir / "53-open.md").write_text(HEAD + "\n\n".join(blocks) + "\n",
                                            encoding="utf-8")
    return Answering(client, attempt=2)


def _solution(client: FlaskClient, drill_id: str) -> SafetySolution:
    with client.application.app_context():
        lesson = store().get("open")
        assert lesson is not None
        found: SafetySolution = lesson.drills[drill_id].solution
        return found


def test_flush_opponent_makes_the_riichi_genbutsu_of_his_suit_dangerous(
        client: FlaskClient, answer: Answering) -> None:
    """8p is genbutsu against the riichi but of the flush's suit; 3m is safe against both."""
    sol = _solution(client, "open-flush")
    assert sol.open_seat == 1 and len(sol.open_melds) == 2
    assert sol.correct == frozenset({kind("3m"), kind("7z")})
    assert sol.of(kind("3m")).tier is SafetyTier.FLUSH_OTHER_SUIT
    assert sol.gap(kind("8p")) > 2  # wrong, not «почти»
    assert sol.near == frozenset({kind("1z")})


def test_toitoi_opponent_the_riichi_suji_is_raw_for_him(client: FlaskClient,
                                                        answer: Answering) -> None:
    """RB1: against toitoi suji helps nothing; 6m (suji of the riichi's 3m) is a pair wait."""
    sol = _solution(client, "open-toitoi")
    six = sol.of(kind("6m"))
    assert six.tier is SafetyTier.PAIR_ONLY and "открытой руки" in six.reason
    assert kind("6m") not in sol.correct | sol.near
    assert sol.open_waits == (kind("6p"), kind("2z"))


def test_question_shows_his_melds_and_the_solution_reveals_his_hand(
        client: FlaskClient, answer: Answering) -> None:
    page = client.get("/lessons/open").get_data(as_text=True)
    section = page[page.index('data-drill-id="open-flush"'):]
    section = section[:section.index("data-drill-id=", 30)]
    assert "открытые сеты:" in section and "tile-group--meld" in section
    assert "Рука соперника с открытыми сетами" not in section
    status, html = answer.words("open", "open-flush", {"discard": "8p"})
    assert status == 200 and 'data-verdict="incorrect"' in html
    assert "Рука соперника с открытыми сетами:" in html and "ждёт" in html
    status, html = answer.words("open", "open-flush", {"discard": "3m"})
    assert 'data-verdict="correct"' in html


def test_almost_within_two_points_gets_partial_credit(answer: Answering) -> None:
    status, html = answer.words("open", "open-flush", {"discard": "1z"})
    assert status == 200 and 'data-verdict="partial"' in html


@pytest.mark.parametrize(("extra", "key"), [
    pytest.param({"open_seat": 1}, "open_seat", id="calls-without-melds"),
    pytest.param({"open_seat": 1, "second": 1, "second_at": 1, "open_melds": ["pon 666z"]},
                 "open_seat", id="same-seat-as-second-riichi"),
    pytest.param({"open_seat": 1, "open_melds": ["pon 666z"], "open_hand": "123m"},
                 "open_hand", id="hand-of-the-wrong-size"),
])
def test_bad_open_opponent_parameters_are_drill_errors(extra: dict[str, object],
                                                       key: str) -> None:
    raw = {"id": "x", "hand": "147m258p3699s2225z", "pond": "9m 1z 4m 2s 8p 3z",
           "riichi_at": 4, "ponds": ["4z 7z 1p", "9s 6z 9p 6p", "1s 1z 9m"], **extra}
    with pytest.raises(DrillError) as caught:
        build_drill("safety", raw, 1)
    assert caught.value.key == key


def test_a_master_practice_problem_with_calls_shows_and_then_reveals_him(
        client: FlaskClient) -> None:
    """Practice: his melds in the question, his hand and wait only once the solution shows."""
    with client.application.test_request_context():
        seed = next(s for s in range(40) if task("safety", "master", s).drill.solution.opens)
    page = client.get(f"/practice/safety/master/{seed}").get_data(as_text=True)
    assert "открытые сеты:" in page and "Рука соперника с открытыми сетами" not in page
    shown = answer_practice(client, "safety", "master", seed, right=False, attempt=2)
    assert "Рука соперника с открытыми сетами:" in shown
    assert "Против открытой руки — та же таблица" in shown
