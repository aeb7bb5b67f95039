"""The levels of the all-last generator (engine/generate/all_last.py), 200 problems each.

Rates (each asserted within 5 points over 200 seeded problems per level; the
master's dealer and tie are drawn once per problem, spread evenly over
consecutive seeds by engine/generate/mix.py, so they land within about 2):

=========  ==================================================================
novice     100 %: second place rons the leader to reach first; no honba, no
           sticks, never the dealer
player     100 % first place, never the dealer, never the leader's ron; a
           tsumo at least a third (one of the three ways that are not the
           leader's ron); honba or sticks on the table at least 83 % (five of
           the six draws)
master     the learner deals 25 % (the generator's draw) and the learner or
           the leader deals at least 40 %; second or third place to reach at
           least 30 %; tied scores 25 %; always honba and sticks
=========  ==================================================================
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.generate import generate
from engine.rules.sets import get_ruleset
from engine.table.all_last import Way, all_last_needs

PROBLEMS = 200
TOLERANCE = 0.05
CODES = ("E", "S", "W", "N")
Sample = dict[str, list[dict[str, Any]]]


@pytest.fixture(scope="module")
def problems() -> Sample:
    return {level: [generate("all_last", level, seed).params for seed in range(PROBLEMS)]
            for level in ("novice", "player", "master")}


def _needs(p: dict[str, Any]) -> Any:
    scores = [p["scores"][c] for c in CODES]
    return all_last_needs(scores, CODES.index(p["seat"]), p["honba"], p["riichi_sticks"],
                          get_ruleset(p["rules"]))


def _way(p: dict[str, Any]) -> Way:
    return Way(None if p["win"] == "tsumo" else CODES.index(p["win"]))


def _leader(p: dict[str, Any]) -> int:
    return max(range(4), key=lambda s: (p["scores"][CODES[s]], -((s - 1) % 4)))


def _share(found: list[dict[str, Any]], holds: Any) -> float:
    return sum(bool(holds(p)) for p in found) / PROBLEMS


def test_every_problem_has_an_answer_and_balanced_scores(problems: Sample) -> None:
    for found in problems.values():
        for p in found:
            assert sum(p["scores"].values()) + 1000 * p["riichi_sticks"] == 100000
            need = _needs(p)
            assert p["place"] < need.place_now
            assert need.smallest(_way(p), p["place"]) is not None


def test_novice_second_place_rons_the_leader(problems: Sample) -> None:
    for p in problems["novice"]:
        need = _needs(p)
        assert need.place_now == 2 and p["place"] == 1 and p["win"] == CODES[_leader(p)]
    assert _share(problems["novice"], lambda p: p["honba"] or p["riichi_sticks"]
                  or p["seat"] == "E") == 0


def test_player_adds_one_factor(problems: Sample) -> None:
    found = problems["player"]
    assert not any(p["win"] == CODES[_leader(p)] for p in found)  # never the leader's ron
    assert _share(found, lambda p: p["win"] == "tsumo") >= 1 / 3 - TOLERANCE
    assert _share(found, lambda p: p["honba"] or p["riichi_sticks"]) >= 5 / 6 - TOLERANCE
    assert all(p["seat"] != "E" and p["place"] == 1 for p in found)


def test_master_has_a_dealer_lower_places_and_ties(problems: Sample) -> None:
    found = problems["master"]
    assert abs(_share(found, lambda p: p["seat"] == "E") - 0.25) <= TOLERANCE
    assert _share(found, lambda p: p["seat"] == "E" or _leader(p) == 0) >= 0.40 - TOLERANCE
    assert _share(found, lambda p: p["place"] > 1) >= 0.30 - TOLERANCE
    assert abs(_share(found, lambda p: len(set(p["scores"].values())) < 4) - 0.25) <= TOLERANCE
    assert all(p["honba"] >= 1 and p["riichi_sticks"] >= 1 for p in found)
