"""«Следующая раздача»: the state after a hand — scores, dealer, honba, sticks, the end.

The block gives the state before the hand (``round``, ``hand``, ``honba``,
``riichi_sticks``, ``scores`` by this hand's seat winds, ``riichi``: who
declared riichi in it) and how it ended (``result``, the batch notation:
``{type: ron, from: W, winners: [{seat: S, han: 3, fu: 30}]}``, ``tsumo``,
``draw``, ``abortive``, ``chombo``). The learner enters each player's score
after the hand, who deals next (or that the game is over), and the honba
and sticks left on the table. :func:`engine.table.game.next_state` computes it all;
the explanation itemises the riichi deposits and every payment and names the
rules (with the rule set and the source) that moved the dealer or ended the
game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from werkzeug.datastructures import MultiDict

from engine.errors import HandError
from engine.rules.sets import Ruleset, get_ruleset
from engine.table.game import GameState, next_state
from engine.table.game import NextHand as HandEnd
from engine.table.outcome import abortive_kind, outcome_of
from engine.text import messages
from tutor.drills import params as p
from tutor.drills import register
from tutor.drills.base import Drill, Fields, Param, Rule, Verdict
from tutor.drills.game_parts import (
    HONBA_RESET,
    SEAT_OF,
    SEAT_WORDS,
    SEATS,
    GameKind,
    RuleNote,
    SeatLine,
    answered,
    check_balance,
    honba_reset,
    honba_word,
    points_text,
    read_choice,
    read_count,
    read_signed,
    rule_note,
    score_map,
    seat_list,
    seat_word,
    stick_count,
    sticks_word,
    transfers,
    worth_text,
    wrong_fields,
)

ROUNDS = ("E", "S", "W")
ROUND_WORDS = ("Восток", "Юг", "Запад")
END = "end"
DEALER_CHOICES = (*SEATS, END)

# The rows of /rules behind each way a hand ends, and behind each way a game ends.
OUTCOME_RULES: dict[str, tuple[str, ...]] = {
    "tsumo": (),
    "ron": ("multiple_ron",),
    "draw": ("noten_payment",),
    "abortive": ("abortive_draws", "abortive_dealer_repeats", "abortive_adds_honba"),
    "chombo": ("chombo", "chombo_deduction", "chombo_replay"),
}
END_RULES: dict[str, tuple[str, ...]] = {
    "bust": ("negative_points",),
    "last_hand": ("west_extension", "target_score"),
    "last_dealer_stops": ("last_dealer_stops_on_win", "last_dealer_stops_on_tenpai"),
    "target_reached": ("west_extension", "target_score"),
}
END_WORDS: dict[str, str] = {
    "bust": "у игрока меньше нуля очков, а по этим правилам тогда партия заканчивается",
    "last_hand": "сыграна последняя раздача, и дилер уходит",
    "last_dealer_stops": "дилер последней раздачи лидирует и по этим правилам может "
    "остановиться",
    "target_reached": "в западном раунде кто-то набрал нужные очки",
}
OUTCOME_WORDS: dict[str, str] = {
    "tsumo": "Победа по цумо.",
    "ron": "Победа по рону.",
    "draw": "Ничья: стена кончилась.",
    "abortive": "Прерванная ничья: никто не платит.",
    "chombo": "Чомбо: раздачу отменяют.",
}


def result_param(value: Any) -> dict[str, Any]:
    """How the hand ended, checked by the engine's own parser (under online rules)."""
    if not isinstance(value, dict):
        raise ValueError("Исход раздачи записывается так: {type: ron, from: W, "
                         "winners: [{seat: S, han: 3, fu: 30}]}.")
    try:
        outcome_of(value, get_ruleset("online"))
    except (HandError, AttributeError):
        raise ValueError("Исход раздачи: тип tsumo, ron, draw, abortive или chombo с полями "
                         "как в python -m engine batch, например {type: draw, tenpai: [E]}."
                         ) from None
    return dict(value)


def hand_number(value: Any) -> int:
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 4:
        return value
    raise ValueError(f"Номер раздачи в раунде — от 1 до 4, а не «{value}».")


NEXT_HAND_PARAMS: tuple[Param, ...] = (
    Param("round", p.one_of(*ROUNDS), "E", help="ветер раунда: `E`, `S` (или `W` — продление)"),
    Param("hand", hand_number, 1, help="номер раздачи в раунде, 1–4 (Восток 1 … Восток 4)"),
    Param("honba", stick_count, 0, help="хонба на столе до раздачи"),
    Param("riichi_sticks", stick_count, 0, help="палочки риичи на столе до раздачи"),
    Param("scores", score_map,
          help="очки до раздачи по ветрам мест этой раздачи: "
          "`{E: 25000, S: 25000, W: 25000, N: 25000}`"),
    Param("riichi", seat_list, (), help="кто объявил риичи в этой раздаче, например `[S]`"),
    Param("result", result_param,
          help="чем кончилась раздача: `{type: ron, from: W, winners: [{seat: S, han: 3, "
          "fu: 30}]}`, `{type: tsumo, winner: S, han: 2, fu: 30}`, `{type: draw, tenpai: [E]}`, "
          "`{type: abortive, draw: four_winds}`, `{type: chombo, offender: N}`"),
)


