"""Hand structure: every reading of a complete hand (four sets and a pair, chiitoitsu, kokushi)."""

import pytest

from engine.hand import parse_hand
from engine.shape.blocks import Block, BlockKind, Form, WaitKind
from engine.shape.decompose import (
    arrangements,
    decompositions,
    is_chiitoitsu,
    is_complete,
    is_kokushi,
    suit_is_complete,
)
from engine.tiles import parse_tile, parse_tiles


def t(code: str) -> int:
    return parse_tile(code).kinds[0]


def readings(text: str, melds: tuple[str, ...] = ()) -> set[tuple[str, ...]]:
    """Each decomposition as a set of block codes like "111m", "123m", "55s"."""
    out = set()
    for dec in decompositions(parse_hand(text, melds, size=14)):
        codes = [f"{dec.form.value}"]
        for block in dec.blocks:
            digits = "".join(str(k % 9 + 1) for k in block.tiles)
            codes.append(digits + "mpsz"[block.tile // 9] + ("*" if block.meld else ""))
        out.add(tuple(sorted(codes)))
    return out


def test_triplets_or_sequences_111222333m_gives_both_readings() -> None:
    assert readings("111222333m789p55s") == {
        ("111m", "222m", "333m", "55s", "789p", "standard"),
        ("123m", "123m", "123m", "55s", "789p", "standard"),
    }


def test_chiitoitsu_hand_that_is_also_ryanpeikou_has_both_readings() -> None:
    forms = [d.form for d in decompositions(parse_hand("11223344556677p", size=14))]
    assert forms.count(Form.CHIITOITSU) == 1
    assert forms.count(Form.STANDARD) == 3  # the pair can be 11, 44 or 77


def test_chiitoitsu_needs_seven_different_pairs() -> None:
    hand = parse_hand("1111223344556p6p", size=14)
    assert not is_chiitoitsu(hand.concealed)
    assert all(d.form is not Form.CHIITOITSU for d in decompositions(hand))


def test_kokushi_reading_names_the_doubled_tile() -> None:
    (dec,) = decompositions(parse_hand("19m19p19s12345677z", size=14))
    assert dec.form is Form.KOKUSHI and dec.pair == t("7z")


def test_kokushi_needs_all_thirteen_kinds() -> None:
    assert not is_kokushi(parse_tiles("19m19p19s12345666z").counts())


def test_melds_are_fixed_sets_in_every_reading() -> None:
    hand = parse_hand("111222333m55s", ["chi:789p"], size=14)
    decs = decompositions(hand)
    assert len(decs) == 2
    for dec in decs:
        melded = [b for b in dec.sets if b.meld is not None]
        assert [(b.tile, b.kind, b.opened) for b in melded] == [(t("7p"), BlockKind.SHUNTSU, True)]


def test_closed_kan_is_a_kantsu_block_that_stays_closed() -> None:
    (dec,) = decompositions(parse_hand("123m456p789s55z", ["ankan:1111z"], size=14))
    kan = next(b for b in dec.sets if b.meld is not None)
    assert kan.kind is BlockKind.KANTSU and not kan.opened and kan.tiles == (t("1z"),) * 4


def test_four_melds_leave_a_pair_in_hand() -> None:
    hand = parse_hand("55z", ["pon:111z", "chi:123m", "pon:999p", "minkan:2222s"], size=14)
    (dec,) = decompositions(hand)
    assert dec.pair == t("5z") and len(dec.sets) == 4


def test_not_complete_hand_has_no_readings() -> None:
    hand = parse_hand("123m456p789s12345z", size=14)
    assert decompositions(hand) == () and not is_complete(hand)


def test_four_of_a_kind_splits_into_triplet_and_sequence() -> None:
    # 1111 2345678 999m: only 111 123 456 789 + 99; 11 as the pair leaves 11 stranded.
    hand = parse_hand("11112345678999m", size=14)
    (dec,) = decompositions(hand)
    assert dec.pair == t("9m")
    assert sorted((b.tile, b.kind.value) for b in dec.sets) == [
        (0, "koutsu"),
        (0, "shuntsu"),
        (3, "shuntsu"),
        (6, "shuntsu"),
    ]


@pytest.mark.parametrize(
    ("counts", "with_pair", "complete"),
    [
        pytest.param((1, 1, 1, 0, 0, 0, 0, 0, 0), False, True, id="one-sequence"),
        pytest.param((3, 3, 3, 0, 0, 0, 0, 0, 0), False, True, id="three-sequences"),
        pytest.param((4, 1, 1, 0, 0, 0, 0, 0, 0), False, True, id="1111-2-3-triplet-and-sequence"),
        pytest.param((4, 1, 1, 0, 0, 0, 0, 0, 0), True, False, id="1111-2-3-pair-impossible"),
        pytest.param((2, 3, 3, 3, 0, 0, 0, 0, 0), True, True, id="11-222333444-with-pair"),
        pytest.param((0, 1, 1, 1, 1, 0, 0, 0, 0), False, False, id="2345-is-not-sets"),
        pytest.param((0, 0, 0, 0, 0, 0, 0, 1, 1), False, False, id="89-no-wrap"),
        pytest.param((1, 1, 1, 1, 1, 1, 1, 1, 1), False, True, id="ittsu"),
    ],
)
def test_suit_completeness(counts: tuple[int, ...], with_pair: bool, complete: bool) -> None:
    assert suit_is_complete(counts, False, with_pair) is complete


def test_honours_never_form_sequences() -> None:
    assert not suit_is_complete((1, 1, 1, 0, 0, 0, 0), True, False)
    assert suit_is_complete((3, 0, 0, 2, 0, 0, 3), True, True)


@pytest.mark.parametrize(
    ("hand", "win", "waits"),
    [
        pytest.param("12m456p789s11122z", "3m", {WaitKind.PENCHAN}, id="penchan-12"),
        pytest.param("89m456p789s11122z", "7m", {WaitKind.PENCHAN}, id="penchan-89"),
        pytest.param("13m456p789s11122z", "2m", {WaitKind.KANCHAN}, id="kanchan"),
        pytest.param("23m456p789s11122z", "4m", {WaitKind.RYANMEN}, id="ryanmen"),
        pytest.param("78m456p789s11122z", "6m", {WaitKind.RYANMEN}, id="ryanmen-78-low"),
        pytest.param("123m456p789s1112z", "2z", {WaitKind.TANKI}, id="tanki"),
        pytest.param("123m456p789s1122z", "1z", {WaitKind.SHANPON}, id="shanpon"),
        pytest.param("2344m456p789s111z", "4m", {WaitKind.RYANMEN, WaitKind.TANKI}, id="two-ways"),
    ],
)
def test_wait_shape_of_each_arrangement(hand: str, win: str, waits: set[WaitKind]) -> None:
    full = parse_hand(hand, size=13).with_tile(t(win))
    assert {a.wait for a in arrangements(full, t(win))} == waits


def test_arrangement_names_the_block_the_winning_tile_completed() -> None:
    full = parse_hand("13m456p789s11122z", size=13).with_tile(t("2m"))
    (arr,) = arrangements(full, t("2m"))
    assert arr.win_block == Block(t("1m"), BlockKind.SHUNTSU)


def test_winning_tile_is_never_read_inside_a_meld() -> None:
    full = parse_hand("2m456p789s111z", ["chi:123m"], size=13).with_tile(t("2m"))
    assert [a.wait for a in arrangements(full, t("2m"))] == [WaitKind.TANKI]


def test_kokushi_thirteen_sided_versus_single_wait() -> None:
    thirteen = parse_hand("19m19p19s1234567z", size=13).with_tile(t("1m"))
    single = parse_hand("19m19p19s1234566z", size=13).with_tile(t("7z"))
    assert [a.wait for a in arrangements(thirteen, t("1m"))] == [WaitKind.KOKUSHI_13]
    assert [a.wait for a in arrangements(single, t("7z"))] == [WaitKind.KOKUSHI_SINGLE]
