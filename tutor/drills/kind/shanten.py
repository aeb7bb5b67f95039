"""«Сколько до темпая»: the learner enters the shanten number of a 13-tile hand.

0 is tenpai; the feedback gives the number for each form (four sets and a
pair, chiitoitsu, kokushimusou), which form is closest and the tiles that
would bring the hand closer (ukeire) with how many copies remain.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from werkzeug.datastructures import MultiDict

from engine.hand import Hand
from engine.plural import tiles_word
from engine.shape.blocks import Form
from engine.shape.shanten import (
    Improvement,
    ShantenResult,
    describe_shanten,
    improving_tiles,
    shanten,
)
from engine.text.messages import FORM_NAMES, SHANTEN_EXPLANATION, SHANTEN_FORM_IMPOSSIBLE
from tutor.drills import register
from tutor.drills.base import (
    Detector,
    Drill,
    DrillKind,
    Fields,
    Rule,
    Verdict,
    drill_hand,
    read_number,
)
from tutor.drills.params import WAITING_HAND_PARAMS

MAX_SHANTEN = 8  # no 13-tile hand is further than 6 from tenpai; 8 leaves room for a guess


@dataclass(frozen=True)
class ShantenSolution:
    """The hand, its shanten per form and the tiles that improve it."""

    hand: Hand
    result: ShantenResult
    improving: tuple[Improvement, ...]

    @property
    def value(self) -> int:
        return self.result.minimum


@dataclass(frozen=True)
class FormLine:
    name: str
    text: str
    best: bool


# --- what a wrong answer most likely missed: the kind's diagnosis rows ---------

def _shanten_form(form: str) -> Detector:
    """The learner counted only the standard form while another form is closer."""

    def detect(drill: Drill, verdict: Verdict) -> Fields | None:
        result = drill.solution.result
        other = getattr(result, form)
        answer = verdict.details.get("shanten")
        if other is not None and other < result.standard and answer == result.standard:
            return {}
        return None

    return detect


def _shanten_to_win(drill: Drill, verdict: Verdict) -> Fields | None:
    return {} if verdict.details.get("shanten") == drill.solution.value + 1 else None


SHANTEN_RULES: tuple[Rule, ...] = (
    Rule(_shanten_form("chiitoitsu"), "Вспомните про чиитойцу: по семи парам эта рука ближе "
         "к темпаю, а шантен — наименьшее из трёх форм.", name="chiitoitsu-form"),
    Rule(_shanten_form("kokushi"), "Вспомните про кокушимусо: по терминалам и благородным "
         "тайлам эта рука ближе к темпаю.", name="kokushi-form"),
    Rule(_shanten_to_win, "Похоже, вы посчитали, сколько тайлов не хватает до победы. Шантен "
         "считают до темпая: 0 — уже темпай.", name="to-tenpai-not-win"),
)


@register
class Shanten(DrillKind):
    name = "shanten"
    diagnoses = SHANTEN_RULES
    title = "Сколько до темпая"
    default_prompt = "Сколько тайлов этой руке нужно заменить, чтобы выйти в темпай (шантен)?"
    params = WAITING_HAND_PARAMS

    def prepare(self, params: Mapping[str, Any]) -> ShantenSolution:
        hand = drill_hand(params, 13)
        return ShantenSolution(hand, shanten(hand), improving_tiles(hand))

    def grade(self, drill: Drill, form: MultiDict[str, str]) -> Verdict:
        value = read_number(form, "shanten", "число (0 — темпай)", MAX_SHANTEN, "1")
        return Verdict(value == drill.solution.value, {"shanten": value})

    def describe(self, n: int) -> str:
        return describe_shanten(n)

    def form_lines(self, drill: Drill) -> list[FormLine]:
        """Shanten of each form, the closest ones marked."""
        result: ShantenResult = drill.solution.result
        pairs = ((Form.STANDARD, result.standard), (Form.CHIITOITSU, result.chiitoitsu),
                 (Form.KOKUSHI, result.kokushi))
        return [
            FormLine(FORM_NAMES[form.value],
                     SHANTEN_FORM_IMPOSSIBLE if n is None else describe_shanten(n),
                     n == result.minimum)
            for form, n in pairs
        ]

    def improving(self, drill: Drill) -> list[int]:
        return [i.tile for i in drill.solution.improving]

    def improving_count(self, drill: Drill) -> str:
        return tiles_word(sum(i.remaining for i in drill.solution.improving))

    def explanation(self) -> str:
        return SHANTEN_EXPLANATION
