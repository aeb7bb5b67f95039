"""The levels of «Брать или нет?» (``call`` in engine/generate/judgement.py), 200 problems each.

Rates (each asserted within 5 points, over 200 seeded problems per level; the
levels the course promises: novice — the clear cases; player — one factor
decides; master — several factors, the value, the dealer):

=========  ==================================================================
novice     100 % a call that makes a ready hand with a yaku or leaves no yaku;
           the ready call 60 % (the generator's mix); never the dealer
player     at least 90 % decided by one factor (cheap and slow or not, no
           progress, ready); cheap and slow 35 % (the mix); each verdict at
           least 35 %
master     a value drop 30 % (the mix); both verdicts at least 35 %; the dealer
           at least a third (the generator draws 40 %; a dealer's 2 han is
           2900, so the cheap rows seldom fit a dealer)
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


def test_call_novice_deals_a_ready_call_or_one_without_yaku(found: Sample) -> None:
    rows = _rows(found, "novice")
    assert _share(rows, "call_ready", "call_no_yaku") >= 1.0 - TOLERANCE
    assert abs(_share(rows, "call_ready") - 0.60) <= TOLERANCE
    assert all(p["seat"] != "E" for p, _ in found["novice"])


def test_call_player_turns_on_one_factor(found: Sample) -> None:
    rows = _rows(found, "player")
    one = _share(rows, "call_cheap_slow", "call_fast_or_expensive", "call_no_progress",
                 "call_ready")
    assert one >= 0.90 - TOLERANCE
    assert abs(_share(rows, "call_cheap_slow") - 0.35) <= TOLERANCE
    calls = sum(v.call for _, v in found["player"]) / PROBLEMS
    assert 0.35 - TOLERANCE <= calls <= 0.65 + TOLERANCE


def test_call_master_weighs_the_value_and_the_dealer(found: Sample) -> None:
    rows = _rows(found, "master")
    assert abs(_share(rows, "call_value_drop") - 0.30) <= TOLERANCE
    calls = sum(v.call for _, v in found["master"]) / PROBLEMS
    assert 0.35 - TOLERANCE <= calls <= 0.65 + TOLERANCE
    dealer = sum(p["seat"] == "E" for p, _ in found["master"]) / PROBLEMS
    assert dealer >= 1 / 3 - TOLERANCE
