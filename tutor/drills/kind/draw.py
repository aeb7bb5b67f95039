"""«Расчёт после ничьей»: who pays whom after an exhaustive draw, the dealer, the honba.

The block names who is tenpai (``tenpai: [E, W]``; ``[]`` — nobody), the
honba and riichi sticks on the table and, where the rule set plays it, who
made a nagashi mangan. The learner enters each player's change of points,
whether the dealer stays, and the honba and sticks of the next hand;
:func:`engine.table.draws.settle_draw` computes all of it. The explanation itemises
every payment (who pays whom and why) and names each rule with the rule set
and its source, from the same rows as ``/rules``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from werkzeug.datastructures import MultiDict

from engine.rules.sets import get_ruleset
from engine.table.draws import DrawSettlement, nagashi_payments, settle_draw
from tutor.drills import register
from tutor.drills.base import Drill, Fields, Param, Rule, Verdict
from tutor.drills.game_parts import (
    HONBA_RESET,
    SEAT_OF,
    SEAT_TO,
    SEAT_WORDS,
    SEATS,
    YES_NO,
    GameKind,
    RuleNote,
    SeatLine,
    answered,
    honba_reset,
    read_choice,
    read_count,
    read_payments,
    rule_note,
    seat_lines,
    seat_list,
    stick_count,
    sticks_word,
    wrong_fields,
)

DRAW_PARAMS: tuple[Param, ...] = (
    Param("tenpai", seat_list,
          help="кто в темпае: список ветров мест, например `[E, W]`; `[]` — никто"),
    Param("dead_hand", seat_list, (),
          help="у кого мёртвая рука: при ничьей он нотен, даже если рука в темпае "
          "(по [000]), например `[S]`"),
    Param("nagashi", seat_list, (),
          help="кто собрал нагаси манган (только где его играют), например `[W]`"),
    Param("honba", stick_count, 0, help="хонба на столе до ничьей"),
    Param("riichi_sticks", stick_count, 0,
          help="палочки риичи на столе (вместе с объявленными в этой раздаче)"),
)


@dataclass(frozen=True)
class DrawSolution:
    """The engine's settlement and the explanation built from it."""

    settlement: DrawSettlement
    steps: tuple[str, ...]  # the payments itemised, in order
    lines: tuple[SeatLine, ...]
    notes: tuple[RuleNote, ...]
    dealer_line: str
    honba_line: str
    sticks_line: str

    @property
    def payments(self) -> dict[str, int]:
        return dict(zip(SEATS, self.settlement.payments, strict=True))

    @property
    def repeat(self) -> str:
        return "yes" if self.settlement.dealer_repeats else "no"


def noten_steps(tenpai: tuple[str, ...], total: int) -> list[str]:
    """Each noten player's payment to each tenpai player, as sentences."""
    if len(tenpai) in (0, 4):
        who = "никто" if not tenpai else "все четверо"
        return [f"В темпае {who} — штраф за нотен не платит никто."]
    noten = [s for s in SEATS if s not in tenpai]
    each = total // len(noten) // len(tenpai)
    steps = [f"{SEAT_WORDS[n]} платит {SEAT_TO[t]} {each}." for n in noten for t in tenpai]
    share = f"{total} делятся поровну: нотен-игроки платят по {total // len(noten)}, " \
            f"темпай-игроки получают по {total // len(tenpai)}."
    return [share, *steps]


def nagashi_steps(seat_code: str) -> list[str]:
    payments = nagashi_payments(SEATS.index(seat_code))
    return [f"Нагаси манган у {SEAT_OF[seat_code]}: как манган по цумо — " + "; ".join(
        f"{SEAT_WORDS[s]} платит {-v}" for s, v in zip(SEATS, payments, strict=True) if v < 0
    ) + "."]


def counted_tenpai(params: Mapping[str, Any]) -> tuple[str, ...]:
    """Tenpai players who count at the draw: a dead hand is noten whatever it holds (000)."""
    return tuple(t for t in params["tenpai"] if t not in params["dead_hand"])


