"""The whole-game drill kinds: draw, multi_ron, next_hand, final.

Each kind is graded by the engine (engine.table.draws, engine.table.ron, engine.table.penalties,
engine.table.game, engine.table.final); the values asserted here are the rule sets' own,
each with its source: noten payments 3000 in total (000, 002, 004), double
ron and the triple-ron draw (004), head bump (003), all win (001-EMA), pao
as Tenhou plays it, uma 20000/10000 and oka 20000 (Tenhou: 25000 start, 30000
return), EMA's 15000/5000 with shared places (EMA 2016), JPML floating uma.
Published values are not from the course documents, and the feedback says so.
A wrong answer names its mistake where it is a common one; a malformed or
forged form is a 400 with a Russian message; a bad block is a problem with
its file and line.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from flask.testing import FlaskClient

from tests.support.client import Answering
from tests.support.game_lessons import LESSON
from tutor.course.content import load_lesson
from tutor.drills import DrillError, build_drill


@pytest.fixture
def answer(client: FlaskClient, content_dir: Path) -> Answering:
    (content_dir / "56-game.md").write_text(LESSON, encoding="utf-8")
    return Answering(client)


def post(answer: Answering, drill: str, data: dict[str, object], htmx: bool = True
         ) -> tuple[int, str]:
    response = answer.post("game-kinds", drill, data, htmx=htmx)
    return response.status_code, response.get_data(as_text=True)


def pays(e: int, s: int, w: int, n: int, prefix: str = "pay-") -> dict[str, object]:
    return {f"{prefix}E": e, f"{prefix}S": s, f"{prefix}W": w, f"{prefix}N": n}


def test_the_lesson_loads_without_problems(client: FlaskClient, answer: Answering) -> None:
    page = client.get("/lessons/game-kinds").get_data(as_text=True)
    assert "В этом уроке есть ошибки" not in page
    for kind in ("draw", "multi_ron", "next_hand", "final"):
        assert f'data-drill-kind="{kind}"' in page


# -- draw (000, 002, 004: 3000 in total; the dealer repeats when tenpai; honba + 1) --------

def test_draw_two_tenpai_split_1500_and_the_dealer_stays(answer: Answering) -> None:
    status, html = post(answer, "two-tenpai", {**pays(1500, -1500, 1500, -1500), "repeat": "yes",
                                               "honba": "2", "sticks": "2"})
    assert status == 200 and 'data-verdict="correct"' in html
    assert "Юг платит Востоку 750." in html and "Север платит Западу 750." in html
    assert "Штраф за нотен при ничьей (всего) — по онлайн-правилам: <strong>3000</strong>" in html
    assert '[004]' not in html  # feedback names no source codes: they live on /rules


def test_draw_honba_reset_is_diagnosed(answer: Answering) -> None:
    status, html = post(answer, "dealer-noten", {**pays(-1000, 3000, -1000, -1000),
                                                 "repeat": "no", "honba": "0", "sticks": "0"})
    assert status == 200 and 'data-verdict="incorrect"' in html
    assert "При ничьей хонба не сбрасывается" in html
    assert "Хонба: ваш ответ — 0, правильно — <strong>3</strong>." in html


def test_draw_three_thousand_from_each_noten_is_diagnosed(answer: Answering) -> None:
    _, html = post(answer, "dealer-noten", {**pays(-3000, 9000, -3000, -3000), "repeat": "no",
                                            "honba": "3", "sticks": "0"})
    assert 'data-verdict="incorrect"' in html
    assert "3000 — это штраф на всех нотен-игроков вместе" in html


def test_a_dead_hand_is_noten_at_the_draw(answer: Answering) -> None:
    """000: a dead hand counts as noten at an exhaustive draw, whatever it holds."""
    _, html = post(answer, "dead-hand", {**pays(3000, -1000, -1000, -1000), "repeat": "yes",
                                         "honba": "1", "sticks": "0"})
    assert 'data-verdict="correct"' in html
    assert "У Юга мёртвая рука: рука в темпае, но при ничьей он считается нотен" in html
    _, wrong = post(answer, "dead-hand", {**pays(1500, 1500, -1500, -1500), "repeat": "yes",
                                          "honba": "1", "sticks": "0"})
    assert "игрок с мёртвой рукой при ничьей считается нотен" in wrong.lower()


def test_draw_without_js_returns_the_page_with_the_feedback(answer: Answering) -> None:
    status, html = post(answer, "two-tenpai", {**pays(1500, -1500, 1500, -1500), "repeat": "no",
                                               "honba": "2", "sticks": "2"}, htmx=False)
    assert status == 200 and "<html" in html and 'data-verdict="incorrect"' in html
    assert 'value="1500"' in html  # the answer is kept in the form


@pytest.mark.parametrize(
    ("data", "message"),
    [
        pytest.param({}, "Заполните поле «Восток: изменение очков»", id="empty"),
        pytest.param({**pays("много", 0, 0, 0)}, "нужно целое число очков со знаком",
                     id="not-a-number"),
        pytest.param({**pays(0, 0, 0, 0), "repeat": "maybe", "honba": "1", "sticks": "0"},
                     "Такого варианта ответа нет.", id="forged-choice"),
        pytest.param({**pays(0, 0, 0, 0), "repeat": "no", "honba": "-1", "sticks": "0"},
                     "нужно целое число от 0 до 99", id="negative-honba"),
        pytest.param({**pays("²", 0, 0, 0), "repeat": "no", "honba": "1", "sticks": "0"},
                     "нужно целое число очков со знаком", id="superscript-digit"),
        pytest.param({**pays(0, 0, 0, 0), "repeat": "no", "honba": "²", "sticks": "0"},
                     "нужно целое число от 0 до 99", id="superscript-count"),
    ],
)
def test_draw_malformed_answer_is_a_400(answer: Answering, data: dict[str, object],
                                        message: str) -> None:
    status, html = post(answer, "two-tenpai", data)
    assert status == 400 and message in html


# -- multi_ron ---------------------------------------------------------------------------------

def test_double_ron_both_win_the_dealer_takes_the_sticks(answer: Answering) -> None:
    """004: double ron; Tenhou: honba and sticks only to the nearest winner (E after W)."""
    status, html = post(answer, "double-ron", {"winner": ["E", "S"],
                                               **pays(13300, 3900, -16200, 0)})
    assert status == 200 and 'data-verdict="correct"' in html
    assert "Запад платит Востоку 12300." in html and "Запад платит Югу 3900." in html
    assert "Хонбу получает только ближайший к сбросившему — Восток." in html
    assert "[004]" not in html and "Tenhou" not in html  # sources live on /rules


def test_double_ron_own_stick_back_rrc(answer: Answering) -> None:
    """rules-ru 3.4.7, 3.8: honba to each winner; S takes back his own stick, the rest to E."""
    status, html = post(answer, "double-ron-rrc", {"winner": ["E", "S"],
                                                   **pays(13300, 5200, -16500, 0)})
    assert status == 200 and 'data-verdict="correct"' in html
    assert "Юг забирает назад свою палочку риичи этой раздачи (1000)." in html


def test_head_bump_only_the_nearest_wins(answer: Answering) -> None:
    """003: atama hane — of S and N after W's discard, N is next in turn."""
    _, html = post(answer, "head-bump", {"winner": ["N"], **pays(0, 0, -2900, 2900)})
    assert 'data-verdict="correct"' in html
    assert "Атама хане" in html and "[003]" not in html


