"""«Посчитайте фу»: the learner enters the fu of a winning hand.

Feedback: the engine's itemised fu (reason and block per line), the sum
before rounding, the rounding, and the decomposition the score used.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from werkzeug.datastructures import MultiDict

from engine.errors import HandError
from engine.scoring.fu import FuReason
from engine.scoring.score import ScoreResult, score_hand
from engine.shape.blocks import Form
from engine.text.messages import FU_REASONS
from engine.tiles import tile_name
from tutor.drills import register
from tutor.drills.base import (
    BadAnswer,
    Detector,
    Drill,
    Fields,
    Rule,
    Verdict,
    drill_hand,
)
from tutor.drills.params import SCORING_PARAMS, drill_rules
from tutor.drills.scoring import ScoringKind, other_reading

MAX_FU = 200  # no hand reaches more; anything larger is not an answer


# --- what a wrong answer most likely missed: the kind's diagnosis rows ---------

# Missing one item gives a recognisable total; a few reasons get a warmer sentence.
_FU_MISSED: dict[FuReason, str] = {
    FuReason.MENZEN_RON: "похоже, вы не учли 10 фу за рон закрытой рукой",
    FuReason.TSUMO: "похоже, вы не учли 2 фу за победу цумо",
    FuReason.WAIT_TANKI: "похоже, вы не учли 2 фу за ожидание танки (тайл к паре)",
    FuReason.WAIT_KANCHAN: "похоже, вы не учли 2 фу за ожидание канчан (тайл в середину)",
    FuReason.WAIT_PENCHAN: "похоже, вы не учли 2 фу за ожидание пенчан (край 1-2 или 8-9)",
    FuReason.PAIR_DOUBLE_WIND: "похоже, вы не учли 4 фу за пару ветра, который и ваш, и раунда",
}


def _up10(value: int) -> int:
    return -(-value // 10) * 10


def _fu_answer(verdict: Verdict) -> int | None:
    return verdict.details.get("fu")


def _fu_chiitoitsu(drill: Drill, verdict: Verdict) -> Fields | None:
    result = drill.solution
    ok = result.arrangement.decomposition.form is Form.CHIITOITSU
    return {} if ok and _fu_answer(verdict) != 25 else None


def _fu_not_rounded(drill: Drill, verdict: Verdict) -> Fields | None:
    r = drill.solution
    a = _fu_answer(verdict)
    return {"raw": r.fu_raw, "fu": r.fu} if r.fu_raw != r.fu and a == r.fu_raw else None


def _fu_missing_item(drill: Drill, verdict: Verdict) -> Fields | None:
    r = drill.solution
    a = _fu_answer(verdict)
    for item in r.fu_items:
        if item.reason in (FuReason.BASE, FuReason.CHIITOITSU, FuReason.OPEN_PINFU):
            continue
        if a == _up10(r.fu_raw - item.fu) != r.fu:
            text = _FU_MISSED.get(item.reason)
            reason = FU_REASONS[item.reason.value]
            return {"text": text or f"похоже, вы не учли {item.fu} фу: {reason}"}
    return None


def _fu_scaled_item(reasons: tuple[FuReason, ...], factor: float) -> Detector:
    """An item counted at ``factor`` of its value (open for closed, triplet for kan…)."""

    def detect(drill: Drill, verdict: Verdict) -> Fields | None:
        r = drill.solution
        for item in r.fu_items:
            if item.reason in reasons:
                other = _up10(r.fu_raw - item.fu + int(item.fu * factor))
                if other != r.fu and _fu_answer(verdict) == other:
                    return {}
        return None

    return detect


def _fu_pinfu_tsumo(drill: Drill, verdict: Verdict) -> Fields | None:
    r = drill.solution
    tsumo = drill.params.get("by") == "tsumo"
    return {} if tsumo and r.fu == 20 and _fu_answer(verdict) == 30 else None


def _fu_open_pinfu(drill: Drill, verdict: Verdict) -> Fields | None:
    r = drill.solution
    has = any(i.reason is FuReason.OPEN_PINFU for i in r.fu_items)
    return {} if has and _fu_answer(verdict) == 20 else None


_CLOSED_SETS = (FuReason.CLOSED_TRIPLET_SIMPLE, FuReason.CLOSED_TRIPLET_TERMINAL)
_RON_SETS = (FuReason.RON_TRIPLET_SIMPLE, FuReason.RON_TRIPLET_TERMINAL)
_KANS = (FuReason.OPEN_KAN_SIMPLE, FuReason.OPEN_KAN_TERMINAL,
         FuReason.CLOSED_KAN_SIMPLE, FuReason.CLOSED_KAN_TERMINAL)
_HONOR_SETS = (FuReason.OPEN_TRIPLET_TERMINAL, FuReason.CLOSED_TRIPLET_TERMINAL,
               FuReason.RON_TRIPLET_TERMINAL)

FU_RULES: tuple[Rule, ...] = (
    Rule(other_reading("fu"), "Похоже, вы разобрали руку по-другому: так тоже можно, и "
         "тогда выходит {other} фу, но считается разбор, который дороже, — {best} фу.",
         name="other-reading"),
    Rule(_fu_chiitoitsu, "Чиитойцу всегда стоит ровно 25 фу: ни надбавок, ни округления.",
         name="chiitoitsu-25"),
    Rule(_fu_pinfu_tsumo, "Пинфу цумо — ровно 20 фу: 2 фу за цумо с пинфу не начисляют.",
         name="pinfu-tsumo-20"),
    Rule(_fu_open_pinfu, "Открытая рука, выигравшая роном без единого фу сверх базовых 20, "
         "считается как 30 фу.", name="open-pinfu-30"),
    Rule(_fu_not_rounded, "Сумму фу округляют вверх до десятков: {raw} → {fu}.",
         name="fu-rounding"),
    Rule(_fu_missing_item, "{text}.", name="fu-missing-item"),
    Rule(_fu_scaled_item(_CLOSED_SETS, 0.5), "Закрытый коцу стоит вдвое больше открытого.",
         name="closed-triplet-double"),
    Rule(_fu_scaled_item(_RON_SETS, 2), "Коцу, собранный роном на шанпон, считается открытым: "
         "он стоит вдвое меньше закрытого.", name="ron-triplet-open"),
    Rule(_fu_scaled_item(_KANS, 0.25), "Кан стоит вчетверо больше такого же коцу.",
         name="kan-quadruple"),
    Rule(_fu_scaled_item(_HONOR_SETS, 0.5), "Коцу из терминальных и благородных тайлов стоит вдвое "
         "больше коцу простых тайлов.", name="terminal-triplet-double"),
)


@register
class Fu(ScoringKind):
    name = "fu"
    diagnoses = FU_RULES
    title = "Посчитайте фу"
    default_prompt = "Сколько фу стоит эта рука?"
    params = SCORING_PARAMS

    def prepare(self, params: Mapping[str, Any]) -> ScoreResult:
        hand = drill_hand(params, 14)
        if not hand.concealed[params["win"]]:
            raise HandError(
                f"Выигрышного тайла ({tile_name(params['win'])}) нет среди закрытых тайлов руки."
            )
        return score_hand(hand, params["win"], self.situation(params), drill_rules(params))

    def grade(self, drill: Drill, form: MultiDict[str, str]) -> Verdict:
        value = form.get("fu", "").strip()
        if not value:
            raise BadAnswer("Введите число фу, например 30.")
        whole = value.isascii() and value.isdigit()  # «²» is a digit to isdigit(), not to int()
        if not whole or len(value) > 3 or not 0 < int(value) <= MAX_FU:
            raise BadAnswer(f"Фу — целое число от 20 до {MAX_FU}, например 30.")
        return Verdict(int(value) == drill.solution.fu, {"fu": int(value)})
