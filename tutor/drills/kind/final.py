"""«Итог партии»: places and the final result with uma and oka, from four scores.

The block gives the scores at the end of the game by the seats of East 1
(``E`` dealt first, which decides ties where the rule set ranks by seat),
the riichi sticks left on the table and any chombo deductions. The learner
enters each player's place and final result; :func:`engine.table.final.final_result`
computes them. The explanation itemises each result (score, sticks, return
score, uma and oka, deductions) and names every rule — return score, uma,
ties, leftover sticks — with the rule set and its source.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from werkzeug.datastructures import MultiDict

from engine.rules.sets import FLOATING_UMA, Tiebreak, get_game_rules, get_ruleset
from engine.table.final import FinalResult, final_result
from tutor.drills import register
from tutor.drills.base import Drill, Fields, Param, Rule, Verdict
from tutor.drills.game_parts import (
    SEAT_WORDS,
    SEATS,
    GameKind,
    RuleNote,
    answered,
    check_balance,
    deduction_map,
    points_text,
    read_count,
    read_signed,
    rule_note,
    score_map,
    stick_count,
)

FINAL_PARAMS: tuple[Param, ...] = (
    Param("scores", score_map,
          help="очки в конце партии по местам первой раздачи (`E` — первый дилер): "
          "`{E: 42000, S: 31000, W: 18000, N: 29000}`"),
    Param("riichi_sticks", stick_count, 0, help="палочки риичи, оставшиеся на столе"),
    Param("deductions", deduction_map, None,
          help="вычеты за чомбо по местам, например `{W: 20000}`"),
)


@dataclass(frozen=True)
class PlaceLine:
    """One player's place and how the result adds up."""

    code: str
    name: str
    place: int
    sum_text: str  # «41000 + 2000 (палочки) − 30000 + 40000 (ума и ока) = +53000»
    result: int

    @property
    def text(self) -> str:
        return points_text(self.result)


@dataclass(frozen=True)
class FinalSolution:
    result: FinalResult
    lines: tuple[PlaceLine, ...]  # by place
    steps: tuple[str, ...]
    notes: tuple[RuleNote, ...]

    @property
    def places(self) -> dict[str, int]:
        return dict(zip(SEATS, self.result.places, strict=True))

    @property
    def results(self) -> dict[str, int]:
        return dict(zip(SEATS, self.result.results, strict=True))


def cuts(params: Mapping[str, Any]) -> tuple[int, int, int, int]:
    """The chombo deductions by seat (none when the block gives none)."""
    return params["deductions"] or (0, 0, 0, 0)


def _uma_text(uma: tuple[int, ...]) -> str:
    return " / ".join(points_text(u) for u in uma)


def explain(params: Mapping[str, Any], r: FinalResult) -> FinalSolution:
    key = params["rules"]
    rules, game = get_ruleset(key), get_game_rules(key)
    back = game.return_score
    steps = []
    if r.oka:
        steps.append(f"Ока: 4 × ({back} − {rules.starting_points}) = {r.oka} — её получает "
                     "первое место.")
    else:
        steps.append(f"Оки нет: очки возврата ({back}) равны стартовым.")
    sticks = params["riichi_sticks"]
    if sticks:
        steps.append(f"Палочки риичи со стола ({sticks} × 1000 = {1000 * sticks}) получает "
                     "первое место.")
    if game.floating_uma:
        above = sum(pt >= back for pt in r.points)
        table = FLOATING_UMA[min(max(above, 1), 3)]
        steps.append(f"Ума плавающая: очков возврата ({back}) достигли {above} из четырёх, "
                     f"поэтому ума по местам {_uma_text(table)}.")
    else:
        steps.append(f"Ума по местам: {_uma_text(game.uma)}.")
    shared = len(set(r.places)) < 4
    tied = len(set(params["scores"])) < 4
    if shared:
        steps.append("Игроки с равными очками делят места: ума (и ока) этих мест "
                     "складываются и делятся поровну.")
    elif tied:
        steps.append("При равных очках выше тот, кто сидел ближе к первому дилеру "
                     "(Восток первой раздачи, затем Юг, Запад, Север).")
    lines = []
    for i in sorted(range(4), key=lambda i: (r.places[i], -r.points[i])):
        parts = [str(params["scores"][i])]
        if r.points[i] != params["scores"][i]:
            parts.append(f"+ {r.points[i] - params['scores'][i]} (палочки)")
        parts.append(f"− {back}")
        if r.uma[i]:
            label = "ума и ока" if r.places[i] == 1 and r.oka else "ума"
            parts.append(f"{'+' if r.uma[i] > 0 else '−'} {abs(r.uma[i])} ({label})")
        cut = cuts(params)[i]
        if cut:
            parts.append(f"− {cut} (чомбо)")
        lines.append(PlaceLine(SEATS[i], SEAT_WORDS[SEATS[i]], r.places[i],
                               " ".join(parts) + f" = {points_text(r.results[i])}",
                               r.results[i]))
    fields = ["return_score", "uma", "tiebreak"]  # the uma row names floating uma itself
    if sticks:
        fields.append("leftover_sticks_to_first")
    if any(cuts(params)):
        fields.append("chombo_deduction")
    notes = tuple(rule_note(f, key) for f in fields)
    return FinalSolution(r, tuple(lines), tuple(steps), notes)


