"""score_hand end to end: validation, dora, limits, payments and the batch JSON shape."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import HandError
from engine.hand import parse_hand
from engine.rules.sets import get_ruleset
from engine.scoring.points import Limit
from engine.scoring.score import NoYakuError, WinSituation, score_hand
from engine.shape.blocks import WaitKind
from tests.support.scoring import PLAIN_NOTE, score, yaku_of

PLAIN = PLAIN_NOTE  # closed, no yaku of its own on a ron of 2s


def test_not_a_winning_hand_raises_hand_error() -> None:
    with pytest.raises(HandError, match="не выигрышная"):
        score("123m456p789s12345s", "5s")


def test_no_yaku_raises_no_yaku_error() -> None:
    with pytest.raises(NoYakuError):
        score(PLAIN, "2s")


def test_dora_never_make_a_hand_with_no_yaku_win() -> None:
    with pytest.raises(NoYakuError):
        score(PLAIN, "2s", dora="1s8p", rules=get_ruleset().with_options(red_fives=True))


def test_no_yaku_error_is_a_hand_error() -> None:
    assert issubclass(NoYakuError, HandError)


def test_win_tile_must_be_in_the_concealed_hand() -> None:
    with pytest.raises(HandError, match="Выигрышный тайл"):
        score(PLAIN, "5z")


def test_hand_must_have_14_tiles() -> None:
    hand = parse_hand("123m456789p1239s", size=13)
    with pytest.raises(HandError, match="14"):
        score_hand(hand, 26, WinSituation(), get_ruleset())


def test_indicators_and_hand_respect_four_copies() -> None:
    with pytest.raises(HandError, match="больше четырёх"):
        score("111m456789p12399s", "2s", riichi=True, dora="1m", ura="1m")


@pytest.mark.parametrize(
    "flags",
    [
        pytest.param({"ippatsu": True}, id="ippatsu-without-riichi"),
        pytest.param({"haitei": True}, id="haitei-on-ron"),
        pytest.param({"houtei": True, "tsumo": True}, id="houtei-on-tsumo"),
        pytest.param({"rinshan": True, "tsumo": True}, id="rinshan-without-kan"),
        pytest.param({"chankan": True, "tsumo": True}, id="chankan-on-tsumo"),
        pytest.param({"tenhou": True, "tsumo": True}, id="tenhou-by-non-dealer"),
        pytest.param({"renhou": True, "seat": "E"}, id="renhou-by-dealer"),
        pytest.param({"honba": -1, "riichi": True}, id="negative-honba"),
    ],
)
def test_impossible_situations_raise_hand_error(flags) -> None:
    with pytest.raises(HandError):
        score(PLAIN, "2s", **flags)


def test_riichi_with_an_open_hand_raises_hand_error() -> None:
    with pytest.raises(HandError, match="закрытой"):
        score("123m456p789s11s", "1s", ("pon:555z",), riichi=True)


def test_dora_counts_every_copy() -> None:
    result = score("111m456789p12399s", "2s", riichi=True, dora="9m")  # dora 1m ×3
    assert (result.dora, result.han) == (3, 4)


def test_kan_dora_counts_all_four_tiles() -> None:
    result = score("123m456p12399s", "2s", ("ankan:7777p",), tsumo=True, dora="1z6p")
    assert result.dora == 4


def test_ura_dora_count_only_with_riichi() -> None:
    assert score(PLAIN, "2s", riichi=True, ura="8p").ura == 1
    assert score(PLAIN, "2s", tsumo=True, ura="8p").ura == 0


def test_aka_dora_counts_only_when_the_rules_have_red_fives() -> None:
    assert score("123m406789p12399s", "2s", riichi=True).aka == 1
    assert score("123m406789p12399s", "2s", rules="ema", riichi=True).aka == 0
    with_red = get_ruleset("ema").with_options(red_fives=True)
    assert score("123m406789p12399s", "2s", rules=with_red, riichi=True).aka == 1


def test_han_includes_dora_aka_and_ura() -> None:
    result = score("123m406789p12399s", "2s", riichi=True, dora="2s", ura="8s")
    assert (result.dora, result.aka, result.ura, result.han) == (1, 1, 2, 5)


def test_double_riichi_is_2_han_in_all() -> None:
    assert score(PLAIN, "2s", riichi=True, double_riichi=True).han == 2


def test_kazoe_yakuman_online() -> None:
    # chinitsu 6 + riichi + ippatsu + tsumo = 9, dora 2m ×3 + 8m = 4 → 13 han
    result = score("222345678999m55m", "8m", riichi=True, ippatsu=True, tsumo=True, dora="1m7m")
    assert result.han == 13 and result.yakuman == 0
    assert result.limit is Limit.KAZOE_YAKUMAN and result.points == 32000


def test_no_kazoe_yakuman_under_ema() -> None:
    result = score(
        "222345678999m55m", "8m", rules="ema", riichi=True, ippatsu=True, tsumo=True, dora="1m7m"
    )
    assert result.limit is Limit.SANBAIMAN and result.points == 24000


def test_yakuman_han_is_13_per_multiple_and_dora_are_not_counted() -> None:
    result = score("555666777z123m99p", "9p", dora="4z8p")
    assert (result.han, result.yakuman, result.dora) == (13, 1, 0)
    assert result.limit is Limit.YAKUMAN and result.points == 32000


def test_dealer_is_the_east_seat() -> None:
    assert score(PLAIN, "2s", riichi=True, seat="E").is_dealer
    assert not score(PLAIN, "2s", riichi=True, seat="S").is_dealer


def test_dealer_tsumo_payment() -> None:
    result = score(PLAIN, "2s", riichi=True, tsumo=True, seat="E")  # 2 han 30 fu
    assert result.payments.as_dict() == {"all": 1000} and result.points == 3000


def test_non_dealer_tsumo_payment() -> None:
    result = score(PLAIN, "2s", riichi=True, tsumo=True)  # 2 han 30 fu
    assert result.payments.as_dict() == {"dealer": 1000, "non_dealer": 500}
    assert result.points == 2000


def test_honba_on_tsumo() -> None:
    result = score(PLAIN, "2s", riichi=True, tsumo=True, honba=2)
    assert result.payments.as_dict() == {"dealer": 1200, "non_dealer": 700}
    assert result.points == 2000 and result.total == 2600


def test_honba_and_riichi_sticks_on_ron() -> None:
    result = score(PLAIN, "2s", riichi=True, honba=1, riichi_sticks=2)  # 1 han 40 fu
    assert result.points == 1300 and result.payments.ron == 1600
    assert result.total == 1300 + 300 + 2000


def test_kiriage_option_makes_4_han_30_fu_a_mangan() -> None:
    hand, flags = "234m456p678p23488s", {"riichi": True, "dora": "3s"}  # pinfu tanyao riichi + 1
    assert score(hand, "4s", **flags).points == 7700
    kiriage = get_ruleset().with_options(kiriage=True)
    result = score(hand, "4s", rules=kiriage, **flags)
    assert result.points == 8000 and result.limit is Limit.MANGAN


def test_best_reading_is_kept_in_the_result() -> None:
    result = score("234m456p789p23499s", "4s")
    assert result.arrangement.wait is WaitKind.RYANMEN and result.arrangement.win_tile == 21


def test_best_reading_prefers_more_han_over_more_fu() -> None:
    # 111222333m as three triplets (sanankou, 2 han) or three identical
    # sequences (iipeikou, 1 han): the triplets win.
    result = score("111222333m456p99s", "9s", riichi=True)
    assert "sanankou" in yaku_of(result)


def test_to_json_matches_the_batch_contract() -> None:
    result = score(PLAIN, "2s", riichi=True, tsumo=True, honba=1, riichi_sticks=1, dora="1s")
    assert result.to_json() == {
        "han": 3,
        "fu": 30,
        "yakuman": 0,
        "yaku": [{"id": "riichi", "han": 1}, {"id": "menzen_tsumo", "han": 1}],
        "dora": 1,
        "points": 4000,
        "payments": {"dealer": 2100, "non_dealer": 1100},
        "total": 4000 + 300 + 1000,
        "fu_breakdown": [
            {"reason": "base", "fu": 20},
            {"reason": "tsumo", "fu": 2},
            {"reason": "wait_kanchan", "fu": 2},
        ],
    }


def test_real_yakuman_beats_an_equal_kazoe_reading() -> None:
    # suuankou (yakuman) or chinitsu iipeikou tanyao rinshan tsumo + 4 dora (14 han kazoe):
    # both pay 32000, the yakuman is reported.
    result = score("33344405566p", "4p", ("ankan:2222p",), tsumo=True, rinshan=True, dora="3p7z")
    assert yaku_of(result) == {"suuankou": 13} and result.yakuman == 1


def test_yakuman_with_pinfu_shape_gets_no_tsumo_fu() -> None:
    result = score("12399m789p778899s", "1m", tsumo=True, tenhou=True, seat="E")
    assert result.yakuman == 1 and result.fu == 20


def test_compact_readings_match_decompose_arrangements() -> None:
    # The scorer's compact readings are decompose's readings: same count, and
    # the reported best arrangement is one of decompose's arrangements.
    from engine.scoring.readings import placements, standard_readings
    from engine.shape.decompose import arrangements
    from engine.tiles import parse_tile
    from tests.support import handgen

    checked = 0
    for line in handgen.score_lines(seed=3, count=300):
        hand = parse_hand(line["hand"], line["melds"], size=14)
        win = parse_tile(line["win_tile"]).kinds[0]
        full = arrangements(hand, win)
        compact = [p for r in standard_readings(hand.concealed) for p in placements(r, win)]
        standard = [a for a in full if a.decomposition.pair is not None and a.win_block]
        assert len(compact) == len(standard)
        try:
            result = score(
                line["hand"],
                line["win_tile"],
                tuple(f"{m['type']}:{m['tiles']}" for m in line["melds"]),
                rules="online",
                tsumo=line["tsumo"],
            )
        except HandError:
            continue
        assert result.arrangement in full
        checked += 1
    assert checked > 100


def test_score_readings_scores_every_reading() -> None:
    from engine.scoring.score import score_readings
    from engine.tiles import parse_tile

    hand = parse_hand("345456m111p789s22z", size=14)
    sit = WinSituation(riichi=True, seat_wind=28)
    readings = score_readings(hand, parse_tile("5m").kinds[0], sit, get_ruleset())
    waits = sorted(arr.wait.value for arr, _ in readings)
    assert waits == ["kanchan", "ryanmen"]
    assert sorted(r.fu for _, r in readings if r is not None) == [40, 50]


def test_score_readings_keeps_readings_without_yaku() -> None:
    from engine.scoring.score import score_readings

    readings = score_readings(parse_hand(PLAIN, size=14), 19, WinSituation(), get_ruleset())
    assert readings and all(result is None for _, result in readings)


def _result_for(line: dict):
    from engine import batch

    fields = batch._fields(line, "score")
    return batch.score_fields(fields)


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(min_value=0, max_value=10**6))
def test_payments_add_up_to_points_plus_honba_and_sticks(seed: int) -> None:
    from tests.support import handgen

    line = handgen.score_lines(seed=seed, count=1)[0]
    try:
        result = _result_for(line)
    except HandError:
        return
    pay, honba = result.payments, line.get("honba", 0)
    if pay.ron is not None:
        paid = pay.ron
    elif pay.all is not None:
        paid = 3 * pay.all
    else:
        paid = (pay.dealer or 0) + 2 * (pay.non_dealer or 0)
    assert paid == result.points + 300 * honba
    assert result.total == result.points + 300 * honba + 1000 * line.get("riichi_sticks", 0)
    assert result.han >= 1 and result.points % 100 == 0
    if result.yakuman:
        assert result.han == 13 * result.yakuman and result.dora == 0


def test_daisuushii_counts_twice_only_with_double_yakuman() -> None:
    hand, melds = "222z333z444z99m", ("pon:111z",)
    assert score(hand, "9m", melds).yakuman == 1
    doubled = score(hand, "9m", melds, rules=get_ruleset().with_options(double_yakuman=True))
    assert doubled.yakuman == 2 and doubled.points == 64000


def test_without_stacking_the_most_valuable_yakuman_is_kept() -> None:
    rules = get_ruleset("fenix").with_options(double_yakuman=True)
    # daisuushii (double here) + tsuuiisou: only the double counts.
    result = score("222z333z444z66z", "6z", ("pon:111z",), rules=rules)
    assert [y.id for y in result.yaku] == ["daisuushii"] and result.yakuman == 2


def test_the_explanation_is_built_once_per_result() -> None:
    """fu items and the best reading are rebuilt from the compact reading on first use only."""
    from engine.scoring.score import WinSituation, score_hand

    hand = parse_hand("234567m234p22234s", size=14)
    result = score_hand(hand, 21, WinSituation(tsumo=True), get_ruleset("online"))
    assert result.fu_items is result.fu_items and result.fu_result is result.fu_result
    assert result.arrangement is result.arrangement
    assert [i.reason.value for i in result.fu_items] == ["base"]
