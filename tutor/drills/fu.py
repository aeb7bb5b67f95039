"""«Посчитайте фу»: the learner enters the fu of a winning hand.

Feedback: the engine's itemised fu (reason and block per line), the sum
before rounding, the rounding, and the decomposition the score used.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from werkzeug.datastructures import MultiDict

from engine import messages
from engine.blocks import Form
from engine.errors import HandError
from engine.fu import FuReason
from engine.hand import Hand, parse_hand
from engine.messages import FU_REASONS
from engine.rules import Ruleset, get_ruleset
from engine.score import ScoreResult, WinSituation, score_hand, score_readings
from engine.tiles import EAST, tile_name
from tutor.drills import params as p
from tutor.drills import register
from tutor.drills.base import (
    BadAnswer,
    Detector,
    Drill,
    DrillKind,
    Fields,
    Param,
    Rule,
    Verdict,
    drill_hand,
)
from tutor.drills.explain import ReadingView, reading

MAX_FU = 200  # no hand reaches more; anything larger is not an answer


def drill_rules(params: Mapping[str, Any]) -> Ruleset:
    """The drill's rule set with its ``red_fives`` override (shared by scoring kinds)."""
    rules = get_ruleset(params["rules"])
    if params.get("red_fives") is not None:
        rules = rules.with_options(red_fives=params["red_fives"])
    return rules


def situation_from(params: Mapping[str, Any], **extra: Any) -> WinSituation:
    """A :class:`WinSituation` from the common scoring parameters."""
    return WinSituation(
        tsumo=params["by"] == "tsumo",
        riichi=params["riichi"],
        rinshan=params.get("rinshan", False),
        seat_wind=params["seat"],
        round_wind=params["round"],
        dora_indicators=params["dora"],
        **extra,
    )


SCORING_PARAMS: tuple[Param, ...] = (
    Param("hand", p.tiles_text, help="закрытые тайлы вместе с выигрышным"),
    Param("win", p.tile, help="выигрышный тайл"),
    Param("by", p.one_of("ron", "tsumo")),
    Param("melds", p.melds, ()),
    Param("seat", p.wind, EAST),
    Param("round", p.wind, EAST),
    Param("riichi", p.boolean, False),
    Param("rinshan", p.boolean, False),
    Param("dora", p.tile_list, ()),
)


@dataclass(frozen=True)
class FuLine:
    fu: int
    reason: str
    tiles: tuple[int, ...]


def fu_lines(result: ScoreResult) -> list[FuLine]:
    names: Mapping[Any, str] = getattr(messages, "FU_REASONS", {})
    return [
        FuLine(
            item.fu,
            names.get(item.reason, item.reason.value),
            item.block.tiles if item.block else (),
        )
        for item in result.fu_items
    ]


@dataclass(frozen=True)
class ReadingValue:
    """One way to read the winning hand and what it would be worth; ``best``: the one counted."""

    view: ReadingView
    fu: int
    han: int
    points: int
    best: bool
    yaku: tuple[str, ...] = ()  # the reading's yaku ids (the han drill names them)


def reading_values(hand: Hand, win: int, situation: WinSituation, rules: Ruleset,
                   best: ScoreResult) -> list[ReadingValue]:
    """Every distinct reading that has a yaku, with its fu and han; the counted one marked.

    A hand such as 222333444m55p can be three triplets or three identical runs:
    the fu differ, and the reading that pays more counts
    (:func:`engine.score.score_hand` picks it; here the learner sees the others).
    """
    best_view = reading(best.arrangement)
    values: dict[ReadingView, ReadingValue] = {}
    for arrangement, result in score_readings(hand, win, situation, rules):
        if result is None:
            continue
        view = reading(arrangement)
        value = ReadingValue(view, result.fu, result.han, result.points, view == best_view,
                             tuple(y.id for y in result.yaku))
        kept = values.get(view)
        if kept is None or (value.points, value.han, value.fu) > (kept.points, kept.han, kept.fu):
            values[view] = value
    return sorted(values.values(), key=lambda v: (not v.best, -v.points, -v.fu))


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
            return {"text": text or f"похоже, вы не учли {item.fu} фу: {FU_REASONS[item.reason]}"}
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

def other_reading(field: str) -> Detector:
    """The answer is what another, cheaper reading of the hand gives (``fu`` or ``han``).

    222333444m55p tsumo is three concealed triplets (40 fu) or three runs with
    pinfu (20 fu): a learner who answers 20 read the hand the other way, which is
    not a forgotten item — the reading that pays more is the one that counts.
    """

    def detect(drill: Drill, verdict: Verdict) -> Fields | None:
        answer = verdict.details.get(field)
        truth = getattr(drill.solution, field)
        if answer is None or answer == truth:
            return None
        for value in drill.kind.readings(drill):
            if not value.best and getattr(value, field) == answer:
                return {"other": answer, "best": truth}
        return None

    return detect


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
class Fu(DrillKind):
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

    def situation(self, params: Mapping[str, Any]) -> WinSituation:
        """The win situation of the block (the han drill adds ura, ippatsu, haitei…)."""
        return situation_from(params)

    def readings(self, drill: Drill) -> list[ReadingValue]:
        """The hand's readings with their values when there is more than one, else []."""
        params = drill.params
        found = reading_values(drill_hand(params, 14), params["win"], self.situation(params),
                               drill_rules(params), drill.solution)
        return found if len(found) > 1 else []

    def grade(self, drill: Drill, form: MultiDict[str, str]) -> Verdict:
        value = form.get("fu", "").strip()
        if not value:
            raise BadAnswer("Введите число фу, например 30.")
        whole = value.isascii() and value.isdigit()  # «²» is a digit to isdigit(), not to int()
        if not whole or len(value) > 3 or not 0 < int(value) <= MAX_FU:
            raise BadAnswer(f"Фу — целое число от 20 до {MAX_FU}, например 30.")
        return Verdict(int(value) == drill.solution.fu, {"fu": int(value)})

    def shown_hand(self, drill: Drill) -> Hand:
        """The hand without the winning tile, which is drawn apart from it."""
        hand = parse_hand(drill.params["hand"], drill.params["melds"], size=14)
        return hand.without_tile(drill.params["win"])

    def lines(self, drill: Drill) -> list[FuLine]:
        return fu_lines(drill.solution)

    def notes(self, drill: Drill) -> list[str]:
        """Why a fu item the learner may expect is missing (tsumo fu exceptions)."""
        result: ScoreResult = drill.solution
        if drill.params["by"] != "tsumo" or result.fu == 25:
            return []
        if any(item.reason is FuReason.TSUMO for item in result.fu_items):
            return []
        if any(y.id == "pinfu" for y in result.yaku):
            return [messages.FU_NOTE_PINFU_TSUMO]
        rules = drill_rules(drill.params)
        if drill.params.get("rinshan") and not rules.rinshan_tsumo_fu:
            name = messages.RULESET_NAMES.get(rules.name, rules.name)
            return [messages.FU_NOTE_RINSHAN_NO_TSUMO.format(rules=name)]
        return []

    def reading(self, drill: Drill) -> ReadingView:
        return reading(drill.solution.arrangement)
