"""«Найдите ожидание»: pick every winning tile of a 13-tile hand on the palette.

Graded as an exact set. The feedback lists missed and wrongly picked tiles
and, for every winning tile, its wait shape(s) with the hand split in tiles.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from werkzeug.datastructures import MultiDict

from engine.errors import HandError
from engine.shape.waits import WaitsResult, find_waits
from engine.text.messages import KARATEN_ONLY, NOT_TENPAI, WAIT_NAMES
from engine.tiles import Tile, parse_tile, tile_code
from tutor.drills import params as p
from tutor.drills import register
from tutor.drills.base import BadAnswer, Drill, DrillError, DrillKind, Param, Verdict, drill_hand
from tutor.drills.explain import ReadingView, distinct_readings, tile_names

FIELD = "tiles"


def picked_tiles(form: MultiDict[str, str], field: str = FIELD) -> frozenset[Tile]:
    """The tiles ticked on the palette; forged values are a :class:`BadAnswer`."""
    values = form.getlist(field)
    if len(values) > 34:
        raise BadAnswer("Слишком много тайлов: на палитре их всего 34.")
    picked: set[Tile] = set()
    for value in values:
        try:
            picked.add(parse_tile(value[:8]).kinds[0])
        except HandError:
            raise BadAnswer(f"Неизвестный тайл «{value[:8]}».") from None
    return frozenset(picked)


# The waiting (13-tile) hand of the waits, shanten and furiten drills.
WAITING_HAND_PARAMS: tuple[Param, ...] = (
    Param("hand", p.tiles_text, help="13 − 3·(число сетов) тайлов в нотации mpsz"),
    Param("melds", p.melds, (), help="объявленные сеты: [pon 555z, chi 123p]"),
)


def grade_tile_set(picked: frozenset[Tile], truth: set[Tile]) -> Verdict:
    """Exact-set grading of a palette answer, with the missed and wrongly picked tiles."""
    missed, wrong = sorted(truth - picked), sorted(picked - truth)
    return Verdict(not missed and not wrong,
                   {"picked": sorted(picked), "missed": missed, "wrong": wrong})


def ticked_codes(form: MultiDict[str, str] | None) -> list[str]:
    """Tile codes to keep ticked when the page is re-rendered without JS."""
    if not form:
        return []
    try:
        return [tile_code(t) for t in sorted(picked_tiles(form))]
    except BadAnswer:
        return []


@register
class Waits(DrillKind):
    name = "waits"
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

    def selected(self, form: MultiDict[str, str] | None) -> list[str]:
        return ticked_codes(form)

    def options(self, drill: Drill) -> list[tuple[Tile, list[str], list[ReadingView]]]:
        """For each winning tile: its shapes (Russian) and the distinct splits of the hand."""
        return [
            (o.tile, [WAIT_NAMES[s.value] for s in o.shapes], distinct_readings(o.arrangements))
            for o in drill.solution.options
        ]
