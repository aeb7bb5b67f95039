"""«Что сбросить?» by ukeire, «Сколько тайлов улучшат руку?», «Самый безопасный сброс».

Each kind answered right, wrong and forged through a lesson (htmx and plain
POST), with the feedback's exact numbers; broken blocks are errors naming the
parameter.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from flask.testing import FlaskClient

from engine.tiles import parse_tile
from tests.support.client import Answering
from tutor.drills import DrillError, build_drill

LESSON = """---
title: Игра
slug: play
order: 52
summary: Эффективность и защита.
---

/// discard
id: by-ukeire
hand: 2356m13p456789s11z
goal: ukeire
///

/// discard
id: two-kanchan
hand: 24m68m456p789s1155z
goal: ukeire
///

/// ukeire
id: kanchans
hand: 24m68m456p789s115z
visible: 3m3m7m
///

/// ukeire
id: tenpai-count
hand: 23m456p789s11z
melds: [pon 777z]
///

/// safety
id: suji-or-honour
hand: 147m258p3699s2225z
pond: 9m 1z 4m 2s 8p 3z
riichi_at: 4
ponds: ["4z 7z 1p", "9s 6z 9p 6p", "1s 1z 9m"]
dora: 3s
///
"""


@pytest.fixture
def answer(client: FlaskClient, content_dir: Path) -> Answering:
    (content_dir / "52-play.md").write_text(LESSON, encoding="utf-8")
    return Answering(client)


def kind(code: str) -> int:
    return parse_tile(code).kinds[0]


def _drill(kind_name: str, **params: object):  # noqa: ANN202
    return build_drill(kind_name, {"id": "t", **params}, 0)


# --- «Что сбросить?» graded by ukeire ------------------------------------------------------

def test_ukeire_goal_accepts_the_most_tiles_then_the_better_shape() -> None:
    """Shanten, then count, then the second order: 1p and 3p; the other twelve-tile cuts «почти»."""
    drill = _drill("discard", hand="2356m13p456789s11z", goal="ukeire")
    top = drill.solution.ranking.options[0].count
    assert top == 12
    assert sorted(drill.solution.correct) == [kind(c) for c in ("1p", "3p")]
    assert sorted(drill.solution.near) == [kind(c) for c in ("2m", "3m", "5m", "6m")]


def test_the_ranking_is_shown_with_counts_and_the_reason(answer: Answering) -> None:
    status, html = answer.words("play", "two-kanchan", {"discard": "5z"})
    assert status == 200 and 'data-verdict="incorrect"' in html
    assert "Все сбросы: сколько тайлов улучшают руку" in html
    # Cutting 1z keeps two kanchan and the 5z pair: 8 tiles (3m, 7m four each).
    assert html.count('class="discard-ranking__item"') == 12
    assert "Сбросы «2 ман», «8 ман» равны: у каждого 12 тайлов." in html
    assert "«2 ман» лучше, чем «4 ман»: руку улучшают 12 тайлов против 8 тайлов." in html


def test_why_names_more_tiles_or_better_shapes() -> None:
    drill = _drill("discard", hand="2356m13p456789s11z", goal="ukeire")
    # Six discards take 12 tiles; after 1p every one of them allows a ryanmen tenpai.
    assert drill.kind.why(drill) == [
        "Остальные сбросы оставляют руку дальше от темпая — даже те, после которых тайлов "
        "больше: сначала сравнивают шантен, потом число тайлов.",
        "«1 пин» и «2 ман» поровну улучшают руку (12 тайлов), но после «1 пин» к темпаю с "
        "рянменом ведут 12 тайлов, а после «2 ман» — 4 тайла: форма лучше.",
    ]


def test_the_lesson_drill_ids_of_the_old_discard_keep_working(answer: Answering) -> None:
    status, html = answer.words("play", "by-ukeire", {"discard": "1p"})
    assert status == 200 and 'data-verdict="correct"' in html
    status, html = answer.words("play", "by-ukeire", {"discard": "1z"})
    assert 'data-verdict="incorrect"' in html and "остаётся 2-шантен" in html


# --- «Сколько тайлов улучшат руку?» ----------------------------------------------------------

def test_ukeire_count_takes_the_visible_tiles_out(answer: Answering) -> None:
    status, html = answer.words("play", "kanchans", {"count": "5"})
    assert status == 200 and 'data-verdict="correct"' in html
    assert "3 ман</strong>: осталось 2 (из четырёх 2 на столе)" in html
    assert "7 ман</strong>: осталось 3 (из четырёх 1 на столе)" in html
    assert "Без учёта стола вышло бы 8: 3 из них уже лежат на столе." in html


def test_ukeire_count_wrong_is_diagnosed_when_the_table_was_forgotten(answer: Answering) -> None:
    status, html = answer.words("play", "kanchans", {"count": "8"})
    assert status == 200 and 'data-verdict="incorrect"' in html
    assert "Ваш ответ — 8, а правильный — <strong>5</strong>" in html
    assert "на столе" in html and "Похоже, вы не вычли" in html


def test_ukeire_count_of_a_tenpai_hand_counts_its_waits(answer: Answering) -> None:
    status, html = answer.words("play", "tenpai-count", {"count": "8"})
    assert 'data-verdict="correct"' in html and "Рука — темпай" in html


@pytest.mark.parametrize(("value", "message"), [
    pytest.param("", "Введите число тайлов", id="empty"),
    pytest.param("много", "целое число от 0 до 136", id="words"),
    pytest.param("9999", "целое число от 0 до 136", id="too-big"),
])
def test_forged_ukeire_answers_are_a_400(answer: Answering, value: str, message: str) -> None:
    status, html = answer.words("play", "kanchans", {"count": value})
    assert status == 400 and message in html


# --- «Самый безопасный сброс» -------------------------------------------------------------

def test_safety_solution_ranks_every_tile_by_danger() -> None:
    """Right: within 0.5 points of the least danger (engine.table.safety, docs/danger.md)."""
    drill = _drill("safety", hand="147m258p3699s2225z", pond="9m 1z 4m 2s 8p 3z", riichi_at=4,
                   ponds=["4z 7z 1p", "9s 6z 9p 6p", "1s 1z 9m"], dora="3s")
    sol = drill.solution
    assert sol.best.value == "genbutsu"
    assert sorted(sol.correct) == [kind("4m"), kind("8p"), kind("2z")]  # 2z: 0.2 %
    assert [(s.tile, s.tier.value, round(s.danger, 1)) for s in sol.ranked] == [
        (kind("4m"), "genbutsu", 0.0), (kind("8p"), "genbutsu", 0.0),
        (kind("2z"), "honor_3", 0.2), (kind("1m"), "suji_19", 1.7),
        (kind("5z"), "honor_1", 3.2), (kind("9s"), "open_19", 4.4),
        (kind("7m"), "suji_37", 5.2), (kind("5p"), "half_suji", 5.8),
        (kind("2p"), "open_28", 7.1), (kind("3s"), "open_37", 8.7),
        (kind("6s"), "open_456", 11.6)]
    assert sol.near == frozenset({kind("1m")})  # 1.7 points above: «почти»
    # Tiles after the riichi (4th discard on) in the other ponds passed him.
    assert sorted(sol.riichi.passed) == [kind("6p")]


def test_safety_right_and_wrong(answer: Answering) -> None:
    status, html = answer.words("play", "suji-or-honour", {"discard": "4m"})
    assert status == 200 and 'data-verdict="correct"' in html
    assert "генбуцу" in html and "Тайлы руки от самого безопасного к самому опасному" in html
    status, html = answer.words("play", "suji-or-honour", {"discard": "6s"})
    assert 'data-verdict="incorrect"' in html
    assert ("6 соу — 4–6 без суджи, риск 11,6 %: возможны: рянмен 7-8 соу, рянмен 4-5 соу, "
            "канчан 5-7 соу, шанпон, танки") in html


def test_safety_question_draws_the_riichi_tile_sideways(client: FlaskClient,
                                                       answer: Answering) -> None:
    page = client.get("/lessons/play").get_data(as_text=True)
    section = page[page.index('data-drill-id="suji-or-honour"'):]
    assert "4-й сброс" in section
    assert section.count("tile tile--side") == 1
    assert section.count('type="radio" name="discard"') == 11


@pytest.mark.parametrize(("data", "message"), [
    pytest.param({}, "Выберите тайл", id="empty"),
    pytest.param({"discard": "0x"}, "Неизвестный тайл", id="forged"),
    pytest.param({"discard": "7s"}, "нет среди закрытых тайлов", id="not-in-hand"),
])
def test_forged_safety_answers_are_a_400(answer: Answering, data: dict[str, object],
                                         message: str) -> None:
    status, html = answer.words("play", "suji-or-honour", data)
    assert status == 400 and message in html


@pytest.mark.parametrize(("kind_name", "params", "key"), [
    pytest.param("safety", {"hand": "147m258p3699s2225z", "pond": "9m", "riichi_at": 3},
                 "riichi_at", id="riichi-out-of-pond"),
    pytest.param("safety", {"hand": "147m258p3699s2225z", "pond": "9m", "riichi_at": 1,
                            "ponds": ["1m"]}, "ponds", id="two-ponds-only"),
    pytest.param("safety", {"hand": "147m258p3699s2225z", "pond": "2z2z", "riichi_at": 1},
                 "pond", id="five-copies"),
    pytest.param("ukeire", {"hand": "24m68m456p789s115z", "visible": "1z1z1z"}, "visible",
                 id="too-many-visible"),
    pytest.param("ukeire", {"hand": "123m456p789s11222z"}, "hand", id="thirteen-needed"),
])
def test_broken_blocks_name_the_parameter(kind_name: str, params: dict[str, object],
                                          key: str) -> None:
    with pytest.raises(DrillError) as error:
        _drill(kind_name, **params)
    assert error.value.key == key or key in str(error.value), str(error.value)


# --- diagnoses -------------------------------------------------------------------------------

def test_a_discard_with_fewer_tiles_is_diagnosed(answer: Answering) -> None:
    status, html = answer.words("play", "two-kanchan", {"discard": "4m"})
    assert 'data-verdict="incorrect"' in html
    assert ("Шантен вы сохранили, но после этого сброса руку улучшают 8, а после лучшего — 12"
            in html)


def test_a_tile_within_two_points_is_almost_right(answer: Answering) -> None:
    """1m: 1.7 points above the safest (docs/danger.md): «почти», partial credit."""
    status, html = answer.words("play", "suji-or-honour", {"discard": "1m"})
    assert status == 200 and 'data-verdict="partial"' in html


def test_suji_over_genbutsu_is_diagnosed(answer: Answering) -> None:
    status, html = answer.words("play", "suji-or-honour", {"discard": "7m"})
    assert 'data-verdict="incorrect"' in html
    assert ("Суджи и кабе лишь уменьшают риск, а в руке был тайл, на котором рон невозможен "
            "вовсе (4 ман, 8 пин)") in html


def test_half_suji_is_diagnosed(answer: Answering) -> None:
    status, html = answer.words("play", "suji-or-honour", {"discard": "5p"})
    assert "у 5 пин открыта вторая" in html
