"""«Найдите дору»: the learner picks, on the palette, the dora of the shown indicators.

Graded as an exact set. The feedback walks each indicator to its dora with
the rule that applies: suits go 1→…→9→1, winds East→South→West→North→East,
dragons haku→hatsu→chun→haku.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from werkzeug.datastructures import MultiDict

from engine.tiles import Tile, dora_from_indicator, tile_name
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
    grade_tile_set,
    picked_tiles,
    ticked_codes,
)

# Russian rule per group of indicator; chosen by the indicator's kind.
DORA_RULES: dict[str, str] = {
    "suit": "в масти дора — следующий по номиналу тайл той же масти",
    "nine": "после девятки масть идёт по кругу: дора — единица той же масти",
    "wind": "ветра идут по кругу: Восток → Юг → Запад → Север → Восток",
    "dragon": "драконы идут по кругу: белый (хаку) → зелёный (хацу) → красный (чун) → белый",
}


def rule_key(indicator: Tile) -> str:
    if indicator >= 31:
        return "dragon"
    if indicator >= 27:
        return "wind"
    return "nine" if indicator % 9 == 8 else "suit"


def indicators(value: Any) -> tuple[Tile, ...]:
    """One to five indicator tiles (one, plus one per kan)."""
    tiles = p.tile_list(value)
    if not 1 <= len(tiles) <= 5:
        raise ValueError("Индикаторов доры бывает от одного до пяти.")
    return tiles


@dataclass(frozen=True)
class DoraStep:
    """One indicator → its dora: the first indicator is the dora's, each next one a kan's."""

    indicator: Tile
    dora: Tile
    rule: str
    label: str = "индикатор доры"


INDICATOR_LABELS = ("индикатор доры", "индикатор кандоры")


# --- what a wrong answer most likely missed: the kind's diagnosis rows ---------

def _previous(tile: int) -> int:
    return next(t for t in range(34) if dora_from_indicator(t) == tile)


def _dora_picked(which: Callable[[int], int]) -> Detector:
    def detect(drill: Drill, verdict: Verdict) -> Fields | None:
        wrong = set(verdict.details.get("wrong") or ())
        hits = [s.indicator for s in drill.solution if which(s.indicator) in wrong]
        return {"tile": tile_name(hits[0])} if hits else None

    return detect


def _dora_group(low: int, high: int) -> Detector:
    def detect(drill: Drill, verdict: Verdict) -> Fields | None:
        missed = set(verdict.details.get("missed") or ())
        hit = any(low <= s.dora < high and s.dora in missed for s in drill.solution)
        return {} if hit else None

    return detect


def _dora_nine(drill: Drill, verdict: Verdict) -> Fields | None:
    missed = set(verdict.details.get("missed") or ())
    return {} if any(s.indicator < 27 and s.indicator % 9 == 8 and s.dora in missed
                     for s in drill.solution) else None


DORA_MISTAKES: tuple[Rule, ...] = (
    Rule(_dora_picked(lambda t: t), "Сам индикатор ({tile}) дорой не бывает: дора — следующий "
         "за ним тайл.", name="indicator-itself"),
    Rule(_dora_picked(_previous), "Индикатор указывает на следующий тайл, а не на предыдущий.",
         name="indicator-previous"),
    Rule(_dora_nine, "После девятки масть идёт по кругу: индикатор 9 — дора 1 той же масти.",
         name="nine-wraps"),
    Rule(_dora_group(27, 31), "Ветра идут по кругу: Восток → Юг → Запад → Север → Восток.",
         name="winds-cycle"),
    Rule(_dora_group(31, 34), "Драконы идут по кругу: белый → зелёный → красный → белый.",
         name="dragons-cycle"),
)


@register
class Dora(DrillKind):
    name = "dora"
    diagnoses = DORA_MISTAKES
    title = "Найдите дору"
    default_prompt = "Какие тайлы — дора при этих индикаторах?"
    params = (Param("indicators", indicators, help="один или несколько тайлов: 9m7z"),)

    def prepare(self, params: Mapping[str, Any]) -> tuple[DoraStep, ...]:
        return tuple(
            DoraStep(t, dora_from_indicator(t), DORA_RULES[rule_key(t)],
                     INDICATOR_LABELS[min(number, 1)])
            for number, t in enumerate(params["indicators"])
        )

    def answer(self, drill: Drill) -> frozenset[Tile]:
        return frozenset(step.dora for step in drill.solution)

    def grade(self, drill: Drill, form: MultiDict[str, str]) -> Verdict:
        picked = picked_tiles(form)
        if not picked:
            raise BadAnswer("Отметьте на палитре хотя бы один тайл.")
        return grade_tile_set(picked, set(self.answer(drill)))

    def kept_answer(self, form: MultiDict[str, str] | None) -> list[str]:
        return ticked_codes(form)
