"""«Собрана ли рука?»: the engine decides which hands are complete; exact set of letters."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask.testing import FlaskClient

from tests.support.client import Answering
from tutor.drills import DrillError, build_drill

LESSON = """---
title: Собранные руки
slug: complete-hands
order: 52
summary: Какие руки собраны.
---

/// complete
id: odd-one-out
hands:
  - 111m234p567s789s33z
  - 124m345p567s789s33z
  - 1133m5577p22s4466z
  - 19m19p19s12345677z
pick: incomplete
///

/// complete
id: with-melds
hands:
  - {hand: 234m567p234s55s, melds: [pon 777z]}
  - {hand: 234m567p234s56s, melds: [pon 777z]}
  - 111222333m44455z
///
"""


@pytest.fixture
def answer(client: FlaskClient, content_dir: Path) -> Answering:
    (content_dir / "52-complete.md").write_text(LESSON, encoding="utf-8")
    return Answering(client)


def post(answer: Answering, drill: str, data: dict[str, object]) -> tuple[int, str]:
    return answer.words("complete-hands", drill, data)


def test_ticking_the_one_incomplete_hand_is_correct(answer: Answering) -> None:
    status, html = post(answer, "odd-one-out", {"hands": ["б"]})
    assert status == 200 and 'data-verdict="correct"' in html


def test_a_complete_hand_ticked_as_incomplete_is_named(answer: Answering) -> None:
    _, html = post(answer, "odd-one-out", {"hands": ["б", "в"]})
    assert 'data-verdict="incorrect"' in html
    assert "Отмечены зря: <strong>в</strong>." in html


def test_special_forms_are_read_as_chiitoitsu_and_kokushi(answer: Answering) -> None:
    _, html = post(answer, "odd-one-out", {"action": "solution"})
    assert "чиитойцу (семь пар)" in html and "кокушимусо" in html


def test_the_incomplete_hand_says_how_far_it_is_and_what_to_discard(answer: Answering) -> None:
    _, html = post(answer, "odd-one-out", {"hands": ["б"]})
    # 124m…: one tile to replace; dropping 1 or 4 ман waits on 3 ман.
    assert "<strong>б)</strong> не собрана" in html
    assert "нужно заменить ещё 1 тайл" in html
    assert html.count("— и рука ждёт") == 2 and "(3 ман)" in html


def test_a_hand_with_several_readings_shows_them_all(answer: Answering) -> None:
    _, html = post(answer, "with-melds", {"hands": ["а", "в"]})
    assert 'data-verdict="correct"' in html
    # 111222333m: three triplets or three identical sequences.
    assert "разложить её можно 2 способами" in html


def test_melds_count_as_sets_of_the_hand(answer: Answering) -> None:
    _, html = post(answer, "with-melds", {"hands": ["а"]})
    assert "Вы не отметили: <strong>в</strong>." in html
    assert "<strong>б)</strong> не собрана" in html


def test_nothing_ticked_is_graded_not_refused(answer: Answering) -> None:
    status, html = post(answer, "odd-one-out", {})
    assert status == 200 and 'data-verdict="incorrect"' in html


def test_a_forged_letter_is_a_400(answer: Answering) -> None:
    status, html = post(answer, "odd-one-out", {"hands": ["я"]})
    assert status == 400 and "Такой руки в упражнении нет." in html


@pytest.mark.parametrize(
    ("hands", "message"),
    [
        pytest.param(["123m456p789s11122z"], "списком из 2–6", id="one-hand"),
        pytest.param("123m456p789s11122z", "списком", id="not-a-list"),
        pytest.param(["123m456p789s11122z", "123m"], "рука б: .*14", id="short-hand-named"),
        pytest.param(["123m456p789s11122z", {"hand": "123m", "melds": "pon 555z"}],
                     "рука б: Сеты записываются списком", id="melds-not-a-list"),
    ],
)
def test_unusable_complete_block_is_an_error(hands: object, message: str) -> None:
    with pytest.raises(DrillError, match=message):
        build_drill("complete", {"id": "c", "hands": hands}, 1)


def test_pick_complete_is_the_default() -> None:
    drill = build_drill("complete", {"id": "c", "hands": ["123m456p789s11122z",
                                                         "124m345p567s789s33z"]}, 1)
    assert drill.solution.answer == frozenset({"а"})


def test_the_lesson_with_complete_drills_loads_without_problems(client: FlaskClient,
                                                                 answer: Answering) -> None:
    page = client.get("/lessons/complete-hands").get_data(as_text=True)
    assert "В этом уроке есть ошибки" not in page
    assert page.count('data-drill-kind="complete"') == 2
    assert page.count('type="checkbox" name="hands"') == 7
