"""Every row of the three strategy tables (engine/rules/strategy.py) decides its case.

Source of all three tables: D. Chiba, «Riichi Book I», version 13 (chapters 7, 8
and 9; docs/strategy.md). Where a test hand is the book's own example, the test
says which box or section it comes from, and the engine's verdict is the book's.
The book prints the dora itself beside each hand; the tests give its indicator.
"""

from __future__ import annotations

import pytest

from engine.hand import parse_hand
from engine.melds import parse_meld_text
from engine.rules.sets import get_ruleset
from engine.rules.strategy import CALL_TABLE, PUSH_TABLE, RIICHI_TABLE, TABLES, row
from engine.table.judgement import judge_call, judge_push, judge_riichi
from engine.table.safety import Riichi
from engine.text.messages import STRATEGY_ROWS, STRATEGY_SOURCES
from engine.tiles import parse_tile, parse_tiles

ONLINE = get_ruleset("online")
SOUTH, EAST = 28, 27


def _t(code: str) -> int:
    return parse_tile(code).kinds[0]


def _call(hand: str, call: str, tile: str, indicator: str, seat: int = SOUTH) -> str:
    v = judge_call(parse_hand(hand, size=13), parse_meld_text(call), _t(tile), seat, EAST,
                   (_t(indicator),), ONLINE)
    return v.row.id


CALL_CASES = [
    # (hand, call, offered, dora indicator, row) — the book's examples of ch. 9 first
    pytest.param("357m346679p35s55z", "pon 555z", "5z", "9m", "call_cheap_slow",
                 id="ch9-cheap-and-slow-judgement-1"),
    pytest.param("357m346679p35s55z", "pon 555z", "5z", "5p", "call_fast_or_expensive",
                 id="ch9-slow-but-expensive"),
    pytest.param("56m346679p233s55z", "pon 555z", "5z", "3m", "call_fast_or_expensive",
                 id="ch9-cheap-but-fast"),
    pytest.param("45677m23344p455s", "chi 345s", "3s", "5s", "call_value_drop",
                 id="ch9-judgement-2-value-drop"),
    pytest.param("22067m556p34456s", "chi 567p", "7p", "3s", "call_ready",
                 id="ch9-fast-and-expensive"),
    pytest.param("89m789p122567s66z", "chi 789m", "7m", "2z", "call_ready",
                 id="ch9-judgement-3-eliminate-a-bad-wait"),
    pytest.param("444p178899s3335z", "chi 789s", "7s", "9m", "call_no_yaku",
                 id="ch9-confirming-yaku-none-left"),
    pytest.param("334455m3344456s", "chi 345s", "3s", "1m", "call_no_progress",
                 id="ch9-does-not-advance"),
    pytest.param("25m15778s255577z", "pon 777z", "7z", "1m", "call_value_set",
                 id="ch9-judgement-4-concealed-value-set"),
]


@pytest.mark.parametrize(("hand", "call", "tile", "indicator", "expected"), CALL_CASES)
def test_call_table_row_decides(hand: str, call: str, tile: str, indicator: str,
                                expected: str) -> None:
    assert _call(hand, call, tile, indicator) == expected


POND = parse_tiles("1z9m2p8s7z1p").kinds


def _push(hand: str, push: str, indicator: str,
          seat: int = SOUTH) -> tuple[str, bool, bool, bool]:
    ind = _t(indicator)
    v = judge_push(parse_hand(hand), _t(push), (Riichi(POND, 5),), (*POND, ind), (ind,), seat,
                   EAST, ONLINE)
    assert v.dealer == (seat == EAST)
    return v.row.id, v.ready, v.high, v.good


