"""The batch kinds of the whole game, errors included, fuzzed as the others are.

The ``draw`` kind is the documented contract exactly (noten payments: 000, 002,
004; the dealer repeats when tenpai: 000, 002, 004; honba + 1: 000, 002;
sticks stay: 001, 003, 004). The ``mahjong`` package settles no draws, so
there is no differential test; the property tests check that the points on
the table never change.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.batch import answer, run
from engine.batch.game import FIELDS as GAME_FIELDS
from engine.rules.sets import GAME_RULES, GAME_TABLE_FIELDS
from engine.rules.sources import GAME_SOURCES, SourceKind, source_kind
from engine.rules.table import game_rule_rows
from engine.text import messages
from tests.support.batch import _json_values, _tiles_text

SEATS = ("E", "S", "W", "N")


def test_draw_is_the_issue_example_exactly() -> None:
    line = {"kind": "draw", "rules": "online", "tenpai": ["E", "W"], "honba": 0,
            "riichi_sticks": 0}
    assert answer(line) == {"payments": {"E": 1500, "S": -1500, "W": 1500, "N": -1500},
                            "dealer_repeats": True, "honba_next": 1, "riichi_sticks_next": 0}
    out = run((json.dumps(line) + "\n").encode()).decode()
    assert json.loads(out) == answer(line)


@pytest.mark.parametrize("rules", ["online", "ema", "jpml", "fenix"])
@pytest.mark.parametrize(("tenpai", "payments", "repeats"), [
    ([], (0, 0, 0, 0), False),
    (["N"], (-1000, -1000, -1000, 3000), False),
    (["S", "E"], (1500, 1500, -1500, -1500), True),
    (["E", "S", "W"], (1000, 1000, 1000, -3000), True),
    (["N", "W", "S", "E"], (0, 0, 0, 0), True),
])
def test_draw_per_tenpai_count_000_002_004(rules: str, tenpai: list[str],
                                           payments: tuple[int, ...], repeats: bool) -> None:
    out = answer({"kind": "draw", "rules": rules, "tenpai": tenpai, "honba": 2,
                  "riichi_sticks": 3})
    assert out == {"payments": dict(zip(SEATS, payments, strict=True)), "dealer_repeats": repeats,
                   "honba_next": 3, "riichi_sticks_next": 3}


@pytest.mark.parametrize(("fields", "needle"), [
    ({"tenpai": ["E", "E"]}, "дважды"),
    ({"tenpai": ["X"]}, "ветрами E, S, W, N"),
    ({"tenpai": ["e"]}, "ветрами E, S, W, N"),
    ({"tenpai": [0]}, "ветрами E, S, W, N"),
    ({"tenpai": "E"}, "списком"),
    ({"tenpai": {"E": 1}}, "списком"),
    ({"tenpai": None}, "списком"),
    ({"tenpai": [], "honba": -1}, "неотрицательным"),
    ({"tenpai": [], "riichi_sticks": -3}, "неотрицательным"),
    ({"tenpai": [], "honba": 1.5}, "целым числом"),
    ({"tenpai": [], "riichi_sticks": "1"}, "целым числом"),
    ({"tenpai": [], "honba": True}, "целым числом"),
    ({}, "обязательного поля «tenpai»"),
    ({"tenpai": [], "rules": "kansai"}, "Неизвестный свод"),
    ({"tenpai": [], "nagashi": ["W"]}, "Неизвестное поле"),
], ids=lambda v: str(v)[:30])
def test_draw_errors(fields: dict[str, Any], needle: str) -> None:
    out = answer({"kind": "draw", **fields})
    assert set(out) == {"error"} and needle in out["error"]


# --- the other kinds: one exact answer each, and their errors ---------------------------


def test_nagashi_kind_tenhou() -> None:
    out = answer({"kind": "nagashi", "tenpai": ["E"], "nagashi": ["W"]})
    assert out == {"payments": {"E": -4000, "S": -2000, "W": 8000, "N": -2000},
                   "noten_paid": False, "dealer_repeats": True, "honba_next": 1,
                   "riichi_sticks_next": 0}
    assert "нагаси" in answer({"kind": "nagashi", "rules": "ema", "tenpai": [],
                               "nagashi": ["S"]})["error"]


def test_abortive_kind_004_and_ema_000() -> None:
    assert answer({"kind": "abortive", "draw": "four_winds", "honba": 1}) == {
        "played": True, "dealer_repeats": True, "honba_next": 2, "riichi_sticks_next": 0}
    assert answer({"kind": "abortive", "rules": "ema", "draw": "four_riichi"}) == {
        "played": False}
    assert "Допустимы" in answer({"kind": "abortive", "draw": "five_kans"})["error"]


def test_multi_ron_kind_double_ron_004_tenhou() -> None:
    """004: double ron; Tenhou: honba and sticks only to the winner nearest the discarder."""
    out = answer({"kind": "multi_ron", "from": "S", "honba": 1, "riichi_sticks": 1,
                  "winners": [{"seat": "E", "han": 5, "fu": 30},
                              {"seat": "N", "han": 3, "fu": 30}]})
    assert out == {"abortive": False, "winners": ["N", "E"], "riichi_sticks_to": "N",
                   "riichi_sticks_back": [], "honba_to": ["N"],
                   "payments": {"E": 12000, "S": -16200, "W": 0, "N": 5200},
                   "dealer_repeats": True, "honba_next": 2, "riichi_sticks_next": 0}


@pytest.mark.parametrize("rules", ["ema", "rrc"])
def test_multi_ron_kind_own_stick_back_ema_2016_3_3_14_rrc_3_4_7(rules: str) -> None:
    """EMA 2016 3.3.14, 3.4.10 / rules-ru 3.4.7, 3.8: honba to each winner; a winner takes
    back his own riichi stick, the rest go to the winner nearest the discarder."""
    out = answer({"kind": "multi_ron", "rules": rules, "from": "S", "honba": 1,
                  "riichi_sticks": 3, "riichi": ["E", "W"],
                  "winners": [{"seat": "E", "han": 5, "fu": 30},
                              {"seat": "N", "han": 3, "fu": 30}]})
    assert out["honba_to"] == ["N", "E"] and out["riichi_sticks_back"] == ["E"]
    assert out["payments"] == {"E": 13300, "S": -16500, "W": 0, "N": 6200}


@pytest.mark.parametrize("winners", [
    [], [{"seat": "S"}], [{"seat": "S", "han": 0, "fu": 30}], [{"seat": "E", "han": 1, "fu": 30}],
    [{"seat": "N", "han": 1, "fu": 30}, {"seat": "N", "yakuman": 1}], "N", [5]])
def test_multi_ron_errors(winners: object) -> None:
    out = answer({"kind": "multi_ron", "from": "E", "winners": winners})
    assert set(out) == {"error"}


def test_pao_kind_tenhou() -> None:
    out = answer({"kind": "pao", "winner": "S", "liable": "N", "from": "W", "honba": 1})
    assert out == {"payments": {"E": 0, "S": 32300, "W": -16000, "N": -16300},
                   "liable_pays": 16300, "riichi_sticks_next": 0}
    assert set(answer({"kind": "pao", "winner": "S", "liable": "S"})) == {"error"}
    assert set(answer({"kind": "pao", "rules": "ema", "winner": "S", "liable": "N",
                       "yaku": "suukantsu"})) == {"error"}


@pytest.mark.parametrize("rules", ["ema", "rrc"])
def test_pao_kind_discarder_pays_the_honba_ema_2016_3_3_9_rrc_3_12_4(rules: str) -> None:
    out = answer({"kind": "pao", "rules": rules, "winner": "S", "liable": "N", "from": "W",
                  "honba": 1})
    assert out["payments"] == {"E": 0, "S": 32300, "W": -16300, "N": -16000}


@pytest.mark.parametrize(("rules", "paid"), [("online", 64000), ("rrc", 64000),
                                             ("jpml", 64000), ("fenix", 32000), ("ema", 32000)])
def test_two_yakuman_in_every_kind_003_ema_2016(rules: str, paid: int) -> None:
    """003 and EMA 2016: yakuman never combine — {"yakuman": 2} pays one, in every kind."""
    ron = answer({"kind": "multi_ron", "rules": rules, "from": "E",
                  "winners": [{"seat": "S", "yakuman": 2}]})
    assert ron["payments"]["S"] == paid
    pao = answer({"kind": "pao", "rules": rules, "winner": "S", "liable": "N", "yakuman": 2})
    assert pao["payments"]["S"] == paid
    hand = answer({"kind": "next_hand", "rules": rules, "scores": dict.fromkeys("ESWN", 30000),
                   "result": {"type": "tsumo", "winner": "S", "yakuman": 2}})
    assert hand["payments"]["S"] == paid


@pytest.mark.parametrize(("rules", "paid"), [("online", 32000), ("rrc", 32000),
                                             ("ema", 24000), ("fenix", 32000)])
def test_fourteen_han_and_140_fu_are_valid_everywhere(rules: str, paid: int) -> None:
    """A counted yakuman where the set plays it (Tenhou, rules-ru 3.12.2), a sanbaiman under
    EMA 2016 (revision notes); 140 fu is valid input."""
    ron = answer({"kind": "multi_ron", "rules": rules, "from": "E",
                  "winners": [{"seat": "S", "han": 14, "fu": 30}]})
    assert ron["payments"]["S"] == paid
    big_fu = answer({"kind": "multi_ron", "rules": rules, "from": "E",
                     "winners": [{"seat": "S", "han": 1, "fu": 140}]})
    assert big_fu["payments"]["S"] == 4500
    hand = answer({"kind": "next_hand", "rules": rules, "scores": dict.fromkeys("ESWN", 30000),
                   "result": {"type": "tsumo", "winner": "S", "han": 15, "fu": 40}})
    assert hand["payments"]["S"] == paid


def test_chombo_kind_000() -> None:
    out = answer({"kind": "chombo", "rules": "ema", "offender": "W", "riichi": ["S"],
                  "riichi_sticks": 1})
    assert out == {"payments": {"E": 0, "S": 1000, "W": 0, "N": 0}, "deduction": 20000,
                   "replay": True, "dealer_repeats": True, "honba_next": 0,
                   "riichi_sticks_next": 0}


def test_next_hand_kind_south_4_ends_000() -> None:
    out = answer({"kind": "next_hand", "rules": "ema", "round": "S", "hand": 4, "honba": 1,
                  "scores": {"E": 20000, "S": 40000, "W": 30000, "N": 30000},
                  "result": {"type": "ron", "from": "E",
                             "winners": [{"seat": "W", "han": 1, "fu": 30}]}})
    assert out["payments"] == {"E": -1300, "S": 0, "W": 1300, "N": 0}
    assert (out["dealer_next"], out["hand_next"], out["game_over"], out["reason"]) == (
        "S", 1, True, "last_hand")


def test_next_hand_gives_the_final_result_when_the_game_ends_ema_2016() -> None:
    """South 4 (E here) loses the deal: the game is over; EMA 2016 uma, the chombo
    deduction carried in the state (000: −20000), the leftover stick to first place."""
    out = answer({"kind": "next_hand", "rules": "ema", "round": "S", "hand": 4,
                  "scores": {"E": 20000, "S": 40000, "W": 30000, "N": 30000},
                  "deductions": {"W": 20000}, "riichi": ["N"],
                  "result": {"type": "draw", "tenpai": ["N"]}})
    assert out["scores"] == {"E": 19000, "S": 39000, "W": 29000, "N": 32000}
    assert out["game_over"] and out["riichi_sticks_next"] == 1
    # East 1's dealer sits at this hand's S (hand 4: E1's East has moved on three times).
    assert out["final"] == {
        "places": {"E": 4, "S": 1, "W": 3, "N": 2},
        "points": {"E": 19000, "S": 40000, "W": 29000, "N": 32000},
        "uma": {"E": -15000, "S": 15000, "W": -5000, "N": 5000}, "oka": 0,
        "results": {"E": -26000, "S": 25000, "W": -26000, "N": 7000},
    }
    assert out["deductions"] == {"E": 0, "S": 0, "W": 20000, "N": 0}


def test_next_hand_kind_east_1_riichi_and_tsumo() -> None:
    out = answer({"kind": "next_hand", "riichi": ["E"],
                  "scores": {s: 25000 for s in SEATS},
                  "result": {"type": "tsumo", "winner": "E", "han": 4, "fu": 30}})
    assert out == {
        "payments": {"E": 11700, "S": -3900, "W": -3900, "N": -3900},  # 3900 all; own stick back
        "scores": {"E": 36700, "S": 21100, "W": 21100, "N": 21100},
        "deductions": {s: 0 for s in SEATS},
        "dealer_repeats": True, "dealer_next": "E", "round_next": "E", "hand_next": 1,
        "honba_next": 1, "riichi_sticks_next": 0,
        "scores_next": {"E": 36700, "S": 21100, "W": 21100, "N": 21100},
        "deductions_next": {s: 0 for s in SEATS},
        "game_over": False, "reason": "", "final": None,
    }


@pytest.mark.parametrize("result", [
    {"type": "win"}, {"type": "tsumo", "winner": "E"}, {"type": "draw"},
    {"type": "draw", "tenpai": [], "extra": 1}, {"type": "abortive", "draw": "x"},
    {"type": "chombo", "offender": "Q"}, {}])
def test_next_hand_bad_results(result: dict[str, Any]) -> None:
    out = answer({"kind": "next_hand", "scores": {s: 25000 for s in SEATS}, "result": result})
    assert set(out) == {"error"}


def test_final_result_kind_tenhou() -> None:
    out = answer({"kind": "final_result", "scores": {"E": 40000, "S": 20000, "W": 20000,
                                                     "N": 20000}})
    assert out == {"places": {"E": 1, "S": 2, "W": 3, "N": 4},
                   "points": {"E": 40000, "S": 20000, "W": 20000, "N": 20000},
                   "uma": {"E": 40000, "S": 10000, "W": -10000, "N": -20000}, "oka": 20000,
                   "results": {"E": 50000, "S": 0, "W": -20000, "N": -30000}}
    assert set(answer({"kind": "final_result", "scores": {"E": 1}})) == {"error"}
    assert set(answer({"kind": "final_result", "scores": {s: 1 for s in SEATS},
                       "deductions": {"E": -5}})) == {"error"}


# --- fuzz: as tests/engine/test_batch.py does for waits, furiten and score ------------------------

_game_fields = st.sampled_from(sorted({n for spec in GAME_FIELDS.values() for n in spec}
                                      | {"kind", "type", "seat"}))
_seat_lists = st.lists(st.sampled_from([*SEATS, "X", "", 0]), max_size=5)


@settings(max_examples=500, deadline=None)
@given(st.sampled_from(sorted(GAME_FIELDS)),
       st.dictionaries(_game_fields, _json_values | _tiles_text | _seat_lists, max_size=7))
def test_any_game_request_is_answered_or_refused_cleanly(kind: str,
                                                         fields: dict[str, Any]) -> None:
    result = answer({**fields, "kind": kind})
    assert isinstance(result, dict)
    assert "Внутренняя ошибка" not in result.get("error", "")


_result = st.one_of(
    st.fixed_dictionaries({"type": st.just("draw"), "tenpai": _seat_lists}),
    st.fixed_dictionaries({"type": st.just("tsumo"), "winner": st.sampled_from(SEATS),
                           "han": st.integers(-1, 14), "fu": st.integers(0, 140)}),
    st.fixed_dictionaries({"type": st.just("ron"), "from": st.sampled_from(SEATS),
                           "winners": st.lists(st.fixed_dictionaries(
                               {"seat": st.sampled_from(SEATS), "yakuman": st.integers(0, 2)}),
                               max_size=3)}),
    st.fixed_dictionaries({"type": st.just("chombo"), "offender": st.sampled_from(SEATS)}),
    st.fixed_dictionaries({"type": st.just("abortive"),
                           "draw": st.sampled_from(["kyuushu", "four_kans", "triple_ron"])}),
)


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(["online", "ema", "jpml", "fenix"]), st.sampled_from(["E", "S", "W"]),
       st.integers(1, 4), st.integers(0, 5), st.integers(0, 5),
       st.lists(st.integers(-50, 600).map(lambda n: n * 100), min_size=4, max_size=4),
       st.lists(st.sampled_from(SEATS), unique=True), _result)
def test_next_hand_keeps_the_points_on_the_table(
    rules: str, wind: str, hand: int, honba: int, sticks: int, scores: list[int],
    riichi: list[str], result: dict[str, Any],
) -> None:
    out = answer({"kind": "next_hand", "rules": rules, "round": wind, "hand": hand,
                  "honba": honba, "riichi_sticks": sticks, "riichi": riichi,
                  "scores": dict(zip(SEATS, scores, strict=True)), "result": result})
    assert "Внутренняя ошибка" not in out.get("error", "")
    if "error" not in out:
        moved = sum(out["payments"].values())
        assert moved + 1000 * (out["riichi_sticks_next"] - sticks) == 0
        assert sum(out["scores_next"].values()) == sum(scores) + moved


# --- the comparison table's new rows -------------------------------------------------------


def test_game_rows_have_a_label_a_value_and_a_source_kind_each() -> None:
    rows = game_rule_rows()
    assert [r.field for r in rows] == list(GAME_TABLE_FIELDS)
    for row in rows:
        assert row.label == messages.GAME_RULE_LABELS[row.field]
        assert set(row.values) == set(GAME_RULES) and all(row.values.values())
        assert set(row.kinds.values()) <= {k.value for k in SourceKind}


def test_published_sources_are_named_never_cited_as_seeds() -> None:
    for key, per_field in GAME_SOURCES.items():
        for name, code in per_field.items():
            row = next(r for r in game_rule_rows() if r.field == name)
            kind = source_kind(code)
            if kind is SourceKind.PUBLISHED:
                assert row.citation(key).startswith("не из исходных документов: ")
            elif kind is SourceKind.SEED:
                assert row.citation(key).startswith(f"[{code[:3]}")
            elif kind is SourceKind.SET:
                assert "как в своде «клуб «Фуритен»»" in row.citation(key)
            else:
                assert row.citation(key).startswith("в документах нет — наш выбор: ")


def test_every_game_rule_of_every_set_has_a_source_entry() -> None:
    for key in GAME_RULES:
        assert set(GAME_SOURCES[key]) == set(GAME_TABLE_FIELDS)
