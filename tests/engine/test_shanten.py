"""Shanten per form (standard, chiitoitsu, kokushi), the minimum, and improving tiles."""

import random

import pytest
from mahjong.shanten import Shanten

from engine.errors import HandError
from engine.hand import parse_hand
from engine.shape.blocks import Form
from engine.shape.shanten import describe_shanten, improving_tiles, shanten, standard_shanten
from engine.tiles import parse_tile, to_mpsz
from tests.support.structure_hands import random_concealed, waiting_hand


def t(code: str) -> int:
    return parse_tile(code).kinds[0]


@pytest.mark.parametrize(
    ("hand", "standard", "chiitoitsu", "kokushi"),
    [
        pytest.param("123m456p789s1122z", 0, 4, 8, id="shanpon-tenpai"),
        pytest.param("123m456p789s11222z", -1, 4, 8, id="complete-14"),
        pytest.param("123m456p789s11223z", 0, 4, 7, id="fourteen-tiles-one-to-discard"),
        pytest.param("147m258p369s1234z", 8, 6, 7, id="no-two-tiles-fit"),
        pytest.param("1122334455667z", 3, 0, 5, id="seven-pairs-tenpai"),
        pytest.param("19m19p19s1234567z", 8, 6, 0, id="kokushi-13-sided"),
        pytest.param("13m46p79s1122334z", 3, 3, 6, id="too-many-partial-sets-count-four"),
    ],
)
def test_shanten_per_form(hand: str, standard: int, chiitoitsu: int, kokushi: int) -> None:
    result = shanten(parse_hand(hand))
    assert (result.standard, result.chiitoitsu, result.kokushi) == (standard, chiitoitsu, kokushi)
    assert result.minimum == min(standard, chiitoitsu, kokushi)


def test_complete_hand_is_minus_one() -> None:
    assert shanten(parse_hand("123m456p789s22z555z", size=14)).minimum == -1


def test_melds_count_as_sets_for_standard_shanten() -> None:
    result = shanten(parse_hand("13m456p789s55z", ["pon:777z"]))
    assert result.standard == 0


def test_melds_make_chiitoitsu_and_kokushi_impossible() -> None:
    result = shanten(parse_hand("11m22p33s44z556z", ["ankan:7777z"]))
    assert result.chiitoitsu is None and result.kokushi is None
    assert result.minimum == result.standard


def test_chiitoitsu_four_of_a_kind_is_one_pair() -> None:
    # 1111 22 33 44 55 p + 6z: five different pairs (not six) among six kinds.
    assert shanten(parse_hand("111122334455p6z")).chiitoitsu == 2


def test_kokushi_counts_kinds_and_one_pair() -> None:
    assert shanten(parse_hand("119m19p19s123455z")).kokushi == 1


def test_best_forms_name_the_nearest_form() -> None:
    assert shanten(parse_hand("1122334455667z")).best_forms == (Form.CHIITOITSU,)
    assert shanten(parse_hand("123m456p789s1122z")).best_forms == (Form.STANDARD,)


def test_karaten_only_shape_is_not_tenpai_so_one_shanten() -> None:
    """Rule (four-copy): a shape waiting only on tiles you hold four of is not tenpai."""
    assert shanten(parse_hand("1111m234p567s789s")).minimum == 1
    assert shanten(parse_hand("3333666888s666z")).minimum == 1
    # A live wait beside the karaten one keeps the hand tenpai.
    assert shanten(parse_hand("1111m234p567s7899s")).minimum == 0


def test_shanten_needs_13_or_14_tiles() -> None:
    with pytest.raises(HandError, match="13 или 14"):
        shanten(parse_hand("123m456p789s12z", ["pon:333z"], size=14).with_tile(0))


def test_improving_tiles_of_a_tenpai_hand_are_its_waits_with_copies_left() -> None:
    improvements = improving_tiles(parse_hand("23m456p789s11z", ["minkan:4444m"]))
    # 1m and 4m complete 23m, but all four 4m are in the kan: none left to draw.
    assert [(i.tile, i.remaining) for i in improvements] == [(t("1m"), 4)]


def test_improving_tiles_count_remaining_copies_in_hand_and_melds() -> None:
    # Shanpon on 1m and 1z; the chi holds a third 1m, so one 1m is left.
    improvements = improving_tiles(parse_hand("11m456p789s11z", ["chi:123m"]))
    assert {i.tile: i.remaining for i in improvements} == {t("1m"): 1, t("1z"): 2}


def test_improving_tiles_of_a_one_shanten_hand() -> None:
    hand = parse_hand("24m68m456p789s115z")  # two kanchan and a pair: only 3m or 7m help
    assert shanten(hand).minimum == 1
    assert to_mpsz(i.tile for i in improving_tiles(hand)) == "37m"


def test_improving_tiles_include_other_forms() -> None:
    # Kokushi one away: any missing terminal or honour helps.
    hand = parse_hand("19m19p19s1234556z")
    assert to_mpsz(i.tile for i in improving_tiles(hand)) == "7z"


@pytest.mark.parametrize(
    ("n", "text"),
    [
        pytest.param(-1, "рука собрана", id="complete"),
        pytest.param(0, "темпай", id="tenpai"),
        pytest.param(1, "1-шантен: до темпая нужно заменить ещё 1 тайл", id="one"),
        pytest.param(5, "5-шантен: до темпая нужно заменить ещё 5 тайлов", id="five"),
    ],
)
def test_shanten_wording_agrees_in_number(n: int, text: str) -> None:
    assert describe_shanten(n).startswith(text)


@pytest.mark.slow
def test_shanten_agrees_with_the_mahjong_package_on_generated_hands() -> None:
    """Differential check on 3000 hands.

    Known, deliberate difference: the package sees only the concealed tiles,
    so a fourth copy held in a meld does not make its shape karaten, and it
    treats concealed quads its own way; hands with a concealed quad and
    karaten-only shapes are skipped.
    """
    oracle = Shanten()
    rng = random.Random(4242)
    compared = 0
    for i in range(3000):
        hand = waiting_hand(rng) if i % 2 else random_concealed(rng)
        counts = list(hand.concealed)
        if 4 in counts or (standard_shanten(hand.concealed, len(hand.melds)) == 0
                           and shanten(hand).standard == 1):
            continue
        ours = shanten(hand)
        assert ours.standard == oracle.calculate_shanten_for_regular_hand(counts), hand
        if not hand.melds:
            assert ours.chiitoitsu == oracle.calculate_shanten_for_chiitoitsu_hand(counts)
            assert ours.kokushi == oracle.calculate_shanten_for_kokushi_hand(counts)
        compared += 1
    assert compared > 2500
