"""The levels of the all-last generator (engine/generate/all_last.py), over 100 problems each."""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.generate import generate
from engine.rules.sets import get_ruleset
from engine.table.all_last import Way, all_last_needs

N = 100
CODES = ("E", "S", "W", "N")


@cache
def problems(level: str) -> tuple[dict[str, Any], ...]:
    return tuple(generate("all_last", level, seed).params for seed in range(N))


def _needs(p: dict[str, Any]) -> Any:
    scores = [p["scores"][c] for c in CODES]
    return all_last_needs(scores, CODES.index(p["seat"]), p["honba"], p["riichi_sticks"],
                          get_ruleset(p["rules"]))


def _way(p: dict[str, Any]) -> Way:
    return Way(None if p["win"] == "tsumo" else CODES.index(p["win"]))


def test_every_problem_has_an_answer_and_balanced_scores() -> None:
    for level in ("novice", "player", "master"):
        for p in problems(level):
            assert sum(p["scores"].values()) + 1000 * p["riichi_sticks"] == 100000
            need = _needs(p)
            assert p["place"] < need.place_now
            assert need.smallest(_way(p), p["place"]) is not None


def test_novice_second_place_rons_the_leader() -> None:
    for p in problems("novice"):
        need = _needs(p)
        leader = max(range(4), key=lambda s: (p["scores"][CODES[s]], -((s - 1) % 4)))
        assert need.place_now == 2 and p["place"] == 1 and p["win"] == CODES[leader]
        assert p["honba"] == p["riichi_sticks"] == 0 and p["seat"] != "E"


def test_player_adds_one_factor() -> None:
    found = problems("player")
    assert sum(p["win"] == "tsumo" for p in found) >= 25
    assert sum(p["honba"] or p["riichi_sticks"] for p in found) >= 50
    assert all(p["seat"] != "E" and p["place"] == 1 for p in found)


def test_master_has_a_dealer_and_lower_places() -> None:
    found = problems("master")
    assert sum(p["seat"] == "E" for p in found) >= 15
    assert sum(p["place"] > 1 for p in found) >= 20
    assert all(p["honba"] >= 1 and p["riichi_sticks"] >= 1 for p in found)
