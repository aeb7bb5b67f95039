"""What the four whole-game drills share: seats, parameters, signed answers, rule notes.

The kinds «Расчёт после ничьей» (``draw``), «Кто выиграл и сколько»
(``multi_ron``), «Следующая раздача» (``next_hand``) and «Итог партии»
(``final``) all ask about four players at once. Their blocks use the notation
of ``python -m engine batch`` (seat winds ``E S W N``, E the dealer; a hand's
value as ``{seat: S, han: 3, fu: 30}`` or ``{seat: S, yakuman: 1}``), so a
lesson, a practice problem and the batch contract read alike; the parsing
itself is :mod:`engine.batch.game`'s.

Every answer here is a number of points with a sign (a payment is negative),
so :func:`read_signed` accepts «-1500», «−1500» and «+1500». Every rule an
explanation relies on is named with the rule set and its source through
:func:`rule_note`, which reads :mod:`engine.rules.table` — the same rows as
``/rules``, so a drill never cites differently from the rules page.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from werkzeug.datastructures import MultiDict

from engine.errors import HandError
from engine.plural import count_word
from engine.rules.sets import Ruleset, get_ruleset
from engine.rules.table import RuleRow, game_rule_rows, rule_rows
from engine.table.outcome import SEAT_NAMES, basic_of, seat, seats
from engine.text import messages
from tutor.drills.base import BadAnswer, Drill, DrillError, DrillKind, Verdict

SEATS: tuple[str, ...] = SEAT_NAMES  # E S W N: this hand's seat winds, E the dealer
SEAT_WORDS: dict[str, str] = {"E": "Восток", "S": "Юг", "W": "Запад", "N": "Север"}
# «платит Востоку»: the dative after «платит».
SEAT_TO: dict[str, str] = {"E": "Востоку", "S": "Югу", "W": "Западу", "N": "Северу"}
# «у Запада»: the genitive.
SEAT_OF: dict[str, str] = {"E": "Востока", "S": "Юга", "W": "Запада", "N": "Севера"}
MAX_POINTS = 500_000
_DIGITS = re.compile(r"[0-9]+")  # ASCII only: str.isdigit() accepts «²», which int() refuses
MAX_COUNT = 20
YES_NO = ("yes", "no")


def seat_word(code: str, dealer: bool = True) -> str:
    """«Восток (дилер)» for E, else the wind's name."""
    return f"{SEAT_WORDS[code]} (дилер)" if dealer and code == "E" else SEAT_WORDS[code]


def points_text(n: int) -> str:
    """A signed amount as the feedback writes it: «+1500», «−1000», «0»."""
    if n > 0:
        return f"+{n}"
    return f"−{-n}" if n < 0 else "0"


# --- parameters ------------------------------------------------------------------


def seat_param(value: Any) -> str:
    """One seat wind: ``E``, ``S``, ``W`` or ``N``."""
    if value in SEATS:
        return str(value)
    raise ValueError(f"Место записывается ветром E, S, W или N, а не «{value}».")


def seat_list(value: Any) -> tuple[str, ...]:
    """A list of different seat winds, possibly empty: ``[E, W]`` or ``[]``."""
    if not isinstance(value, list):
        raise ValueError("Места записываются списком ветров, например [E, W] (или [] — никто).")
    try:
        return tuple(SEATS[i] for i in seats(value, "места"))
    except HandError:
        raise ValueError(
            "Места — ветра E, S, W, N, каждый не больше одного раза, например [E, W]."
        ) from None


