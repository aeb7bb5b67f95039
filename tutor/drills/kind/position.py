"""«Позиция из вашей партии»: a decision the review flagged, asked again as a drill.

The parameters are the drill's own copy of the position (stored with it, so
it outlives the game it came from, :mod:`tutor.storage.review`), made by
:mod:`tutor.review.position` from the engine's decision point. Three modes,
each graded by the engine with the measure the review used:

- ``discard`` (efficiency): every discard ranked by ukeire with the visible
  tiles counted out — the order and «почти» band of «Что сбросить?»
  (:mod:`engine.shape.efficiency`);
- ``defence``: every tile's deal-in chance against the riichi players
  (:func:`engine.table.safety.hand_safety`), graded as «Самый безопасный
  сброс» grades it (:mod:`tutor.drills.danger`);
- ``choice`` (a call or pass, riichi or dama, a win or not, tenpai or noten):
  the options the table allowed; right is the one the engine's review named
  better (``answer``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from werkzeug.datastructures import MultiDict

from engine.errors import HandError
from engine.hand import Hand, parse_hand
from engine.plural import tiles_word
from engine.shape.efficiency import graded
from engine.shape.ukeire import DiscardRanking, rank_discards
from engine.table.safety import Riichi, TileSafety, hand_safety
from engine.text.messages import TABLE_CALL_NAMES
from engine.tiles import Tile, parse_tile, parse_tiles, tile_code, tile_name
from tutor.drills import params as p
from tutor.drills import register
from tutor.drills.base import (
    PARTIAL,
    BadAnswer,
    Drill,
    DrillError,
    DrillKind,
    Param,
    Verdict,
    drill_hand,
    picked_discard,
)
from tutor.drills.danger import danger_text, graded_dangers
from tutor.drills.params import FULL_HAND_PARAMS

MODES = ("discard", "defence", "choice")
OPTION_FIELD = "choice"
MAX_OPTIONS = 40
# The table's notation of an option, in words (a call keeps its tiles: «пон 5p»).
OPTION_WORDS = {
    "pass": "пропустить", "riichi": "объявить риичи", "dama": "без риичи (дама)",
    "ron": "рон", "tsumo": "цумо", "no_win": "не объявлять победу",
    "tenpai": "показать темпай", "noten": "не показывать руку (нотен)",
}
# The table's names of calls, and «кан» for an option that does not say which kan.
CALL_WORDS = {**TABLE_CALL_NAMES, "kan": "кан"}


def option_words(option: str) -> str:
    """«пон 5p», «объявить риичи»: an option of the table as the learner reads it."""
    if option in OPTION_WORDS:
        return OPTION_WORDS[option]
    if len(option) == 2:  # a tile to discard (5p)
        try:
            return f"сбросить {tile_name(parse_tile(option).kinds[0])}"
        except HandError:
            return option
    head, _, tiles = option.partition(" ")
    if head in CALL_WORDS:
        return f"{CALL_WORDS[head]} {tiles}".strip()
    return option


def riichi_list(value: Any) -> tuple[Riichi, ...]:
    """The riichi players as the deciding seat saw them: ``[{pond, at, passed}]``."""
    if not isinstance(value, list) or len(value) > 3:
        raise ValueError("riichis — список до трёх игроков в риичи: {pond, at, passed}.")
    found = []
    for item in value:
        if not isinstance(item, dict):
            raise ValueError("Игрок в риичи записывается как {pond, at, passed}.")
        pond = parse_tiles(p.tiles_text(item.get("pond", ""))).kinds
        at = item.get("at")
        if not isinstance(at, int) or isinstance(at, bool) or not 0 <= at < len(pond):
            raise ValueError("at — номер тайла риичи в дискарде, считая с 0.")
        passed = parse_tiles(p.tiles_text(item.get("passed", ""))).kinds
        found.append(Riichi(pond, at, passed))
    return tuple(found)


def option_list(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or len(value) > MAX_OPTIONS or \
            not all(isinstance(v, str) and 0 < len(v) <= 24 for v in value):
        raise ValueError("options — список вариантов хода.")
    return tuple(value)


@dataclass(frozen=True)
class PositionSolution:
    """The position's right answers by the engine, and the data the feedback names."""

    mode: str
    hand: Hand
    correct: frozenset[str]  # tile codes (discard, defence) or options (choice)
    near: frozenset[str] = frozenset()
    ranking: DiscardRanking | None = None
    dangers: tuple[TileSafety, ...] = ()
    options: tuple[str, ...] = ()

    def danger_of(self, tile: Tile) -> str:
        found = next((s for s in self.dangers if s.tile == tile), None)
        return "" if found is None else danger_text(found.danger)

    def ukeire_of(self, tile: Tile) -> int | None:
        if self.ranking is None:
            return None
        return next((o.count for o in self.ranking.options if o.tile == tile), None)


