"""Fu, item by item: base, win method, wait, pair, sets, rounding and the fixed cases."""

from __future__ import annotations

import pytest

from engine.scoring.fu import FuReason
from engine.shape.blocks import WaitKind
from engine.text import messages
from tests.support.scoring import score


def items(result) -> list[tuple[FuReason, int]]:
    return [(i.reason, i.fu) for i in result.fu_items]


def test_every_fu_reason_has_russian_wording() -> None:
    assert set(messages.FU_REASONS) == {r.value for r in FuReason}


def test_closed_ron_adds_10() -> None:
    result = score("234m456p789p23499s", "4s")  # pinfu ron
    assert items(result) == [(FuReason.BASE, 20), (FuReason.MENZEN_RON, 10)]
    assert result.fu == 30


def test_pinfu_tsumo_gets_no_tsumo_fu() -> None:
    result = score("234m456p789p23499s", "4s", tsumo=True)
    assert items(result) == [(FuReason.BASE, 20)] and result.fu == 20


def test_tsumo_adds_2_without_pinfu() -> None:
    result = score("234m456p789p24399s", "3s", tsumo=True)
    assert (FuReason.TSUMO, 2) in items(result)


def test_rinshan_tsumo_fu_under_ema() -> None:
    result = score("123m456p12399s", "2s", ("ankan:7777p",), "ema", tsumo=True, rinshan=True)
    assert FuReason.TSUMO not in dict(items(result))


def test_rinshan_tsumo_fu_online() -> None:
    result = score("123m456p12399s", "2s", ("ankan:7777p",), tsumo=True, rinshan=True)
    assert (FuReason.TSUMO, 2) in items(result)


@pytest.mark.parametrize(
    ("hand", "win", "reason"),
    [
        pytest.param("234m456p789p24399s", "3s", FuReason.WAIT_KANCHAN, id="kanchan"),
        pytest.param("234m456p789p12399s", "3s", FuReason.WAIT_PENCHAN, id="penchan"),
        pytest.param("234m456p789p23499s", "9s", FuReason.WAIT_TANKI, id="tanki"),
    ],
)
def test_kanchan_penchan_and_tanki_waits_give_2_fu(hand, win, reason) -> None:
    assert (reason, 2) in items(score(hand, win, riichi=True))


def test_ryanmen_wait_gives_no_fu() -> None:
    result = score("234m456p789p23499s", "4s", riichi=True)
    assert not [r for r, _ in items(result) if r.value.startswith("wait")]


def test_double_wind_pair_gives_4_fu() -> None:
    result = score("234m456p789p234s11z", "4s", riichi=True, seat="E", round_="E")
    assert (FuReason.PAIR_DOUBLE_WIND, 4) in items(result)


@pytest.mark.parametrize(
    ("pair", "seat", "reason"),
    [
        pytest.param("55z", "S", FuReason.PAIR_DRAGON, id="dragon"),
        pytest.param("22z", "S", FuReason.PAIR_SEAT_WIND, id="seat-wind"),
        pytest.param("11z", "S", FuReason.PAIR_ROUND_WIND, id="round-wind"),
    ],
)
def test_yakuhai_pair_gives_2_fu(pair, seat, reason) -> None:
    result = score(f"234m456p789p234s{pair}", "4s", riichi=True, seat=seat, round_="E")
    assert (reason, 2) in items(result)


def test_pair_of_another_players_wind_gives_no_fu() -> None:
    result = score("234m456p789p234s44z", "4s", riichi=True, seat="S", round_="E")
    assert not [r for r, _ in items(result) if r.value.startswith("pair")]


