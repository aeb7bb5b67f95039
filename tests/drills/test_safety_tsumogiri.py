"""«Самый безопасный сброс» with tsumogiri marks: drawn greyed, read by the danger model.

The rule (engine.table.safety.trap_index; D. Chiba, *Riichi Book 1*, ch. 8
«Suji trap»): a tsumogiri riichi tile gives plain suji, and the riichi tile's
suji rule moves to the last tedashi before it. The same table without marks
keeps today's answer; with the riichi tile and the discard before it marked
tsumogiri, the answer moves from 2 ман to 2 пин.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from flask.testing import FlaskClient

from engine.tiles import parse_tile
from tests.support.client import Answering, words
from tutor.drills import DrillError, build_drill

TABLE = {"hand": "2467m2467p346678s", "pond": "1z 9s 5m 2z 5p", "riichi_at": 5,
         "ponds": ["4z 1p 9m", "3z 9p 1s", "7z 8p 1m 1s"], "dora": "9m"}

LESSON = """---
title: Тедаши
slug: tedashi
order: 53
summary: Цумогири и тедаши.
---

/// safety
id: drawn-riichi
hand: 2467m2467p346678s
pond: 1z 9s 5m 2z 5p
riichi_at: 5
tsumogiri: [4, 5]
ponds: ["4z 1p 9m", "3z 9p 1s", "7z 8p 1m 1s"]
dora: 9m
///
"""


def kind(code: str) -> int:
    return parse_tile(code).kinds[0]


@pytest.fixture
def answer(client: FlaskClient, content_dir: Path) -> Answering:
    (content_dir / "53-tedashi.md").write_text(LESSON, encoding="utf-8")
    return Answering(client, attempt=2)  # a wrong answer explained


def test_marks_move_the_answer_from_the_tedashi_suji_to_the_drawn_riichi_suji() -> None:
    plain = build_drill("safety", {"id": "t", **TABLE}, 0).solution
    marked = build_drill("safety", {"id": "t", **TABLE, "tsumogiri": [4, 5]}, 0).solution
    assert plain.correct == {kind("2m")} and not plain.has_marks and not plain.tedashi_decided
    after = build_drill("safety", {"id": "t", **TABLE, "tsumogiri": [1]},
                        0).solution  # an early drawn tile only: the riichi tile was cut
    assert after.has_marks and not after.tedashi_decided and after.correct == plain.correct
    assert marked.correct == {kind("2p")} and marked.tedashi_decided
    assert marked.of(kind("2m")).tier.value == "tedashi_suji"


def test_marks_beyond_the_pond_are_an_error_naming_the_parameter() -> None:
    with pytest.raises(DrillError) as caught:
        build_drill("safety", {"id": "t", **TABLE, "tsumogiri": [6]}, 0)
    assert caught.value.key == "tsumogiri"


def test_the_pond_shows_tsumogiri_and_the_feedback_names_the_rule(
        answer: Answering, client: FlaskClient) -> None:
    page = client.get("/lessons/tedashi").get_data(as_text=True)
    assert page.count("data-tsumogiri") == 2 and "(цумогири)" in page
    assert "сброшены цумогири — прямо из стены" in page
    status, html = answer.words("tedashi", "drawn-riichi", {"discard": "2m"})
    assert status == 200 and 'data-verdict="incorrect"' in html
    assert "суджи последнего тедаши" in html and "Правило тедаши" in html
    assert "Ловушка из формы вроде 1-3-5 могла остаться от последнего тедаши" in html
    status, html = answer.words("tedashi", "drawn-riichi", {"discard": "2p"})
    assert 'data-verdict="correct"' in html
    assert "тайл риичи был цумогири — это не ловушка" in words(html)
