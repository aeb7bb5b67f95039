"""«Сосчитайте тайлы»: how many simples (or terminals, or honours) are in these tiles.

A first-lesson drill: the learner enters a number, the engine classifies each
tile (:func:`engine.tiles.is_simple`, ``is_terminal``, ``is_honor``). The
feedback draws the tiles sorted into the three groups with their counts and
the check that the groups add up to the whole hand — the way lesson 1 reads a
hand. A red five is drawn red and counted as the simple it is.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from werkzeug.datastructures import MultiDict

from engine.hand import check_copies
from engine.tiles import Tile, is_honor, is_simple, is_terminal, parse_tiles, tile_code
from tutor.drills import params as p
from tutor.drills import register
from tutor.drills.base import Drill, DrillKind, Param, Verdict, read_number

MAX_TILES = 18  # a hand with four kans; a count above it is not an answer

# Each group: its key, Russian name (plural, for the feedback) and test, in lesson 1's order.
GROUPS: tuple[tuple[str, str, Any], ...] = (
    ("terminals", "терминальные", is_terminal),
    ("simples", "простые", is_simple),
    ("honors", "благородные", is_honor),
)
# What the prompt asks for: a group or terminals and honours together (the kokushi tiles).
ASKED: dict[str, tuple[str, ...]] = {
    "simples": ("simples",),
    "terminals": ("terminals",),
    "honors": ("honors",),
    "terminals_honors": ("terminals", "honors"),
}
ASKED_WORDS: dict[str, str] = {
    "simples": "простых",
    "terminals": "терминальных",
    "honors": "благородных",
    "terminals_honors": "терминальных и благородных",
}


@dataclass(frozen=True)
class Group:
    key: str
    name: str
    codes: tuple[str, ...]  # tile codes, ``0p`` for a red five, so it is drawn red


@dataclass(frozen=True)
class CountSolution:
    codes: tuple[str, ...]
    groups: tuple[Group, ...]
    asked: str

    @property
    def value(self) -> int:
        keys = ASKED[self.asked]
        return sum(len(g.codes) for g in self.groups if g.key in keys)


def _code(tile: Tile, red: bool) -> str:
    return f"0{tile_code(tile)[1]}" if red else tile_code(tile)


@register
class Count(DrillKind):
    name = "count"
    title = "Сосчитайте тайлы"
    default_prompt = "Сколько здесь {asked_word} тайлов?"
    params = (
        Param("hand", p.tiles_text, help="от 1 до 18 тайлов в записи mpsz (`0` — красная пятёрка)"),
        Param("of", p.one_of(*ASKED), "simples",
              help="что считать: `simples` — простые, `terminals` — терминальные, "
              "`honors` — благородные, `terminals_honors` — терминальные и благородные вместе"),
    )

    def prompt_fields(self, params: Mapping[str, Any]) -> Mapping[str, Any]:
        return {**params, "asked_word": ASKED_WORDS[params["of"]]}

    def prepare(self, params: Mapping[str, Any]) -> CountSolution:
        parsed = parse_tiles(params["hand"])
        if not 1 <= len(parsed.kinds) <= MAX_TILES:
            raise ValueError(f"Параметр «hand»: здесь нужно от 1 до {MAX_TILES} тайлов, "
                             f"а указано {len(parsed.kinds)}.")
        check_copies(parsed.counts())
        pairs = sorted(zip(parsed.kinds, parsed.red, strict=True))
        codes = tuple(_code(t, r) for t, r in pairs)
        groups = tuple(
            Group(key, name, tuple(_code(t, r) for t, r in pairs if test(t)))
            for key, name, test in GROUPS
        )
        return CountSolution(codes, groups, params["of"])

    def grade(self, drill: Drill, form: MultiDict[str, str]) -> Verdict:
        value = read_number(form, "count", "число тайлов", MAX_TILES, "5")
        return Verdict(value == drill.solution.value, {"count": value})

    def asked_word(self, drill: Drill) -> str:
        return ASKED_WORDS[drill.solution.asked]
