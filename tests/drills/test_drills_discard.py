"""«Что сбросить?»: every discard rated by the engine; any best one is correct."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from engine.hand import Hand, parse_hand
from engine.shape.decompose import is_complete
from engine.shape.shanten import shanten
from engine.shape.waits import find_waits
from engine.tiles import parse_tile
from tests.support.client import Answering
from tests.support.handgen import score_lines
from tutor.drills import DrillError, build_drill
from tutor.drills.explain import discard_options

LESSON = """---
title: Сбросы
slug: discards
order: 51
summary: Что сбросить.
---

/// discard
id: dealer-tenpai
hand: 123m456p789s11557z
goal: tenpai
///

/// discard
id: two-ways
hand: 124m345p567s789s33z
///

/// discard
id: open-hand
hand: 12345m56p11z89s
melds: [pon 777z]
///
"""


@pytest.fixture
def answer(client: FlaskClient, content_dir: Path) -> Answering:
    (content_dir / "51-discards.md").write_text(LESSON, encoding="utf-8")
    return Answering(client)


def post(answer: Answering, drill: str, data: dict[str, object]) -> tuple[int, str]:
    return answer.words("discards", drill, data)


def kind(code: str) -> int:
    return parse_tile(code).kinds[0]


def test_the_only_discard_to_tenpai_is_correct_and_its_waits_are_shown(answer: Answering) -> None:
    status, html = post(answer, "dealer-tenpai", {"discard": "7z"})
    assert status == 200 and 'data-verdict="correct"' in html
    # After 7z the hand waits on East or Haku, two of each unseen.
    assert "ждёт" in html and "(Восток, Белый дракон)" in html
    assert "ещё 4 тайла в стене и у соперников" in html


def test_a_discard_that_breaks_a_pair_is_wrong_and_told_what_it_leaves(answer: Answering) -> None:
    _, html = post(answer, "dealer-tenpai", {"discard": "1z"})
    assert 'data-verdict="incorrect"' in html
    assert "остаётся 1-шантен" in html
    assert "Остальные сбросы хуже" in html


@pytest.mark.parametrize("tile", ["1m", "4m"])
def test_every_discard_with_the_lowest_shanten_is_correct(answer: Answering, tile: str) -> None:
    _, html = post(answer, "two-ways", {"discard": tile})
    assert 'data-verdict="correct"' in html
    assert "любой из этих сбросов" in html


def test_copies_left_count_the_discarded_tile_as_gone() -> None:
    # 124m…: dropping 1m waits on 3m (4 unseen); dropping 4m waits on 3m too.
    hand = parse_hand("124m345p567s789s33z", size=14)
    options = {o.tile: o for o in discard_options(hand)}
    assert [d.tile for d in options[kind("4m")].draws] == [kind("3m")]
    assert options[kind("4m")].total == 4
    # Discarding 3z leaves no pair: 1-shanten, and 3z itself is one copy fewer (2 held of 4).
    assert options[kind("3z")].shanten == 1


def test_open_hand_discard_uses_the_concealed_tiles_only(answer: Answering) -> None:
    status, html = post(answer, "open-hand", {"discard": "7z"})
    assert status == 400 and "нет среди закрытых тайлов" in html


@pytest.mark.parametrize(
    ("data", "message"),
    [
        pytest.param({}, "Выберите тайл", id="nothing-picked"),
        pytest.param({"discard": "9x"}, "Неизвестный тайл", id="forged-tile"),
        pytest.param({"discard": "9p"}, "нет среди закрытых тайлов", id="tile-not-in-hand"),
    ],
)
def test_bad_discard_answer_is_a_400_with_a_russian_message(answer: Answering,
                                                            data: dict[str, object],
                                                            message: str) -> None:
    status, html = post(answer, "two-ways", data)
    assert status == 400 and message in html


def test_show_solution_lists_the_best_discards_without_grading(answer: Answering) -> None:
    _, html = post(answer, "dealer-tenpai", {"action": "solution"})
    assert 'data-verdict="solution"' in html and "В темпае руку оставляет сброс" in html


def test_plain_post_keeps_the_chosen_tile_checked(answer: Answering) -> None:
    response = answer.post("discards", "two-ways", {"discard": "3z"}, htmx=False)
    html = response.get_data(as_text=True)
    assert response.status_code == 200 and html.startswith("<!doctype html>")
    assert 'name="discard" value="3z" required checked' in html


@pytest.mark.parametrize(
    ("params", "message"),
    [
        pytest.param({"hand": "123m456p789s11122z"}, "Рука уже собрана", id="already-complete"),
        pytest.param({"hand": "1357m2468p13579s1z", "goal": "tenpai"},
                     "Ни один сброс не оставляет эту руку в темпае", id="no-tenpai-discard"),
        pytest.param({"hand": "123m456p789s1122z"}, "14", id="thirteen-tiles"),
        pytest.param({"hand": "123m456p789s11557z", "goal": "win"}, "Допустимы значения",
                     id="unknown-goal"),
    ],
)
def test_unusable_discard_block_is_an_error(params: dict[str, object], message: str) -> None:
    with pytest.raises(DrillError, match=message):
        build_drill("discard", {"id": "d", **params}, 1)


def test_the_lesson_with_discard_drills_loads_without_problems(client: FlaskClient,
                                                                answer: Answering) -> None:
    page = client.get("/lessons/discards").get_data(as_text=True)
    assert "В этом уроке есть ошибки" not in page
    assert page.count('data-drill-kind="discard"') == 3
    # The default question follows the goal.
    assert "Какой тайл сбросить, чтобы рука осталась в темпае?" in page
    assert "Какой тайл сбросить, чтобы рука стала как можно ближе к темпаю?" in page
    # One radio per distinct concealed tile: 1z 5z 7z and the nine suited tiles.
    section = page.split('data-drill-id="dealer-tenpai"')[1].split("</section>")[0]
    assert section.count('type="radio" name="discard"') == 12


def _near_complete_hands(count: int) -> list[Hand]:
    """Winning hands of the differential generator with one concealed tile swapped."""
    rng = random.Random(11)
    hands = []
    for line in score_lines(seed=7, count=count):
        melds = [f"{m['type']} {m['tiles']}" for m in line.get("melds", [])]
        hand = parse_hand(line["hand"], melds, size=14)
        counts, held = list(hand.concealed), hand.all_counts()
        out = rng.choice([t for t in range(34) if counts[t]])
        counts[out] -= 1
        counts[rng.choice([t for t in range(34) if held[t] < 4 and t != out])] += 1
        swapped = Hand(tuple(counts), hand.melds)
        if not is_complete(swapped):
            hands.append(swapped)
    return hands


def test_the_best_discard_reaches_the_shanten_of_the_fourteen_tiles() -> None:
    """Discarding is how a 14-tile hand realises its shanten: min over discards equals it.

    The one allowed gap is karaten: a discard that waits only on tiles the hand
    holds four of is not tenpai (13-tile shanten 1) though the shape is.
    """
    checked = 0
    for hand in _near_complete_hands(200):
        options = discard_options(hand)
        best = min(o.shanten for o in options)
        whole = shanten(hand).minimum
        karaten = any(find_waits(hand.without_tile(o.tile)).karaten for o in options)
        assert best == whole or (karaten and best == whole + 1), hand.to_mpsz()
        checked += 1
    assert checked > 150
