"""Tiles, notation and hand validation (rule: mpsz notation, 136 tiles, 4 copies)."""

import pytest

from engine.errors import HandError
from engine.hand import parse_hand
from engine.melds import parse_meld_text
from engine.tiles import dora_from_indicator, parse_tile, parse_tiles, tile_name, to_mpsz


def test_notation_round_trip_sorts_and_keeps_red_five() -> None:
    parsed = parse_tiles("3m12m0p77z")
    assert to_mpsz(parsed.kinds) == "123m5p77z"
    assert to_mpsz(parsed.kinds, parsed.red) == "123m0p77z"


@pytest.mark.parametrize(
    ("text", "name"),
    [
        pytest.param("5p", "5 пин", id="suit"),
        pytest.param("1z", "Восток", id="east"),
        pytest.param("5z", "Белый дракон", id="haku"),
        pytest.param("7z", "Красный дракон", id="chun"),
    ],
)
def test_russian_tile_names(text: str, name: str) -> None:
    assert tile_name(parse_tile(text).kinds[0]) == name


def test_red_five_name() -> None:
    assert tile_name(parse_tile("0p").kinds[0], red=True) == "красная 5 пин"


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        pytest.param("123x", "Неизвестный символ «x»", id="unknown-letter"),
        pytest.param("123", "буква масти", id="no-suit"),
        pytest.param("8z", "1z–7z", id="honour-range"),
        pytest.param("11111m22233344455p", "только четыре", id="five-copies"),
        pytest.param("123m", "13 тайлов", id="wrong-count"),
    ],
)
def test_bad_hands_raise_hand_error(text: str, fragment: str) -> None:
    with pytest.raises(HandError, match=fragment):
        parse_hand(text, size=13)


def test_dora_indicator_cycles() -> None:
    """Rule: indicator → next tile; 9→1, N→E, chun→haku (seed 000)."""
    pairs = {"9m": "1m", "4p": "5p", "4z": "1z", "1z": "2z", "7z": "5z", "5z": "6z", "6z": "7z"}
    for indicator, dora in pairs.items():
        got = dora_from_indicator(parse_tile(indicator).kinds[0])
        assert to_mpsz([got]) == dora


# Rule: one red five of each suit (0m 0p 0s). Source: seed 002 replaces fives by red
# ones without a number; Tenhou's standard set has one per suit (engine.hand.check_red_fives).
@pytest.mark.parametrize(
    ("text", "melds", "size", "suit"),
    [
        pytest.param("00m123456789p11z", [], 13, "ман", id="two-in-the-hand"),
        pytest.param("000p123456789s1z", [], 13, "пин", id="three-of-one-suit"),
        pytest.param("0s12345678p11z", ["pon:000s"], 14, "соу", id="hand-and-pon"),
        pytest.param("0m12345678p11z", ["chi:340m"], 14, "ман", id="hand-and-chi"),
        pytest.param("12345678p11z", ["minkan:0000m"], 13, "ман", id="kan-of-red-fives"),
    ],
)
def test_a_second_red_five_of_a_suit_is_refused(
        text: str, melds: list[str], size: int, suit: str) -> None:
    from engine.batch.quick_parse import quick_hand

    with pytest.raises(HandError, match=f"Красная 5 {suit} в комплекте одна"):
        parse_hand(text, melds, size=size)
    assert quick_hand(text, [parse_meld_text(m) for m in melds], size) is None


def test_one_red_five_of_each_suit_is_a_legal_hand() -> None:
    from engine.batch.quick_parse import quick_hand

    hand = parse_hand("0m0p0s123m456p789s1z", size=13)
    assert hand.red == 3 and quick_hand("1230m4056p7890s1z", [], 13) is not None
    assert parse_hand("0m12345678p11z", ["chi:340p"], size=14).red == 1


@pytest.mark.parametrize("text", ["05m0p123456789s1z", "5m0p123456789s11z", "5m5p0s123456789m1z"])
def test_a_hand_prints_each_red_five_in_its_own_suit(text: str) -> None:
    # A count of red fives printed "5m0p" as "0m5p" (the first five turned red).
    from engine.batch.quick_parse import quick_hand

    hand = parse_hand(text, size=13)
    assert hand.to_mpsz() == to_mpsz(parse_tiles(text).kinds, parse_tiles(text).red)
    assert parse_hand(hand.to_mpsz(), size=13) == hand
    quick = quick_hand(hand.to_mpsz(), [], 13)  # the printed text has each suit once, in order
    assert quick is None or quick == hand
    assert quick == hand
