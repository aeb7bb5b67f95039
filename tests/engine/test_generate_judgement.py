"""The levels of the push and riichi generators (engine/generate/judgement.py), 200 each.

Each level's mix is measured over 200 seeded problems per level, with the
verdict the generator judged each problem by (the same engine judgement the
drill grades with; a few seeds per level are built again through
:func:`engine.generate.generate` and judged again from their parameters).
The levels the course promises: novice — the clear cases; player — one factor
decides; master — several factors, a dealer, two riichi. Rates, each asserted
within 5 points:

==============  ===============================================================
riichi novice   100 % clear (a good wait and a han, or riichi-only with a bad
                wait), never the dealer; riichi 65 % (the generator's mix)
riichi player   at least 95 % decided by one reason; riichi at least 50 %, dama
                at least 30 %; dama for one or two winning tiles left 10 % (the
                generator's mix)
riichi master   at least 85 % expensive hands (haneman, or worth dama without
                riichi), each of the three expensive rows at least 15 %; the
                dealer at least 40 %
push novice     100 % all three conditions agree, one riichi, never the dealer;
                push 50 %
push player     100 % two conditions agree and the third differs; each verdict
                at least 40 %
push master     two riichi at least 30 %, the learner deals at least 40 %, each
                number of conditions met (0–3) at least 15 %
==============  ===============================================================
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from engine.generate import generate, problem_rng
from engine.generate.judgement import RULES, WIND_CODES, judged_push, judged_riichi
from engine.hand import parse_hand
from engine.table.judgement import PushVerdict, RiichiVerdict, judge_push, judge_riichi
from engine.table.safety import Riichi
from engine.tiles import parse_tile, parse_tiles
from tests.support.levels import _met

PROBLEMS = 200
TOLERANCE = 0.05
LEVELS = ("novice", "player", "master")
Riichis = dict[str, list[tuple[dict[str, Any], RiichiVerdict]]]
Pushes = dict[str, list[tuple[dict[str, Any], PushVerdict]]]


def _t(code: str) -> int:
    return parse_tile(code).kinds[0]


def _seat(params: dict[str, Any]) -> int:
    return 27 + WIND_CODES.index(str(params["seat"]))


def _share(count: int) -> float:
    return count / PROBLEMS


@pytest.fixture(scope="module")
def riichis() -> Riichis:
    return {level: [judged_riichi(problem_rng("riichi", level, seed), level)
                    for seed in range(PROBLEMS)] for level in LEVELS}


@pytest.fixture(scope="module")
def pushes() -> Pushes:
    return {level: [judged_push(problem_rng("push", level, seed), level)
                    for seed in range(PROBLEMS)] for level in LEVELS}


def _rejudge_push(p: dict[str, Any]) -> PushVerdict:
    """The push drill's judgement, read again from the problem's parameters."""
    dora = _t(p["dora"])
    pond = parse_tiles(p["pond"]).kinds
    riichis, visible = [Riichi(pond, p["riichi_at"] - 1)], [*pond, dora]
    if "second_pond" in p:
        second = parse_tiles(p["second_pond"]).kinds
        riichis.append(Riichi(second, p["second_at"] - 1))
        visible += second
    return judge_push(parse_hand(p["hand"]), _t(p["push"]), riichis, visible, (dora,),
                      _seat(p), 27, RULES)


@pytest.mark.parametrize("level", LEVELS)
def test_the_samples_are_the_practice_problems_and_their_grading(
        riichis: Riichis, pushes: Pushes, level: str) -> None:
    for seed in range(5):
        p, v = riichis[level][seed]
        assert generate("riichi", level, seed).params == p
        again = judge_riichi(parse_hand(p["hand"], size=13), _seat(p), 27, (_t(p["dora"]),),
                             p["turn"], (), RULES)
        assert again.row == v.row
        p, w = pushes[level][seed]
        assert generate("push", level, seed).params == p
        assert _rejudge_push(p).row == w.row


# --- riichi ----------------------------------------------------------------------------

def test_riichi_novice_deals_the_clear_cases(riichis: Riichis) -> None:
    found = riichis["novice"]
    clear = sum(v.row.id == "dama_riichi_only_bad"
                or (v.row.id == "riichi_one_of_three" and v.wait.good and v.extra_han >= 1)
                for _, v in found)
    assert _share(clear) >= 1.0 - TOLERANCE
    assert all(_seat(p) != 27 for p, _ in found)  # never the dealer
    assert abs(_share(sum(v.riichi for _, v in found)) - 0.65) <= TOLERANCE


def _one_reason(v: RiichiVerdict) -> bool:
    if v.row.id == "riichi_one_of_three":
        return (v.extra_han >= 1) + v.wait.good + v.dealer == 1
    return v.row.id in ("dama_riichi_only_bad", "dama_few_tiles")


def test_riichi_player_is_decided_by_one_reason(riichis: Riichis) -> None:
    found = riichis["player"]
    assert _share(sum(_one_reason(v) for _, v in found)) >= 0.95 - TOLERANCE
    verdicts = Counter(v.row.verdict for _, v in found)
    assert _share(verdicts["riichi"]) >= 0.50 - TOLERANCE
    assert _share(verdicts["dama"]) >= 0.30 - TOLERANCE
    few = sum(v.row.id == "dama_few_tiles" for _, v in found)
    assert abs(_share(few) - 0.10) <= TOLERANCE


def test_riichi_master_weighs_expensive_hands_and_the_dealer(riichis: Riichis) -> None:
    found = riichis["master"]
    rows = Counter(v.row.id for _, v in found)
    expensive = ("dama_haneman", "riichi_expensive_wide", "dama_expensive")
    assert _share(sum(rows[r] for r in expensive)) >= 0.85 - TOLERANCE
    assert all(_share(rows[r]) >= 0.15 - TOLERANCE for r in expensive)
    assert _share(sum(v.dealer for _, v in found)) >= 0.40 - TOLERANCE


# --- push ------------------------------------------------------------------------------


@pytest.mark.parametrize("level", LEVELS)
def test_push_never_asks_about_a_100_percent_safe_tile(pushes: Pushes, level: str) -> None:
    assert all(not v.danger.tier.certain for _, v in pushes[level])


def test_push_novice_all_three_conditions_agree(pushes: Pushes) -> None:
    found = pushes["novice"]
    assert _share(sum(_met(v) in (0, 3) for _, v in found)) >= 1.0 - TOLERANCE
    assert all("second_pond" not in p and _seat(p) != 27 for p, _ in found)
    assert abs(_share(sum(v.push for _, v in found)) - 0.50) <= TOLERANCE


def test_push_player_two_agree_and_the_third_differs(pushes: Pushes) -> None:
    found = pushes["player"]
    assert _share(sum(_met(v) in (1, 2) for _, v in found)) >= 1.0 - TOLERANCE
    pushed = _share(sum(v.push for _, v in found))
    assert 0.40 - TOLERANCE <= pushed <= 0.60 + TOLERANCE


def test_push_master_has_dealers_two_riichi_and_every_mix(pushes: Pushes) -> None:
    found = pushes["master"]
    assert _share(sum("second_pond" in p for p, _ in found)) >= 0.30 - TOLERANCE
    assert _share(sum(_seat(p) == 27 for p, _ in found)) >= 0.40 - TOLERANCE
    assert all(v.dealer == (_seat(p) == 27) for p, v in found)  # priced in a dealer's points
    met = Counter(_met(v) for _, v in found)
    assert all(_share(met[n]) >= 0.15 - TOLERANCE for n in range(4))