def stick_count(value: Any) -> int:
    """Honba or riichi sticks on the table: 0–20."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_COUNT:
        return value
    raise ValueError(f"Здесь нужно целое число от 0 до {MAX_COUNT}, а не «{value}».")


def score_map(value: Any) -> tuple[int, int, int, int]:
    """Four scores ``{E: 25000, S: 25000, W: 25000, N: 25000}``, whole hundreds."""
    if not isinstance(value, dict) or set(value) != set(SEATS):
        raise ValueError("Очки записываются для всех четырёх мест: {E: 25000, S: 25000, "
                         "W: 25000, N: 25000}.")
    got = [value[s] for s in SEATS]
    if any(not isinstance(v, int) or isinstance(v, bool) or abs(v) > MAX_POINTS or v % 100
           for v in got):
        raise ValueError(f"Очки — целые числа, кратные 100, не больше {MAX_POINTS} по модулю.")
    return (got[0], got[1], got[2], got[3])


def deduction_map(value: Any) -> tuple[int, int, int, int]:
    """Chombo deductions by seat, any of them: ``{W: 20000}``."""
    if value is None:
        return (0, 0, 0, 0)
    if not isinstance(value, dict) or not set(value) <= set(SEATS):
        raise ValueError("Вычеты записываются по местам, например {W: 20000}.")
    got = [value.get(s, 0) for s in SEATS]
    if any(not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= MAX_POINTS or v % 100
           for v in got):
        raise ValueError("Вычет — целое неотрицательное число очков, кратное 100.")
    return (got[0], got[1], got[2], got[3])


UNBALANCED = ("Очки не сходятся: вместе с палочками риичи на столе их должно быть "
              "{total} (4 × {start} по этим правилам), а указано {got}.")


def check_balance(scores: tuple[int, ...], sticks: int, rules: str) -> None:
    """The points on the table are the four starting scores: a lesson cannot invent points."""
    start = get_ruleset(rules).starting_points
    got = sum(scores) + 1000 * sticks
    if got != 4 * start:
        raise DrillError(UNBALANCED.format(total=4 * start, start=start, got=got), "scores")


def hand_value(value: Any) -> dict[str, Any]:
    """One claimant ``{seat: S, han: 3, fu: 30}`` or ``{seat: S, yakuman: 1}``, checked."""
    if not isinstance(value, dict):
        raise ValueError("Победитель записывается так: {seat: S, han: 3, fu: 30} "
                         "или {seat: S, yakuman: 1}.")
    try:
        seat(value.get("seat"), "seat")
        basic_of(value, get_ruleset("online"))
    except HandError as exc:
        raise ValueError(str(exc)) from None
    return dict(value)


def claim_list(value: Any) -> tuple[dict[str, Any], ...]:
    """1–3 claimants, each :func:`hand_value`, every seat once."""
    if not isinstance(value, list) or not 1 <= len(value) <= 3:
        raise ValueError("Победителей — от одного до трёх, списком: "
                         "[{seat: S, han: 3, fu: 30}, {seat: N, yakuman: 1}].")
    items = tuple(hand_value(v) for v in value)
    if len({v["seat"] for v in items}) != len(items):
        raise ValueError("Одно и то же место указано среди победителей дважды.")
    return items


def worth_text(claim: Mapping[str, Any], rules: Ruleset) -> str:
    """«3 хан 30 фу (базовые 960)», «якуман (базовые 8000)»."""
    basic = basic_of(dict(claim), rules)
    if "yakuman" in claim:
        n = claim["yakuman"]
        worth = "якуман" if n == 1 else f"{n}-кратный якуман"
        if basic < 8000 * n:  # yakuman never combine (003, EMA 2016)
            worth += " — якуманы по этим правилам не складываются"
    else:
        worth = f"{claim['han']} хан {claim['fu']} фу"
    return f"{worth} (базовые очки {basic})"


# --- answers ------------------------------------------------------------------------


def read_signed(form: MultiDict[str, str], field: str, label: str) -> int:
    """A whole number of points with an optional sign, or :class:`BadAnswer`."""
    raw = form.get(field, "")
    value = raw.strip().replace(" ", "").replace("\u00a0", "").replace("−", "-")
    if not value:
        raise BadAnswer(f"Заполните поле «{label}»: число очков, например −1500 или 3000.")
    digits = value[1:] if value[:1] in "+-" else value
    if not _DIGITS.fullmatch(digits) or len(digits) > 6 or int(digits) > MAX_POINTS:
        raise BadAnswer(f"В поле «{label}» нужно целое число очков со знаком, например −1500.")
    return -int(digits) if value[0] == "-" else int(digits)


def read_count(form: MultiDict[str, str], field: str, label: str, upper: int = 99) -> int:
    """A small non-negative whole number (honba, sticks, a place), or :class:`BadAnswer`."""
    value = form.get(field, "").strip()
    if not value:
        raise BadAnswer(f"Заполните поле «{label}».")
    if not _DIGITS.fullmatch(value) or len(value) > 2 or int(value) > upper:
        raise BadAnswer(f"В поле «{label}» нужно целое число от 0 до {upper}.")
    return int(value)


def read_choice(form: MultiDict[str, str], field: str, allowed: tuple[str, ...],
                label: str) -> str:
    """One of ``allowed`` from a radio group, or :class:`BadAnswer`."""
    value = form.get(field, "")
    if not value:
        raise BadAnswer(f"Выберите ответ: «{label}».")
    if value not in allowed:
        raise BadAnswer("Такого варианта ответа нет.")
    return value


def read_seats(form: MultiDict[str, str], field: str, allowed: tuple[str, ...]) -> frozenset[str]:
    """The ticked seats of a checkbox group; an unknown or repeated one is forged."""
    values = form.getlist(field)
    if len(values) > len(allowed) or any(v not in allowed for v in values):
        raise BadAnswer("Такого игрока среди вариантов нет.")
    return frozenset(values)


def read_payments(form: MultiDict[str, str]) -> dict[str, int]:
    """The four signed changes ``pay-E`` … ``pay-N``."""
    return {s: read_signed(form, f"pay-{s}", f"{SEAT_WORDS[s]}: изменение очков")
            for s in SEATS}


def by_seat(values: tuple[int, ...]) -> dict[str, int]:
    return dict(zip(SEATS, values, strict=True))


# --- rule notes ------------------------------------------------------------------------


@dataclass(frozen=True)
class RuleNote:
    """A rule an explanation relies on: its label, this rule set's value, where it comes from."""

    label: str
    rules: str  # «по правилам EMA»
    value: str
    citation: str  # «[000]», «не из исходных документов: …» or «в документах нет — наш выбор»


