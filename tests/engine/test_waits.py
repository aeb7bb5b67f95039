"""Waits of a 13-tile hand: winning tiles, shapes, karaten and the four-copy rule."""

import random

import pytest
from mahjong.agari import Agari

from engine.errors import HandError
from engine.hand import parse_hand
from engine.shape.blocks import Form, WaitKind
from engine.shape.waits import find_waits, shape_waits, wait_tiles
from engine.tiles import parse_tile, to_mpsz
from tests.support.structure_hands import waiting_hand


def t(code: str) -> int:
    return parse_tile(code).kinds[0]


def waits_of(text: str, melds: tuple[str, ...] = ()) -> str:
    return to_mpsz(find_waits(parse_hand(text, melds, size=13)).waits)


@pytest.mark.parametrize(
    ("hand", "waits"),
    [
        pytest.param("1112345678999m", "123456789m", id="nine-gates-all-nine"),
        pytest.param("2345567m111p999s", "258m", id="2345567m-three-sided"),
        pytest.param("3456m111p222s999s", "36m", id="nobetan"),
        pytest.param("23456m111p222s99s", "147m", id="sanmenchan"),
        pytest.param("4445m111p222s999s", "356m", id="4445-kanchan-ryanmen-tanki"),
        pytest.param("1112223334445m", "23456m", id="five-sided-chinitsu"),
        pytest.param("2223334445556m", "134567m", id="six-sided"),
        pytest.param("1113m111p222s999s", "23m", id="1113-tanki-or-kanchan"),
        pytest.param("3334m111p222s999s", "245m", id="3334"),
    ],
)
def test_multi_sided_one_suit_waits_are_complete(hand: str, waits: str) -> None:
    assert waits_of(hand) == waits


def test_karaten_tile_is_not_a_wait() -> None:
    # 1111234m: 111 + 123 waits 4m (tanki), 111 + 234 waits 1m — but 1111m is already held.
    result = find_waits(parse_hand("1111234m111p222s", size=13))
    assert t("1m") in result.karaten and t("1m") not in result.waits
    assert result.tenpai and to_mpsz(result.waits) == "4m"


def test_hand_waiting_only_on_karaten_is_not_tenpai() -> None:
    result = find_waits(parse_hand("1111m234p567s789s", size=13))
    assert not result.tenpai and result.waits == () and result.karaten == (t("1m"),)
    assert result.shape_tenpai and wait_tiles(parse_hand("1111m234p567s789s", size=13)) == ()


def test_karaten_counts_copies_in_melds() -> None:
    # 23m waits 1m or 4m, but all four 4m are in the kan.
    result = find_waits(parse_hand("23m456p789s55z", ["minkan:4444m"], size=13))
    assert to_mpsz(result.waits) == "1m" and to_mpsz(result.karaten) == "4m"


def test_chiitoitsu_tanki_waits_on_the_single() -> None:
    result = find_waits(parse_hand("113355m224466p7z"))
    assert result.waits == (t("7z"),)
    assert result.options[0].shapes == (WaitKind.CHIITOITSU_TANKI,)


def test_chiitoitsu_does_not_accept_four_of_a_kind_as_two_pairs() -> None:
    # 1111m 22 33 44 55 p + 6p: would be "six pairs" only if 1111 counted twice.
    result = find_waits(parse_hand("1111m22334455p6p"))
    assert t("6p") not in result.waits


def test_kokushi_single_wait() -> None:
    result = find_waits(parse_hand("19m19p19s1234566z"))
    assert result.waits == (t("7z"),)
    assert result.options[0].shapes == (WaitKind.KOKUSHI_SINGLE,)


def test_kokushi_thirteen_sided_wait() -> None:
    result = find_waits(parse_hand("19m19p19s1234567z"))
    assert to_mpsz(result.waits) == "19m19p19s1234567z"
    assert all(o.shapes == (WaitKind.KOKUSHI_13,) for o in result.options)


def test_four_melds_leave_a_tanki() -> None:
    hand = parse_hand("5z", ["pon:111z", "chi:123m", "pon:999p", "ankan:2222s"], size=13)
    result = find_waits(hand)
    assert result.waits == (t("5z"),) and result.options[0].shapes == (WaitKind.TANKI,)


def test_melded_hand_waits_use_the_concealed_part_only() -> None:
    assert waits_of("3456m555p", ("chi:123s", "pon:777z")) == "36m"


def test_each_wait_lists_its_shapes_and_readings() -> None:
    result = find_waits(parse_hand("2344m456p789s111z"))
    four = result.option(t("4m"))
    assert four is not None and four.shapes == (WaitKind.RYANMEN, WaitKind.TANKI)
    assert {a.decomposition.form for a in four.arrangements} == {Form.STANDARD}
    assert result.option(t("5m")) is None


def test_seven_pairs_and_standard_readings_of_one_wait() -> None:
    # 1122334455667p: 7p completes both ryanpeikou-like sets and seven pairs.
    option = find_waits(parse_hand("1122334455667p")).option(t("7p"))
    assert option is not None
    assert {a.decomposition.form for a in option.arrangements} == {Form.STANDARD, Form.CHIITOITSU}


def test_noten_hand_has_no_waits() -> None:
    result = find_waits(parse_hand("13579m2468p1357s"))
    assert not result.tenpai and result.options == () and result.karaten == ()


@pytest.mark.parametrize(
    ("hand", "melds"),
    [
        pytest.param("123m456p789s12345z", (), id="fourteen"),
        pytest.param("123m456p789s12z", ("pon:333z",), id="eleven-plus-meld"),
    ],
)
def test_waits_need_a_thirteen_tile_hand(hand: str, melds: tuple[str, ...]) -> None:
    with pytest.raises(HandError, match="13 тайлов"):
        find_waits(parse_hand(hand, melds))


@pytest.mark.slow
def test_shape_waits_agree_with_the_mahjong_package_on_generated_hands() -> None:
    """Differential check: a tile completes the shape exactly when the oracle calls it agari."""
    rng = random.Random(20261130)
    tenpai = 0
    for _ in range(2000):
        hand = waiting_hand(rng)
        expected = []
        for tile in range(34):
            grown = list(hand.with_tile(tile).concealed)
            if grown[tile] <= 4 and Agari.is_agari(grown):
                expected.append(tile)
        ours = [w for w in shape_waits(hand) if hand.with_tile(w).concealed[w] <= 4]
        assert ours == expected, hand
        tenpai += bool(expected)
    assert tenpai > 1000  # the generator mostly makes tenpai hands, so the check has teeth
