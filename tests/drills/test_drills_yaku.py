"""«Можно ли объявить победу?»: yes exactly when the engine finds a yaku under the drill's rules."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask.testing import FlaskClient

from tests.support.client import Answering
from tutor.drills import DrillError, build_drill

LESSON = """---
title: Есть ли яку
slug: can-win
order: 53
summary: Можно ли объявить победу.
---

/// yaku
id: kuitan-online
hand: 56788p345678s
melds: [chi 234m]
win: 5s
by: ron
seat: S
///

/// yaku
id: kuitan-ema
hand: 56788p345678s
melds: [chi 234m]
win: 5s
by: ron
seat: S
rules: ema
///

/// yaku
id: renhou-online
hand: 123m456789p12399s
win: 3s
by: ron
seat: S
renhou: true
///

/// yaku
id: renhou-rrc
hand: 123m456789p12399s
win: 3s
by: ron
seat: S
renhou: true
rules: rrc
///

/// yaku
id: dora-only
hand: 111m456p789s23455s
win: 2s
by: ron
seat: S
dora: 9m
///

/// yaku
id: plain-pon
hand: 789m345p678s99p
melds: [pon 222m]
win: 9p
by: ron
seat: S
///
"""


@pytest.fixture
def answer(client: FlaskClient, content_dir: Path) -> Answering:
    (content_dir / "53-can-win.md").write_text(LESSON, encoding="utf-8")
    return Answering(client)


def post(answer: Answering, drill: str, data: dict[str, object]) -> tuple[int, str]:
    return answer.words("can-win", drill, data)


def test_open_tanyao_wins_online_and_the_yaku_is_named(answer: Answering) -> None:
    _, html = post(answer, "kuitan-online", {"win": "yes"})
    assert 'data-verdict="correct"' in html
    assert "<strong>таняо</strong> — 1 хан" in html
    assert "А по " not in html  # every rule set plays open tanyao (EMA 2016 too)


def test_open_tanyao_wins_under_ema_2016(answer: Answering) -> None:
    """EMA 2016, revision notes: tanyao may be open."""
    _, html = post(answer, "kuitan-ema", {"win": "yes"})
    assert 'data-verdict="correct"' in html


def test_renhou_differs_between_sets_and_the_other_answer_is_computed(
        answer: Answering) -> None:
    """online (Tenhou): renhou is no yaku; rules-ru 4.5 and EMA 2016: a mangan."""
    _, html = post(answer, "renhou-online", {"win": "no"})
    assert 'data-verdict="correct"' in html
    assert "А по европейским турнирным правилам и российским турнирным правилам" in html
    _, html = post(answer, "renhou-rrc", {"win": "yes"})
    assert 'data-verdict="correct"' in html and "ренхо (манган)" in html


def test_dora_give_no_yaku_but_a_closed_hand_could_win_by_tsumo(answer: Answering) -> None:
    _, html = post(answer, "dora-only", {"win": "no"})
    assert 'data-verdict="correct"' in html
    assert "дора яку не дают" in html
    assert "А если бы рука выиграла цумо (тайлом со стены) — победа: мензен цумо (1 хан)." in html
    assert "А если бы был объявлен риичи — победа: риичи (1 хан)." in html


def test_an_open_hand_without_yaku_is_not_offered_tsumo_or_riichi(answer: Answering) -> None:
    _, html = post(answer, "plain-pon", {"win": "no"})
    assert 'data-verdict="correct"' in html
    assert "если бы рука выиграла цумо" not in html and "если бы был объявлен риичи" not in html


def test_the_question_shows_the_rules_and_the_situation(client: FlaskClient,
                                                        answer: Answering) -> None:
    page = client.get("/lessons/can-win").get_data(as_text=True)
    assert "В этом уроке есть ошибки" not in page
    assert "<dt>Правила</dt><dd><strong>европейские турнирные</strong></dd>" in page
    assert page.count('data-drill-kind="yaku"') == 6


@pytest.mark.parametrize(
    "data", [pytest.param({}, id="missing"), pytest.param({"win": "maybe"}, id="forged")]
)
def test_an_answer_other_than_yes_or_no_is_a_400(answer: Answering,
                                                 data: dict[str, object]) -> None:
    status, html = post(answer, "kuitan-online", data)
    assert status == 400 and "Ответьте «да» или «нет»." in html


@pytest.mark.parametrize(
    ("params", "message"),
    [
        pytest.param({"hand": "124m345p567s789s33z", "win": "3z"}, "Рука не выигрышная",
                     id="not-complete"),
        pytest.param({"hand": "123m456p789s11122z", "win": "9p"}, "нет среди закрытых",
                     id="win-tile-not-in-hand"),
    ],
)
def test_unusable_yaku_block_is_an_error(params: dict[str, object], message: str) -> None:
    with pytest.raises(DrillError, match=message):
        build_drill("yaku", {"id": "y", "by": "ron", **params}, 1)


def test_every_scored_hand_of_the_course_can_be_declared_a_win() -> None:
    """A han/payment block scores only with a yaku, so the yaku drill must say yes to each."""
    from tutor.course.content import load_lesson
    from tutor.drills import kinds

    course = Path(__file__).resolve().parents[2] / "content" / "ru"
    checked = 0
    for path in sorted(course.glob("[0-9]*.md")):
        for drill in load_lesson(path).drills.values():
            if drill.kind.name in ("han", "payment"):
                # The same (already checked) parameters: yaku takes han's.
                assert kinds()["yaku"].prepare(drill.params).can_win, (path.name, drill.id)
                checked += 1
    assert checked >= 30
