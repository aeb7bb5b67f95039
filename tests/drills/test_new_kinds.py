"""The drill kinds han, payment, shanten, dora — as lesson blocks.

Each kind is graded by the engine and explained: the han table with yaku and
dora, who pays what (honba and riichi sticks included), shanten per form with
the improving tiles, each dora indicator walked to its dora. Bad answers get
a 4xx with a Russian message, bad blocks a problem with file and line; the
course's own han/payment/shanten/dora blocks all load.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.support.client import Answering
from tutor.course.content import load_lesson

LESSON = """---
title: Новые упражнения
slug: new-kinds
order: 50
summary: Хан, выплаты, шантен и дора.
---

/// han
id: riichi-pinfu-tanyao
hand: 234m567p234456s88s
win: 4s
by: ron
riichi: true
seat: S
///

/// han
id: all-dora
hand: 234m067p234456s88s
win: 4s
by: ron
riichi: true
seat: S
dora: 3s
ura: 7s
///

/// han
id: ura-without-riichi
hand: 234m567p234456s88s
win: 4s
by: ron
seat: S
dora: 3s
ura: 7s
///

/// han
id: open-ittsu
hand: 123m456p789p11z
melds: [chi 123p]
win: 9p
by: ron
seat: S
///

/// payment
id: nondealer-tsumo
hand: 234m567p234456s88s
win: 4s
by: tsumo
riichi: true
seat: S
///

/// payment
id: dealer-tsumo
hand: 234m567p234456s88s
win: 4s
by: tsumo
riichi: true
seat: E
///

/// payment
id: honba-sticks
hand: 234m567p234456s88s
win: 4s
by: ron
riichi: true
seat: S
honba: 2
riichi_sticks: 1
///

/// shanten
id: one-away
hand: 123m456p789s2355z
///

/// shanten
id: pairs
hand: 1133m2255p4477s1z
///

/// dora
id: nine
indicators: 9m
///

/// dora
id: two
indicators: 9m7z
///