def test_the_dealer_is_high_scoring_sooner_ch8_value_in_the_pushers_points() -> None:
    # ch. 8 «Three conditions to push/fold»: high-scoring is a minimum value of 7700 in the
    # pusher's own points; ch. 6 «Scoring»: a dealer's are 1.5 times. Riichi, hatsu and one
    # dora at 40 fu on the 5s kanchan: 5200 for a non-dealer (ready only: fold), 7700 for
    # the dealer (ready and high-scoring: push).
    hand = "234m678p1s46s99p666z"
    assert _push(hand, "1s", "1m") == ("fold_two_of_three", True, False, False)
    assert _push(hand, "1s", "1m", EAST) == ("push_two_of_three", True, True, False)


def test_push_two_of_three_ch8_perfect_one_away() -> None:
    # ch. 8 «Three conditions to push/fold»: 1-away, at least 7700, always a side wait
    assert _push("234m66m667p45s666z4z", "4z", "5z") == ("push_two_of_three", False, True, True)


def test_fold_two_of_three_ch8_one_away_without_a_sure_good_wait() -> None:
    # ch. 8: high-scoring, but only a 7p draw gives a side wait: fold
    assert _push("34m340689p23466s4z", "4z", "2s") == ("fold_two_of_three", False, True, False)


def test_push_ready_good_wait_cheap() -> None:
    # ch. 8 box «Push/fold judgement»: ready and a good wait are two of three
    assert _push("234m678p23456s11z7z", "7z", "9p")[:1] == ("push_two_of_three",)


def _riichi(hand: str, indicator: str, turn: int = 6, seat: int = SOUTH) -> str:
    v = judge_riichi(parse_hand(hand, size=13), seat, EAST, (_t(indicator),), turn, (), ONLINE)
    return v.row.id


RIICHI_CASES = [
    pytest.param("789m345p23678s55z", "3z", 6, SOUTH, "riichi_one_of_three",
                 id="ch7-riichi-only-hand-good-wait"),
    pytest.param("345m33346p23466s", "2p", 6, SOUTH, "dama_expensive", id="ch7-expensive-hand-1"),
    pytest.param("345m33346p12366s", "2p", 6, SOUTH, "riichi_one_of_three",
                 id="ch7-expensive-hand-2-no-yaku"),
    pytest.param("3466m345p345678s", "3z", 6, SOUTH, "riichi_one_of_three",
                 id="ch7-expensive-hand-3-cheapest-win-2000"),
    pytest.param("0799m333067s666z", "2s", 12, 29, "dama_haneman", id="ch7-haneman-no-riichi"),
    pytest.param("23666m66688s777z", "1m", 5, 29, "riichi_expensive_wide",
                 id="ch7-expensive-early-wide-wait"),
    pytest.param("77m678p12223344s", "6p", 6, EAST, "dama_few_tiles", id="ch7-bad-wait-few-tiles"),
    pytest.param("23477789m33346s", "5m", 5, SOUTH, "dama_riichi_only_bad",
                 id="ch7-bad-wait-riichi-only-non-dealer"),
]


@pytest.mark.parametrize(("hand", "indicator", "turn", "seat", "expected"), RIICHI_CASES)
def test_riichi_table_row_decides(hand: str, indicator: str, turn: int, seat: int,
                                  expected: str) -> None:
    assert _riichi(hand, indicator, turn, seat) == expected


def test_the_dealer_alone_is_a_reason_to_riichi() -> None:
    # ch. 7 box «Riichi judgement», condition 3: the same bad-wait riichi-only hand as dealer
    assert _riichi("23477789m33346s", "5m", 5, EAST) == "riichi_one_of_three"


def test_every_row_is_tested_and_worded() -> None:
    tested = ({c.values[-1] for c in CALL_CASES} | {c.values[-1] for c in RIICHI_CASES}
              | {"push_two_of_three", "fold_two_of_three"})
    rows = {r.id for table in TABLES.values() for r in table}
    assert rows == tested
    assert set(STRATEGY_ROWS) == rows == set(STRATEGY_SOURCES)


def test_every_row_names_the_book_chapter() -> None:
    for table in (CALL_TABLE, PUSH_TABLE, RIICHI_TABLE):
        for r in table:
            assert r.source.startswith("Riichi Book I, ch. ")
    assert row("push", "fold_two_of_three").verdict == "fold"
