"""«Посчитайте выплату»: the learner enters what each player pays for a win.

The fields follow how the hand was won: one payment on a ron (from the
discarder), two on a non-dealer's tsumo (the dealer, each other player), one
on the dealer's tsumo (each of the three). Honba are included in every
payment; with riichi sticks on the table the learner also enters the winner's
total. The feedback shows han, fu, basic points and the arithmetic.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from werkzeug.datastructures import MultiDict

from engine.scoring.score import ScoreResult
from engine.text import messages
from tutor.drills import register
from tutor.drills.base import Drill, Param, Verdict
from tutor.drills.han import HAN_PARAMS, Han, read_number

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


@register
class Payment(Han):
    name = "payment"
    title = "Посчитайте выплату"
    default_prompt = "Сколько очков заплатят за эту руку?"
    params = PAYMENT_PARAMS

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