@dataclass(frozen=True)
class ScoreLine(SeatLine):
    """A player's score before, the change, and the score after (the value)."""

    before: int = 0
    change: int = 0

    @property
    def change_text(self) -> str:
        return points_text(self.change)

    @property
    def text(self) -> str:
        return str(self.value)


@dataclass(frozen=True)
class NextSolution:
    outcome: HandEnd
    dealer: str  # E, S, or END
    lines: tuple[ScoreLine, ...]
    steps: tuple[str, ...]
    notes: tuple[RuleNote, ...]
    next_name: str  # «Восток 2, 1 хонба» or the end of the game
    final_lines: tuple[str, ...]
    end_text: str = ""  # why the game ended, in words ("" while it goes on)

    @property
    def scores(self) -> dict[str, int]:
        return dict(zip(SEATS, self.outcome.scores, strict=True))

    @property
    def dealer_name(self) -> str:
        return "партия окончена" if self.dealer == END else SEAT_WORDS[self.dealer]


def _steps(params: Mapping[str, Any], n: HandEnd) -> list[str]:
    kind = params["result"]["type"]
    steps = [OUTCOME_WORDS[kind]]
    riichi = params["riichi"]
    if riichi:
        steps.append("Риичи: " + ", ".join(SEAT_WORDS[s] for s in riichi)
                     + " — по 1000 на стол.")
    paid = list(n.payments)
    for s in riichi:
        paid[SEATS.index(s)] += 1000
    sticks = params["riichi_sticks"] + len(riichi)
    if kind in ("tsumo", "ron") and sticks:
        top = max(range(4), key=lambda i: paid[i])
        paid[top] -= 1000 * sticks
        steps.append(f"{SEAT_WORDS[SEATS[top]]} забирает со стола палочки риичи: "
                     f"{sticks} × 1000 = {1000 * sticks}.")
    moves = transfers(tuple(paid))
    if moves:
        steps.append("Выплаты: " + "; ".join(moves) + ".")
    elif any(paid):
        steps.append("Выплаты: " + "; ".join(
            f"{SEAT_WORDS[s]} {points_text(v)}" for s, v in zip(SEATS, paid, strict=True)) + ".")
    if kind == "chombo" and riichi:
        steps.append("Палочки риичи этой раздачи возвращают владельцам.")
    if n.deductions != (0, 0, 0, 0) and kind == "chombo":
        steps.append("Вычет за чомбо в конце партии: " + "; ".join(
            f"{SEAT_WORDS[s]} −{d}" for s, d in zip(SEATS, n.deductions, strict=True) if d)
            + ".")
    return steps


def explain(params: Mapping[str, Any], n: HandEnd) -> NextSolution:
    key = params["rules"]
    lines = tuple(
        ScoreLine(s, seat_word(s), after, before, after - before)
        for s, before, after in zip(SEATS, params["scores"], n.scores, strict=True)
    )
    steps = _steps(params, n)
    fields = list(OUTCOME_RULES[params["result"]["type"]])
    if n.game_over:
        dealer = END
        steps.append(f"Партия окончена: {END_WORDS.get(n.reason, n.reason)}.")
        fields += END_RULES.get(n.reason, ())
        next_name = "следующей раздачи нет"
    else:
        dealer = "E" if n.dealer_repeats else "S"
        steps.append("Дилер остаётся: раздаёт снова Восток." if n.dealer_repeats
                     else "Дилер уходит: следующим раздаёт Юг.")
        state = n.state
        next_name = (f"{ROUND_WORDS[state.round_wind]} {state.hand}, "
                     f"{honba_word(state.honba)}, {sticks_word(state.riichi_sticks)} на столе")
    steps.append(f"Хонба: было {params['honba']}, стало {n.state.honba}; палочек риичи на "
                 f"столе: {n.state.riichi_sticks}.")
    final_lines: tuple[str, ...] = ()
    if n.final is not None:
        f = n.final
        order = sorted(range(4), key=lambda i: (f.places[i], -n.scores[i]))
        final_lines = tuple(f"{f.places[i]}-е место — {seat_word(SEATS[i])}: итог "
                            f"{points_text(f.results[i])}" for i in order)
        fields += ["uma", "tiebreak"]
    notes = tuple(rule_note(name, key) for name in dict.fromkeys(fields))
    end_text = END_WORDS.get(n.reason, n.reason) if n.game_over else ""
    return NextSolution(n, dealer, lines, tuple(steps), notes, next_name, final_lines, end_text)


# --- what a wrong answer most likely missed: the kind's diagnosis rows ---------