def _codes(tiles: frozenset[Tile]) -> frozenset[str]:
    return frozenset(tile_code(t) for t in tiles)


@register
class Position(DrillKind):
    name = "position"
    title = "Позиция из вашей партии"
    default_prompt = "{situation} Как сыграть?"
    params = (
        *FULL_HAND_PARAMS,
        Param("mode", p.one_of(*MODES), help="discard, defence или choice"),
        Param("situation", p.text, help="раздача, ход и очки, одной строкой"),
        Param("visible", p.tiles_text, "", help="тайлы, видимые вне руки"),
        Param("dora", p.tile_list, (), help="индикаторы доры"),
        Param("riichis", riichi_list, (), help="игроки в риичи (для defence)"),
        Param("options", option_list, (), help="варианты хода (для choice)"),
        Param("answer", p.text, None, help="лучший вариант по разбору (для choice)"),
        Param("played", p.text, None, help="что было сыграно в партии"),
        Param("message", p.text, None, help="объяснение разбора"),
        Param("lesson", p.identifier, None, help="урок, который учит правилу"),
    )

    def prepare(self, params: Mapping[str, Any]) -> PositionSolution:
        mode = params["mode"]
        visible = parse_tiles(params["visible"]).kinds if params["visible"] else ()
        if mode == "choice":
            try:
                hand = parse_hand(params["hand"], params["melds"])
            except HandError as exc:
                raise DrillError(str(exc), "hand") from None
            options = params["options"]
            if not options or params["answer"] not in options:
                raise DrillError("answer должен быть одним из options.", "answer")
            return PositionSolution(mode, hand, frozenset({params["answer"]}), options=options)
        hand = drill_hand(params, 14)
        if mode == "discard":
            ranking = rank_discards(hand, visible, quality=True)
            right, near = graded(ranking, None)
            return PositionSolution(mode, hand, _codes(right), _codes(near), ranking=ranking)
        if not params["riichis"]:
            raise DrillError("Для защиты нужен хотя бы один игрок в риичи.", "riichis")
        dangers = hand_safety(hand, params["riichis"], visible, params["dora"])
        right, near = graded_dangers(dangers)
        return PositionSolution(mode, hand, _codes(right), _codes(near), dangers=dangers)

    def grade(self, drill: Drill, form: MultiDict[str, str]) -> Verdict:
        solution: PositionSolution = drill.solution
        if solution.mode == "choice":
            picked = form.get(OPTION_FIELD, "")[:24]
            if not picked:
                raise BadAnswer("Выберите вариант хода.")
            if picked not in solution.options:
                raise BadAnswer("Такого варианта хода нет.")
            return Verdict(picked in solution.correct, {"picked": picked})
        code = tile_code(picked_discard(form, solution.hand))
        near = code in solution.near
        return Verdict(code in solution.correct, {"picked": code, "near": near},
                       credit=PARTIAL if near else None)

    def choices(self, drill: Drill) -> list[tuple[str, str]]:
        """(value, words) of the radio buttons: hand tiles, or the table's options."""
        solution: PositionSolution = drill.solution
        if solution.mode == "choice":
            return [(o, option_words(o)) for o in solution.options]
        return [(tile_code(t), tile_name(t)) for t, n in enumerate(solution.hand.concealed) if n]

    def answer_words(self, drill: Drill) -> str:
        """The right answers, named: «5p» tiles by name, options in words."""
        solution: PositionSolution = drill.solution
        if solution.mode == "choice":
            return ", ".join(option_words(o) for o in sorted(solution.correct))
        return ", ".join(tile_name(parse_tiles(c).kinds[0]) for c in sorted(solution.correct))

    def picked_words(self, drill: Drill, picked: str) -> str:
        if drill.solution.mode == "choice":
            return option_words(picked)
        return tile_name(parse_tiles(picked).kinds[0])

    def measure(self, drill: Drill, code: str) -> str:
        """The engine's number behind a tile: its ukeire or its deal-in chance."""
        solution: PositionSolution = drill.solution
        if solution.mode == "choice":
            return ""
        tile = parse_tiles(code).kinds[0]
        if solution.mode == "defence":
            return f"опасность {solution.danger_of(tile)}"
        count = solution.ukeire_of(tile)
        return "" if count is None else f"улучшают {tiles_word(count)}"

    def kept_answer(self, form: MultiDict[str, str] | None) -> str:
        form = form or MultiDict()
        return (form.get(OPTION_FIELD) or form.get("discard") or "")[:24]
