"""Basic points, limits and payments against the standard score table figures."""

from __future__ import annotations

import pytest

from engine.scoring.points import Limit, basic_points, payments
from engine.text import messages


def _pay(
    han: int,
    fu: int,
    *,
    dealer: bool,
    tsumo: bool,
    honba: int = 0,
    kiriage: bool = False,
    kazoe: bool = True,
    yakuman: int = 0,
):
    basic = basic_points(han, fu, kiriage, kazoe=kazoe, yakuman=yakuman)
    return payments(basic, dealer=dealer, tsumo=tsumo, honba=honba)


@pytest.mark.parametrize(
    ("han", "fu", "dealer", "ron"),
    [
        pytest.param(1, 30, False, 1000, id="1han30fu"),
        pytest.param(2, 30, False, 2000, id="2han30fu"),
        pytest.param(3, 30, False, 3900, id="3han30fu"),
        pytest.param(4, 30, False, 7700, id="4han30fu-no-kiriage"),
        pytest.param(1, 40, False, 1300, id="1han40fu"),
        pytest.param(2, 25, False, 1600, id="2han25fu-chiitoitsu"),
        pytest.param(3, 70, False, 8000, id="3han70fu-mangan"),
        pytest.param(2, 40, True, 3900, id="dealer-2han40fu"),
        pytest.param(1, 30, True, 1500, id="dealer-1han30fu"),
        pytest.param(4, 30, True, 11600, id="dealer-4han30fu"),
        pytest.param(3, 60, True, 11600, id="dealer-3han60fu"),
    ],
)
def test_ron_matches_the_score_table(han, fu, dealer, ron) -> None:
    assert _pay(han, fu, dealer=dealer, tsumo=False).ron == ron


@pytest.mark.parametrize(
    ("han", "fu", "from_dealer", "from_other"),
    [
        pytest.param(1, 30, 500, 300, id="1han30fu"),
        pytest.param(2, 20, 700, 400, id="2han20fu-pinfu-tsumo"),
        pytest.param(3, 30, 2000, 1000, id="3han30fu"),
        pytest.param(4, 30, 3900, 2000, id="4han30fu"),
        pytest.param(5, 30, 4000, 2000, id="mangan"),
    ],
)
def test_non_dealer_tsumo_payment(han, fu, from_dealer, from_other) -> None:
    p = _pay(han, fu, dealer=False, tsumo=True)
    assert (p.dealer, p.non_dealer, p.points) == (
        from_dealer,
        from_other,
        from_dealer + 2 * from_other,
    )


@pytest.mark.parametrize(
    ("han", "fu", "each"),
    [
        pytest.param(1, 30, 500, id="1han30fu"),
        pytest.param(2, 20, 700, id="2han20fu"),
        pytest.param(4, 30, 3900, id="4han30fu"),
        pytest.param(6, 30, 6000, id="haneman"),
    ],
)
def test_dealer_tsumo_payment(han, fu, each) -> None:
    p = _pay(han, fu, dealer=True, tsumo=True)
    assert (p.all, p.points) == (each, 3 * each)


@pytest.mark.parametrize(
    ("han", "limit", "non_dealer_ron", "dealer_ron"),
    [
        pytest.param(5, Limit.MANGAN, 8000, 12000, id="mangan"),
        pytest.param(6, Limit.HANEMAN, 12000, 18000, id="haneman-6"),
        pytest.param(7, Limit.HANEMAN, 12000, 18000, id="haneman-7"),
        pytest.param(8, Limit.BAIMAN, 16000, 24000, id="baiman-8"),
        pytest.param(10, Limit.BAIMAN, 16000, 24000, id="baiman-10"),
        pytest.param(11, Limit.SANBAIMAN, 24000, 36000, id="sanbaiman-11"),
        pytest.param(12, Limit.SANBAIMAN, 24000, 36000, id="sanbaiman-12"),
        pytest.param(13, Limit.KAZOE_YAKUMAN, 32000, 48000, id="kazoe-13"),
    ],
)
def test_limits_by_han(han, limit, non_dealer_ron, dealer_ron) -> None:
    assert basic_points(han, 30, False).limit is limit
    assert _pay(han, 30, dealer=False, tsumo=False).ron == non_dealer_ron
    assert _pay(han, 30, dealer=True, tsumo=False).ron == dealer_ron


def test_basic_points_over_2000_are_a_mangan() -> None:
    assert basic_points(4, 40, False).limit is Limit.MANGAN  # 40 × 2^6 = 2560
    assert basic_points(3, 70, False).limit is Limit.MANGAN  # 70 × 2^5 = 2240


def test_without_kazoe_13_han_is_sanbaiman() -> None:
    assert basic_points(15, 30, False, kazoe=False).limit is Limit.SANBAIMAN


@pytest.mark.parametrize(("han", "fu"), [(4, 30), (3, 60)])
def test_kiriage_rounds_up_to_mangan(han, fu) -> None:
    assert _pay(han, fu, dealer=False, tsumo=False, kiriage=True).ron == 8000
    assert _pay(han, fu, dealer=False, tsumo=False).ron == 7700


def test_yakuman_multiples() -> None:
    assert _pay(13, 0, dealer=False, tsumo=False, yakuman=1).ron == 32000
    assert _pay(26, 0, dealer=True, tsumo=False, yakuman=2).ron == 96000
    p = _pay(13, 0, dealer=False, tsumo=True, yakuman=1)
    assert (p.dealer, p.non_dealer) == (16000, 8000)


def test_honba_on_ron_is_paid_by_the_discarder() -> None:
    p = _pay(1, 30, dealer=False, tsumo=False, honba=2)
    assert (p.ron, p.points) == (1600, 1000)


def test_honba_on_tsumo() -> None:
    p = _pay(1, 30, dealer=False, tsumo=True, honba=2)
    assert (p.dealer, p.non_dealer, p.points) == (700, 500, 1100)
    d = _pay(1, 30, dealer=True, tsumo=True, honba=1)
    assert (d.all, d.points) == (600, 1500)


def test_payments_as_dict_has_exactly_one_shape() -> None:
    assert _pay(1, 30, dealer=False, tsumo=False).as_dict() == {"ron": 1000}
    assert _pay(1, 30, dealer=True, tsumo=True).as_dict() == {"all": 500}
    assert _pay(1, 30, dealer=False, tsumo=True).as_dict() == {"dealer": 500, "non_dealer": 300}


def test_every_limit_has_a_russian_name() -> None:
    assert set(messages.LIMIT_NAMES) == {limit.value for limit in Limit}
