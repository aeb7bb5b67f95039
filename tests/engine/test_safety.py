"""Safety tiers against a riichi (engine.table.safety), one rule at a time.

Sources: genbutsu and riichi furiten are in the seeds ([000] [002]: a riichi
player cannot ron a tile of his own pond; [000] [001] [002] [003]: a winning
tile missed after riichi is furiten to the end of the hand). Suji, kabe
(no-chance), one-chance and half-suji are the standard defence terms of the
published literature (riichi.wiki, «Suji», «Kabe», «One chance»; D. Chiba,
*Riichi Book 1*, defence chapter); the ``edge_open`` tier is our stated choice.
"""

from __future__ import annotations

import pytest

from engine.errors import HandError
from engine.hand import parse_hand
from engine.table.safety import TIERS, Riichi, SafetyTier, hand_safety, tile_safety
from engine.text import messages as msg
from engine.tiles import parse_tile, parse_tiles


def t(code: str) -> int:
    return parse_tile(code).kinds[0]


def kinds(text: str) -> tuple[int, ...]:
    return parse_tiles(text).kinds


def tier(tile: str, pond: str, seen: str = "", passed: str = "") -> SafetyTier:
    """Tier of one tile against a riichi whose last pond tile is the riichi tile."""
    riichi = Riichi(kinds(pond), len(kinds(pond)) - 1, kinds(passed))
    return tile_safety(t(tile), riichi, parse_tiles(seen).counts()).tier


def test_tiers_are_data_in_the_issue_order_each_with_a_russian_explanation() -> None:
    assert [x.value for x in TIERS] == [
        "genbutsu", "passed", "honor_last", "suji", "no_chance", "one_chance",
        "half_suji", "honor_few", "edge_open", "middle_open",
    ]
    assert set(msg.SAFETY_TIERS) == {x.value for x in TIERS}
    assert all(x.rank == i for i, x in enumerate(TIERS))


def test_genbutsu_any_tile_of_the_riichi_pond_seed_000_002() -> None:
    """Own discards make furiten: genbutsu even for a 5 and even before the riichi tile."""
    assert tier("5m", "5m9p1z") is SafetyTier.GENBUTSU
    assert tier("1z", "5m9p1z") is SafetyTier.GENBUTSU


def test_passed_after_riichi_without_ron_is_safe_seed_000_001_002_003() -> None:
    assert tier("5s", "9p1z", passed="5s") is SafetyTier.PASSED


def test_passed_tile_counts_as_suji_too() -> None:
    """A 2s passed after riichi: a 3-4s ryanmen on 2-5s would be furiten, so 5s is half-suji."""
    assert tier("5s", "9p1z", passed="2s") is SafetyTier.HALF_SUJI
    assert tier("5s", "9p1z", passed="2s8s") is SafetyTier.SUJI


@pytest.mark.parametrize(
    ("tile", "pond", "expected"),
    [
        pytest.param("4m", "1m7m", SafetyTier.SUJI, id="4-needs-1-and-7"),
        pytest.param("4m", "1m", SafetyTier.HALF_SUJI, id="4-with-1-only-is-half"),
        pytest.param("4m", "7m", SafetyTier.HALF_SUJI, id="4-with-7-only-is-half"),
        pytest.param("5p", "2p8p", SafetyTier.SUJI, id="5-needs-2-and-8"),
        pytest.param("6s", "3s9s", SafetyTier.SUJI, id="6-needs-3-and-9"),
        pytest.param("1m", "4m", SafetyTier.SUJI, id="1-needs-4"),
        pytest.param("2m", "5m", SafetyTier.SUJI, id="2-needs-5"),
        pytest.param("3m", "6m", SafetyTier.SUJI, id="3-needs-6"),
        pytest.param("7m", "4m", SafetyTier.SUJI, id="7-needs-4"),
        pytest.param("8m", "5m", SafetyTier.SUJI, id="8-needs-5"),
        pytest.param("9m", "6m", SafetyTier.SUJI, id="9-needs-6"),
        pytest.param("3m", "9m", SafetyTier.EDGE_OPEN, id="3-is-not-suji-of-9"),
        pytest.param("7m", "1m", SafetyTier.EDGE_OPEN, id="7-is-not-suji-of-1"),
        pytest.param("1m", "4p", SafetyTier.EDGE_OPEN, id="suji-is-within-a-suit"),
        pytest.param("5m", "1m9m", SafetyTier.MIDDLE_OPEN, id="5-open-both-sides"),
    ],
)
def test_suji_both_sides_for_456_one_side_otherwise(
    tile: str, pond: str, expected: SafetyTier
) -> None:
    assert tier(tile, pond) is expected


