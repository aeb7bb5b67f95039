"""«Фуритен или нет?»: may the player call ron on this tile, and if not, why.

The learner answers yes/no and, when it is furiten, ticks which kinds apply.
Correct means the right yes/no and, for furiten, exactly the engine's kinds.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from werkzeug.datastructures import MultiDict

from engine.hand import Hand
from engine.shape.furiten import FuritenKind, FuritenResult, can_ron, check_furiten
from engine.text.messages import FURITEN_NAMES, NOT_TENPAI
from engine.tiles import Tile, tile_name
from tutor.drills import params as p
from tutor.drills import register
from tutor.drills.base import (
    BadAnswer,
    Detector,
    Drill,
    DrillError,
    DrillKind,
    Fields,
    Param,
    Rule,
    Verdict,
    drill_hand,
)
from tutor.drills.params import WAITING_HAND_PARAMS

ANSWERS = {"yes": True, "no": False}
KIND_CHOICES: tuple[tuple[str, str], ...] = tuple(
    (k.value, FURITEN_NAMES[k.value]) for k in FuritenKind
)


@dataclass(frozen=True)
class FuritenSolution:
    hand: Hand
    result: FuritenResult
    tile: Tile

    @property
    def can_ron(self) -> bool:
        return can_ron(self.result, self.tile)

    @property
    def kinds(self) -> frozenset[str]:
        return frozenset(k.value for k in self.result.kinds)


# --- what a wrong answer most likely missed: the kind's diagnosis rows ---------

def _furiten_missed(kind_value: str) -> Detector:
    """The learner allowed a ron that this furiten kind forbids."""

    def detect(drill: Drill, verdict: Verdict) -> Fields | None:
        sol = drill.solution
        if not verdict.details.get("said_yes") or sol.can_ron:
            return None
        for reason in sol.result.reasons:
            if reason.kind.value == kind_value:
                return {"tiles": ", ".join(tile_name(t) for t in reason.tiles)}
        return None

    return detect


def _furiten_imagined(drill: Drill, verdict: Verdict) -> Fields | None:
    sol = drill.solution
    return {} if sol.can_ron and verdict.details.get("said_yes") is False else None


FURITEN_RULES: tuple[Rule, ...] = (
    Rule(_furiten_missed("discard"), "В вашем собственном сбросе есть тайл ожидания ({tiles}): "
         "это постоянный фуритен, рон запрещён на все тайлы ожидания.", name="furiten-discard"),
    Rule(_furiten_missed("temporary"), "Вы пропустили тайл ожидания ({tiles}) после своего "
         "последнего набора: до следующего набора рон запрещён.", name="furiten-temporary"),
    Rule(_furiten_missed("riichi"), "В риичи пропущенный тайл ожидания ({tiles}) запрещает рон "
         "до конца раздачи.", name="furiten-riichi"),
    Rule(_furiten_imagined, "Фуритен бывает только из-за тайлов вашего ожидания: их нет ни в "
         "вашем сбросе, ни среди пропущенных — рон можно.", name="furiten-imagined"),
)


@register
class Furiten(DrillKind):
    name = "furiten"
    diagnoses = FURITEN_RULES
    title = "Фуритен или нет?"
    default_prompt = "Можно ли объявить рон на {tile_name}?"
    params = (
        *WAITING_HAND_PARAMS,
        Param("discards", p.tile_list, (), help="ваш собственный дискард"),
        Param("missed", p.tile_list, (), help="тайлы, пропущенные после вашего последнего хода"),
        Param("riichi", p.boolean, False),
        Param("missed_since_riichi", p.tile_list, ()),
        Param("tile", p.tile, help="тайл, о котором спрашивают"),
    )

    def prompt_fields(self, params: Mapping[str, Any]) -> Mapping[str, Any]:
        return {**params, "tile_name": tile_name(params["tile"])}

    def prepare(self, params: Mapping[str, Any]) -> FuritenSolution:
        hand = drill_hand(params, 13)
        result = check_furiten(
            hand,
            discards=params["discards"],
            missed=params["missed"],
            riichi=params["riichi"],
            missed_since_riichi=params["missed_since_riichi"],
        )
        if not result.tenpai:
            raise DrillError(NOT_TENPAI, "hand")
        if params["tile"] not in result.waits:
            raise DrillError(
                f"{tile_name(params['tile'])} не завершает эту руку: спрашивайте о тайле ожидания.",
                "tile",
            )
        return FuritenSolution(hand, result, params["tile"])

    def grade(self, drill: Drill, form: MultiDict[str, str]) -> Verdict:
        answer = form.get("ron", "")
        if answer not in ANSWERS:
            raise BadAnswer("Ответьте «да» или «нет».")
        kinds = form.getlist("kinds")
        if len(kinds) > len(KIND_CHOICES) or any(k not in dict(KIND_CHOICES) for k in kinds):
            raise BadAnswer("Неизвестный вид фуритена.")
        solution: FuritenSolution = drill.solution
        said_yes = ANSWERS[answer]
        chosen = frozenset(kinds)
        correct = said_yes == solution.can_ron and (said_yes or chosen == solution.kinds)
        return Verdict(correct, {"said_yes": said_yes, "kinds": sorted(chosen)})

    def kind_choices(self) -> tuple[tuple[str, str], ...]:
        return KIND_CHOICES
