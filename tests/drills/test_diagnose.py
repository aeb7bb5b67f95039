"""Feedback that diagnoses: a wrong answer names the rule the learner most likely missed.

Each test builds a drill as a lesson block would, grades the answer a
learner who forgot one rule would give, and checks the diagnosis — and that
a right answer, or an answer no rule explains, gets no diagnosis at all.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient
from werkzeug.datastructures import MultiDict

from tests.support.client import Answering
from tutor.drills import Drill, build_drill, kinds
from tutor.drills.grading import diagnoses

FIXED = {"seat": "S"}
# Kinds whose rows say what a wrong answer most likely missed.
DIAGNOSED = ("fu", "han", "payment", "waits", "shanten", "dora", "furiten", "draw", "multi_ron",
             "next_hand", "final", "discard", "ukeire", "safety")


def diagnose(drill: Drill, verdict: Any) -> list[str]:
    return [found.text for found in diagnoses(drill, verdict)]


def _drill(kind: str, **params: Any) -> Drill:
    return build_drill(kind, {"id": "d", **params}, 0)


def _notes(drill: Drill, **answer: Any) -> list[str]:
    verdict = drill.kind.grade(drill, MultiDict(answer))
    assert not verdict.correct
    return diagnose(drill, verdict)


CLOSED_RON = {"hand": "234m444p123s567s77z", "win": "3s", "by": "ron", "riichi": True, **FIXED}
PINFU = {"hand": "234m567p234456s88s", "win": "4s", "riichi": True}


# --- fu ------------------------------------------------------------------------------------

def test_fu_ten_short_on_a_closed_ron_is_the_menzen_ron_bonus() -> None:
    # 20 + 10 (closed ron) + 2 (penchan) + 2 (dragon pair) + 4 (closed 444p) = 38 → 40
    drill = _drill("fu", **CLOSED_RON)
    assert drill.solution.fu == 40
    assert _notes(drill, fu="30")[0] == "Похоже, вы не учли 10 фу за рон закрытой рукой."


def test_fu_left_unrounded_is_the_rounding_rule() -> None:
    drill = _drill("fu", **CLOSED_RON)
    assert _notes(drill, fu="38") == ["Сумму фу округляют вверх до десятков: 38 → 40."]


def test_fu_of_chiitoitsu_is_always_25() -> None:
    drill = _drill("fu", hand="1122m3344p5566s77z", win="7z", by="ron", **FIXED)
    assert "ровно 25 фу" in _notes(drill, fu="30")[0]


def test_fu_of_pinfu_tsumo_has_no_tsumo_bonus() -> None:
    drill = _drill("fu", hand="66m234p567p345s789s", win="9s", by="tsumo", **FIXED)
    assert drill.solution.fu == 20
    assert "2 фу за цумо с пинфу не начисляют" in _notes(drill, fu="30")[0]


def test_fu_a_ron_shanpon_triplet_counts_as_open() -> None:
    # open hand: 20 + 4 (999p completed by ron on shanpon: open) + 4 (pon of haku) = 28 → 30;
    # counting 999p as closed (8) gives 32 → 40
    drill = _drill("fu", hand="234m999p567s88s", melds=["pon 555z"], win="9p", by="ron", **FIXED)
    assert (drill.solution.fu_raw, drill.solution.fu) == (28, 30)
    assert _notes(drill, fu="40") == [
        "Коцу, собранный роном на шанпон, считается открытым: он стоит вдвое меньше закрытого."
    ]


# --- han -----------------------------------------------------------------------------------

def test_han_short_by_the_ura_dora_is_forgetting_ura() -> None:
    drill = _drill("han", **PINFU, by="ron", ura="7s", **FIXED)
    assert drill.solution.han == 5 and drill.solution.ura == 2
    notes = _notes(drill, han="3", yaku=["riichi", "pinfu", "tanyao"])
    assert notes[0].startswith("Похоже, вы забыли урадору")


def test_han_short_by_the_red_five_is_forgetting_aka() -> None:
    drill = _drill("han", hand="234m067p234456s88s", win="4s", by="ron", riichi=True, **FIXED)
    notes = _notes(drill, han="3", yaku=["riichi", "pinfu", "tanyao"])
    assert notes[0].startswith("Похоже, вы не посчитали красные пятёрки")


def test_han_short_by_the_dora_is_forgetting_dora() -> None:
    drill = _drill("han", hand="234m567p234456s88s", win="4s", by="ron", riichi=True,
                   dora="3s", **FIXED)
    notes = _notes(drill, han="3", yaku=["riichi", "pinfu", "tanyao"])
    assert notes[0].startswith("Похоже, вы не посчитали дору")


def test_han_of_an_open_hand_counted_closed_is_the_open_reduction() -> None:
    drill = _drill("han", hand="123m456p789p11z", melds=["chi 123p"], win="9p", by="ron", **FIXED)
    notes = _notes(drill, han="2", yaku=["ittsu"])
    assert notes == ["В открытой руке некоторые яку стоят на 1 хан меньше: иццу."]


def test_han_a_yaku_not_ticked_is_named_with_its_condition() -> None:
    drill = _drill("han", hand="234m567p234456s88s", win="4s", by="ron", riichi=True, **FIXED)
    notes = _notes(drill, han="3", yaku=["riichi", "tanyao"])
    assert notes[0].startswith("Похоже, вы не заметили яку «пинфу»")


# --- payment -------------------------------------------------------------------------------

def test_dealer_paid_like_a_non_dealer_gets_one_and_a_half() -> None:
    drill = _drill("payment", **PINFU, by="ron", seat="E")
    assert drill.solution.payments.ron == 5800
    notes = _notes(drill, ron="3900")
    assert notes == [
        "Дилер получает в полтора раза больше: рон дилера — базовые очки × 6, а не × 4."
    ]


def test_payment_without_the_honba_is_forgetting_honba() -> None:
    drill = _drill("payment", **PINFU, by="ron", honba=2, **FIXED)
    assert _notes(drill, ron="3900")[0].startswith("Не забудьте хонбу (2)")


def test_tsumo_honba_counted_300_from_each() -> None:
    drill = _drill("payment", **PINFU, by="tsumo", honba=1, **FIXED)
    assert drill.solution.payments.as_dict() == {"dealer": 2700, "non_dealer": 1400}
    assert "по 100 за хонбу" in _notes(drill, dealer="2900", non_dealer="1600")[0]


def test_tsumo_payments_swapped_between_dealer_and_others() -> None:
    drill = _drill("payment", **PINFU, by="tsumo", **FIXED)
    notes = _notes(drill, dealer="1300", non_dealer="2600")
    assert notes == ["На цумо недилера дилер платит вдвое больше каждого из остальных."]


def test_total_without_riichi_sticks() -> None:
    drill = _drill("payment", **PINFU, by="ron", riichi_sticks=2, **FIXED)
    assert "забирает победитель" in _notes(drill, ron="3900", total="3900")[0]


def test_payment_of_a_neighbouring_han_points_back_to_the_count() -> None:
    drill = _drill("payment", **PINFU, by="ron", **FIXED)  # 3 han 30 fu: 3900
    assert _notes(drill, ron="2000") == [
        "Столько платят за руку в 2 хан и 30 фу, а эта рука — 3 хан и 30 фу: проверьте подсчёт "
        "хан и фу."
    ]


# --- waits, shanten, dora, furiten -----------------------------------------------------------

def test_missing_a_tanki_wait_is_named() -> None:
    drill = _drill("waits", hand="1234m456p789s555z")  # waits 1m and 4m, both tanki
    notes = _notes(drill, tiles=["1m"])
    assert notes == ["Похоже, вы пропустили ожидание танки: одиночный тайл ждёт себе пару (4 ман)."]


def test_shanten_counted_without_chiitoitsu() -> None:
    drill = _drill("shanten", hand="1133m2255p4477s1z")  # standard 3, chiitoitsu 0
    assert _notes(drill, shanten="3")[0].startswith("Вспомните про чиитойцу")


def test_shanten_one_more_is_counting_to_the_win() -> None:
    drill = _drill("shanten", hand="123m456p789s2355z")
    assert "до победы" in _notes(drill, shanten="2")[0]


def test_dora_picking_the_indicator_itself() -> None:
    drill = _drill("dora", indicators="4p")
    assert _notes(drill, tiles=["4p"])[0].startswith("Сам индикатор (4 пин) дорой не бывает")


def test_dora_wind_cycle() -> None:
    drill = _drill("dora", indicators="4z")
    assert "Восток → Юг → Запад → Север → Восток" in " ".join(_notes(drill, tiles=["3z"]))


def test_furiten_own_discard_forbids_ron() -> None:
    drill = _drill("furiten", hand="23456m12388p789s", discards="7m1z", tile="4m")
    notes = _notes(drill, ron="yes")
    assert notes[0].startswith("В вашем собственном сбросе есть тайл ожидания (7 ман)")


# --- no diagnosis --------------------------------------------------------------------------

def test_a_right_answer_gets_no_diagnosis() -> None:
    drill = _drill("fu", **CLOSED_RON)
    verdict = drill.kind.grade(drill, MultiDict({"fu": "40"}))
    assert verdict.correct and diagnose(drill, verdict) == []


def test_an_answer_no_rule_explains_gets_no_diagnosis() -> None:
    drill = _drill("fu", **CLOSED_RON)
    assert _notes(drill, fu="110") == []


@pytest.mark.parametrize("kind", [pytest.param(k, id=k) for k in DIAGNOSED])
def test_every_kind_has_a_table_of_rules_with_russian_messages(kind: str) -> None:
    assert kinds()[kind].diagnoses
    for rule in kinds()[kind].diagnoses:
        # a message is Russian text, or only a field filled with Russian text (fu: {text})
        assert any("а" <= ch <= "я" for ch in rule.message.lower()) or rule.message == "{text}."


def test_lesson_drills_show_the_diagnosis_too(client: FlaskClient, answer: Answering) -> None:
    # tests/fixtures/content/01-basics.md has a fu drill on a closed ron
    from tutor.course.content import store

    with client.application.app_context():
        lesson = store().get("basics")
        assert lesson is not None
        drill = next(d for d in lesson.drills.values() if d.kind.name == "fu")
    menzen = any(i.reason.value == "menzen_ron" for i in drill.solution.fu_items)
    short = drill.solution.fu - 10 if menzen else drill.solution.fu_raw
    html = answer.post("basics", drill.id, {"fu": str(short)}).get_data(as_text=True)
    assert 'class="feedback__note feedback__note--diagnosis"' in html
