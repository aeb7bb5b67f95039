"""«Посчитайте выплату»: the learner enters what each player pays for a win.

The fields follow how the hand was won: one payment on a ron (from the
discarder), two on a non-dealer's tsumo (the dealer, each other player), one
on the dealer's tsumo (each of the three). Honba are included in every
payment; with riichi sticks on the table the learner also enters the winner's
total. The feedback shows han, fu, basic points and the arithmetic.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from werkzeug.datastructures import MultiDict

from engine.scoring.points import Basic, Limit, basic_points, payments
from engine.scoring.score import ScoreResult, WinSituation
from engine.text import messages
from tutor.drills import register
from tutor.drills.base import Drill, Fields, Param, Rule, Verdict, read_number
from tutor.drills.params import HAN_PARAMS, drill_rules
from tutor.drills.scoring import ScoringKind, score_block, win_situation

MAX_POINTS = 999_900


def stick_count(value: Any) -> int:
    """Honba or riichi sticks: a whole number from 0 to 20."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 20:
        return value
    raise ValueError(f"Здесь нужно целое число от 0 до 20, а не «{value}».")


PAYMENT_PARAMS: tuple[Param, ...] = (
    *HAN_PARAMS,
    Param("honba", stick_count, 0, help="счётчики хонбы на столе"),
    Param("riichi_sticks", stick_count, 0, help="палочки риичи на столе"),
)


@dataclass(frozen=True)
class PayField:
    """One number the learner enters: form field, Russian label, right value."""

    name: str
    label: str
    value: int


# Field order and labels per payment key of engine Payments.as_dict().
_LABELS: dict[str, str] = {
    "ron": "Сколько платит сбросивший?",
    "dealer": "Сколько платит дилер?",
    "non_dealer": "Сколько платит каждый из двух других?",
    "all": "Сколько платит каждый из трёх соперников?",
    "total": "Сколько всего получит победитель вместе с палочками риичи?",
}


def pay_fields(result: ScoreResult, riichi_sticks: int) -> tuple[PayField, ...]:
    """The fields asked for this win, with their right values."""
    values = dict(result.payments.as_dict())
    if riichi_sticks:
        values["total"] = result.total
    return tuple(PayField(key, _LABELS[key], value) for key, value in values.items())


# --- what a wrong answer most likely missed: the kind's diagnosis rows ---------

def _pay_answers(verdict: Verdict) -> Mapping[str, int]:
    return verdict.details.get("answers") or {}


def _payments_if(drill: Drill, *, dealer: bool | None = None, honba: int | None = None,
                 han: int | None = None, fu: int | None = None) -> dict[str, int]:
    """What the payments would be with one thing changed (the dealer, the honba, han/fu)."""
    r = drill.solution
    tsumo = drill.params["by"] == "tsumo"
    if han is None and fu is None:
        basic = Basic(r.basic, r.limit)
    else:
        basic = basic_points(han or r.han, fu or r.fu, drill_rules(drill.params).kiriage)
    pay = payments(basic, dealer=r.is_dealer if dealer is None else dealer, tsumo=tsumo,
                   honba=drill.params["honba"] if honba is None else honba)
    return pay.as_dict()


def _matches(verdict: Verdict, expected: Mapping[str, int]) -> bool:
    answers = _pay_answers(verdict)
    return bool(expected) and all(answers.get(k) == v for k, v in expected.items())


def _pay_dealer_as_non_dealer(drill: Drill, verdict: Verdict) -> Fields | None:
    r = drill.solution
    if not r.is_dealer or drill.params["by"] == "tsumo":
        return None
    return {} if _matches(verdict, _payments_if(drill, dealer=False)) else None


def _pay_non_dealer_as_dealer(drill: Drill, verdict: Verdict) -> Fields | None:
    r = drill.solution
    if r.is_dealer or drill.params["by"] == "tsumo":
        return None
    return {} if _matches(verdict, _payments_if(drill, dealer=True)) else None


def _pay_no_honba(drill: Drill, verdict: Verdict) -> Fields | None:
    honba = drill.params["honba"]
    return {"n": honba} if honba and _matches(verdict, _payments_if(drill, honba=0)) else None


def _pay_tsumo_honba_300(drill: Drill, verdict: Verdict) -> Fields | None:
    honba = drill.params["honba"]
    if not honba or drill.params["by"] != "tsumo":
        return None
    expected = {k: v + 200 * honba for k, v in _payments_if(drill).items()}
    return {} if _matches(verdict, expected) else None


def _pay_tsumo_swapped(drill: Drill, verdict: Verdict) -> Fields | None:
    truth = drill.solution.payments.as_dict()
    if "dealer" not in truth or truth["dealer"] == truth["non_dealer"]:
        return None
    swapped = {"dealer": truth["non_dealer"], "non_dealer": truth["dealer"]}
    return {} if _matches(verdict, swapped) else None