def _deposit_forgotten(drill: Drill, verdict: Verdict) -> Fields | None:
    a, truth = answered(verdict), drill.solution.scores
    missed = [s for s in drill.params["riichi"] if a[s] == truth[s] + 1000]
    return {} if missed else None


def _draw_honba_reset(drill: Drill, verdict: Verdict) -> Fields | None:
    if drill.params["result"]["type"] != "draw":
        return None
    return honba_reset(drill, verdict)


def _dealer_wrong(drill: Drill, verdict: Verdict) -> Fields | None:
    if "dealer" not in wrong_fields(verdict):
        return None
    truth, said = drill.solution.dealer, answered(verdict)["dealer"]
    if truth == "end":
        return {"why": "партия окончена — " + drill.solution.end_text}
    if said == "end":
        return {"why": "партия ещё не окончена"}
    if truth == "E":
        return {"why": "дилер остаётся (ренчан): он выиграл сам или был в темпае при ничьей"}
    return {"why": "дилер уходит, и раздаёт следующий по ходу — Юг этой раздачи"}


NEXT_HAND_RULES: tuple[Rule, ...] = (
    Rule(_deposit_forgotten, "не забудьте 1000 за риичи: объявивший кладёт палочку на стол, "
         "и она уходит из его очков."),
    Rule(_draw_honba_reset, HONBA_RESET),
    Rule(_dealer_wrong, "кто раздаёт следующим: {why}."),
)


@register
class NextHand(GameKind):
    name = "next_hand"
    diagnoses = NEXT_HAND_RULES
    own_rules = True  # the generator draws the rule set
    title = "Следующая раздача"
    default_prompt = ("Раздача закончилась. Сколько очков теперь у каждого, кто раздаёт "
                      "следующим и что лежит на столе?")
    params = NEXT_HAND_PARAMS

    def prepare(self, params: Mapping[str, Any]) -> NextSolution:
        rules = get_ruleset(params["rules"])
        check_balance(params["scores"], params["riichi_sticks"], params["rules"])
        state = GameState(ROUNDS.index(params["round"]), params["hand"], params["honba"],
                          params["riichi_sticks"], params["scores"])
        outcome = outcome_of(params["result"], rules)
        riichi = [SEATS.index(s) for s in params["riichi"]]
        return explain(params, next_state(state, outcome, rules, riichi))

    def grade(self, drill: Drill, form: MultiDict[str, str]) -> Verdict:
        solution: NextSolution = drill.solution
        answers: dict[str, Any] = {
            s: read_signed(form, f"score-{s}", f"{SEAT_WORDS[s]}: очки после раздачи")
            for s in SEATS
        }
        answers["dealer"] = read_choice(form, "dealer", DEALER_CHOICES, "Кто раздаёт следующим?")
        answers["honba"] = read_count(form, "honba", "Хонба на столе")
        answers["sticks"] = read_count(form, "sticks", "Палочки риичи на столе")
        truth = {**solution.scores, "dealer": solution.dealer,
                 "honba": solution.outcome.state.honba,
                 "sticks": solution.outcome.state.riichi_sticks}
        wrong = [k for k, v in truth.items() if answers[k] != v]
        return Verdict(not wrong, {"answers": answers, "wrong": wrong})

    def round_name(self, drill: Drill) -> str:
        return f"{ROUND_WORDS[ROUNDS.index(drill.params['round'])]} {drill.params['hand']}"

    def dealer_choices(self) -> tuple[tuple[str, str], ...]:
        return (*((s, seat_word(s)) for s in SEATS), (END, "никто — партия окончена"))

    def dealer_word(self, code: str) -> str:
        return "партия окончена" if code == END else SEAT_WORDS[code]

    def result_text(self, drill: Drill) -> str:
        """The result in words for the situation list."""
        r = drill.params["result"]
        return RESULT_TEXT[r["type"]](r, get_ruleset(drill.params["rules"]))


def _worth(r: Mapping[str, Any], rules: Ruleset) -> str:
    return worth_text({k: v for k, v in r.items() if k in ("han", "fu", "yakuman")}, rules)


RESULT_TEXT: dict[str, Callable[[Mapping[str, Any], Ruleset], str]] = {
    "tsumo": lambda r, rules: f"{seat_word(r['winner'])} выигрывает по цумо: {_worth(r, rules)}",
    "ron": lambda r, rules: f"рон на сброс {SEAT_OF[r['from']]}: " + "; ".join(
        f"{seat_word(w['seat'])} — {worth_text(w, rules)}" for w in r["winners"]),
    "draw": lambda r, rules: "ничья, в темпае: "
    + (", ".join(seat_word(s) for s in r.get("tenpai", [])) or "никто"),
    "abortive": lambda r, rules: "прерванная ничья: "
    + messages.GAME_VALUE_NAMES[abortive_kind(r["draw"]).value],
    "chombo": lambda r, rules: f"чомбо: {seat_word(r['offender'])}",
}

__all__ = ["NEXT_HAND_PARAMS", "NextHand", "NextSolution"]
