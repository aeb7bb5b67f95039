"""«Кто выиграл и сколько»: several rons on one discard, and pao (liability for a yakuman).

The block names the discarder (``from``) and the claimants with their hands'
values (``winners``, the batch notation); with ``pao`` one yakuman winner is
paid partly or wholly by the liable player (``from`` left out: a tsumo). The
learner ticks who actually wins and enters each player's change of points.
:func:`engine.table.ron.settle_rons` and :func:`engine.table.penalties.pao` compute the
answer; the explanation itemises each winner's payment (basic points, honba,
riichi sticks) and names the rule — head bump, double ron, everyone wins;
who takes the honba; pao — with the rule set and its source.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from werkzeug.datastructures import MultiDict

from engine.rules.sets import MultipleRon, Ruleset, get_game_rules, get_ruleset
from engine.scoring.points import split_payments
from engine.table.outcome import basic_of, yakuman_basic
from engine.table.penalties import pao
from engine.table.ron import settle_rons
from tutor.drills import register
from tutor.drills.base import Drill, DrillError, Fields, Param, Rule, Verdict
from tutor.drills.game_parts import (
    SEAT_OF,
    SEAT_TO,
    SEAT_WORDS,
    SEATS,
    GameKind,
    RuleNote,
    SeatLine,
    answered,
    claim_list,
    read_payments,
    read_seats,
    rule_note,
    seat_lines,
    seat_list,
    seat_param,
    seat_word,
    stick_count,
    worth_text,
)

PAO_YAKU = ("daisangen", "daisuushii")
YAKU_WORDS = {"daisangen": "дайсанген", "daisuushii": "дайсууши"}


def pao_param(value: Any) -> dict[str, str] | None:
    """``{liable: W, yaku: daisangen}``: who fed the last set of a yakuman."""
    if value is None:
        return None
    if not isinstance(value, dict) or not set(value) <= {"liable", "yaku"} or "liable" not in value:
        raise ValueError("Пао записывается так: {liable: W, yaku: daisangen}.")
    yaku = value.get("yaku", "daisangen")
    if yaku not in PAO_YAKU:
        raise ValueError(f"Пао бывает за {', '.join(PAO_YAKU)}, а не за «{yaku}».")
    return {"liable": seat_param(value["liable"]), "yaku": str(yaku)}


def optional_seat(value: Any) -> str | None:
    return None if value is None else seat_param(value)


MULTI_RON_PARAMS: tuple[Param, ...] = (
    Param("from", optional_seat, None,
          help="кто сбросил тайл, например `W`; без него — победа по цумо (только с `pao`)"),
    Param("winners", claim_list,
          help="кто объявил рон и чего стоит его рука: "
          "`[{seat: S, han: 3, fu: 30}, {seat: N, yakuman: 1}]`"),
    Param("pao", pao_param, None,
          help="ответственность за якуман: `{liable: E, yaku: daisangen}` "
          "(один победитель с якуманом)"),
    Param("honba", stick_count, 0, help="хонба на столе"),
    Param("riichi_sticks", stick_count, 0,
          help="палочки риичи на столе (вместе с объявленными в этой раздаче)"),
    Param("riichi", seat_list, (),
          help="кто объявил риичи в этой раздаче (их палочки среди `riichi_sticks`)"),
)


@dataclass(frozen=True)
class RonSolution:
    """Who wins, the payments, and the itemised explanation."""

    claimants: tuple[str, ...]
    winners: frozenset[str]
    payments: tuple[int, int, int, int]
    steps: tuple[str, ...]
    lines: tuple[SeatLine, ...]
    notes: tuple[RuleNote, ...]

    @property
    def winner_names(self) -> str:
        ordered = [s for s in self.claimants if s in self.winners]
        return ", ".join(SEAT_WORDS[s] for s in ordered) or "никто"


def _resolution_step(order: tuple[str, ...], won: tuple[str, ...], rule: MultipleRon,
                     abortive: bool) -> str:
    if abortive:
        return ("Рон объявили трое — по этим правилам это прерванная ничья (тройной рон): "
                "никто не платит, палочки риичи остаются на столе.")
    if len(order) == 1:
        return f"Рон объявил один игрок — выигрывает {SEAT_WORDS[won[0]]}."
    if rule is MultipleRon.HEAD_BUMP:
        return (f"Атама хане: выигрывает только ближайший к сбросившему по ходу игры — "
                f"{SEAT_WORDS[won[0]]}; заявки остальных не засчитываются.")
    return "Выигрывают все, кто объявил рон: " + ", ".join(SEAT_WORDS[s] for s in won) + "."


def _win_step(code: str, claim: Mapping[str, Any], rules: Ruleset, shooter: str,
              honba: int) -> str:
    basic = basic_of(dict(claim), rules)
    dealer = code == "E"
    base = split_payments(basic, dealer, False, 0).ron or 0
    who = "дилер" if dealer else "недилер"
    text = (f"{SEAT_WORDS[code]} — {who}, {worth_text(claim, rules)}: {basic} × "
            f"{6 if dealer else 4} = {basic * (6 if dealer else 4)}, вверх до сотни — {base}")
    if honba:
        text += f"; хонба {honba} × 300 = {300 * honba}"
    return text + f". {SEAT_WORDS[shooter]} платит {SEAT_TO[code]} {base + 300 * honba}."


def explain_rons(params: Mapping[str, Any]) -> RonSolution:
    key = params["rules"]
    rules = get_ruleset(key)
    shooter: str = params["from"]
    claims = {c["seat"]: c for c in params["winners"]}
    basics = {SEATS.index(s): basic_of(dict(c), rules) for s, c in claims.items()}
    if len(params["riichi"]) > params["riichi_sticks"]:
        raise DrillError("Палочек риичи на столе меньше, чем объявивших риичи.", "riichi")
    r = settle_rons(SEATS.index(shooter), basics, rules, params["honba"],
                    params["riichi_sticks"], [SEATS.index(s) for s in params["riichi"]])
    res = r.resolution
    order = tuple(sorted(claims, key=lambda s: (SEATS.index(s) - SEATS.index(shooter)) % 4))
    won = tuple(SEATS[s] for s in res.winners)
    steps = ["Рон на сброс " + SEAT_OF[shooter] + " объявили: " + "; ".join(
        f"{seat_word(s)} — {worth_text(claims[s], rules)}" for s in order) + ".",
        _resolution_step(order, won, rules.multiple_ron, res.abortive)]
    notes = [rule_note("multiple_ron", key)]
    if res.abortive:
        notes += [rule_note("abortive_draws", key), rule_note("abortive_dealer_repeats", key),
                  rule_note("abortive_adds_honba", key)]
    for code in won:
        honba = params["honba"] if SEATS.index(code) in res.honba_to else 0
        steps.append(_win_step(code, claims[code], rules, shooter, honba))
    if len(won) > 1 and params["honba"]:
        nearest = SEAT_WORDS[won[0]]
        steps.append("Хонбу получает каждый победитель." if len(res.honba_to) > 1
                     else f"Хонбу получает только ближайший к сбросившему — {nearest}.")
        notes.append(rule_note("multi_ron_honba_each", key))
    sticks = params["riichi_sticks"]
    back = tuple(SEATS[s] for s in r.sticks_back)
    for code in back:
        steps.append(f"{SEAT_WORDS[code]} забирает назад свою палочку риичи этой раздачи (1000).")
    rest = sticks - len(back)
    if rest and won:
        steps.append(f"Палочки риичи со стола ({rest} × 1000 = {1000 * rest}) забирает "
                     f"{SEAT_WORDS[won[0]]} — ближайший к сбросившему победитель.")
    if sticks and len(won) > 1:
        notes.append(rule_note("multi_ron_sticks", key))
    return RonSolution(order, frozenset(won), r.payments, tuple(steps), seat_lines(r.payments),
                       tuple(notes))


def explain_pao(params: Mapping[str, Any]) -> RonSolution:
    key = params["rules"]
    rules = get_ruleset(key)
    (claim,) = params["winners"]
    if "yakuman" not in claim:
        raise DrillError("С пао победитель один, и его рука — якуман: {seat: S, yakuman: 1}.",
                         "winners")
    winner, liable, yaku = claim["seat"], params["pao"]["liable"], params["pao"]["yaku"]
    shooter: str | None = params["from"]
    result = pao(SEATS.index(winner), SEATS.index(liable), yakuman_basic(claim["yakuman"], rules),
                 rules,
                 discarder=None if shooter is None else SEATS.index(shooter),
                 honba=params["honba"], riichi_sticks=params["riichi_sticks"], yaku=yaku)
    paid = result.payments
    how = "по цумо" if shooter is None else f"по рону на сброс {SEAT_OF[shooter]}"
    steps = [f"{seat_word(winner)} выигрывает {how}: {YAKU_WORDS[yaku]}, "
             f"{worth_text(claim, rules)}.",
             f"Пао: последний сет для якумана отдал {SEAT_WORDS[liable]} — он отвечает за "
             f"{YAKU_WORDS[yaku]}."]
    liable_pays = -paid[SEATS.index(liable)]
    if shooter is None:
        steps.append(f"Цумо с пао: всю стоимость якумана, как за рон, вместе с хонбой платит "
                     f"{SEAT_WORDS[liable]} — {liable_pays}; остальные не платят ничего.")
    elif shooter == liable:
        steps.append(f"Сбросил сам ответственный: {SEAT_WORDS[liable]} платит всё, как за "
                     f"обычный рон, — {liable_pays}.")
    elif get_game_rules(key).pao_ron_split:
        liable_honba = get_game_rules(key).pao_ron_liable_honba
        honba = ", вместе с хонбой" if params["honba"] else ""
        steps.append(f"Рон с пао: стоимость делят пополам ответственный {SEAT_WORDS[liable]} "
                     f"({liable_pays}{honba if liable_honba else ''}) и сбросивший "
                     f"{SEAT_WORDS[shooter]} ({-paid[SEATS.index(shooter)]}"
                     f"{'' if liable_honba else honba}).")
    else:
        steps.append(f"Рон с пао: по этим правилам всё платит ответственный "
                     f"{SEAT_WORDS[liable]} — {liable_pays}.")
    sticks = params["riichi_sticks"]
    if sticks:
        steps.append(f"Палочки риичи со стола ({sticks} × 1000 = {1000 * sticks}) забирает "
                     f"{SEAT_WORDS[winner]}.")
    notes = (rule_note("pao_yakuman", key), rule_note("pao_ron_split", key),
             *((rule_note("pao_ron_liable_honba", key),)
               if shooter not in (None, liable) and params["honba"] else ()))
    return RonSolution((winner,), frozenset((winner,)), paid, tuple(steps), seat_lines(paid),
                       notes)


# --- what a wrong answer most likely missed: the kind's diagnosis rows ---------

def _rule(drill: Drill) -> MultipleRon:
    return get_ruleset(drill.params["rules"]).multiple_ron


def _picked(verdict: Verdict) -> set[str]:
    return set(answered(verdict)["winners"])


def _head_bump_ignored(drill: Drill, verdict: Verdict) -> Fields | None:
    if _rule(drill) is MultipleRon.HEAD_BUMP and len(_picked(verdict)) > 1:
        return {}
    return None


def _triple_is_a_draw(drill: Drill, verdict: Verdict) -> Fields | None:
    return {} if not drill.solution.winners and _picked(verdict) else None


def _all_should_win(drill: Drill, verdict: Verdict) -> Fields | None:
    truth = drill.solution.winners
    if len(truth) > 1 and len(_picked(verdict)) == 1 and _picked(verdict) < truth:
        return {}
    return None


def _pao_tsumo_all_paid(drill: Drill, verdict: Verdict) -> Fields | None:
    if drill.params["pao"] is None or drill.params["from"] is not None:
        return None
    a = answered(verdict)
    return {} if sum(a[s] < 0 for s in SEATS) > 1 else None


def _pao_liable_free(drill: Drill, verdict: Verdict) -> Fields | None:
    pao, shooter = drill.params["pao"], drill.params["from"]
    if pao is None or shooter is None or shooter == pao["liable"]:
        return None
    a = answered(verdict)
    return {} if a[pao["liable"]] == 0 and drill.solution.payments[SEATS.index(pao["liable"])] \
        else None


MULTI_RON_RULES: tuple[Rule, ...] = (
    Rule(_head_bump_ignored, "по этим правилам действует атама хане: выигрывает только "
         "ближайший к сбросившему по ходу игры, остальные заявки не засчитываются."),
    Rule(_triple_is_a_draw, "рон объявили трое, а по этим правилам это прерванная ничья: "
         "не выигрывает никто и никто не платит."),
    Rule(_all_should_win, "по этим правилам на один сброс выигрывают все, кто объявил рон, "
         "а не только ближайший."),
    Rule(_pao_tsumo_all_paid, "при пао за цумо платит только ответственный — всю стоимость, "
         "как за рон; остальные не платят."),
    Rule(_pao_liable_free, "при пао ответственный платит свою часть и тогда, когда тайл сбросил "
         "другой игрок."),
)


@register
class MultiRon(GameKind):
    name = "multi_ron"
    diagnoses = MULTI_RON_RULES
    own_rules = True  # the generator draws the rule set
    title = "Кто выиграл и сколько"
    default_prompt = ("Кто из объявивших на самом деле выигрывает и на сколько изменятся "
                      "очки каждого игрока?")
    params = MULTI_RON_PARAMS

    def prepare(self, params: Mapping[str, Any]) -> RonSolution:
        if params["pao"] is not None:
            if len(params["winners"]) != 1:
                raise DrillError("С пао победитель один: уберите лишних из winners.", "winners")
            return explain_pao(params)
        if params["from"] is None:
            raise DrillError("Укажите, кто сбросил тайл: from: W (без from — только цумо с пао).",
                             "from")
        return explain_rons(params)

    def grade(self, drill: Drill, form: MultiDict[str, str]) -> Verdict:
        solution: RonSolution = drill.solution
        picked = read_seats(form, "winner", solution.claimants)
        answers: dict[str, Any] = dict(read_payments(form))
        truth = dict(zip(SEATS, solution.payments, strict=True))
        wrong = [s for s in SEATS if answers[s] != truth[s]]
        if picked != solution.winners:
            wrong.append("winners")
        answers["winners"] = sorted(picked, key=SEATS.index)
        return Verdict(not wrong, {"answers": answers, "wrong": wrong})

    def claimant_names(self, drill: Drill) -> tuple[tuple[str, str], ...]:
        return tuple((s, seat_word(s)) for s in drill.solution.claimants)

    def claim_text(self, drill: Drill, code: str) -> str:
        claim = next(c for c in drill.params["winners"] if c["seat"] == code)
        return worth_text(claim, get_ruleset(drill.params["rules"]))

    def picked_names(self, codes: list[str]) -> str:
        return ", ".join(SEAT_WORDS[c] for c in codes) or "никто"


__all__ = ["MULTI_RON_PARAMS", "MultiRon", "RonSolution"]
