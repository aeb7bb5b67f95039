"""Tiles, notation and hand validation (rule: mpsz notation, 136 tiles, 4 copies)."""

import pytest

from engine.errors import HandError
from engine.hand import parse_hand
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