# --- what a wrong answer most likely missed: the kind's diagnosis rows ---------

def _first_results(drill: Drill, verdict: Verdict) -> list[tuple[int, int]]:
    """(answer, truth) of the single first place; empty when first is shared."""
    r = drill.solution.result
    firsts = [i for i in range(4) if r.places[i] == 1]
    if len(firsts) != 1:
        return []
    a = answered(verdict)
    return [(a[f"result-{SEATS[i]}"], r.results[i]) for i in firsts]


def _oka_forgotten(drill: Drill, verdict: Verdict) -> Fields | None:
    oka = drill.solution.result.oka
    got = _first_results(drill, verdict)
    return {"oka": oka} if oka and got and got[0][0] == got[0][1] - oka else None


def _sticks_forgotten(drill: Drill, verdict: Verdict) -> Fields | None:
    sticks = drill.params["riichi_sticks"]
    got = _first_results(drill, verdict)
    return {} if sticks and got and got[0][0] == got[0][1] - 1000 * sticks else None


def _from_start(drill: Drill, verdict: Verdict) -> Fields | None:
    back = get_game_rules(drill.params["rules"]).return_score
    start = get_ruleset(drill.params["rules"]).starting_points
    a, r = answered(verdict), drill.solution.result
    shift = back - start
    if shift and all(a[f"result-{SEATS[i]}"] == r.results[i] + shift for i in range(4)
                     if r.places[i] != 1):
        return {"back": back, "start": start}
    return None


def _ties(drill: Drill, verdict: Verdict) -> Fields | None:
    scores = drill.params["scores"]
    if len(set(scores)) == 4:
        return None
    a = answered(verdict)
    places = [a[f"place-{s}"] for s in SEATS]
    tied = [(i, j) for i in range(4) for j in range(i + 1, 4) if scores[i] == scores[j]]
    rule = get_game_rules(drill.params["rules"]).tiebreak
    if rule is Tiebreak.SHARE and any(places[i] != places[j] for i, j in tied):
        return {"how": "игроки с равными очками делят место: их ума и ока складываются и "
                "делятся поровну"}
    if rule is Tiebreak.SEAT_ORDER and any(places[i] == places[j] for i, j in tied):
        return {"how": "мест поровну здесь не бывает: при равных очках выше тот, кто сидел "
                "ближе к первому дилеру"}
    return None


FINAL_RULES: tuple[Rule, ...] = (
    Rule(_oka_forgotten, "не забудьте оку: первое место получает ещё {oka}."),
    Rule(_sticks_forgotten, "палочки риичи, оставшиеся на столе в конце партии, получает "
         "первое место."),
    Rule(_from_start, "итог считают от очков возврата ({back}), а не от стартовых ({start})."),
    Rule(_ties, "по этим правилам {how}."),
)


@register
class Final(GameKind):
    name = "final"
    diagnoses = FINAL_RULES
    own_rules = True  # the generator draws the rule set
    title = "Итог партии"
    default_prompt = "Партия окончена. Какое место у каждого игрока и какой у него итог?"
    params = FINAL_PARAMS

    def prepare(self, params: Mapping[str, Any]) -> FinalSolution:
        rules = get_ruleset(params["rules"])
        check_balance(params["scores"], params["riichi_sticks"], params["rules"])
        r = final_result(params["scores"], rules, params["riichi_sticks"], cuts(params))
        return explain(params, r)

    def grade(self, drill: Drill, form: MultiDict[str, str]) -> Verdict:
        solution: FinalSolution = drill.solution
        answers: dict[str, Any] = {}
        for s in SEATS:
            answers[f"place-{s}"] = read_count(form, f"place-{s}", f"{SEAT_WORDS[s]}: место", 4)
            answers[f"result-{s}"] = read_signed(form, f"result-{s}", f"{SEAT_WORDS[s]}: итог")
        truth = {**{f"place-{s}": v for s, v in solution.places.items()},
                 **{f"result-{s}": v for s, v in solution.results.items()}}
        wrong = [k for k, v in truth.items() if answers[k] != v]
        return Verdict(not wrong, {"answers": answers, "wrong": wrong})

    def deduction_of(self, drill: Drill, code: str) -> int:
        return cuts(drill.params)[SEATS.index(code)]

    def score_of(self, drill: Drill, code: str) -> int:
        return int(drill.params["scores"][SEATS.index(code)])


__all__ = ["FINAL_PARAMS", "Final", "FinalSolution"]