/// dora
id: north
indicators: 4z
///
"""


@pytest.fixture
def lesson_dir(content_dir: Path) -> Path:
    (content_dir / "50-new-kinds.md").write_text(LESSON, encoding="utf-8")
    return content_dir


@pytest.fixture
def answer(client: FlaskClient, lesson_dir: Path) -> Answering:
    return Answering(client)


def _post(answer: Answering, drill: str, data: dict[str, object]) -> tuple[int, str]:
    return answer.words("new-kinds", drill, data)


def test_the_lesson_with_every_new_kind_loads_without_problems(client: FlaskClient,
                                                               lesson_dir: Path) -> None:
    page = client.get("/lessons/new-kinds").get_data(as_text=True)
    assert "В этом уроке есть ошибки" not in page
    for kind in ("han", "payment", "shanten", "dora"):
        assert f'data-drill-kind="{kind}"' in page


# --- han -------------------------------------------------------------------------------

def test_han_right_number_and_exact_yaku_is_correct(answer: Answering) -> None:
    status, html = _post(answer, "riichi-pinfu-tanyao",
                         {"han": "3", "yaku": ["riichi", "pinfu", "tanyao"]})
    assert status == 200 and 'data-verdict="correct"' in html
    assert "риичи" in html and "пинфу" in html and "таняо" in html


def test_han_a_missing_yaku_makes_the_answer_incorrect_and_is_named(answer: Answering) -> None:
    status, html = _post(answer, "riichi-pinfu-tanyao", {"han": "3", "yaku": ["riichi", "tanyao"]})
    assert 'data-verdict="incorrect"' in html
    assert "Вы не отметили: <strong>пинфу</strong>" in html


def test_han_a_yaku_that_is_not_there_is_explained_with_its_condition(answer: Answering) -> None:
    _, html = _post(answer, "riichi-pinfu-tanyao",
                    {"han": "3", "yaku": ["riichi", "pinfu", "tanyao", "ittsu"]})
    assert "Этих яку в руке нет: иццу (шунцу 1-2-3, 4-5-6 и 7-8-9 одной масти)" in html


def test_han_counts_dora_aka_and_ura_as_separate_lines(answer: Answering) -> None:
    # riichi, pinfu, tanyao 3 + dora 4s×2 + aka 1 + ura 8s×2 = 8 han (baiman)
    _, html = _post(answer, "all-dora", {"action": "solution"})
    assert 'data-verdict="solution"' in html
    # one line per indicator (its dora tile drawn after the arrow; words() drops drawings)
    assert re.findall(r"<tr><td>(?:дора|кандора|акадора|урадора)<.*?</tr>", html) == [
        '<tr><td>дора</td><td>индикатор  →  <span class="feedback__names">(4 соу)</span>, '
        'в руке 2 копии</td><td class="num">2</td></tr>',
        '<tr><td>акадора</td><td>красные пятёрки: каждая — 1 хан</td><td class="num">1</td></tr>',
        '<tr><td>урадора</td><td>индикатор  →  <span class="feedback__names">(8 соу)</span>, '
        'в руке 2 копии</td><td class="num">2</td></tr>',
    ]
    assert "<strong>8 хан</strong>" in html and "байман" in html


def test_ura_dora_count_only_for_a_riichi_winner(answer: Answering) -> None:
    _, html = _post(answer, "ura-without-riichi", {"han": "4", "yaku": ["pinfu", "tanyao"]})
    assert 'data-verdict="correct"' in html
    assert "урадора" not in html


def test_open_hand_yaku_lose_a_han(answer: Answering) -> None:
    _, html = _post(answer, "open-ittsu", {"han": "1", "yaku": ["ittsu"]})
    assert 'data-verdict="correct"' in html


@pytest.mark.parametrize(
    ("data", "message"),
    [
        pytest.param({"yaku": ["riichi"]}, "Введите число хан", id="missing-han"),
        pytest.param({"han": "много"}, "целое число", id="not-a-number"),
        pytest.param({"han": "3", "yaku": ["cheating"]}, "Неизвестное яку", id="forged-yaku"),
    ],
)
def test_han_bad_answer_is_a_400_with_a_russian_message(answer: Answering,
                                                        data: dict[str, object],
                                                        message: str) -> None:
    status, html = _post(answer, "riichi-pinfu-tanyao", data)
    assert status == 400 and message in html


# --- payment ---------------------------------------------------------------------------

def test_nondealer_tsumo_asks_dealer_and_others_separately(answer: Answering) -> None:
    _, html = _post(answer, "nondealer-tsumo", {"dealer": "2600", "non_dealer": "1300"})
    assert 'data-verdict="correct"' in html
    assert "дилер платит базовые очки × 2, остальные — × 1" in html


def test_nondealer_tsumo_swapped_payments_are_incorrect(answer: Answering) -> None:
    _, html = _post(answer, "nondealer-tsumo", {"dealer": "1300", "non_dealer": "2600"})
    assert 'data-verdict="incorrect"' in html and 'class="pay-table__wrong"' in html


def test_dealer_tsumo_is_one_payment_from_each_of_three(answer: Answering,
                                                        client: FlaskClient) -> None:
    page = client.get("/lessons/new-kinds").get_data(as_text=True)
    assert 'id="all-dealer-tsumo"' in page and 'id="dealer-dealer-tsumo"' not in page
    _, html = _post(answer, "dealer-tsumo", {"all": "2600"})
    assert 'data-verdict="correct"' in html and "7800" in html


def test_honba_are_in_the_payment_and_riichi_sticks_in_the_total(answer: Answering) -> None:
    _, html = _post(answer, "honba-sticks", {"ron": "4500", "total": "5500"})
    assert 'data-verdict="correct"' in html
    assert "Хонба: 2 × 300 = 600 очков" in html
    assert "Палочки риичи: 1 × 1000" in html


def test_payment_missing_field_is_a_400(answer: Answering) -> None:
    status, html = _post(answer, "honba-sticks", {"ron": "4500"})
    assert status == 400 and "Введите число очков" in html


# --- shanten ---------------------------------------------------------------------------

def test_shanten_one_away_is_graded_and_lists_improving_tiles(answer: Answering) -> None:
    _, html = _post(answer, "one-away", {"shanten": "1"})
    assert 'data-verdict="correct"' in html
    assert "1-шантен: до темпая нужно заменить ещё 1 тайл" in html
    assert "Приближают к темпаю" in html


def test_shanten_takes_the_closest_form_chiitoitsu(answer: Answering) -> None:
    _, html = _post(answer, "pairs", {"shanten": "3"})
    assert 'data-verdict="incorrect"' in html
    assert "а правильный — <strong>0</strong>" in html
    assert 'class="shanten-forms__best">чиитойцу' in html


def test_shanten_out_of_range_is_a_400(answer: Answering) -> None:
    status, html = _post(answer, "one-away", {"shanten": "99"})
    assert status == 400 and "от 0 до 8" in html


# --- dora ------------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("drill", "tiles"),
    [
        pytest.param("nine", ["1m"], id="nine-wraps-to-one"),
        pytest.param("north", ["1z"], id="north-wraps-to-east"),
        pytest.param("two", ["1m", "5z"], id="two-indicators-chun-to-haku"),
    ],
)
def test_dora_is_the_next_tile_in_its_cycle(answer: Answering, drill: str,
                                            tiles: list[str]) -> None:
    _, html = _post(answer, drill, {"tiles": tiles})
    assert 'data-verdict="correct"' in html


def test_dora_picking_the_indicator_itself_is_wrong_and_explained(answer: Answering) -> None:
    _, html = _post(answer, "nine", {"tiles": ["9m"]})
    assert 'data-verdict="incorrect"' in html
    assert "после девятки масть идёт по кругу" in html


def test_dora_with_nothing_picked_is_a_400(answer: Answering) -> None:
    status, html = _post(answer, "nine", {})
    assert status == 400 and "хотя бы один тайл" in html


# --- blocks ----------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("block", "message"),
    [
        pytest.param("/// dora\nid: six\nindicators: 1m2m3m4m5m6m\n///", "от одного до пяти",
                     id="six-indicators"),
        pytest.param("/// payment\nid: neg\nhand: 234m567p234456s88s\nwin: 4s\nby: ron\n"
                     "honba: -1\n///", "от 0 до 20", id="negative-honba"),
        pytest.param("/// han\nid: noyaku\nhand: 234m567p234456s11z\nwin: 4s\nby: ron\n"
                     "melds: [chi 234s]\n///".replace("234456s", "456s"), "", id="no-yaku"),
        pytest.param("/// shanten\nid: long\nhand: 123456789m12345p\n///", "", id="too-many-tiles"),
    ],
)
def test_a_bad_block_is_a_problem_with_its_line(tmp_path: Path, block: str, message: str) -> None:
    path = tmp_path / "60-bad.md"
    head = "---\ntitle: Т\nslug: bad\norder: 60\nsummary: С.\n---\n\nТекст.\n\n"
    path.write_text(head + block + "\n", encoding="utf-8")
    lesson = load_lesson(path)
    assert lesson.problems, block
    assert 10 <= lesson.problems[0].line <= 10 + block.count("\n")  # the block or its key
    assert message in str(lesson.problems[0])


def test_every_new_kind_block_of_the_course_loads(app: Flask) -> None:
    course = Path(__file__).resolve().parents[2] / "content" / "ru"
    checked = 0
    for path in sorted(course.glob("[0-9]*.md")):
        lesson = load_lesson(path)
        for drill in lesson.drills.values():
            checked += drill.kind.name in ("han", "payment", "shanten", "dora")
        bad = [p for p in lesson.problems if re.search(r"\b(han|payment|shanten|dora)\b", str(p))]
        assert not bad, bad
    assert checked >= 40  # 21 han, 13 payment, 3 shanten, 6 dora when this was written