def explain(params: Mapping[str, Any], s: DrawSettlement) -> DrawSolution:
    rules = params["rules"]
    tenpai = counted_tenpai(params)
    steps = []
    for dead in params["dead_hand"]:
        held = "рука в темпае, но " if dead in params["tenpai"] else ""
        steps.append(f"У {SEAT_OF[dead]} мёртвая рука: {held}при ничьей он считается нотен "
                     "([000]).")
    ready = ", ".join(SEAT_WORDS[t] for t in tenpai) or "никого"
    steps.append(f"В темпае: {ready}.")
    for made in params["nagashi"]:
        steps.extend(nagashi_steps(made))
    if s.noten_paid:
        steps.extend(noten_steps(tenpai, get_ruleset(rules).noten_payment))
    else:
        steps.append("При нагаси мангане штраф за нотен не платится.")
    notes = [rule_note("noten_payment", rules)]
    if params["nagashi"]:
        notes += [rule_note("nagashi_mangan", rules), rule_note("nagashi_noten_payments", rules)]
    if s.dealer_repeats:
        dealer = "Дилер (Восток) в темпае — он остаётся и раздаёт ещё раз (ренчан)."
    else:
        dealer = "Дилер (Восток) в нотене — дилером становится Юг."
    honba = (f"Хонба: было {params['honba']}, станет {s.honba_next} — ничья всегда добавляет "
             "одну хонбу, даже если дилер уходит.")
    sticks = params["riichi_sticks"]
    if sticks:
        kept = (f"{sticks_word(sticks).capitalize()} остаются на столе: их заберёт победитель "
                "одной из следующих раздач.")
    else:
        kept = "Палочек риичи на столе нет."
    return DrawSolution(s, tuple(steps), seat_lines(s.payments), tuple(notes), dealer, honba,
                        kept)


# --- what a wrong answer most likely missed: the kind's diagnosis rows ---------


def _noten_each_3000(drill: Drill, verdict: Verdict) -> Fields | None:
    a, truth = answered(verdict), drill.solution.payments
    noten = [s for s in SEATS if truth[s] < 0]
    total = get_ruleset(drill.params["rules"]).noten_payment
    if len(noten) > 1 and all(a[s] == -total for s in noten):
        return {"total": total}
    return None


def _sticks_taken(drill: Drill, verdict: Verdict) -> Fields | None:
    a = answered(verdict)
    return {} if a["sticks"] == 0 and "sticks" in wrong_fields(verdict) else None


def _dealer_kept_by_others(drill: Drill, verdict: Verdict) -> Fields | None:
    if "repeat" not in wrong_fields(verdict):
        return None
    return {"why": "в темпае сам дилер — он остаётся (ренчан)" if drill.solution.repeat == "yes"
            else "дилер в нотене, поэтому дилерство переходит к Югу, даже если кто-то другой "
            "в темпае"}


def _not_zero_sum(drill: Drill, verdict: Verdict) -> Fields | None:
    a = answered(verdict)
    total = sum(a[s] for s in SEATS)
    return {"sum": total} if total else None


def _dead_hand_paid(drill: Drill, verdict: Verdict) -> Fields | None:
    a = answered(verdict)
    dead = [s for s in drill.params["dead_hand"] if a[s] > 0]
    return {} if dead else None


DRAW_RULES: tuple[Rule, ...] = (
    Rule(_dead_hand_paid, "игрок с мёртвой рукой при ничьей считается нотен, какой бы ни была "
         "его рука: он платит, а не получает."),
    Rule(_noten_each_3000, "{total} — это штраф на всех нотен-игроков вместе, а не с каждого: "
         "его делят поровну между ними."),
    Rule(honba_reset, HONBA_RESET),
    Rule(_sticks_taken, "палочки риичи при ничьей никому не достаются: они остаются на столе "
         "до следующей победы."),
    Rule(_dealer_kept_by_others, "дилер остаётся, только если в темпае он сам: {why}."),
    Rule(_not_zero_sum, "при ничьей очки только переходят от одних игроков к другим: сумма всех "
         "изменений должна быть 0, а у вас {sum}.", fallback=True),
)


@register
class Draw(GameKind):
    name = "draw"
    diagnoses = DRAW_RULES
    own_rules = True  # the generator draws the rule set
    title = "Расчёт после ничьей"
    default_prompt = ("Стена кончилась, победы не было. Кто сколько получает или платит, "
                      "остаётся ли дилер и что будет лежать на столе в следующей раздаче?")
    params = DRAW_PARAMS

    def prepare(self, params: Mapping[str, Any]) -> DrawSolution:
        tenpai = [SEATS.index(t) for t in counted_tenpai(params)]
        made = [SEATS.index(t) for t in params["nagashi"]]
        settlement = settle_draw(tenpai, get_ruleset(params["rules"]), params["honba"],
                                 params["riichi_sticks"], made)
        return explain(params, settlement)

    def grade(self, drill: Drill, form: MultiDict[str, str]) -> Verdict:
        solution: DrawSolution = drill.solution
        answers: dict[str, Any] = dict(read_payments(form))
        answers["repeat"] = read_choice(form, "repeat", YES_NO, "Остаётся ли дилер?")
        answers["honba"] = read_count(form, "honba", "Хонба в следующей раздаче")
        answers["sticks"] = read_count(form, "sticks", "Палочки риичи на столе")
        truth = {**solution.payments, "repeat": solution.repeat,
                 "honba": solution.settlement.honba_next,
                 "sticks": solution.settlement.riichi_sticks_next}
        wrong = [key for key, value in truth.items() if answers[key] != value]
        return Verdict(not wrong, {"answers": answers, "wrong": wrong})


__all__ = ["DRAW_PARAMS", "Draw", "DrawSolution"]