def _pay_no_sticks(drill: Drill, verdict: Verdict) -> Fields | None:
    sticks = drill.params["riichi_sticks"]
    r = drill.solution
    if not sticks or _pay_answers(verdict).get("total") != r.total - 1000 * sticks:
        return None
    return {"n": sticks}


def _pay_not_rounded(drill: Drill, verdict: Verdict) -> Fields | None:
    r = drill.solution
    tsumo = drill.params["by"] == "tsumo"
    factor = {(False, False): 4, (True, False): 6}.get((r.is_dealer, tsumo))
    if factor is None or r.basic * factor % 100 == 0:
        return None
    raw = r.basic * factor + 300 * drill.params["honba"]
    return {"raw": raw} if _pay_answers(verdict).get("ron") == raw else None


_FU_STEPS = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)


def _pay_other_han_fu(drill: Drill, verdict: Verdict) -> Fields | None:
    """The answer is the payment of a neighbouring han/fu: the count went wrong earlier."""
    r = drill.solution
    if r.yakuman or r.limit is not Limit.NONE and r.limit is not Limit.MANGAN:
        return None
    # One slip at a time: the right fu with other han, then the right han with other fu.
    candidates = [(h, r.fu) for h in (r.han - 1, r.han + 1, r.han - 2, r.han + 2) if h > 0]
    candidates += [(r.han, f) for f in _FU_STEPS if f != r.fu]
    for han, fu in candidates:
        if _matches(verdict, _payments_if(drill, han=han, fu=fu)):
            return {"han": han, "fu": fu, "true_han": r.han, "true_fu": r.fu}
    return None


PAYMENT_RULES: tuple[Rule, ...] = (
    Rule(_pay_dealer_as_non_dealer, "Дилер получает в полтора раза больше: рон дилера — базовые "
         "очки × 6, а не × 4.", name="dealer-ron"),
    Rule(_pay_non_dealer_as_dealer, "Это выплата дилеру. Недилеру на рон платят базовые очки × 4, "
         "в полтора раза меньше.", name="non-dealer-ron"),
    Rule(_pay_no_honba, "Не забудьте хонбу ({n}): +300 очков за каждую; на цумо — по 100 с "
         "каждого из трёх.", name="honba"),
    Rule(_pay_tsumo_honba_300, "На цумо хонбу делят: каждый из трёх платит по 100 за хонбу, "
         "а не по 300.", name="tsumo-honba-100"),
    Rule(_pay_tsumo_swapped, "На цумо недилера дилер платит вдвое больше каждого из остальных.",
         name="tsumo-dealer-share"),
    Rule(_pay_no_sticks, "Палочки риичи со стола ({n}) забирает победитель: +1000 за каждую.",
         name="riichi-sticks"),
    Rule(_pay_not_rounded, "Выплату округляют вверх до сотни: {raw} — ещё не окончательный ответ.",
         name="payment-rounding"),
    Rule(_pay_other_han_fu, "Столько платят за руку в {han} хан и {fu} фу, а эта рука — "
         "{true_han} хан и {true_fu} фу: проверьте подсчёт хан и фу.", fallback=True,
         name="han-fu-recount"),
)


@register
class Payment(ScoringKind):
    name = "payment"
    diagnoses = PAYMENT_RULES
    title = "Посчитайте выплату"
    default_prompt = "Сколько очков заплатят за эту руку?"
    params = PAYMENT_PARAMS

    def prepare(self, params: Mapping[str, Any]) -> ScoreResult:
        return score_block(params)

    def situation(self, params: Mapping[str, Any]) -> WinSituation:
        return win_situation(params)

    def fields(self, drill: Drill) -> tuple[PayField, ...]:
        return pay_fields(drill.solution, drill.params["riichi_sticks"])

    def grade(self, drill: Drill, form: MultiDict[str, str]) -> Verdict:
        answers: dict[str, int] = {}
        for field in self.fields(drill):
            answers[field.name] = read_number(form, field.name, "число очков", MAX_POINTS, "3900")
        wrong = [f.name for f in self.fields(drill) if answers[f.name] != f.value]
        return Verdict(not wrong, {"answers": answers, "wrong": wrong})

    def payment_name(self, key: str) -> str:
        return messages.PAYMENT_NAMES.get(key, "всего победителю")

    def who(self, drill: Drill) -> str:
        return "дилер" if drill.solution.is_dealer else "недилер"

    def multiplier(self, drill: Drill) -> str:
        """How the base points turn into payments, in words."""
        result: ScoreResult = drill.solution
        tsumo = drill.params["by"] == "tsumo"
        return _MULTIPLIERS[(result.is_dealer, tsumo)]


_MULTIPLIERS: dict[tuple[bool, bool], str] = {
    (False, False): "Рон недилера: сбросивший платит базовые очки × 4",
    (True, False): "Рон дилера: сбросивший платит базовые очки × 6 — в полтора раза больше, "
    "чем недилеру",
    (False, True): "Цумо недилера: дилер платит базовые очки × 2, остальные — × 1",
    (True, True): "Цумо дилера: каждый из трёх платит базовые очки × 2",
}
