"""The levels of the call, push and riichi generators (engine/generate/judgement.py).

Each level's intended mix is measured over seeded problems, judged again by the
same engine judgement the drill grades with. Novice: the clear cases; player:
one factor decides; master: several factors, a dealer, two riichi. The sample
sizes are small (a call is judged in milliseconds to tens of them by the Python
engine); the bounds leave room for that.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

import pytest

from engine.generate import generate
from engine.generate.judgement import RULES, WIND_CODES
from engine.hand import parse_hand
from engine.melds import parse_meld_text
from engine.table.judgement import (
    CallVerdict,
    PushVerdict,
    RiichiVerdict,
    judge_call,
    judge_push,
    judge_riichi,
)
from engine.table.safety import Riichi
from engine.tiles import parse_tile, parse_tiles
from tests.support.levels import (
    _met,
)

RIICHI_N, PUSH_N, CALL_N = 100, 40, 20


def _t(code: str) -> int:
    return parse_tile(code).kinds[0]


def _seat(params: dict[str, object]) -> int:
    return 27 + WIND_CODES.index(str(params["seat"]))


@cache
def riichi_problems(level: str) -> tuple[tuple[RiichiVerdict, int], ...]:
    out = []
    for seed in range(RIICHI_N):
        p = generate("riichi", level, seed).params
        v = judge_riichi(parse_hand(p["hand"], size=13), _seat(p), 27, (_t(p["dora"]),),
                         p["turn"], (), RULES)
        out.append((v, _seat(p)))
    return tuple(out)


@cache
def push_problems(level: str) -> tuple[tuple[PushVerdict, int, int], ...]:
    out = []
    for seed in range(PUSH_N):
        p = generate("push", level, seed).params
        dora = _t(p["dora"])
        pond = parse_tiles(p["pond"]).kinds
        riichis, visible = [Riichi(pond, p["riichi_at"] - 1)], [*pond, dora]
        if "second_pond" in p:
            second = parse_tiles(p["second_pond"]).kinds
            riichis.append(Riichi(second, p["second_at"] - 1))
            visible += second
        v = judge_push(parse_hand(p["hand"]), _t(p["push"]), riichis, visible, (dora,),
                       _seat(p), 27, RULES)
        out.append((v, len(riichis), _seat(p)))
    return tuple(out)


@cache
def call_problems(level: str) -> tuple[CallVerdict, ...]:
    out = []
    for seed in range(CALL_N):
        p = generate("call", level, seed).params
        out.append(judge_call(parse_hand(p["hand"], size=13), parse_meld_text(p["call"]),
                              _t(p["tile"]), _seat(p), 27, (_t(p["dora"]),), RULES))
    return tuple(out)


# --- riichi ----------------------------------------------------------------------------

def test_riichi_novice_deals_the_clear_cases() -> None:
    rows = Counter(v.row.id for v, _ in riichi_problems("novice"))
    assert set(rows) <= {"riichi_one_of_three", "dama_riichi_only_bad"}
    assert rows["riichi_one_of_three"] >= 40 and rows["dama_riichi_only_bad"] >= 20
    for v, seat in riichi_problems("novice"):
        assert seat != 27  # never the dealer
        if v.riichi:
            assert v.wait.good and v.extra_han >= 1  # two reasons at once: clear


def test_riichi_player_is_decided_by_one_reason() -> None:
    found = riichi_problems("player")
    for v, _ in found:
        if v.row.id == "riichi_one_of_three":
            assert (v.extra_han >= 1) + v.wait.good + v.dealer == 1
    verdicts = Counter(v.row.verdict for v, _ in found)
    assert verdicts["riichi"] >= 30 and verdicts["dama"] >= 25


def test_riichi_master_weighs_expensive_hands() -> None:
    rows = Counter(v.row.id for v, _ in riichi_problems("master"))
    expensive = rows["dama_haneman"] + rows["riichi_expensive_wide"] + rows["dama_expensive"]
    assert expensive >= 60
    assert rows["riichi_expensive_wide"] >= 10 and rows["dama_expensive"] >= 10


# --- push ------------------------------------------------------------------------------


@pytest.mark.parametrize("level", ["novice", "player", "master"])
def test_push_never_asks_about_a_100_percent_safe_tile(level: str) -> None:
    assert all(not v.danger.tier.certain for v, _, _ in push_problems(level))


def test_push_novice_all_three_conditions_agree() -> None:
    found = push_problems("novice")
    assert all(_met(v) in (0, 3) for v, _, _ in found)
    assert all(n == 1 and seat != 27 for _, n, seat in found)
    pushes = sum(v.push for v, _, _ in found)
    assert 10 <= pushes <= PUSH_N - 10


def test_push_player_two_agree_and_the_third_differs() -> None:
    found = push_problems("player")
    assert all(_met(v) in (1, 2) for v, _, _ in found)
    pushes = sum(v.push for v, _, _ in found)
    assert 10 <= pushes <= PUSH_N - 10


def test_push_master_has_dealers_and_two_riichi() -> None:
    found = push_problems("master")
    assert sum(n == 2 for _, n, _ in found) >= 0.15 * PUSH_N
    assert sum(seat == 27 for _, _, seat in found) >= 0.15 * PUSH_N
    assert len({_met(v) for v, _, _ in found}) >= 3  # several factors mixed


# --- call ------------------------------------------------------------------------------

def test_call_novice_deals_a_ready_call_or_one_without_yaku() -> None:
    rows = Counter(v.row.id for v in call_problems("novice"))
    assert rows["call_ready"] + rows["call_no_yaku"] >= CALL_N - 1
    assert rows["call_ready"] and rows["call_no_yaku"]


def test_call_player_turns_on_speed_and_value() -> None:
    rows = Counter(v.row.id for v in call_problems("player"))
    assert rows["call_cheap_slow"] + rows["call_fast_or_expensive"] + rows["call_no_progress"] \
        >= CALL_N // 2


def test_call_master_has_value_drops_and_both_verdicts() -> None:
    found = call_problems("master")
    rows = Counter(v.row.id for v in found)
    assert rows["call_value_drop"] + rows["call_value_set"] >= CALL_N // 10
    assert {v.row.verdict for v in found} == {"call", "pass"}


# --- the level rule of each problem, for tests/engine/test_generate.py ------------------
# Read from the drill the lesson code prepares (its own engine judgement).


