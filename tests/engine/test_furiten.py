"""Furiten (seed 000; docs/rulesets.md): permanent, temporary and riichi furiten, named."""

import pytest

from engine.errors import HandError
from engine.hand import Hand, parse_hand
from engine.shape.furiten import FuritenKind, can_ron, check_furiten
from engine.text.messages import FURITEN_NAMES
from engine.tiles import parse_tiles


def tiles(text: str) -> tuple[int, ...]:
    return parse_tiles(text).kinds


# Ryanmen 23p on a closed hand: waits 1p and 4p.
RYANMEN = "23p456789m123s55z"


def hand(text: str = RYANMEN, melds: tuple[str, ...] = ()) -> Hand:
    return parse_hand(text, melds, size=13)


def test_no_furiten_when_no_wait_was_discarded_or_passed() -> None:
    result = check_furiten(hand(), discards=tiles("9s1z"), missed=tiles("5p"))
    assert result.tenpai and not result.furiten and result.reasons == ()
    assert can_ron(result, tiles("1p")[0]) and can_ron(result, tiles("4p")[0])


def test_discard_furiten_when_a_wait_is_in_own_discards() -> None:
    result = check_furiten(hand(), discards=tiles("4p9s"))
    assert result.furiten and result.kinds == (FuritenKind.DISCARD,)
    assert result.reasons[0].tiles == tiles("4p")


def test_furiten_forbids_ron_on_every_wait_not_only_the_discarded_one() -> None:
    result = check_furiten(hand(), discards=tiles("4p"))
    assert not can_ron(result, tiles("1p")[0]) and not can_ron(result, tiles("4p")[0])


def test_temporary_furiten_from_missed_tile() -> None:
    result = check_furiten(hand(), missed=tiles("1p7z"))
    assert result.kinds == (FuritenKind.TEMPORARY,) and result.reasons[0].tiles == tiles("1p")


def test_riichi_furiten_from_tile_passed_after_riichi() -> None:
    result = check_furiten(hand(), riichi=True, missed_since_riichi=tiles("4p"))
    assert result.kinds == (FuritenKind.RIICHI,) and result.reasons[0].tiles == tiles("4p")


def test_tiles_passed_since_riichi_do_not_count_without_riichi() -> None:
    assert not check_furiten(hand(), missed_since_riichi=tiles("4p")).furiten


def test_all_reasons_are_reported_together_each_with_its_tiles() -> None:
    result = check_furiten(
        hand(),
        discards=tiles("1p"),
        missed=tiles("4p1p"),
        riichi=True,
        missed_since_riichi=tiles("4p"),
    )
    assert [(r.kind, r.tiles) for r in result.reasons] == [
        (FuritenKind.DISCARD, tiles("1p")),
        (FuritenKind.TEMPORARY, tiles("1p4p")),
        (FuritenKind.RIICHI, tiles("4p")),
    ]


def test_not_tenpai_is_never_furiten() -> None:
    result = check_furiten(hand("13579m2468p1357s"), discards=tiles("1m2m3m"), missed=tiles("5m"))
    assert not result.tenpai and not result.furiten and result.reasons == ()


def test_furiten_depends_on_the_shape_waits_not_on_yaku() -> None:
    # Open hand without yaku (no yakuhai, not tanyao): 3m in the pond still makes furiten on 6m.
    result = check_furiten(hand("45m789p11s", ("chi:123p", "pon:999s")), discards=tiles("3m"))
    assert result.waits == tiles("36m") and result.kinds == (FuritenKind.DISCARD,)


def test_furiten_covers_every_wait_of_a_multi_sided_shape() -> None:
    # 2345567m: 2-5-8m; an 8m in the pond is furiten even if one hopes for 2m.
    result = check_furiten(hand("2345567m111p999s"), discards=tiles("8m"))
    assert result.furiten and result.reasons[0].tiles == tiles("8m")


def test_karaten_tile_in_discards_does_not_make_furiten() -> None:
    # Waits 1m only: 4m would complete 23m, but the kan holds all four (karaten).
    # Such a pond is impossible at a table; the point is that karaten is no wait.
    result = check_furiten(hand("23m456p789s55z", ("minkan:4444m",)), discards=tiles("4m"))
    assert result.waits == tiles("1m") and not result.furiten


def test_can_ron_only_on_a_wait() -> None:
    result = check_furiten(hand())
    assert not can_ron(result, tiles("5p")[0])


@pytest.mark.parametrize(
    "bad",
    [
        pytest.param((34,), id="too-big"),
        pytest.param((-1,), id="negative"),
        pytest.param(("1p",), id="str"),
        pytest.param((1, True), id="bool-after-a-good-tile"),
        pytest.param((1.0,), id="float"),
        pytest.param(iter((3, 40)), id="iterator-with-a-bad-tile"),
    ],
)
def test_bad_tile_kinds_raise_hand_error(bad: tuple[object, ...]) -> None:
    with pytest.raises(HandError, match="от 0 до 33"):
        check_furiten(hand(), discards=bad)  # type: ignore[arg-type]


def test_furiten_names_follow_the_glossary() -> None:
    assert FURITEN_NAMES == {
        FuritenKind.DISCARD.value: "постоянный фуритен",
        FuritenKind.TEMPORARY.value: "временный фуритен",
        FuritenKind.RIICHI.value: "фуритен в риичи",
    }


def test_explanation_names_the_responsible_tiles() -> None:
    result = check_furiten(hand(), discards=tiles("4p"), missed=tiles("1p4p"))
    discard, temporary = result.reasons
    assert "тайл вашего ожидания: 4 пин." in discard.explanation
    assert "тайлы вашего ожидания: 1 пин, 4 пин." in temporary.explanation
    assert "цумо разрешена" in result.summary
    assert discard.name == "постоянный фуритен"
