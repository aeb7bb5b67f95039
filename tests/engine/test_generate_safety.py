"""«Самый безопасный сброс» problems: the level rates over 200 problems each, and fair ties.

The rates are the ones the issue sets for the drill (each ±5 points):
novice — a genbutsu (or passed tile) in at most 60 %; player — none in at
least 50 %; master — in at least 60 % the best tile leads by its suji number,
kabe or one-chance, and at least 15 % against two riichi. The generator states
its own shares inside those bounds (engine.generate.safety: GENBUTSU_SHARE,
READING_SHARE, TWO_RIICHI_SHARE) and deals them evenly over consecutive seeds
(engine.generate.mix), so each measured share lies within 5 points of its
stated figure — and the stated figure ±5 inside the issue's bound. The riichi
hand is dealt first and his pond never holds his winning tiles (furiten rule,
seeds [000] [002]). The tsumogiri marks (the riichi tile's suji rule of D. Chiba,
*Riichi Book 1*, ch. 8 «Suji trap», moved to the last tedashi when the riichi
tile was drawn: engine.table.safety.trap_index) decide the right answer in
about 15 % of player and 20 % of master problems; novice carries no marks.
Master also has an opponent with calls in OPEN_SHARE of its
problems (±5), read by the danger model (D. Chiba, *Riichi Book 1*, ch. 8,
«Defense against melded hands»); his hand is dealt first too.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.generate import problem_rng
from engine.generate.safety import (
    READING_SHARE,
    TWO_RIICHI_SHARE,
    gen_safety,
    level_rows,
    marks_decide,
    read_opens,
    read_problem,
    reading_lead,
)
from engine.generate.safety_open import OPEN_SHARE
from engine.hand import parse_hand
from engine.melds import parse_meld_text
from engine.shape.waits import wait_tiles
from engine.table.safety import TileSafety, hand_safety
from engine.table.safety_open import OpenHand
from engine.tiles import parse_tiles

PROBLEMS = 200
TOLERANCE = 0.05


def _ranked(params: dict[str, Any]) -> tuple[TileSafety, ...]:
    hand, riichis, visible, dora = read_problem(params)
    return hand_safety(hand, riichis, visible, (dora,), read_opens(params))


@pytest.fixture(scope="module")
def problems() -> dict[str, list[dict[str, Any]]]:
    return {level: [gen_safety(problem_rng("safety", level, seed), level)
                    for seed in range(PROBLEMS)]
            for level in ("novice", "player", "master")}


def _certain(ranked: tuple[TileSafety, ...]) -> bool:
    return any(s.tier.certain for s in ranked)


def _share(hits: list[bool]) -> float:
    return sum(hits) / PROBLEMS


@pytest.mark.parametrize("level", ["novice", "player", "master"])
def test_each_level_holds_a_100_percent_safe_tile_in_its_stated_share(
        problems: dict[str, list[dict[str, Any]]], level: str) -> None:
    share = _share([_certain(_ranked(p)) for p in problems[level]])
    assert abs(share - level_rows(level)["genbutsu"]) <= TOLERANCE, share


def test_master_reads_suji_kabe_one_chance_and_meets_two_riichi_in_the_stated_shares(
        problems: dict[str, list[dict[str, Any]]]) -> None:
    master = problems["master"]
    reading = _share([reading_lead(_ranked(p)) for p in master])
    two = _share([bool(p.get("second")) for p in master])
    assert abs(reading - READING_SHARE) <= TOLERANCE, reading
    assert abs(two - TWO_RIICHI_SHARE) <= TOLERANCE, two


def test_the_stated_shares_keep_the_issue_s_bounds_with_five_points_to_spare() -> None:
    """novice ≤ 60 % genbutsu, player ≥ 50 % none, master ≥ 60 % reading, ≥ 15 % two riichi."""
    assert level_rows("novice")["genbutsu"] + TOLERANCE <= 0.60
    assert 1 - level_rows("player")["genbutsu"] - TOLERANCE >= 0.50
    assert READING_SHARE - TOLERANCE >= 0.60
    assert TWO_RIICHI_SHARE - TOLERANCE >= 0.15


def test_no_riichi_pond_holds_its_own_winning_tile(
        problems: dict[str, list[dict[str, Any]]]) -> None:
    for level in problems.values():
        for p in level[:60]:
            _, riichis, _, _ = read_problem(p)
            waits = set(wait_tiles(parse_hand(p["riichi_hand"], size=13)))
            assert not waits & set(riichis[0].pond), p
            assert not waits & set(riichis[0].passed), p  # nobody threw it: he would ron


def test_master_has_open_hands_in_the_stated_share_dealt_before_his_pond(
        problems: dict[str, list[dict[str, Any]]]) -> None:
    master = problems["master"]
    called = [p for p in master if p.get("open_seat")]
    assert abs(len(called) / PROBLEMS - OPEN_SHARE) <= TOLERANCE
    assert not any(p.get("open_seat") for p in problems["novice"] + problems["player"])
    for p in called:
        opp = read_opens(p)[0]
        assert 2 <= len(opp.melds) <= 3
        waits = set(wait_tiles(parse_hand(p["open_hand"], opp.melds, size=13)))
        assert waits and not waits & set(opp.pond), p  # not furiten: he keeps his wait live
        assert p["open_seat"] != p.get("second")


def test_ties_are_graded_equal_every_100_percent_safe_tile_is_right() -> None:
    """Genbutsu and a passed tile: both 0.0, so both are right (review §2 row 1)."""
    from tutor.drills.kind.safety import solve_safety  # the grader the drill uses

    hand = parse_hand("1m5m9p123s456s789s11z")
    pond = (0,)  # 1m, the riichi tile
    ponds = ((4,), (8 + 9,), ())  # 5m and 9p thrown after the riichi: passed
    sol = solve_safety(hand, pond, 1, ponds, ())
    assert {0, 4, 17} <= sol.correct  # 1m genbutsu, 5m and 9p passed: all equal


def _marks_decide(params: dict[str, Any]) -> bool:
    hand, riichis, visible, dora = read_problem(params)
    return marks_decide(hand, riichis, visible, dora, read_opens(params))


@pytest.mark.parametrize(("level", "target"), [("player", 0.15), ("master", 0.20)])
def test_tsumogiri_marks_decide_the_answer_in_some_problems_rb1_suji_trap(
        problems: dict[str, list[dict[str, Any]]], level: str, target: float) -> None:
    """RB1 «Suji trap» read with the marks: a drawn riichi tile, the trap on the last tedashi."""
    share = sum(_marks_decide(p) for p in problems[level]) / PROBLEMS
    assert abs(share - target) <= TOLERANCE, share


def test_novice_carries_no_tsumogiri_marks(problems: dict[str, list[dict[str, Any]]]) -> None:
    assert not any("tsumogiri" in p or "second_tsumogiri" in p for p in problems["novice"])


def test_marks_tell_a_story_the_last_cut_is_tedashi_after_the_riichi_all_drawn(
        problems: dict[str, list[dict[str, Any]]]) -> None:
    """After a riichi every discard is the drawn tile (the hand is locked, seeds [000])."""
    for p in problems["master"][:60]:
        drawn = set(p.get("tsumogiri", []))
        at, length = p["riichi_at"], len(p["pond"].split())
        assert set(range(at + 1, length + 1)) <= drawn, p
        if at in drawn:
            assert at - 1 not in drawn, p  # the last cut before a drawn riichi tile



def test_marks_decide_prices_the_opponent_with_calls_too() -> None:
    """With a toitoi-looking opponent at the table the marks no longer pick the answer.

    Without him the tsumogiri marks (riichi tile 4z drawn, last tedashi 7p) change
    the right tile; his three pons make the marks' tile as dangerous as the rest
    (RB1 ch. 8 «Defense against melded hands»), so a tedashi problem built on
    this table must not count as decided by the marks.
    """
    params: dict[str, Any] = {
        "hand": "1m112233344s2266z", "pond": "9p 1p 1z 8p 1p 8s 6p 4m 7p 4z", "riichi_at": 9,
        "ponds": ["1m 1m 1s 8m 6z 5z 4m 2p 8m 7p", "5z 9p 4m 2z 2m 2m 3m 6m 2m 2p",
                  "7z 8m 4z 5s 1s 5m 4s 3p 3m"],
        "dora": "6s", "tsumogiri": [5, 9, 10]}
    hand, riichis, visible, dora = read_problem(params)
    melds = tuple(parse_meld_text(m) for m in ("pon 777m", "pon 999m", "pon 777z"))
    his_pond = tuple(parse_tiles("9p 6m 2z 1z 4z 6m 5m").kinds)
    opens = (OpenHand(melds, his_pond),)
    visible += [*his_pond, *(t for m in melds for t in m.tiles)]
    assert marks_decide(hand, riichis, visible, dora)
    assert not marks_decide(hand, riichis, visible, dora, opens)
