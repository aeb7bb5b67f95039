"""«Что нужно в последней раздаче?»: all-last — the smallest hand that reaches a place.

The block gives the scores of South 4 by this hand's seats (``E`` deals),
the learner's seat, honba and riichi sticks, one way to win (``win``: the
seat dealt into, or ``tsumo``) and the place to reach. The engine
(:func:`engine.table.all_last.all_last_needs`) prices every hand of the
ladder for every way; the learner picks the smallest hand of the asked way.
The next bigger hand also gets there, only more than needed: «почти».
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from werkzeug.datastructures import MultiDict

from engine.rules.sets import get_ruleset
from engine.table.all_last import AllLastNeeds, Step, Way, all_last_needs
from tutor.drills import register
from tutor.drills.base import PARTIAL, BadAnswer, Drill, Fields, Param, Rule, Verdict
from tutor.drills.game_parts import (
    SEAT_OF,
    SEAT_WORDS,
    SEATS,
    GameKind,
    check_balance,
    score_map,
    seat_param,
    stick_count,
)

STEP_FIELD = "step"
NONE = "none"  # «no hand of this way gets there»


def win_way(value: Any) -> str:
    """``tsumo`` or the seat that deals in: ``E``, ``S``, ``W``, ``N``."""
    if value == "tsumo" or value in SEATS:
        return str(value)
    raise ValueError(f"win — `tsumo` или место того, кто набросил (E, S, W, N), а не «{value}».")


def target_place(value: Any) -> int:
    if value in (1, 2, 3) and not isinstance(value, bool):
        return int(value)
    raise ValueError(f"place — место, которое нужно занять: 1, 2 или 3, а не «{value}».")


@dataclass(frozen=True)
class AllLastSolution:
    needs: AllLastNeeds
    way: Way
    place: int
    answer: Step | None  # the smallest hand; None if no hand of the way gets there
    near: Step | None  # the next bigger one

    @property
    def steps(self) -> tuple[Step, ...]:
        return self.needs.ladders[self.way]

    def table(self) -> list[tuple[str, list[str]]]:
        """Every way and, for each place above the learner's, the smallest hand reaching it."""
        out = []
        for way in self.needs.ways:
            cells = []
            for place in range(1, self.needs.place_now):
                step = self.needs.smallest(way, place)
                cells.append(step.label if step else "не хватит и якумана")
            out.append((way_name(way), cells))
        return out


def way_name(way: Way) -> str:
    return "цумо" if way.tsumo else f"рон с {SEAT_OF[SEATS[way.ron_from or 0]]}"


def _more_than_needed(drill: Drill, verdict: Verdict) -> Fields | None:
    s: AllLastSolution = drill.solution
    if verdict.details.get("near") and s.answer is not None:
        return {"hand": s.answer.label}
    return None


def _too_small(drill: Drill, verdict: Verdict) -> Fields | None:
    s: AllLastSolution = drill.solution
    picked = verdict.details.get("picked")
    if s.answer is not None and isinstance(picked, int) and picked < s.steps.index(s.answer):
        return {"sticks": "хонбу и палочки риичи" if s.needs.honba or s.needs.sticks
                else "разницу очков"}
    return None


ALL_LAST_RULES: tuple[Rule, ...] = (
    Rule(_more_than_needed, "этого хватит, но можно и меньше: достаточно {hand}.",
         name="more_than_needed"),
    Rule(_too_small, "этой руки мало: посчитайте ещё раз {sticks} и то, что рон с соперника "
         "меняет разницу с ним вдвое.", name="too_small"),
)


@register
class AllLast(GameKind):
    name = "all_last"
    diagnoses = ALL_LAST_RULES
    own_rules = True  # the generator draws the rule set
    title = "Что нужно в последней раздаче?"
    default_prompt = ("Последняя раздача (Юг 4). Какая самая маленькая рука даёт вам {place}-е "
                      "место — {how}?")
    params = (
        Param("scores", score_map, help="очки по местам этой раздачи (`E` — дилер): "
              "`{E: 32000, S: 24000, W: 26000, N: 18000}`"),
        Param("seat", seat_param, help="ваше место: `E`, `S`, `W` или `N`"),
        Param("honba", stick_count, 0, help="хонба этой раздачи"),
        Param("riichi_sticks", stick_count, 0, help="палочки риичи на столе"),
        Param("win", win_way, help="как вы выигрываете: `tsumo` или место того, кто набросил"),
        Param("place", target_place, 1, help="какое место нужно занять: 1, 2 или 3"),
    )

    def prompt_fields(self, params: Mapping[str, Any]) -> Mapping[str, Any]:
        how = "цумо" if params["win"] == "tsumo" else f"роном с {SEAT_OF[params['win']]}"
        return {"place": params["place"], "how": how}

    def prepare(self, params: Mapping[str, Any]) -> AllLastSolution:
        check_balance(params["scores"], params["riichi_sticks"], params["rules"])
        seat = SEATS.index(params["seat"])
        if params["win"] == params["seat"]:
            raise ValueError("win: с самого себя рон не бывает — укажите другого игрока или tsumo.")
        needs = all_last_needs(params["scores"], seat, params["honba"],
                               params["riichi_sticks"], get_ruleset(params["rules"]))
        if params["place"] >= needs.place_now:
            raise ValueError(f"place: вы уже на {needs.place_now}-м месте — спросите о месте выше.")
        way = Way(None if params["win"] == "tsumo" else SEATS.index(params["win"]))
        answer = needs.smallest(way, params["place"])
        near = needs.next_after(way, answer) if answer else None
        return AllLastSolution(needs, way, params["place"], answer, near)

    def grade(self, drill: Drill, form: MultiDict[str, str]) -> Verdict:
        s: AllLastSolution = drill.solution
        value = form.get(STEP_FIELD, "")
        if not value:
            raise BadAnswer("Выберите руку из списка.")
        if value == NONE:
            return Verdict(s.answer is None, {"picked": NONE})
        if not (value.isascii() and value.isdigit()) or len(value) > 3 \
                or int(value) >= len(s.steps):
            raise BadAnswer("Такого варианта ответа нет.")
        picked = s.steps[int(value)]
        near = picked == s.near
        return Verdict(picked == s.answer, {"picked": int(value), "near": near},
                       credit=PARTIAL if near else None)

    def options(self, drill: Drill) -> list[tuple[str, str]]:
        s: AllLastSolution = drill.solution
        return [(str(i), step.label) for i, step in enumerate(s.steps)] + [
            (NONE, "никакая рука не поможет")]

    def picked_label(self, drill: Drill, picked: Any) -> str:
        s: AllLastSolution = drill.solution
        return "никакая рука не поможет" if picked == NONE else s.steps[picked].label

    def kept_answer(self, form: MultiDict[str, str] | None) -> str:
        return (form or MultiDict()).get(STEP_FIELD, "")[:4]

    def seat_rows(self, drill: Drill) -> list[tuple[str, int, bool]]:
        scores = drill.params["scores"]
        return [(SEAT_WORDS[c], scores[i], c == drill.params["seat"]) for i, c in enumerate(SEATS)]

    def place_now(self, drill: Drill) -> int:
        return int(drill.solution.needs.place_now)


__all__ = ["AllLast", "AllLastSolution"]
