"""Diagnoses for the whole-game drills: draw, multi_ron, next_hand, final.

Each detector recognises an answer that is exactly what one common mistake
gives — the honba reset after a draw, 3000 taken from every noten player, a
head bump answered as a double ron, the riichi deposit forgotten, the oka
left out — by comparing the learner's numbers with the engine's answer in
the drill's solution (see :mod:`tutor.drills.diagnosis`).
"""

from __future__ import annotations

from typing import Any

from engine.rules.sets import MultipleRon, Tiebreak, get_game_rules, get_ruleset
from tutor.drills.base import Drill, Verdict
from tutor.drills.diagnosis.rule import Fields, Rule

SEATS = ("E", "S", "W", "N")


def _answers(verdict: Verdict) -> dict[str, Any]:
    return dict(verdict.details["answers"])


def _wrong(verdict: Verdict) -> set[str]:
    return set(verdict.details["wrong"])


# --- draw ----------------------------------------------------------------------------

def _honba_reset(drill: Drill, verdict: Verdict) -> Fields | None:
    a = _answers(verdict)
    return {} if a["honba"] == 0 and "honba" in _wrong(verdict) else None


def _noten_each_3000(drill: Drill, verdict: Verdict) -> Fields | None:
    a, truth = _answers(verdict), drill.solution.payments
    noten = [s for s in SEATS if truth[s] < 0]
    total = get_ruleset(drill.params["rules"]).noten_payment
    if len(noten) > 1 and all(a[s] == -total for s in noten):
        return {"total": total}
    return None


def _sticks_taken(drill: Drill, verdict: Verdict) -> Fields | None:
    a = _answers(verdict)
    return {} if a["sticks"] == 0 and "sticks" in _wrong(verdict) else None


def _dealer_kept_by_others(drill: Drill, verdict: Verdict) -> Fields | None:
    if "repeat" not in _wrong(verdict):
        return None
    return {"why": "в темпае сам дилер — он остаётся (ренчан)" if drill.solution.repeat == "yes"
            else "дилер в нотене, поэтому дилерство переходит к Югу, даже если кто-то другой "
            "в темпае"}


def _not_zero_sum(drill: Drill, verdict: Verdict) -> Fields | None:
    a = _answers(verdict)
    total = sum(a[s] for s in SEATS)
    return {"sum": total} if total else None


def _dead_hand_paid(drill: Drill, verdict: Verdict) -> Fields | None:
    a = _answers(verdict)
    dead = [s for s in drill.params["dead_hand"] if a[s] > 0]
    return {} if dead else None


HONBA_RESET = ("при ничьей хонба не сбрасывается: она растёт на 1, даже если дилер уходит. "
               "Сбрасывает её только победа недилера.")
DRAW_RULES: tuple[Rule, ...] = (
    Rule(_dead_hand_paid, "игрок с мёртвой рукой при ничьей считается нотен, какой бы ни была "
         "его рука: он платит, а не получает."),
    Rule(_noten_each_3000, "{total} — это штраф на всех нотен-игроков вместе, а не с каждого: "
         "его делят поровну между ними."),
    Rule(_honba_reset, HONBA_RESET),
    Rule(_sticks_taken, "палочки риичи при ничьей никому не достаются: они остаются на столе "
         "до следующей победы."),
    Rule(_dealer_kept_by_others, "дилер остаётся, только если в темпае он сам: {why}."),
    Rule(_not_zero_sum, "при ничьей очки только переходят от одних игроков к другим: сумма всех "
         "изменений должна быть 0, а у вас {sum}.", fallback=True),
)


# --- multi_ron -------------------------------------------------------------------------

def _rule(drill: Drill) -> MultipleRon:
    return get_ruleset(drill.params["rules"]).multiple_ron


def _picked(verdict: Verdict) -> set[str]:
    return set(_answers(verdict)["winners"])


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
    a = _answers(verdict)
    return {} if sum(a[s] < 0 for s in SEATS) > 1 else None


def _pao_liable_free(drill: Drill, verdict: Verdict) -> Fields | None:
    pao, shooter = drill.params["pao"], drill.params["from"]
    if pao is None or shooter is None or shooter == pao["liable"]:
        return None
    a = _answers(verdict)
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


# --- next_hand ---------------------------------------------------------------------------

def _deposit_forgotten(drill: Drill, verdict: Verdict) -> Fields | None:
    a, truth = _answers(verdict), drill.solution.scores
    missed = [s for s in drill.params["riichi"] if a[s] == truth[s] + 1000]
    return {} if missed else None


def _draw_honba_reset(drill: Drill, verdict: Verdict) -> Fields | None:
    if drill.params["result"]["type"] != "draw":
        return None
    return _honba_reset(drill, verdict)


def _dealer_wrong(drill: Drill, verdict: Verdict) -> Fields | None:
    if "dealer" not in _wrong(verdict):
        return None
    truth, said = drill.solution.dealer, _answers(verdict)["dealer"]
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


# --- final ---------------------------------------------------------------------------------

def _first_results(drill: Drill, verdict: Verdict) -> list[tuple[int, int]]:
    """(answer, truth) of the single first place; empty when first is shared."""
    r = drill.solution.result
    firsts = [i for i in range(4) if r.places[i] == 1]
    if len(firsts) != 1:
        return []
    a = _answers(verdict)
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
    a, r = _answers(verdict), drill.solution.result
    shift = back - start
    if shift and all(a[f"result-{SEATS[i]}"] == r.results[i] + shift for i in range(4)
                     if r.places[i] != 1):
        return {"back": back, "start": start}
    return None


def _ties(drill: Drill, verdict: Verdict) -> Fields | None:
    scores = drill.params["scores"]
    if len(set(scores)) == 4:
        return None
    a = _answers(verdict)
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
