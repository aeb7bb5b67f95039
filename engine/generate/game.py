"""Seeded practice problems for the whole-game kinds: draw, multi_ron, next_hand, final.

A problem is a drill block's parameters in the batch notation (seat winds
``E S W N``, E the dealer; a hand's value ``{"seat": "S", "han": 3, "fu": 30}``),
so practice and lessons are graded by the same drill code. Like the other
generators (:mod:`engine.generate`) each is a pure function of its random
stream: a level is a row of data saying what may be drawn, a candidate is
checked by the engine itself (the state must be one the rules can reach and
settle), and one that does not fit is dropped for the next.

States look like real games: the points on the table always add up to four
starting scores (riichi sticks included), scores move by real hand values,
a riichi is declared only with 1000 points to spare, and a player in riichi
is tenpai at a draw.

=========  ==========================  ============================  ==========================
kind       novice                      player                        master
=========  ==========================  ============================  ==========================
draw       online, 1–3 tenpai,         any rule set, 0–4 tenpai,     nagashi mangan where
           no honba or sticks          honba and sticks              played, honba, sticks
multi_ron  online double ron, no       any rule set, 2–3 claims,     pao (ron or tsumo) or a
           honba                       honba and sticks              triple ron, any rule set
next_hand  East, a ron or tsumo,       East or South, draws,         South 4 and the end,
           online, no riichi           riichi, any rule set          chombo, abortive draws
final      online, all scores differ   EMA, JPML or online;          ties, any rule set,
                                       sticks left on the table      sticks left
=========  ==========================  ============================  ==========================
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.errors import HandError
from engine.generate.hands import MAX_TRIES
from engine.rules.sets import GAME_RULES, AbortiveDraw, MultipleRon, get_ruleset
from engine.table.game import GameState, next_state
from engine.table.outcome import outcome_of

SEATS = ("E", "S", "W", "N")
ALL_RULES = tuple(GAME_RULES)
# Hand values met at a real table: (han, fu), most of them cheap.
VALUES: tuple[tuple[int, int], ...] = (
    (1, 30), (1, 40), (2, 30), (2, 40), (3, 30), (2, 25), (3, 40), (4, 30), (1, 30),
    (2, 30), (5, 30), (6, 30), (8, 30),
)
# Points that change hands in one hand, for building realistic scores.
MOVES = (1000, 1300, 1500, 2000, 2600, 2900, 3900, 5200, 7700, 8000, 12000)


def _value(rng: random.Random, seat: str) -> dict[str, Any]:
    han, fu = rng.choice(VALUES)
    return {"seat": seat, "han": han, "fu": fu}


def _scores(rng: random.Random, start: int, sticks: int, moves: int,
            floor: int = 1000) -> list[int]:
    """Four scores after ``moves`` realistic payments, ``sticks`` riichi sticks on the table."""
    for _ in range(MAX_TRIES):
        scores = [start] * 4
        for _stick in range(sticks):
            scores[rng.randrange(4)] -= 1000
        for _move in range(moves):
            payer, taker = rng.sample(range(4), 2)
            amount = rng.choice(MOVES)
            scores[payer] -= amount
            scores[taker] += amount
        if min(scores) >= floor:
            return scores
    raise HandError("Не удалось подобрать очки для этого уровня.")


def _score_map(scores: list[int]) -> dict[str, int]:
    return dict(zip(SEATS, scores, strict=True))


# --- draw ------------------------------------------------------------------------------

@dataclass(frozen=True)
class _DrawLevel:
    rules: tuple[str, ...]
    tenpai: tuple[int, ...]  # how many players are tenpai
    honba: tuple[int, ...]
    sticks: tuple[int, ...]
    nagashi: float  # chance of a nagashi mangan, where the rule set plays it


_DRAW_LEVELS: dict[str, _DrawLevel] = {
    "novice": _DrawLevel(("online",), (1, 2, 3), (0,), (0,), 0.0),
    "player": _DrawLevel(ALL_RULES, (0, 1, 2, 2, 3, 4), (0, 1, 2, 3), (0, 0, 1, 2), 0.0),
    # online twice more: it is the one set that plays nagashi mangan (Tenhou).
    "master": _DrawLevel(("online", "online", *ALL_RULES), (0, 1, 2, 3), (0, 1, 2, 3, 4),
                         (0, 1, 2, 3), 0.6),
}


def gen_draw(rng: random.Random, level: str) -> dict[str, Any]:
    lv = _DRAW_LEVELS[level]
    rules = rng.choice(lv.rules)
    tenpai = sorted(rng.sample(range(4), rng.choice(lv.tenpai)))
    params: dict[str, Any] = {
        "rules": rules, "tenpai": [SEATS[s] for s in tenpai],
        "honba": rng.choice(lv.honba), "riichi_sticks": rng.choice(lv.sticks),
    }
    if GAME_RULES[rules].nagashi_mangan and rng.random() < lv.nagashi:
        params["nagashi"] = [rng.choice(SEATS)]
    return params


# --- multi_ron ----------------------------------------------------------------------------

@dataclass(frozen=True)
class _RonLevel:
    rules: tuple[str, ...]
    claims: tuple[int, ...]
    honba: tuple[int, ...]
    sticks: tuple[int, ...]
    pao: float  # chance of a pao problem instead of several rons
    triple: float  # chance of three claims where a triple ron is an abortive draw


_RON_LEVELS: dict[str, _RonLevel] = {
    "novice": _RonLevel(("online",), (2,), (0,), (0, 0, 1), 0.0, 0.0),
    "player": _RonLevel(ALL_RULES, (2, 2, 3), (0, 1, 2), (0, 1, 2), 0.0, 0.0),
    "master": _RonLevel(ALL_RULES, (2, 3), (0, 1, 2, 3), (0, 1, 2), 0.5, 0.3),
}


def _gen_pao(rng: random.Random, rules: tuple[str, ...], honba: int,
             sticks: int) -> dict[str, Any]:
    with_pao = [r for r in rules if GAME_RULES[r].pao_yakuman]
    key = rng.choice(with_pao)
    winner, liable = rng.sample(SEATS, 2)
    params: dict[str, Any] = {
        "rules": key, "winners": [{"seat": winner, "yakuman": 1}],
        "pao": {"liable": liable, "yaku": rng.choice(GAME_RULES[key].pao_yakuman)},
        "honba": honba, "riichi_sticks": sticks,
    }
    if rng.random() < 0.6:  # a ron: by the liable player himself now and then
        params["from"] = rng.choice([s for s in SEATS if s != winner])
    return params


def gen_multi_ron(rng: random.Random, level: str) -> dict[str, Any]:
    lv = _RON_LEVELS[level]
    honba, sticks = rng.choice(lv.honba), rng.choice(lv.sticks)
    if rng.random() < lv.pao:
        return _gen_pao(rng, lv.rules, honba, sticks)
    rules = rng.choice(lv.rules)
    count = rng.choice(lv.claims)
    if rng.random() < lv.triple:
        rules = rng.choice([r for r in lv.rules
                            if get_ruleset(r).multiple_ron is MultipleRon.DOUBLE] or [rules])
        count = 3
    shooter = rng.choice(SEATS)
    claims = rng.sample([s for s in SEATS if s != shooter], count)
    return {"rules": rules, "from": shooter, "winners": [_value(rng, s) for s in claims],
            "honba": honba, "riichi_sticks": sticks}


# --- next_hand ------------------------------------------------------------------------------

@dataclass(frozen=True)
class _NextLevel:
    rules: tuple[str, ...]
    rounds: tuple[tuple[str, int], ...]  # (round wind, hand) to draw from
    outcomes: tuple[str, ...]
    riichi: tuple[int, ...]  # how many declare riichi in the hand
    honba: tuple[int, ...]
    sticks: tuple[int, ...]
    moves: int  # payments before this hand (how far the scores have spread)
    floor: int  # the lowest score before the hand


_NEXT_LEVELS: dict[str, _NextLevel] = {
    "novice": _NextLevel(("online",), (("E", 1), ("E", 2), ("E", 3)), ("ron", "ron", "tsumo"),
                         (0,), (0,), (0,), 2, 5000),
    "player": _NextLevel(ALL_RULES, tuple((w, h) for w in "ES" for h in (1, 2, 3)),
                         ("ron", "tsumo", "draw", "draw"), (0, 1, 1, 2), (0, 1, 2), (0, 0, 1),
                         4, 3000),
    "master": _NextLevel(ALL_RULES, (("S", 4), ("S", 4), ("S", 3), ("E", 4), ("S", 4)),
                         ("ron", "tsumo", "draw", "abortive", "chombo", "ron"), (0, 1, 2),
                         (0, 1, 2, 3), (0, 1, 2), 7, 1000),
}


def _outcome(rng: random.Random, kind: str, rules: str,
             riichi: list[str]) -> dict[str, Any] | None:
    if kind == "ron":
        shooter = rng.choice(SEATS)
        winner = rng.choice([s for s in SEATS if s != shooter])
        return {"type": "ron", "from": shooter, "winners": [_value(rng, winner)]}
    if kind == "tsumo":
        han, fu = rng.choice(VALUES)
        return {"type": "tsumo", "winner": rng.choice(SEATS), "han": han, "fu": fu}
    if kind == "draw":
        others = [s for s in SEATS if s not in riichi and rng.random() < 0.4]
        return {"type": "draw", "tenpai": sorted(set(riichi) | set(others), key=SEATS.index)}
    if kind == "abortive":
        played = [k for k in GAME_RULES[rules].abortive_draws if k is not AbortiveDraw.TRIPLE_RON]
        if not played or riichi and AbortiveDraw.FOUR_RIICHI not in played:
            return None
        return {"type": "abortive", "draw": rng.choice(played).value}
    return {"type": "chombo", "offender": rng.choice(SEATS)}


def gen_next_hand(rng: random.Random, level: str) -> dict[str, Any]:
    lv = _NEXT_LEVELS[level]
    for _ in range(MAX_TRIES):
        rules = rng.choice(lv.rules)
        start = get_ruleset(rules).starting_points
        wind, hand = rng.choice(lv.rounds)
        sticks = rng.choice(lv.sticks)
        scores = _scores(rng, start, sticks, lv.moves, lv.floor)
        rich = [s for s, pts in zip(SEATS, scores, strict=True) if pts >= 2000]
        riichi = sorted(rng.sample(rich, min(rng.choice(lv.riichi), len(rich))),
                        key=SEATS.index)
        result = _outcome(rng, rng.choice(lv.outcomes), rules, riichi)
        if result is None:
            continue
        params: dict[str, Any] = {
            "rules": rules, "round": wind, "hand": hand, "honba": rng.choice(lv.honba),
            "riichi_sticks": sticks, "scores": _score_map(scores), "riichi": riichi,
            "result": result,
        }
        if _settles(params):
            return params
    raise HandError("Не удалось подобрать раздачу для этого уровня.")


def _settles(params: dict[str, Any]) -> bool:
    """The engine accepts the state and the result (an abortive draw the rules play, …)."""
    rules = get_ruleset(params["rules"])
    e, s, w, n = (int(params["scores"][seat]) for seat in SEATS)
    state = GameState("ESW".index(params["round"]), params["hand"], params["honba"],
                      params["riichi_sticks"], (e, s, w, n))
    try:
        next_state(state, outcome_of(params["result"], rules), rules,
                   [SEATS.index(s) for s in params["riichi"]])
    except HandError:
        return False
    return True


# --- final ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class _FinalLevel:
    rules: tuple[str, ...]
    sticks: tuple[int, ...]
    tie: float  # chance that two players end level
    moves: int
    floor: int


_FINAL_LEVELS: dict[str, _FinalLevel] = {
    "novice": _FinalLevel(("online",), (0,), 0.0, 6, 1000),
    "player": _FinalLevel(("online", "ema", "jpml"), (0, 0, 1, 2), 0.0, 8, -10000),
    "master": _FinalLevel(ALL_RULES, (0, 1, 2), 0.7, 9, -15000),
}


def gen_final(rng: random.Random, level: str) -> dict[str, Any]:
    lv = _FINAL_LEVELS[level]
    for _ in range(MAX_TRIES):
        rules = rng.choice(lv.rules)
        sticks = rng.choice(lv.sticks)
        floor = lv.floor if get_ruleset(rules).negative_points else 0
        scores = _scores(rng, get_ruleset(rules).starting_points, sticks, lv.moves, floor)
        if rng.random() < lv.tie:
            i, j, k = rng.sample(range(4), 3)
            scores[k] += scores[j] - scores[i]
            scores[j] = scores[i]
            if min(scores) < floor:
                continue
        distinct = len(set(scores))
        if distinct == 4 or (lv.tie and distinct == 3):
            return {"rules": rules, "scores": _score_map(scores), "riichi_sticks": sticks}
    raise HandError("Не удалось подобрать итог партии для этого уровня.")


GENERATORS: dict[str, Callable[[random.Random, str], dict[str, Any]]] = {
    "draw": gen_draw,
    "multi_ron": gen_multi_ron,
    "next_hand": gen_next_hand,
    "final": gen_final,
}
