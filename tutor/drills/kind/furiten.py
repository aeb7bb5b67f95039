"""«Фуритен или нет?»: may the player call ron on this tile, and if not, why.

A «можно» is never a chombo: ron is allowed only when every condition holds —
the tile completes the hand, the player is not furiten, and the hand has a
yaku on that tile by the scorer under the drill's rule set (seat and round
winds and riichi as the block gives them). The solution explains each
condition that fails. A drill whose hand would be a «можно» but has no yaku
is refused (the content check prints it with file and line): a furiten
lesson must not teach a win that is a chombo.

The learner answers yes/no and, when it is furiten, ticks which kinds apply.
Correct means the right yes/no and, for furiten, exactly the engine's kinds.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from werkzeug.datastructures import MultiDict

from engine.hand import Hand
from engine.scoring.score import NoYakuError, WinSituation, score_hand
from engine.shape.furiten import FuritenKind, FuritenResult, can_ron, check_furiten
from engine.text.messages import FURITEN_NAMES, NOT_TENPAI, RULESET_BY, YAKU_NAMES
from engine.tiles import EAST, Tile, tile_name
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
from tutor.drills.params import WAITING_HAND_PARAMS, drill_rules

ANSWERS = {"yes": True, "no": False}
KIND_CHOICES: tuple[tuple[str, str], ...] = tuple(
    (k.value, FURITEN_NAMES[k.value]) for k in FuritenKind
)


FURITEN_NO_YAKU = (
    "Рука без яку: рон на {tile} был бы чомбо, а упражнение ответило бы «можно». "
    "Дайте руке яку на этом тайле или объявите риичи (riichi: true)."
)


@dataclass(frozen=True)
class FuritenSolution:
    hand: Hand
    result: FuritenResult
    tile: Tile
    yaku: tuple[str, ...] = ()  # Russian names of the yaku of the ron (none: no win)
    rules_by: str = ""  # «по онлайн-правилам»: the rule set the yaku are counted by

    @property
    def not_furiten(self) -> bool:
        return can_ron(self.result, self.tile)

    @property
    def has_yaku(self) -> bool:
        return bool(self.yaku)

    @property
    def can_ron(self) -> bool:
        return self.not_furiten and self.has_yaku

    @property
    def kinds(self) -> frozenset[str]:
        return frozenset(k.value for k in self.result.kinds)


def ron_yaku(hand: Hand, params: Mapping[str, Any]) -> tuple[str, ...]:
    """The yaku of a ron on ``params["tile"]`` by the scorer, under the drill's rule set."""
    situation = WinSituation(tsumo=False, riichi=params["riichi"], seat_wind=params["seat"],
                             round_wind=params["round"])
    try:
        result = score_hand(hand.with_tile(params["tile"]), params["tile"], situation,
                            drill_rules(params))
    except NoYakuError:
        return ()
    return tuple(YAKU_NAMES.get(y.id, y.id) for y in result.yaku)


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
        Param("seat", p.wind, EAST, help="ветер места (для якухай)"),
        Param("round", p.wind, EAST, help="ветер раунда (для якухай)"),
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
        yaku = ron_yaku(hand, params)
        if not yaku and can_ron(result, params["tile"]):
            raise DrillError(FURITEN_NO_YAKU.format(tile=tile_name(params["tile"])), "hand")
        return FuritenSolution(hand, result, params["tile"], yaku, RULESET_BY[params["rules"]])

    def grade(self, drill: Drill, form: MultiDict[str, str]) -> Verdict:
        answer = form.get("ron", "")
        # A «no» for want of yaku alone (no furiten) names no kinds.
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
