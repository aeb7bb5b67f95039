"""The levels of «Брать или нет?» (``call`` in engine/generate/judgement.py), 200 problems each.

Rates (each asserted within 5 points, over 200 seeded problems per level; the
levels the course promises: novice — the clear cases; player — one factor
decides; master — several factors, the value, the dealer). Each level draws
the row of the book's table that should decide a problem (the mix below) and
its seat once per problem, spread evenly over consecutive seeds
(engine/generate/mix.py), and builds until that row decides it, so the rows
dealt are the mix (within about 2 points on these seeds, not just 5):

=========  ==================================================================
novice     100 % a call that makes a ready hand with a yaku (60 %) or leaves
           no yaku (40 %); never the dealer
player     at least 90 % decided by one factor: cheap and slow 35 %, fast or
           expensive 35 %, no progress 15 %, ready 15 %; each verdict at least
           35 %; the dealer 20 %
master     a value drop 30 %, a concealed value set 20 %, cheap and slow 15 %,
           fast or expensive 20 %, ready 15 %; both verdicts at least 35 %; the
           dealer 40 % — a dealer's cheap hands are one han (2900 at two), and
           the cheap rows are built at one han for a dealer too
=========  ==================================================================

The sample is generated once per level (a module fixture) with the verdict
the generator judged it by; a few seeds per level are built again through
:func:`engine.generate.generate` and judged again from their parameters, so
the sample is the practice page's problem and its grading.
"""

from __future__ import annotations

from collections import Counter

import pytest

from engine.generate import generate, problem_rng
from engine.generate.judgement import RULES, WIND_CODES, judged_call
from engine.hand import parse_hand
from engine.melds import parse_meld_text
from engine.table.judgement import CallVerdict, judge_call
from engine.tiles import parse_tile

PROBLEMS = 200
TOLERANCE = 0.05
LEVELS = ("novice", "player", "master")
Sample = dict[str, list[tuple[dict[str, object], CallVerdict]]]


@pytest.fixture(scope="module")
def found() -> Sample:
    return {level: [judged_call(problem_rng("call", level, seed), level)
                    for seed in range(PROBLEMS)] for level in LEVELS}


def _share(rows: Counter[str], *ids: str) -> float:
    return sum(rows[i] for i in ids) / PROBLEMS


def _rows(found: Sample, level: str) -> Counter[str]:
    return Counter(v.row.id for _, v in found[level])


def _t(code: object) -> int:
    return parse_tile(str(code)).kinds[0]


@pytest.mark.parametrize("level", LEVELS)
def test_the_sample_is_the_practice_problem_and_its_grading(found: Sample, level: str) -> None:
    for seed in range(3):
        params, verdict = found[level][seed]
        assert generate("call", level, seed).params == params
        again = judge_call(parse_hand(str(params["hand"]), size=13),
                           parse_meld_text(str(params["call"])), _t(params["tile"]),
                           27 + WIND_CODES.index(str(params["seat"])), 27,
                           (_t(params["dora"]),), RULES)
        assert again.row == verdict.row


# The rows of the table each level deals, and how often (the table above).
MIX = {
    "novice": {"call_ready": 0.60, "call_no_yaku": 0.40},
    "player": {"call_cheap_slow": 0.35, "call_fast_or_expensive": 0.35,
               "call_no_progress": 0.15, "call_ready": 0.15},
    "master": {"call_value_drop": 0.30, "call_value_set": 0.20, "call_cheap_slow": 0.15,
               "call_fast_or_expensive": 0.20, "call_ready": 0.15},
}
DEALER = {"novice": 0.0, "player": 0.20, "master": 0.40}


@pytest.mark.parametrize("level", LEVELS)
def test_call_levels_deal_their_mix_of_rows_and_dealers(found: Sample, level: str) -> None:
    rows = _rows(found, level)
    assert sum(rows[r] for r in MIX[level]) == PROBLEMS, rows  # only the level's rows
    for row, rate in MIX[level].items():
        assert abs(_share(rows, row) - rate) <= TOLERANCE, (row, rows)
    dealer = sum(p["seat"] == "E" for p, _ in found[level]) / PROBLEMS
    assert abs(dealer - DEALER[level]) <= TOLERANCE


def test_call_novice_deals_a_ready_call_or_one_without_yaku(found: Sample) -> None:
    rows = _rows(found, "novice")
    assert _share(rows, "call_ready", "call_no_yaku") >= 1.0 - TOLERANCE
    assert all(p["seat"] != "E" for p, _ in found["novice"])


def test_call_player_turns_on_one_factor(found: Sample) -> None:
    rows = _rows(found, "player")
    one = _share(rows, "call_cheap_slow", "call_fast_or_expensive", "call_no_progress",
                 "call_ready")
    assert one >= 0.90 - TOLERANCE
    calls = sum(v.call for _, v in found["player"]) / PROBLEMS
    assert 0.35 - TOLERANCE <= calls <= 0.65 + TOLERANCE


def test_call_master_weighs_the_value_and_the_dealer(found: Sample) -> None:
    calls = sum(v.call for _, v in found["master"]) / PROBLEMS
    assert 0.35 - TOLERANCE <= calls <= 0.65 + TOLERANCE
    # the cheap rows reach a dealer too: one han, 1500 (two han would be 2900)
    cheap = [p for p, v in found["master"]
             if v.row.id in ("call_cheap_slow", "call_value_set")]
    assert sum(p["seat"] == "E" for p in cheap) / len(cheap) >= 0.40 - TOLERANCE
