"""«Посчитайте фу»: the number graded against the engine, the itemised table explained."""

from __future__ import annotations

import pytest

from tests.support.client import Answering, verdict
from tutor.drills import DrillError, build_drill


def test_right_fu_is_correct(answer: Answering) -> None:
    html = answer.post("basics", "pinfu-ron", {"fu": "30"}).get_data(as_text=True)
    assert verdict(html) == "correct"
    assert "Рука стоит <strong>30 фу</strong>" in html


def test_wrong_fu_is_incorrect_with_the_itemised_table(answer: Answering) -> None:
    html = answer.post("basics", "pinfu-ron", {"fu": "40"}).get_data(as_text=True)
    assert verdict(html) == "incorrect"
    assert "Ваш ответ: 40 фу, а правильно — <strong>30 фу</strong>" in html
    assert '<table class="fu-table">' in html
    # 20 base + 10 closed ron = 30, nothing to round.
    assert '<th scope="row" colspan="2">Сумма до округления</th><td class="num">30</td>' in html
    assert "Округлять не нужно" in html
    assert "ожидание рянмен" in html


def test_rounding_is_shown_when_the_sum_is_not_round() -> None:
    drill = build_drill(
        "fu", {"id": "f", "hand": "234m456p678s23455s", "win": "5s", "by": "ron", "riichi": True}, 1
    )
    assert (drill.solution.fu_raw, drill.solution.fu) == (32, 40)


@pytest.mark.parametrize(
    ("value", "message"),
    [
        pytest.param("", "Введите число фу", id="empty"),
        pytest.param("тридцать", "Фу — целое число", id="words"),
        pytest.param("-30", "Фу — целое число", id="negative"),
        pytest.param("9999", "Фу — целое число", id="huge"),
        pytest.param("0", "Фу — целое число", id="zero"),
    ],
)
def test_bad_fu_answer_is_400_with_a_russian_message(
    answer: Answering, value: str, message: str
) -> None:
    response = answer.post("basics", "pinfu-ron", {"fu": value})
    assert response.status_code == 400
    assert message in response.get_data(as_text=True)


@pytest.mark.parametrize(
    ("params", "message"),
    [
        pytest.param(
            {"hand": "123m456p789s23455s", "win": "5s", "by": "ron"}, "нет яку", id="no-yaku"
        ),
        pytest.param(
            {"hand": "123m456p789s13579s", "win": "5s", "by": "ron"},
            "не выигрышная",
            id="not-winning",
        ),
        pytest.param(
            {"hand": "234m456p678s23455s", "win": "1z", "by": "ron", "riichi": True},
            "Выигрышного тайла",
            id="win-not-in-hand",
        ),
        pytest.param(
            {"hand": "234m456p678s23455s", "win": "5s", "by": "steal"},
            "Допустимы значения ron, tsumo",
            id="bad-by",
        ),
        pytest.param(
            {"hand": "234m456p678s23455s", "win": "5s", "by": "ron", "seat": "X"},
            "Ветер",
            id="bad-wind",
        ),
        pytest.param(
            {"hand": "234m456p678s23455s", "win": "5s", "by": "ron", "rules": "wrc"},
            "Неизвестные правила",
            id="bad-rules",
        ),
    ],
)
def test_unusable_fu_drill_is_an_error(params: dict[str, object], message: str) -> None:
    with pytest.raises(DrillError, match=message):
        build_drill("fu", {"id": "f", **params}, 1)


@pytest.mark.parametrize(
    ("params", "note"),
    [
        pytest.param(
            {"hand": "234m567p22s345678s", "win": "8s", "by": "tsumo", "seat": "S"},
            "у руки пинфу",
            id="pinfu-tsumo",
        ),
        pytest.param(
            {"hand": "99m777p345s678s", "melds": ["ankan 2222m"], "win": "8s", "by": "tsumo",
             "rinshan": True, "seat": "S", "rules": "ema"},
            "по европейским турнирным правилам",
            id="rinshan-ema",
        ),
    ],
)
def test_missing_tsumo_fu_is_explained(params: dict[str, object], note: str) -> None:
    """Rule: no tsumo fu for pinfu (000), nor for rinshan kaihou under EMA (000)."""
    drill = build_drill("fu", {"id": "d", **params}, 1)
    notes = drill.kind.notes(drill)  # type: ignore[attr-defined]
    assert len(notes) == 1 and note in notes[0]


def test_ordinary_tsumo_has_no_note() -> None:
    drill = build_drill("fu", {"id": "d", "hand": "99m777p345s678s", "melds": ["ankan 2222m"],
                               "win": "8s", "by": "tsumo", "rinshan": True, "seat": "S"}, 1)
    assert drill.kind.notes(drill) == []  # type: ignore[attr-defined]