@cache
def _rows() -> dict[str, RuleRow]:
    return {row.field: row for row in (*rule_rows(), *game_rule_rows())}


def rule_note(field: str, rules: str) -> RuleNote:
    """The note for one row of ``/rules`` (a :class:`~engine.rules.sets.Ruleset` or game field)."""
    row = _rows()[field]
    return RuleNote(row.label, messages.RULESET_BY[rules], row.values[rules], row.citation(rules))


def honba_word(n: int) -> str:
    return count_word(n, "хонба", "хонбы", "хонб")


def sticks_word(n: int) -> str:
    return count_word(n, "палочка риичи", "палочки риичи", "палочек риичи")


@dataclass(frozen=True)
class SeatLine:
    """One player's row of the itemised table."""

    code: str
    name: str
    value: int  # the engine's answer for this player

    @property
    def text(self) -> str:
        return points_text(self.value)


def seat_lines(values: tuple[int, ...]) -> tuple[SeatLine, ...]:
    return tuple(SeatLine(s, seat_word(s), v) for s, v in zip(SEATS, values, strict=True))


def transfers(payments: tuple[int, ...]) -> list[str]:
    """Who pays whom, as sentences, when one player receives (or one pays) everything."""
    gain = [s for s, v in zip(SEATS, payments, strict=True) if v > 0]
    loss = [s for s, v in zip(SEATS, payments, strict=True) if v < 0]
    if len(gain) == 1:
        to = SEAT_TO[gain[0]]
        return [f"{SEAT_WORDS[s]} платит {to} {-payments[SEATS.index(s)]}" for s in loss]
    if len(loss) == 1:
        who = SEAT_WORDS[loss[0]]
        return [f"{who} платит {SEAT_TO[s]} {payments[SEATS.index(s)]}" for s in gain]
    return []


class GameKind(DrillKind):
    """Helpers the four kinds' templates call (seat names, counts, the rule set's name)."""

    def seats(self) -> tuple[tuple[str, str], ...]:
        return tuple((s, seat_word(s)) for s in SEATS)

    def seat_name(self, code: str) -> str:
        return seat_word(code)

    def honba_word(self, n: int) -> str:
        return honba_word(n)

    def sticks_word(self, n: int) -> str:
        return sticks_word(n)

    def rules_name(self, drill: Drill) -> str:
        return messages.RULESET_NAMES[drill.params["rules"]]


__all__ = [
    "GameKind",
    "RuleNote",
    "SEATS",
    "SEAT_WORDS",
    "claim_list",
    "read_payments",
    "read_signed",
    "rule_note",
    "score_map",
    "seat_list",
    "seat_param",
    "stick_count",
]


# --- what the game kinds' diagnosis rows read from a verdict ------------------------

def answered(verdict: Verdict) -> dict[str, Any]:
    """The learner's numbers and choices, by field."""
    return dict(verdict.details["answers"])


def wrong_fields(verdict: Verdict) -> set[str]:
    """The fields the learner got wrong."""
    return set(verdict.details["wrong"])


HONBA_RESET = ("при ничьей хонба не сбрасывается: она растёт на 1, даже если дилер уходит. "
               "Сбрасывает её только победа недилера.")


def honba_reset(drill: Drill, verdict: Verdict) -> Mapping[str, Any] | None:
    """A draw answered with the honba back at 0 (a row of draw and next_hand)."""
    a = answered(verdict)
    return {} if a["honba"] == 0 and "honba" in wrong_fields(verdict) else None
