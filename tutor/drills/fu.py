"""«Посчитайте фу»: the learner enters the fu of a winning hand.

Feedback: the engine's itemised fu (reason and block per line), the sum
before rounding, the rounding, and the decomposition the score used.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from werkzeug.datastructures import MultiDict

from engine.errors import HandError
from engine.hand import Hand, parse_hand
from engine.rules.sets import Ruleset, get_ruleset
from engine.scoring.fu import FuReason
from engine.scoring.score import ScoreResult, WinSituation, score_hand, score_readings
from engine.text import messages
from engine.tiles import EAST, tile_name
from tutor.drills import params as p
from tutor.drills import register
from tutor.drills.base import BadAnswer, Drill, DrillKind, Param, Verdict, drill_hand
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
    names: Mapping[str, str] = messages.FU_REASONS
    return [
        FuLine(
            item.fu,
            names.get(item.reason.value, item.reason.value),
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
    (:func:`engine.scoring.score.score_hand` picks it; here the learner sees the others).
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


@register
class Fu(DrillKind):
    name = "fu"
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
            return [messages.FU_NOTE_RINSHAN_NO_TSUMO.format(rules=messages.RULESET_BY[rules.name])]
        return []

    def reading(self, drill: Drill) -> ReadingView:
        return reading(drill.solution.arrangement)
