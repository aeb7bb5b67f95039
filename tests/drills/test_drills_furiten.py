"""«Фуритен или нет?»: yes/no plus the exact furiten kinds, explained with the tiles."""

from __future__ import annotations

import pytest

from tests.support.client import Answering, verdict
from tutor.drills import DrillError, build_drill


def test_no_with_the_right_kind_is_correct(answer: Answering) -> None:
    html = answer.post("basics", "discard", {"ron": "no", "kinds": ["discard"]}).get_data(
        as_text=True
    )
    assert verdict(html) == "correct"
    assert "Рон на 1 пин объявить нельзя." in html
    assert "Постоянный фуритен" in html and 'aria-label="4 пин"' in html


def test_yes_on_a_furiten_hand_is_incorrect(answer: Answering) -> None:
    html = answer.post("basics", "discard", {"ron": "yes"}).get_data(as_text=True)
    assert verdict(html) == "incorrect"


def test_no_with_the_wrong_kind_is_incorrect_and_says_so(answer: Answering) -> None:
    html = answer.post("basics", "discard", {"ron": "no", "kinds": ["temporary"]}).get_data(
        as_text=True
    )
    assert verdict(html) == "incorrect"
    assert "виды фуритена названы не те" in html


def test_extra_kind_is_incorrect(answer: Answering) -> None:
    data = {"ron": "no", "kinds": ["discard", "riichi"]}
    assert verdict(answer.post("basics", "discard", data).get_data(as_text=True)) == "incorrect"


@pytest.mark.parametrize(
    ("data", "message"),
    [
        pytest.param({}, "Ответьте «да» или «нет».", id="missing-answer"),
        pytest.param({"ron": "maybe"}, "Ответьте «да» или «нет».", id="forged-answer"),
        pytest.param(
            {"ron": "no", "kinds": ["nonsense"]}, "Неизвестный вид фуритена.", id="forged-kind"
        ),
    ],
)
def test_bad_furiten_answer_is_400_with_a_russian_message(
    answer: Answering, data: dict[str, object], message: str
) -> None:
    response = answer.post("basics", "discard", data)
    assert response.status_code == 400
    assert message in response.get_data(as_text=True)


def test_default_prompt_names_the_tile_in_russian() -> None:
    drill = build_drill("furiten", {"id": "f", "hand": "23p456789m123s55p", "tile": "4p"}, 1)
    assert drill.prompt == "Можно ли объявить рон на 4 пин?"
    assert drill.solution.can_ron and "пинфу" in drill.solution.yaku


def test_riichi_furiten_counts_only_in_riichi() -> None:
    base = {"id": "f", "hand": "23p456789m123s55p", "tile": "4p", "missed_since_riichi": ["1p"]}
    assert build_drill("furiten", base, 1).solution.can_ron
    in_riichi = build_drill("furiten", {**base, "riichi": "да"}, 1).solution
    assert not in_riichi.can_ron and in_riichi.kinds == {"riichi"}


def test_a_yes_without_yaku_is_refused_it_would_be_a_chombo() -> None:
    """A «можно» is never a chombo: no furiten, a winning tile, but no yaku — refused."""
    with pytest.raises(DrillError, match="Рука без яку: рон на 4 пин был бы чомбо") as err:
        build_drill("furiten", {"id": "f", "hand": "23p456789m123s55z", "tile": "4p"}, 1)
    assert err.value.key == "hand"


def test_yaku_are_counted_under_the_drills_rules_and_winds() -> None:
    """A pair of East gives no yaku; a triplet of the seat wind does (yakuhai)."""
    params = {"id": "f", "hand": "23p456m789m11s111z", "tile": "4p"}
    assert build_drill("furiten", params, 1).solution.yaku  # East triplet, East seat
    with pytest.raises(DrillError, match="Рука без яку"):
        build_drill("furiten", {**params, "seat": "S", "round": "S"}, 1)


def test_furiten_and_no_yaku_both_explained(answer: Answering) -> None:
    """The fixture's furiten hand (a pair of haku, no riichi) is «no»: furiten, and no yaku."""
    html = answer.post("basics", "discard", {"ron": "no", "kinds": ["discard"]}).get_data(
        as_text=True
    )
    assert verdict(html) == "correct"
    assert 'data-check="yaku"' in html and "Нет яку" in html


def test_asking_about_a_tile_that_does_not_win_is_an_error() -> None:
    with pytest.raises(DrillError, match="не завершает эту руку"):
        build_drill("furiten", {"id": "f", "hand": "23p456789m123s55z", "tile": "9p"}, 1)