def test_head_bump_answered_as_double_ron_is_diagnosed(answer: Answering) -> None:
    _, html = post(answer, "head-bump", {"winner": ["N", "S"], **pays(0, 4200, -7100, 2900)})
    assert 'data-verdict="incorrect"' in html
    assert "выигрывает только ближайший" in html


def test_pao_on_a_ron_is_split_with_the_discarder(answer: Answering) -> None:
    """Tenhou: the liable player pays half and the honba, the discarder half."""
    _, html = post(answer, "pao-ron", {"winner": ["N"], **pays(0, -16300, -16000, 32300)})
    assert 'data-verdict="correct"' in html
    assert "ответственный Юг (16300, вместе с хонбой) и сбросивший Запад (16000)" in html


def test_a_forged_winner_is_a_400(answer: Answering) -> None:
    status, html = post(answer, "double-ron", {"winner": ["X"], **pays(0, 0, 0, 0)})
    assert status == 400 and "Такого игрока среди вариантов нет." in html


# -- next_hand --------------------------------------------------------------------------------

def test_south_four_ends_when_the_dealer_loses_the_deal(answer: Answering) -> None:
    data = {**pays(32000, 32900, 16100, 19000, "score-"), "dealer": "end", "honba": "0",
            "sticks": "0"}
    status, html = post(answer, "south-four", data)
    assert status == 200 and 'data-verdict="correct"' in html
    assert "Партия окончена: сыграна последняя раздача, и дилер уходит." in html
    assert "1-е место — Юг: итог +42900" in html


def test_a_forgotten_riichi_deposit_is_diagnosed(answer: Answering) -> None:
    data = {**pays(32000, 32900, 17100, 19000, "score-"), "dealer": "end", "honba": "0",
            "sticks": "0"}
    _, html = post(answer, "south-four", data)
    assert 'data-verdict="incorrect"' in html
    assert "1000 за риичи" in html


def test_a_draw_passes_the_deal_and_adds_a_honba(answer: Answering) -> None:
    data = {**pays(24000, 28000, 24000, 24000, "score-"), "dealer": "S", "honba": "2",
            "sticks": "0"}
    _, html = post(answer, "draw-passes", data)
    assert 'data-verdict="correct"' in html
    assert "Восток 3, 2 хонбы" in html