@pytest.mark.parametrize(
    ("hand", "win", "melds", "reason", "fu"),
    [
        pytest.param(
            "234m456p234s99s",
            "9s",
            ("pon:555m",),
            FuReason.OPEN_TRIPLET_SIMPLE,
            2,
            id="open-simple",
        ),
        pytest.param(
            "234m456p234s99s",
            "9s",
            ("pon:111m",),
            FuReason.OPEN_TRIPLET_TERMINAL,
            4,
            id="open-terminal",
        ),
        pytest.param(
            "555m234m456p234s99s", "9s", (), FuReason.CLOSED_TRIPLET_SIMPLE, 4, id="closed-simple"
        ),
        pytest.param(
            "777z234m456p234s99s", "9s", (), FuReason.CLOSED_TRIPLET_TERMINAL, 8, id="closed-honour"
        ),
        pytest.param(
            "234m456p234s99s",
            "9s",
            ("minkan:5555m",),
            FuReason.OPEN_KAN_SIMPLE,
            8,
            id="open-kan-simple",
        ),
        pytest.param(
            "234m456p234s99s",
            "9s",
            ("minkan:9999m",),
            FuReason.OPEN_KAN_TERMINAL,
            16,
            id="open-kan-terminal",
        ),
        pytest.param(
            "234m456p234s99s",
            "9s",
            ("ankan:5555m",),
            FuReason.CLOSED_KAN_SIMPLE,
            16,
            id="closed-kan-simple",
        ),
        pytest.param(
            "234m456p234s99s",
            "9s",
            ("ankan:1111z",),
            FuReason.CLOSED_KAN_TERMINAL,
            32,
            id="closed-kan-honour",
        ),
    ],
)
def test_set_fu_by_kind_openness_and_tiles(hand, win, melds, reason, fu) -> None:
    closed = all(m.startswith("ankan") for m in melds)
    result = score(hand, win, melds, riichi=closed, tsumo=not closed, haitei=not closed)
    assert (reason, fu) in items(result)


def test_shanpon_ron_triplet_counts_as_open() -> None:
    result = score("222m444p666s23488s", "6s", riichi=True)
    assert (FuReason.RON_TRIPLET_SIMPLE, 2) in items(result)
    assert items(result).count((FuReason.CLOSED_TRIPLET_SIMPLE, 4)) == 2


def test_shanpon_tsumo_triplet_stays_closed() -> None:
    result = score("222m444p666s23488s", "6s", tsumo=True)
    assert items(result).count((FuReason.CLOSED_TRIPLET_SIMPLE, 4)) == 3


def test_fu_are_rounded_up_to_tens() -> None:
    # 20 + 10 closed ron + 2 kanchan = 32 → 40
    result = score("234m456p789p24399s", "3s", riichi=True)
    assert (result.fu_raw, result.fu) == (32, 40)


def test_open_pinfu_shape_ron_is_30_fu() -> None:
    result = score("456p789p23499s", "4s", ("chi:234m",), houtei=True)
    assert (FuReason.OPEN_PINFU, 10) in items(result)
    assert (result.fu_raw, result.fu) == (30, 30)


def test_open_pinfu_shape_tsumo_is_22_rounded_to_30() -> None:
    result = score("456p789p23499s", "4s", ("chi:234m",), tsumo=True, haitei=True)
    assert FuReason.OPEN_PINFU not in dict(items(result))
    assert (result.fu_raw, result.fu) == (22, 30)


def test_chiitoitsu_is_25_fu() -> None:
    result = score("1133m2266p4477s11z", "1z", tsumo=True)
    assert items(result) == [(FuReason.CHIITOITSU, 25)] and result.fu == 25


def test_kokushi_has_no_fu_items() -> None:
    result = score("119m19p19s1234567z", "9m")
    assert result.fu_items == () and result.fu == 0


def test_best_reading_takes_the_wait_with_more_fu() -> None:
    # 345m456m + 5m: ryanmen in 345 or kanchan in 456; no pinfu either way
    # (a yakuhai pair), so the kanchan reading is worth 2 more fu: 40 vs 42 → 50.
    result = score("345456m111p789s22z", "5m", riichi=True)
    assert result.arrangement.wait is WaitKind.KANCHAN
    assert result.fu == 50


def test_best_reading_prefers_pinfu_over_kanchan_fu() -> None:
    # 234m + 345m + 4m is pinfu read as ryanmen: 2 han 30 fu beats 1 han 40 fu.
    result = score("234345m567p789s99s", "4m", riichi=True)
    assert "pinfu" in {y.id for y in result.yaku}
    assert result.arrangement.wait is WaitKind.RYANMEN and result.fu == 30


def test_fu_items_name_their_block() -> None:
    result = score("234m456p234s99s", "9s", ("pon:111m",), tsumo=True, haitei=True)
    blocks = {i.reason: i.block for i in result.fu_items}
    assert blocks[FuReason.OPEN_TRIPLET_TERMINAL].tile == 0
    assert blocks[FuReason.WAIT_TANKI].tile == 26
