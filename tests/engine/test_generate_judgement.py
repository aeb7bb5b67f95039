"""The levels of the push and riichi generators (engine/generate/judgement.py), 200 each.

Each level's mix is measured over 200 seeded problems per level, with the
verdict the generator judged each problem by (the same engine judgement the
drill grades with; a few seeds per level are built again through
:func:`engine.generate.generate` and judged again from their parameters).
The levels the course promises: novice — the clear cases; player — one factor
decides; master — several factors, a dealer, two riichi. Each level deals the
mix its generator states (the rows of the book's table, the number of push
conditions met, the dealer, two riichi), every share asserted within 5 points
of the stated one; the generator spreads the mix evenly over consecutive
seeds (engine/generate/mix.py), so the shares land within about 2 points:

==============  ===============================================================
riichi novice   100 % clear (a good wait and a han, or riichi-only with a bad
                wait), never the dealer; riichi for one of three reasons 65 %,
                dama for riichi only with a bad wait 35 %
riichi player   100 % decided by one reason; riichi for one of three reasons
                55 %, dama for riichi only with a bad wait 35 %, dama for one or
                two winning tiles left 10 %; the dealer in 20 % of the hands
                that are not riichi-only (13 % in all)
riichi master   dama at haneman 25 %, riichi for an expensive hand with a wide
                wait 30 %, dama for an expensive hand 30 %, riichi for one of
                three reasons 15 %; the dealer 40 %
push novice     100 % all three conditions agree (none 50 %, all three 50 %),
                one riichi, never the dealer
push player     100 % two conditions agree and the third differs (one met 50 %,
                two met 50 %); the dealer 20 %
push master     each number of conditions met (0–3) 25 %, two riichi 30 %, the
                learner deals 40 %
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


def _near(count: int, stated: float) -> bool:
    return abs(_share(count) - stated) <= TOLERANCE


# The rows each level deals, and how often (the table above).
RIICHI_ROWS = {
    "novice": {"riichi_one_of_three": 0.65, "dama_riichi_only_bad": 0.35},
    "player": {"riichi_one_of_three": 0.55, "dama_riichi_only_bad": 0.35, "dama_few_tiles": 0.10},
    "master": {"dama_haneman": 0.25, "riichi_expensive_wide": 0.30, "dama_expensive": 0.30,
               "riichi_one_of_three": 0.15},
}
RIICHI_DEALER = {"novice": 0.0, "player": 0.20 * 0.65, "master": 0.40}
PUSH_MET = {"novice": {0: 0.50, 3: 0.50}, "player": {1: 0.50, 2: 0.50},
            "master": {0: 0.25, 1: 0.25, 2: 0.25, 3: 0.25}}
PUSH_DEALER = {"novice": 0.0, "player": 0.20, "master": 0.40}


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

@pytest.mark.parametrize("level", LEVELS)
def test_riichi_levels_deal_their_mix_of_rows_and_dealers(riichis: Riichis, level: str) -> None:
    found = riichis[level]
    rows = Counter(v.row.id for _, v in found)
    assert sum(rows[r] for r in RIICHI_ROWS[level]) == PROBLEMS, rows
    for row, stated in RIICHI_ROWS[level].items():
        assert _near(rows[row], stated), (row, rows)
    assert _near(sum(v.dealer for _, v in found), RIICHI_DEALER[level])


def test_riichi_novice_deals_the_clear_cases(riichis: Riichis) -> None:
    found = riichis["novice"]
    clear = sum(v.row.id == "dama_riichi_only_bad"
                or (v.row.id == "riichi_one_of_three" and v.wait.good and v.extra_han >= 1)
                for _, v in found)
    assert _share(clear) >= 1.0 - TOLERANCE
    assert all(_seat(p) != 27 for p, _ in found)  # never the dealer


def _one_reason(v: RiichiVerdict) -> bool:
    if v.row.id == "riichi_one_of_three":
        return (v.extra_han >= 1) + v.wait.good + v.dealer == 1
    return v.row.id in ("dama_riichi_only_bad", "dama_few_tiles")


def test_riichi_player_is_decided_by_one_reason(riichis: Riichis) -> None:
    found = riichis["player"]
    assert all(_one_reason(v) for _, v in found)


# --- push ------------------------------------------------------------------------------

@pytest.mark.parametrize("level", LEVELS)
def test_push_levels_deal_their_mix_of_conditions_and_dealers(pushes: Pushes, level: str) -> None:
    found = pushes[level]
    met = Counter(_met(v) for _, v in found)
    assert sum(met[n] for n in PUSH_MET[level]) == PROBLEMS, met
    for n, stated in PUSH_MET[level].items():
        assert _near(met[n], stated), (n, met)
    assert _near(sum(_seat(p) == 27 for p, _ in found), PUSH_DEALER[level])
    assert _near(sum("second_pond" in p for p, _ in found), 0.30 if level == "master" else 0.0)



@pytest.mark.parametrize("level", LEVELS)
def test_push_never_asks_about_a_100_percent_safe_tile(pushes: Pushes, level: str) -> None:
    assert all(not v.danger.tier.certain for _, v in pushes[level])


def test_push_novice_all_three_conditions_agree(pushes: Pushes) -> None:
    found = pushes["novice"]
    assert all(_met(v) in (0, 3) for _, v in found)
    assert all("second_pond" not in p and _seat(p) != 27 for p, _ in found)
    assert _near(sum(v.push for _, v in found), 0.50)


def test_push_player_two_agree_and_the_third_differs(pushes: Pushes) -> None:
    found = pushes["player"]
    assert all(_met(v) in (1, 2) for _, v in found)
    assert _near(sum(v.push for _, v in found), 0.50)


def test_push_master_prices_a_dealer_in_a_dealer_s_points(pushes: Pushes) -> None:
    assert all(v.dealer == (_seat(p) == 27) for p, v in pushes["master"])
