"""Ukeire (engine.shape.ukeire) and the batch kinds ``ukeire`` and ``safety``.

Rules: shanten is the best of the three forms, and only the standard form
with melds (seed 000: chiitoitsu and kokushi are closed hands); a tile held
four times cannot be drawn (the engine's four-copy rule, engine.shape.waits). The
counting contract (what ``count`` subtracts, the sort order, red fives) is
the batch contract's (docs/engine.md); "good shape" as a ryanmen reading is the usual meaning of the
term (riichi.wiki «Ryanmen»; D. Chiba, *Riichi Book 1*, «good and bad waits»).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.batch import answer, run
from engine.errors import HandError
from engine.hand import parse_hand
from engine.shape.ukeire import describe_discard, is_good_shape, rank_discards, ukeire
from engine.tiles import parse_tile, parse_tiles, tile_code


def t(code: str) -> int:
    return parse_tile(code).kinds[0]


def codes(improvements: Any) -> list[str]:
    return [tile_code(i.tile) for i in improvements]


def ask(**fields: Any) -> dict[str, Any]:
    return answer({"kind": "ukeire", **fields})


# --- shanten forms ------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "shanten", "tiles", "count"),
    [
        pytest.param("24m68m456p789s115z", 1, ["3m", "7m"], 8, id="standard-two-kanchan"),
        pytest.param("123m456p789s1122z", 0, ["1z", "2z"], 4, id="standard-shanpon"),
        pytest.param("1122m3344p556s77z", 0, ["6s"], 3, id="chiitoitsu-faster-tenpai"),
        pytest.param("19m19p19s1234566z", 0, ["7z"], 4, id="kokushi-faster-tenpai"),
        pytest.param("1189m19p19s12345z", 1, ["6z", "7z"], 8, id="kokushi-faster-1-shanten"),
    ],
)
def test_ukeire_per_shanten_form(hand: str, shanten: int, tiles: list[str], count: int) -> None:
    result = ukeire(parse_hand(hand))
    assert (result.shanten, codes(result.tiles), result.count) == (shanten, tiles, count)


def test_chiitoitsu_route_counts_tiles_the_standard_form_would_not() -> None:
    """Six pairs and a single: standard form is 2-shanten, chiitoitsu tenpai on the single."""
    hand = parse_hand("1199m1199p11s117z")  # four kinds held twice twice: 1m 9m 1p 9p 1s 1z + 7z
    result = ukeire(hand)
    assert result.shanten == 0 and codes(result.tiles) == ["7z"]


def test_with_melds_only_the_standard_form_counts() -> None:
    """Five pairs and 777z: closed, chiitoitsu is 1-shanten (any new kind helps); with
    777z called, only the standard form is left, 2-shanten."""
    closed = ukeire(parse_hand("1133m5599p11s777z"))
    assert closed.shanten == 1 and closed.count == 112
    called = ukeire(parse_hand("1133m5599p11s", ["pon:777z"]))
    assert called.shanten == 2
    assert [(tile_code(i.tile), i.remaining) for i in called.tiles] == [
        ("1m", 2), ("2m", 4), ("3m", 2), ("5p", 2), ("9p", 2), ("1s", 2),
    ]


# --- counting -------------------------------------------------------------------


def test_visible_tiles_are_counted_out_and_red_fives_are_fives() -> None:
    hand = parse_hand("34m456p789s11222z")  # ryanmen 2-5m
    assert ukeire(hand).count == 8
    result = ukeire(hand, parse_tiles("0m5m2m").kinds)
    assert [(tile_code(i.tile), i.remaining) for i in result.tiles] == [("2m", 3), ("5m", 2)]


def test_exhausted_kind_is_not_listed() -> None:
    hand = parse_hand("34m456p789s11222z")
    result = ukeire(hand, parse_tiles("2222m").kinds)
    assert codes(result.tiles) == ["5m"] and result.count == 4


def test_more_than_four_copies_with_visible_is_an_error() -> None:
    with pytest.raises(HandError, match="четыре"):
        ukeire(parse_hand("34m456p789s11222z"), parse_tiles("2z2z").kinds)


def test_discarded_tile_is_counted_against_its_own_kind() -> None:
    """Cutting one 5m of 23455m: 2345m waits 2m and 5m; two 5m of the 14 are gone."""
    ranking = rank_discards(parse_hand("23455m456p789s111z"))
    five = next(o for o in ranking.options if o.tile == t("5m"))
    assert [(tile_code(i.tile), i.remaining) for i in five.tiles] == [("2m", 3), ("5m", 2)]
    assert five.count == 5


def test_discards_sorted_by_shanten_then_count_then_tile() -> None:
    ranking = rank_discards(parse_hand("2356m13p456789s11z"))
    keys = [(o.shanten, -o.count, o.tile) for o in ranking.options]
    assert keys == sorted(keys)
    assert ranking.shanten == 1
    assert [tile_code(o.tile) for o in ranking.options[:6]] == ["2m", "3m", "5m", "6m", "1p", "3p"]
    assert len(ranking.options) == 13  # one entry per distinct kind


def test_complete_hand_best_after_a_discard_is_tenpai() -> None:
    ranking = rank_discards(parse_hand("123m456p789s22z555z"))
    assert ranking.shanten == 0


# --- second order -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "good"),
    [
        pytest.param("34m456p789s11222z", True, id="ryanmen"),
        pytest.param("3456m456p789s111z", False, id="nobetan-is-two-tanki"),
        pytest.param("35m456p789s11222z", False, id="kanchan"),
        pytest.param("12m456p789s11222z", False, id="penchan-12"),
        pytest.param("89m456p789s11222z", False, id="penchan-89"),
        pytest.param("11m456p789s11222z", False, id="shanpon"),
        pytest.param("1122m3344p556s77z", False, id="chiitoitsu-tanki"),
    ],
)
def test_good_shape_means_a_ryanmen_reading(hand: str, good: bool) -> None:
    assert is_good_shape(parse_hand(hand)) is good


def test_quality_prefers_the_discard_that_keeps_ryanmen_after_the_draw() -> None:
    """2356m 13p: cutting 2m or 1p both leave 12 tiles; only 1p keeps ryanmen after each."""
    ranking = rank_discards(parse_hand("2356m13p456789s11z"), quality=True)
    options = {o.tile: o for o in ranking.options}
    two, one_p = options[t("2m")], options[t("1p")]
    assert two.count == one_p.count == 12
    assert two.quality is not None and one_p.quality is not None
    assert (two.quality.good_shape, one_p.quality.good_shape) == (4, 12)
    assert one_p.quality.waits > two.quality.waits
    assert options[t("1z")].quality is None  # 2-shanten after it: no second order


def test_quality_is_off_unless_asked_and_only_for_1_shanten() -> None:
    assert all(o.quality is None for o in rank_discards(parse_hand("2356m13p456789s11z")).options)
    far = rank_discards(parse_hand("2346m1357p2468s1z5z"), quality=True)
    assert far.shanten > 1 and all(o.quality is None for o in far.options)


# --- batch: the documented contract, exactly ----------------------------------------


def test_batch_ukeire_13_tiles() -> None:
    assert ask(hand="24m68m456p789s115z") == {"shanten": 1, "tiles": ["3m", "7m"], "count": 8}
    assert ask(hand="24m68m456p789s115z", visible="3m7m7m") == {
        "shanten": 1, "tiles": ["3m", "7m"], "count": 5,
    }


def test_batch_ukeire_14_tiles_has_exactly_the_contract_keys() -> None:
    result = ask(hand="23455m456p789s111z")
    assert set(result) == {"shanten", "discards"} and result["shanten"] == 0
    discards = result["discards"]
    assert discards[0] == {"tile": "4m", "shanten": 0, "tiles": ["1m", "4m"], "count": 7}
    five = next(d for d in discards if d["tile"] == "5m")
    assert five == {"tile": "5m", "shanten": 0, "tiles": ["2m", "5m"], "count": 5}
    assert all(set(d) == {"tile", "shanten", "tiles", "count"} for d in discards)
    keys = [(d["shanten"], -d["count"], t(d["tile"])) for d in discards]
    assert keys == sorted(keys) and len(keys) == 11


def test_batch_ukeire_with_melds_and_red_fives() -> None:
    result = ask(hand="34m456p78s115z", melds=[{"type": "pon", "tiles": "777z"}], visible="0m")
    assert result == {"shanten": 1, "tiles": ["2m", "5m", "6s", "9s"], "count": 15}
    red_in_hand = ask(hand="30m456p78s115z", melds=[{"type": "pon", "tiles": "777z"}])
    assert red_in_hand == {"shanten": 1, "tiles": ["4m", "6s", "9s"], "count": 12}  # 0m is 5m


@pytest.mark.parametrize(
    ("fields", "needle"),
    [
        pytest.param({"hand": "34m456p789s11222z", "visible": "2z2z"}, "четыре", id="five-copies"),
        pytest.param({"hand": "34m456p789s1122z"}, "13 или 14", id="twelve-tiles"),
        pytest.param({"hand": "34m456p789s11222z", "visible": 3}, "visible", id="visible-type"),
        pytest.param({"hand": "34m456p789s11222z", "seen": ""}, "seen", id="unknown-field"),
    ],
)
def test_batch_ukeire_errors(fields: dict[str, Any], needle: str) -> None:
    result = ask(**fields)
    assert set(result) == {"error"} and needle in result["error"]


SAFETY = {
    "kind": "safety",
    "hand": "147m258p369s2225z",
    "riichi": [{"pond": "9m1z4m2s", "riichi_index": 3}],
    "visible": "9m1z4m2s2z",
}


def test_batch_safety_answers_danger_class_and_reason_least_dangerous_first() -> None:
    """The contract of engine.batch: tile, tier (class), reason, danger in % with one decimal."""
    result = answer(SAFETY)
    tiles = result["tiles"]
    assert [(x["tile"], x["tier"], x["danger"]) for x in tiles[:4]] == [
        ("4m", "genbutsu", 0.0), ("2z", "honor_4", 0.1), ("1m", "suji_19", 1.7),
        ("5z", "honor_1", 2.6),
    ]
    assert tiles[-1] == {
        "tile": "6s", "tier": "open_456", "danger": 8.9,
        "reason": "возможны: рянмен 7-8 соу, рянмен 4-5 соу, канчан 5-7 соу, шанпон, танки",
    }
    dangers = [x["danger"] for x in tiles]
    assert dangers == sorted(dangers)
    assert all(round(d, 1) == d for d in dangers)


def test_batch_safety_dora_raises_the_danger() -> None:
    """Dora and its neighbours deal in more often (justanotherjapanesemahjongblog, risk table)."""
    plain = {x["tile"]: x["danger"] for x in answer(SAFETY)["tiles"]}
    dora = {x["tile"]: x["danger"] for x in answer({**SAFETY, "visible": SAFETY["visible"] + "5s",
                                                    "dora": "5s"})["tiles"]}
    assert dora["6s"] > plain["6s"]  # 5s indicates the dora 6s
    assert dora["1m"] == plain["1m"]


@pytest.mark.parametrize(
    ("riichi", "needle"),
    [
        pytest.param("x", "списком", id="not-a-list"),
        pytest.param(["9m"], "объектом", id="item-not-object"),
        pytest.param([{"pond": "9m"}], "riichi_index", id="missing-index"),
        pytest.param([{"pond": "9m", "riichi_index": "0"}], "объектом", id="index-type"),
        pytest.param([{"pond": "9m", "riichi_index": 0, "x": 1}], "«x»", id="unknown"),
        pytest.param([{"pond": "9m", "riichi_index": 4}], "Номер", id="index-out"),
        pytest.param([], "хотя бы", id="no-riichi"),
    ],
)
def test_batch_safety_errors(riichi: Any, needle: str) -> None:
    result = answer({**SAFETY, "riichi": riichi})
    assert set(result) == {"error"} and needle in result["error"]


def test_batch_run_writes_one_line_per_request() -> None:
    lines = [json.dumps(SAFETY), json.dumps({"kind": "ukeire", "hand": "23455m456p789s11z"})]
    out = run(("\n".join(lines) + "\n").encode()).decode().splitlines()
    assert len(out) == 2 and all("error" not in json.loads(row) for row in out)


# --- fuzz: nothing a program sends makes these kinds crash -----------------------------

_tiles_text = st.text(alphabet="0123456789mpsz", max_size=20)
_scalars = st.none() | st.booleans() | st.integers() | st.text(max_size=8)
_riichi_item = st.dictionaries(
    st.sampled_from(["pond", "riichi_index", "passed", "x"]),
    _tiles_text | st.integers(-3, 30) | _scalars,
    max_size=4,
)


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(["ukeire", "safety"]),
    _tiles_text,
    st.dictionaries(
        st.sampled_from(["visible", "melds", "riichi", "discards"]),
        _tiles_text | st.lists(_riichi_item, max_size=3) | _scalars,
        max_size=3,
    ),
)
def test_any_request_is_answered_or_refused_cleanly(
    kind: str, hand: str, fields: dict[str, Any]
) -> None:
    result = answer({"riichi": [{"pond": "1m", "riichi_index": 0}], **fields, "hand": hand,
                     "kind": kind})
    assert isinstance(result, dict)
    assert "Внутренняя ошибка" not in result.get("error", "")


_wall = [k for k in range(34) for _ in range(4)]


@settings(max_examples=150, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(13, 14), st.integers(0, 20))
def test_valid_random_hands_always_get_an_answer(rnd: Any, size: int, seen: int) -> None:
    tiles = rnd.sample(_wall, size + seen + 6)
    code = "".join(f"{k % 9 + 1}{'mpsz'[k // 9]}" for k in tiles)
    hand, visible = code[: 2 * size], code[2 * size : 2 * (size + seen)]
    pond = code[2 * (size + seen) :]
    result = ask(hand=hand, visible=visible)
    assert "error" not in result
    counts = [d["count"] for d in result.get("discards", [result])]
    assert all(c >= 0 for c in counts)
    safety = answer({"kind": "safety", "hand": hand, "visible": visible + pond,
                     "riichi": [{"pond": pond, "riichi_index": 5}]})
    assert "error" not in safety
    assert len(safety["tiles"]) == len({hand[i : i + 2] for i in range(0, len(hand), 2)})


def test_describe_discard_in_russian_with_the_second_order_apart() -> None:
    options = rank_discards(parse_hand("2356m13p456789s11z"), quality=True).options
    two = next(o for o in options if o.tile == t("2m"))
    assert describe_discard(two) == (
        "Сброс 2m: 1-шантен, улучшают 4m, 7m, 2p — всего 12 тайлов. Из них 4 позволяют "
        "выйти в темпай с хорошей формой (рянмен); в среднем такой темпай ждёт 5,3 тайла."
    )
    far = rank_discards(parse_hand("2356m13p456789s11z")).options[-1]
    assert describe_discard(far).startswith("Сброс 8s: 2-шантен, улучшают ")
