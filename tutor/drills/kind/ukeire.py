"""«Сколько тайлов улучшат руку?»: the learner counts the ukeire of a 13-tile hand.

The answer is :func:`engine.shape.ukeire.ukeire` with the tiles on the table taken
out: copies in the hand, in its melds and among ``visible`` (every pond, the
dora indicator) can no longer be drawn. The feedback draws each improving
kind with the copies left of it, and the copies already gone, so a wrong
count is explained tile by tile.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from werkzeug.datastructures import MultiDict

from engine.errors import HandError
from engine.hand import Hand
from engine.plural import count_word
from engine.shape.blocks import Form
from engine.shape.shanten import describe_shanten, improving_tiles, shanten
from engine.shape.ukeire import Ukeire as Improvements
from engine.shape.ukeire import ukeire
from engine.shape.waits import wait_tiles
from engine.text.messages import UKEIRE_EXPLANATION
from engine.tiles import Tile, parse_tiles
from tutor.drills import params as p
from tutor.drills import register
from tutor.drills.base import (
    Drill,
    DrillError,
    DrillKind,
    Fields,
    Param,
    Rule,
    Verdict,
    drill_hand,
    read_number,
)
from tutor.drills.params import WAITING_HAND_PARAMS

FIELD = "count"
MAX_COUNT = 136
ALREADY_COMPLETE = "Рука уже собрана: у неё нет тайлов, которые её улучшат."


@dataclass(frozen=True)
class Line:
    """One improving kind: copies left to draw and copies already seen (hand and table)."""

    tile: Tile
    left: int
    in_hand: int
    on_table: int


@dataclass(frozen=True)
class UkeireSolution:
    hand: Hand
    visible: tuple[Tile, ...]
    result: Improvements
    lines: tuple[Line, ...]  # every improving kind, exhausted ones too (left = 0)

    @property
    def value(self) -> int:
        return self.result.count

    @property
    def without_table(self) -> int:
        """The count a learner gets when he forgets the visible tiles."""
        return sum(line.left + line.on_table for line in self.lines)

    @property
    def kinds(self) -> int:
        return sum(1 for line in self.lines if line.left)

    @property
    def kinds_text(self) -> str:
        return count_word(self.kinds, "вид", "вида", "видов")

    @property
    def exhausted(self) -> tuple[Tile, ...]:
        return tuple(line.tile for line in self.lines if not line.left)

    @property
    def shanten_text(self) -> str:
        return describe_shanten(self.result.shanten)

    @property
    def special(self) -> tuple[tuple[str, tuple[Tile, ...]], ...]:
        """Kinds that improve the hand only as chiitoitsu or kokushi, by form name.

        The count takes the best of the three forms; a learner counting only
        sets and a pair misses these, so the feedback names them.
        """
        if self.result.shanten <= 0 or self.hand.melds:
            return ()
        current = self.result.shanten
        extra = [line.tile for line in self.lines
                 if shanten(self.hand.with_tile(line.tile)).standard >= current]
        if not extra:
            return ()
        forms = shanten(self.hand).best_forms
        only_kokushi = Form.KOKUSHI in forms and Form.CHIITOITSU not in forms
        name = "кокушимусо" if only_kokushi else "чиитойцу"
        return ((name, tuple(extra)),)


def solve_ukeire(hand: Hand, visible: tuple[Tile, ...]) -> UkeireSolution:
    """The engine's count and, per improving kind, where its four copies are."""
    result = ukeire(hand, visible)
    if result.shanten < 0:
        raise HandError(ALREADY_COMPLETE)
    kinds = (wait_tiles(hand) if result.shanten == 0
             else tuple(i.tile for i in improving_tiles(hand)))
    held = hand.all_counts()
    table = [0] * 34
    for tile in visible:
        table[tile] += 1
    lines = tuple(Line(t, max(0, 4 - held[t] - table[t]), held[t], table[t]) for t in kinds)
    return UkeireSolution(hand, visible, result, lines)


def visible_tiles(value: Any) -> str:
    """The tiles seen on the table, any order (a YAML string in mpsz)."""
    if value is None:
        return ""
    return p.tiles_text(value)


# --- what a wrong answer most likely missed: the kind's diagnosis rows ---------

def _forgot_table(drill: Drill, verdict: Verdict) -> Fields | None:
    s = drill.solution
    answer = verdict.details.get("count")
    if s.without_table != s.value and answer == s.without_table:
        return {"gone": s.without_table - s.value}
    return None


def _counted_kinds(drill: Drill, verdict: Verdict) -> Fields | None:
    s = drill.solution
    return {} if verdict.details.get("count") == s.kinds != s.value else None


def _four_each(drill: Drill, verdict: Verdict) -> Fields | None:
    s = drill.solution
    four = 4 * len(s.lines)
    return {} if verdict.details.get("count") == four != s.value else None


UKEIRE_RULES: tuple[Rule, ...] = (
    Rule(_forgot_table, "Похоже, вы не вычли тайлы, которые уже видны на столе: {gone} из "
         "улучшающих копий лежат в сбросах или на индикаторе доры, взять их нельзя."),
    Rule(_counted_kinds, "Похоже, вы сосчитали виды тайлов, а не копии: каждый вид даёт "
         "столько тайлов, сколько его копий ещё не видно (до четырёх)."),
    Rule(_four_each, "Похоже, вы посчитали по четыре копии каждого вида: копии в вашей руке и "
         "на столе уже не придут."),
)


@register
class Ukeire(DrillKind):
    name = "ukeire"
    diagnoses = UKEIRE_RULES
    title = "Сколько тайлов улучшат руку?"
    default_prompt = (
        "Сколько тайлов, которые ещё можно взять, уменьшат шантен этой руки? "
        "Тайлы, которые уже видны, не считаются."
    )
    params = (
        *WAITING_HAND_PARAMS,
        Param("visible", visible_tiles, "",
              help="тайлы, которые видны на столе (сбросы, индикатор доры), в записи mpsz"),
    )

    def prepare(self, params: Mapping[str, Any]) -> UkeireSolution:
        hand = drill_hand(params, 13)
        try:
            visible = parse_tiles(params["visible"]).kinds
            return solve_ukeire(hand, visible)
        except HandError as exc:
            raise DrillError(str(exc), "visible") from None

    def grade(self, drill: Drill, form: MultiDict[str, str]) -> Verdict:
        value = read_number(form, FIELD, "число тайлов", MAX_COUNT, "8")
        return Verdict(value == drill.solution.value, {"count": value})

    def explanation(self) -> str:
        return UKEIRE_EXPLANATION
