"""«Найдите ожидание»: pick every winning tile of a 13-tile hand on the palette.

Graded as an exact set. The feedback lists missed and wrongly picked tiles
and, for every winning tile, its wait shape(s) with the hand split in tiles.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from werkzeug.datastructures import MultiDict

from engine.shape.blocks import WaitKind
from engine.shape.waits import WaitsResult, find_waits
from engine.text.messages import KARATEN_ONLY, NOT_TENPAI, WAIT_NAMES
from engine.tiles import Tile, tile_name
from tutor.drills import register
from tutor.drills.base import (
    Detector,
    Drill,
    DrillError,
    DrillKind,
    Fields,
    Rule,
    Verdict,
    drill_hand,
    grade_tile_set,
    picked_tiles,
    ticked_codes,
)
from tutor.drills.explain import ReadingView, distinct_readings
from tutor.drills.params import WAITING_HAND_PARAMS
from tutor.tiles.render import tile_names

FIELD = "tiles"


# --- what a wrong answer most likely missed: the kind's diagnosis rows ---------

_WAIT_MISSED: dict[WaitKind, str] = {
    WaitKind.TANKI: "Похоже, вы пропустили ожидание танки: одиночный тайл ждёт себе пару "
    "({tiles}).",
    WaitKind.SHANPON: "Похоже, вы пропустили шанпон: две пары ждут, какая из них станет коцу "
    "({tiles}).",
    WaitKind.KANCHAN: "Похоже, вы пропустили канчан — тайл в середину шунцу ({tiles}).",
    WaitKind.PENCHAN: "Похоже, вы пропустили пенчан — край 1-2 или 8-9 ({tiles}).",
    WaitKind.RYANMEN: "Похоже, вы пропустили одну из сторон рянмена ({tiles}).",
}


def _first_shape(shapes: tuple[WaitKind, ...]) -> WaitKind | None:
    """The shape a missed tile is explained by: the least visible one, in table order."""
    return next((s for s in _WAIT_MISSED if s in shapes), None)


def _missed_shape(shape: WaitKind) -> Detector:
    # Each missed tile is named once, under its least visible shape (a tile that is
    # both tanki and ryanmen is explained as the tanki the learner overlooked).
    def detect(drill: Drill, verdict: Verdict) -> Fields | None:
        missed = set(verdict.details.get("missed") or ())
        tiles = [o.tile for o in drill.solution.options
                 if o.tile in missed and _first_shape(o.shapes) is shape]
        return {"tiles": ", ".join(tile_name(t) for t in tiles)} if tiles else None

    return detect


def _picked_karaten(drill: Drill, verdict: Verdict) -> Fields | None:
    wrong = set(verdict.details.get("wrong") or ())
    tiles = [t for t in drill.solution.karaten if t in wrong]
    return {"tiles": ", ".join(tile_name(t) for t in tiles)} if tiles else None


WAITS_RULES: tuple[Rule, ...] = (
    *(Rule(_missed_shape(shape), text, name=f"missed-{shape.name.lower()}")
      for shape, text in _WAIT_MISSED.items()),
    Rule(_picked_karaten, "Все четыре копии ({tiles}) уже у вас в руке: форма ждёт этот тайл, "
         "но выиграть на нём нельзя (каратен).", name="karaten"),
)


@register
class Waits(DrillKind):
    name = "waits"
    diagnoses = WAITS_RULES
    title = "Найдите ожидание"
    default_prompt = "Найдите все тайлы, которые завершат эту руку."
    params = WAITING_HAND_PARAMS

    def prepare(self, params: Mapping[str, Any]) -> WaitsResult:
        hand = drill_hand(params, 13)
        result = find_waits(hand)
        if not result.tenpai:
            if result.karaten:
                raise DrillError(KARATEN_ONLY.format(tiles=tile_names(result.karaten)), "hand")
            raise DrillError(NOT_TENPAI, "hand")
        return result

    def grade(self, drill: Drill, form: MultiDict[str, str]) -> Verdict:
        return grade_tile_set(picked_tiles(form), set(drill.solution.waits))

    def kept_answer(self, form: MultiDict[str, str] | None) -> list[str]:
        return ticked_codes(form)

    def view(self, params: Mapping[str, Any],
             solution: WaitsResult) -> list[tuple[Tile, list[str], list[ReadingView]]]:
        """For each winning tile: its shapes (Russian) and the distinct splits of the hand."""
        return [
            (o.tile, [WAIT_NAMES[s.value] for s in o.shapes], distinct_readings(o.arrangements))
            for o in solution.options
        ]
