"""«Сосчитайте тайлы»: the engine classifies every tile as terminal, simple or honour."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask.testing import FlaskClient

from tests.support.client import Answering
from tutor.drills import DrillError, build_drill

LESSON = """---
title: Счёт тайлов
slug: counting
order: 54
summary: Простые, терминальные, благородные.
---

/// count
id: simples
hand: 1199m05p468s3777z
///

/// count
id: orphans
hand: 1199m05p468s3777z
of: terminals_honors
///
"""


@pytest.fixture
def answer(client: FlaskClient, content_dir: Path) -> Answering:
    (content_dir / "54-counting.md").write_text(LESSON, encoding="utf-8")
    return Answering(client)


def post(answer: Answering, drill: str, data: dict[str, object]) -> tuple[int, str]:
    return answer.words("counting", drill, data)


def test_a_red_five_is_counted_as_a_simple(answer: Answering) -> None:
    _, html = post(answer, "simples", {"count": "5"})
    assert 'data-verdict="correct"' in html
    assert "Проверка: 4 + 5 + 4 = 13" in html


def test_a_wrong_count_shows_the_right_one_and_the_groups(answer: Answering) -> None:
    _, html = post(answer, "simples", {"count": "4"})
    assert 'data-verdict="incorrect"' in html
    assert "Ваш ответ — 4, а правильный — <strong>5</strong>." in html
    assert "Терминальные — 4" in html and "Благородные — 4" in html


def test_terminals_and_honours_together(answer: Answering) -> None:
    _, html = post(answer, "orphans", {"count": "8"})
    assert 'data-verdict="correct"' in html


def test_default_prompt_names_what_to_count(client: FlaskClient, answer: Answering) -> None:
    page = client.get("/lessons/counting").get_data(as_text=True)
    assert "Сколько здесь простых тайлов?" in page
    assert "Сколько здесь терминальных и благородных тайлов?" in page


@pytest.mark.parametrize(
    ("data", "message"),
    [
        pytest.param({}, "Введите число тайлов", id="missing"),
        pytest.param({"count": "пять"}, "целое число", id="not-a-number"),
        pytest.param({"count": "99"}, "от 0 до 18", id="too-large"),
    ],
)
def test_bad_count_is_a_400(answer: Answering, data: dict[str, object], message: str) -> None:
    status, html = post(answer, "simples", data)
    assert status == 400 and message in html


@pytest.mark.parametrize(
    ("params", "message"),
    [
        pytest.param({"hand": "1111222233334444m566m"}, "от 1 до 18", id="nineteen-tiles"),
        pytest.param({"hand": "11111m"}, "только четыре", id="five-copies"),
        pytest.param({"hand": "123m", "of": "dragons"}, "Допустимы значения", id="unknown-group"),
    ],
)
def test_unusable_count_block_is_an_error(params: dict[str, object], message: str) -> None:
    with pytest.raises(DrillError, match=message):
        build_drill("count", {"id": "c", **params}, 1)