@pytest.mark.parametrize(
    ("tile", "seen", "expected"),
    [
        pytest.param("1m", "2222m", SafetyTier.NO_CHANCE, id="four-2-block-23-so-1"),
        pytest.param("1m", "3333m", SafetyTier.NO_CHANCE, id="four-3-block-23-so-1"),
        pytest.param("2m", "3333m", SafetyTier.NO_CHANCE, id="four-3-block-34-so-2"),
        pytest.param("3m", "2222m", SafetyTier.EDGE_OPEN, id="12-is-penchan-not-ryanmen"),
        pytest.param("9m", "8888m", SafetyTier.NO_CHANCE, id="four-8-block-78-so-9"),
        pytest.param("5m", "6666m", SafetyTier.HALF_SUJI, id="one-side-kabe-is-half"),
        pytest.param("5m", "4444m6666m", SafetyTier.NO_CHANCE, id="both-sides-kabe"),
        pytest.param("1m", "222m", SafetyTier.ONE_CHANCE, id="three-2-one-chance"),
        pytest.param("5m", "444m6666m", SafetyTier.ONE_CHANCE, id="kabe-and-one-chance"),
        pytest.param("1m", "22m", SafetyTier.EDGE_OPEN, id="two-copies-is-nothing"),
    ],
)
def test_kabe_and_one_chance(tile: str, seen: str, expected: SafetyTier) -> None:
    assert tier(tile, "9p", seen=seen) is expected


def test_suji_on_one_side_and_kabe_on_the_other_is_no_chance() -> None:
    assert tier("4m", "7m", seen="2222m") is SafetyTier.NO_CHANCE


def test_suji_outranks_kabe_and_kabe_outranks_one_chance() -> None:
    assert tier("1m", "4m", seen="2222m") is SafetyTier.SUJI
    assert SafetyTier.SUJI.rank < SafetyTier.NO_CHANCE.rank < SafetyTier.ONE_CHANCE.rank


@pytest.mark.parametrize(
    ("seen", "expected"),
    [
        pytest.param("555z", SafetyTier.HONOR_LAST, id="three-visible"),
        pytest.param("5555z", SafetyTier.HONOR_LAST, id="four-visible"),
        pytest.param("55z", SafetyTier.HONOR_FEW, id="two-visible"),
        pytest.param("5z", SafetyTier.HONOR_FEW, id="one-visible"),
    ],
)
def test_honours_by_copies_visible(seen: str, expected: SafetyTier) -> None:
    assert tier("5z", "9p", seen=seen) is expected


def test_hand_safety_counts_own_hand_as_visible_and_sorts_safest_first() -> None:
    hand = parse_hand("123m456p789s1115z")  # three 1z in hand: honour_last without any seen
    riichi = Riichi(kinds("4m8p"), 1)
    result = hand_safety(hand, (riichi,), kinds("4m8p"))
    order = [(r.tile, r.tier) for r in result]
    assert order[0] == (t("1z"), SafetyTier.HONOR_LAST)
    assert (t("1m"), SafetyTier.SUJI) in order
    assert (t("5p"), SafetyTier.HALF_SUJI) in order  # 8p in the pond closes 67p only
    assert order[-2:] == [(t("4p"), SafetyTier.MIDDLE_OPEN), (t("6p"), SafetyTier.MIDDLE_OPEN)]
    ranks = [r.tier.rank for r in result]
    assert ranks == sorted(ranks)


def test_reason_names_the_suji_tiles() -> None:
    riichi = Riichi(kinds("1m7m"), 1)
    result = tile_safety(t("4m"), riichi, parse_tiles("47m").counts())
    assert result.reason == "суджи: в сбросе игрока в риичи 1m, 7m"


def test_two_riichi_take_the_worse_tier() -> None:
    hand = parse_hand("4m56789p123s1234z")
    first = Riichi(kinds("4m"), 0)
    second = Riichi(kinds("1m7m"), 1)
    result = {r.tile: r for r in hand_safety(hand, (first, second), kinds("4m1m7m"))}
    four = result[t("4m")]
    assert four.tier is SafetyTier.SUJI and four.against == 1  # genbutsu for one, suji for two
    assert four.reason.startswith("против риичи №2: ")


@pytest.mark.parametrize(
    ("riichi", "visible", "needle"),
    [
        pytest.param(Riichi((0,), 3), "1m", "Номер тайла риичи", id="riichi-index-out-of-pond"),
        pytest.param(Riichi((0, 1), 1), "1m", "видимые", id="pond-not-in-visible"),
        pytest.param(Riichi((0,), 0), "1m1111p", "четыре", id="five-copies-with-hand"),
    ],
)
def test_bad_input_is_a_hand_error(riichi: Riichi, visible: str, needle: str) -> None:
    with pytest.raises(HandError, match=needle):
        hand_safety(parse_hand("123m456p789s1p123z"), (riichi,), kinds(visible))


def test_no_riichi_is_an_error() -> None:
    with pytest.raises(HandError, match="риичи"):
        hand_safety(parse_hand("123m456p789s1p123z"), (), ())
