"""«Как в этих правилах?»: options and answer come from the engine's rule-set data."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from engine.rules.sets import GAME_TABLE_FIELDS, PROCEDURE_TABLE_FIELDS, TABLE_FIELDS
from tests.support.client import Answering
from tutor.drills import DrillError, build_drill

LESSON = """---
title: Правила клубов
slug: rule-drills
order: 55
summary: Как в этих правилах.
---

/// rule
id: start-fenix
rule: starting_points
rules: fenix
distractors: [32000, 50000]
///

/// rule
id: triple-ron
rule: multiple_ron
///

/// rule
id: below-zero-ema
rule: negative_points
rules: ema
///
"""
GUIDE = Path(__file__).resolve().parents[2] / "content" / "ru" / "АВТОРАМ.md"


@pytest.fixture
def answer(client: FlaskClient, content_dir: Path) -> Answering:
    (content_dir / "55-rules.md").write_text(LESSON, encoding="utf-8")
    return Answering(client)


def post(answer: Answering, drill: str, data: dict[str, object]) -> tuple[int, str]:
    response = answer.post("rule-drills", drill, data)
    return response.status_code, response.get_data(as_text=True)


def test_options_are_the_values_in_use_plus_distractors_in_number_order() -> None:
    drill = build_drill("rule", {"id": "r", "rule": "starting_points", "rules": "fenix",
                                 "distractors": [50000, 32000]}, 1)
    assert drill.solution.options == ("25000", "30000", "32000", "50000")
    assert drill.solution.answer == "25000"


def test_a_named_choice_offers_every_value_it_can_take() -> None:
    drill = build_drill("rule", {"id": "r", "rule": "multiple_ron"}, 1)
    assert drill.solution.options == ("атама хане: выигрывает ближайший",
                                      "двойной рон; при тройном — ничья", "выигрывают все")
    assert drill.solution.answer == "двойной рон; при тройном — ничья"


def test_fenix_starts_with_25000_and_the_row_shows_every_rule_set(answer: Answering) -> None:
    status, html = post(answer, "start-fenix", {"option": "1"})
    assert status == 200 and 'data-verdict="correct"' in html
    assert "«Начальные очки» по правилам клуба «Феникс» — <strong>25000</strong>" in html
    assert "европейские турнирные — 30000</li>" in html
    assert "онлайн (по умолчанию) — 25000</li>" in html
    assert "[000]" not in html.split("feedback", 1)[1]  # sources live on /rules


def test_a_wrong_option_shows_the_right_one(answer: Answering) -> None:
    _, html = post(answer, "triple-ron", {"option": "3"})
    assert 'data-verdict="incorrect"' in html
    assert "Правильный ответ: <strong>двойной рон; при тройном — ничья</strong>" in html


def test_ema_plays_on_below_zero(answer: Answering) -> None:
    _, html = post(answer, "below-zero-ema", {"option": "1"})  # «да»
    assert 'data-verdict="correct"' in html


def test_default_prompt_names_the_rule_and_the_rule_set(client: FlaskClient,
                                                        answer: Answering) -> None:
    page = client.get("/lessons/rule-drills").get_data(as_text=True)
    assert "В этом уроке есть ошибки" not in page
    assert "Начальные очки — как это по правилам клуба «Феникс»?" in page


@pytest.mark.parametrize(
    ("data", "message"),
    [
        pytest.param({}, "Выберите один из вариантов.", id="nothing"),
        pytest.param({"option": "9"}, "Такого варианта ответа нет.", id="forged"),
    ],
)
def test_bad_rule_answer_is_a_400(answer: Answering, data: dict[str, object],
                                  message: str) -> None:
    status, html = post(answer, "start-fenix", data)
    assert status == 400 and message in html


@pytest.mark.parametrize(
    ("params", "message"),
    [
        pytest.param({"rule": "riichi_min_wall"}, "одно значение", id="same-everywhere"),
        pytest.param({"rule": "dealer_bonus"}, "Нет такого правила", id="unknown-rule"),
        pytest.param({"rule": "starting_points", "distractors": list(range(7))}, "от 1 до 6",
                     id="too-many-distractors"),
    ],
)
def test_unusable_rule_block_is_an_error(params: dict[str, object], message: str) -> None:
    with pytest.raises(DrillError, match=message):
        build_drill("rule", {"id": "r", **params}, 1)


def test_the_guide_lists_every_rule_a_drill_may_ask_about() -> None:
    text = GUIDE.read_text(encoding="utf-8").split("Какие правила можно спрашивать", 1)[1]
    text = text.split("\n\n###", 1)[0]
    every = (*TABLE_FIELDS, *GAME_TABLE_FIELDS, *PROCEDURE_TABLE_FIELDS)
    missing = [f for f in every if not re.search(rf"^\| `{f}` \|", text, re.M)]
    assert missing == []


def test_a_game_row_is_asked_with_its_published_source_named() -> None:
    """EMA 2016 (not from the seeds): tied players share the uma; 000: chombo −20000."""
    drill = build_drill("rule", {"id": "r", "rule": "tiebreak", "rules": "ema"}, 1)
    assert drill.solution.answer == "делят уму поровну"
    ema = next(line for line in drill.solution.lines if line.asked)
    assert ema.citation.startswith("не из исходных документов: Правила Европейской ассоциации")
    chombo = build_drill("rule", {"id": "c", "rule": "chombo_deduction", "rules": "ema"}, 1)
    assert chombo.solution.options == ("0", "20000", "40000")
    assert chombo.solution.answer == "20000"
    assert "список изменений" in next(line for line in chombo.solution.lines
                                      if line.asked).citation


def test_a_procedure_row_can_be_asked() -> None:
    """000: no fifth kan and no abortive draw; 002: a redeal after the fourth kan."""
    drill = build_drill("rule", {"id": "k", "rule": "four_kans", "rules": "jpml"}, 1)
    redeal = "пересдача, если на сброс после четвёртого кана никто не выиграл"
    assert drill.solution.answer == redeal
    assert len(drill.solution.options) == 3