# -- final ------------------------------------------------------------------------------------

def test_tenhou_uma_and_oka(answer: Answering) -> None:
    """Tenhou: 25000 start, 30000 return (oka 20000), uma 20000/10000; ties by seat order."""
    data = {"place-E": "1", "result-E": "50000", "place-S": "2", "result-S": "0",
            "place-W": "3", "result-W": "-20000", "place-N": "4", "result-N": "-30000"}
    status, html = post(answer, "tenhou-end", data)
    assert status == 200 and 'data-verdict="correct"' in html
    assert "Ока: 4 × (30000 − 25000) = 20000" in html


def test_forgotten_oka_is_diagnosed(answer: Answering) -> None:
    data = {"place-E": "1", "result-E": "30000", "place-S": "2", "result-S": "0",
            "place-W": "3", "result-W": "-20000", "place-N": "4", "result-N": "-30000"}
    _, html = post(answer, "tenhou-end", data)
    assert 'data-verdict="incorrect"' in html and "оку" in html


def test_ema_tied_players_share_places(answer: Answering) -> None:
    """EMA 2016 (not from the seeds): tied players share the uma of their places."""
    data = {"place-E": "1", "result-E": "20000", "place-S": "1", "result-S": "20000",
            "place-W": "3", "result-W": "-20000", "place-N": "3", "result-N": "-20000"}
    _, html = post(answer, "ema-tie", data)
    assert 'data-verdict="correct"' in html
    assert "по европейским турнирным правилам" in html


def test_final_place_out_of_range_is_a_400(answer: Answering) -> None:
    data = {"place-E": "5", "result-E": "0", "place-S": "1", "result-S": "0",
            "place-W": "1", "result-W": "0", "place-N": "1", "result-N": "0"}
    status, html = post(answer, "tenhou-end", data)
    assert status == 400 and "нужно целое число от 0 до 4" in html


# -- bad blocks -------------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("kind", "params", "key", "message"),
    [
        pytest.param("draw", {"tenpai": "E"}, "tenpai", "списком ветров", id="draw-not-a-list"),
        pytest.param("draw", {"tenpai": ["E", "E"]}, "tenpai", "не больше одного раза",
                     id="draw-duplicate"),
        pytest.param("draw", {"tenpai": [], "nagashi": ["W"], "rules": "ema"}, None,
                     "нагаси манган не играется", id="draw-ema-nagashi"),
        pytest.param("multi_ron", {"winners": [{"seat": "S", "han": 3, "fu": 30}]}, "from",
                     "Укажите, кто сбросил", id="ron-without-from"),
        pytest.param("multi_ron", {"from": "W", "winners": [{"seat": "S", "han": 0}]},
                     "winners", "хан и фу", id="ron-bad-value"),
        pytest.param("multi_ron", {"from": "W", "winners": [{"seat": "N", "han": 1, "fu": 30}],
                                   "riichi_sticks": 1, "riichi": ["S", "E"]}, "riichi",
                     "Палочек риичи на столе меньше", id="riichi-more-than-sticks"),
        pytest.param("next_hand", {"scores": {"E": 25000, "S": 25000, "W": 25000, "N": 24000},
                                   "result": {"type": "draw", "tenpai": []}}, "scores",
                     "Очки не сходятся", id="next-unbalanced"),
        pytest.param("next_hand", {"scores": {"E": 25000, "S": 25000, "W": 25000, "N": 25000},
                                   "result": {"type": "win"}}, "result", "Исход раздачи",
                     id="next-bad-result"),
        pytest.param("final", {"scores": {"E": 25000, "S": 25000}}, "scores",
                     "всех четырёх мест", id="final-three-seats"),
    ],
)
def test_unusable_blocks_are_errors(kind: str, params: dict[str, object], key: str | None,
                                    message: str) -> None:
    with pytest.raises(DrillError, match=message) as caught:
        build_drill(kind, {"id": "x", **params}, 1)
    assert caught.value.key == key


def test_a_bad_block_is_reported_with_its_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "57-bad.md"
    path.write_text("---\ntitle: Плохо\nslug: bad\norder: 57\nsummary: Ошибки.\n---\n\n"
                    "/// draw\nid: bad-draw\ntenpai: [E, Q]\n///\n\n"
                    "/// final\nid: bad-final\nrules: ema\n"
                    "scores: {E: 30000, S: 30000, W: 30000, N: 20000}\n///\n",
                    encoding="utf-8")
    lesson = load_lesson(path)
    problems = [str(p) for p in lesson.problems]
    assert any(p.startswith(f"{path}:10: Параметр «tenpai»") for p in problems), problems
    assert any(p.startswith(f"{path}:16: Очки не сходятся") for p in problems), problems
