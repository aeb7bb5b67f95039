"""Every yaku and yakuman, with open reductions, closed-only rules and superseding."""

from __future__ import annotations

import pytest

from engine.rules.sets import get_ruleset
from engine.scoring.score import NoYakuError
from engine.scoring.yaku import SUPERSEDES, YAKU
from engine.text import messages
from tests.support.scoring import score, yaku_of

# A closed hand with no yaku of its own when won by ron on the kanchan 2s.
PLAIN = "123m456789p12399s"


def _case(id_: str, hand: str, win: str, han: int, melds: tuple[str, ...] = (), **kw: object):
    return pytest.param(
        hand, win, melds, kw, id_, han, id=f"{id_}-{len(melds) and 'open' or 'closed'}"
    )


YAKU_CASES = [
    _case("riichi", PLAIN, "2s", 1, riichi=True),
    _case("double_riichi", PLAIN, "2s", 2, riichi=True, double_riichi=True),
    _case("ippatsu", PLAIN, "2s", 1, riichi=True, ippatsu=True),
    _case("menzen_tsumo", PLAIN, "2s", 1, tsumo=True),
    _case("haitei", PLAIN, "2s", 1, tsumo=True, haitei=True),
    _case("houtei", PLAIN, "2s", 1, houtei=True),
    _case("chankan", PLAIN, "2s", 1, chankan=True),
    _case("rinshan", "123m456p12399s", "2s", 1, ("ankan:7777p",), tsumo=True, rinshan=True),
    _case("pinfu", "234m456p789p23499s", "4s", 1),
    _case("tanyao", "234m456p678p23488s", "4s", 1),
    _case("tanyao", "456p678p23488s", "8s", 1, ("chi:234m",)),
    _case("iipeikou", "223344m456p78999s", "7s", 1),
    _case("yakuhai_haku", "123m456p789s11s", "1s", 1, ("pon:555z",)),
    _case("yakuhai_hatsu", "123m456p789s11s", "1s", 1, ("pon:666z",)),
    _case("yakuhai_chun", "123m456p789s11s", "1s", 1, ("pon:777z",)),
    _case("yakuhai_seat_wind", "123m456p789s11s", "1s", 1, ("pon:222z",)),
    _case("yakuhai_round_wind", "123m456p789s11s", "1s", 1, ("pon:111z",)),
    _case("sanshoku_doujun", "12345699m123p123s", "6m", 2),
    _case("sanshoku_doujun", "12345699m123s", "6m", 1, ("chi:123p",)),
    _case("sanshoku_doukou", "222m222p222s34599m", "5m", 2),
    _case("sanshoku_doukou", "222m222s34599m", "5m", 2, ("pon:222p",)),
    _case("ittsu", "123456789m456p99s", "4p", 2),
    _case("ittsu", "456789m456p99s", "9s", 1, ("chi:123m",)),
    _case("chanta", "123999m789p789s11z", "2m", 2),
    _case("chanta", "123999m789s11z", "2m", 1, ("chi:789p",)),
    _case("junchan", "123999m789p78911s", "2m", 3),
    _case("junchan", "123999m78911s", "2m", 2, ("chi:789p",)),
    _case("honroutou", "111m999p111s99s", "1m", 2, ("pon:444z",)),
    _case("toitoi", "222m444p666s88s", "2m", 2, ("pon:333m",)),
    _case("sanankou", "222m444p666s23488s", "4s", 2),
    _case("sankantsu", "45699m", "9m", 2, ("ankan:1111m", "minkan:2222p", "shouminkan:3333s")),
    _case("shousangen", "123m456p555666z77z", "4p", 2),
    _case("chiitoitsu", "1133m2266p4477s11z", "1z", 2),
    _case("ryanpeikou", "223344m667788p99s", "9s", 3),
    _case("honitsu", "234567m888m999m11z", "1z", 3),
    _case("honitsu", "567m888m999m11z", "1z", 2, ("chi:234m",)),
    _case("chinitsu", "222345678999m55m", "8m", 6),
    _case("chinitsu", "222678999m55m", "8m", 5, ("chi:345m",)),
]


@pytest.mark.parametrize(("hand", "win", "melds", "flags", "yaku_id", "han"), YAKU_CASES)
def test_yaku_is_found_with_its_han(hand, win, melds, flags, yaku_id, han) -> None:
    result = score(hand, win, melds, **flags)
    assert yaku_of(result).get(yaku_id) == han


YAKUMAN_CASES = [
    pytest.param("119m19p19s1234567z", "9m", (), {}, "kokushi", id="kokushi"),
    pytest.param("119m19p19s1234567z", "1m", (), {}, "kokushi_13", id="kokushi_13"),
    pytest.param("11199m333p555777s", "1m", (), {"tsumo": True}, "suuankou", id="suuankou"),
    pytest.param("11199m333p555777s", "9m", (), {}, "suuankou_tanki", id="suuankou_tanki"),
    pytest.param("11122345678999m", "1m", (), {}, "chuuren", id="chuuren"),
    pytest.param("11122345678999m", "2m", (), {}, "chuuren_9", id="chuuren_9"),
    pytest.param("555666777z123m99p", "9p", (), {}, "daisangen", id="daisangen"),
    pytest.param("111z222z333z44z123m", "3m", (), {}, "shousuushii", id="shousuushii"),
    pytest.param("222z333z444z99m", "9m", ("pon:111z",), {}, "daisuushii", id="daisuushii"),
    pytest.param("222z555z666z77z", "7z", ("pon:111z",), {}, "tsuuiisou", id="tsuuiisou"),
    pytest.param("223344s666s888s66z", "6z", (), {}, "ryuuiisou", id="ryuuiisou"),
    pytest.param("999m111p999p11s", "1s", ("pon:111m",), {}, "chinroutou", id="chinroutou"),
    pytest.param(
        "55m",
        "5m",
        ("ankan:1111m", "minkan:2222p", "minkan:3333s", "minkan:4444z"),
        {},
        "suukantsu",
        id="suukantsu",
    ),
    pytest.param(
        PLAIN, "2s", (), {"tsumo": True, "tenhou": True, "seat": "E"}, "tenhou", id="tenhou"
    ),
    pytest.param(PLAIN, "2s", (), {"tsumo": True, "chiihou": True}, "chiihou", id="chiihou"),
]


@pytest.mark.parametrize(("hand", "win", "melds", "flags", "yaku_id"), YAKUMAN_CASES)
def test_yakuman_is_found_and_hides_ordinary_yaku(hand, win, melds, flags, yaku_id) -> None:
    result = score(hand, win, melds, **flags)
    ids = yaku_of(result)
    assert ids == {yaku_id: 13}
    assert result.yakuman == 1 and result.han == 13


def test_every_table_yaku_has_russian_name_romaji_and_rule() -> None:
    for row in YAKU:
        assert messages.YAKU_NAMES[row.id] and messages.YAKU_ROMAJI[row.id]
        assert messages.YAKU_RULES[row.id]


def test_supersedes_refers_only_to_table_yaku() -> None:
    ids = {row.id for row in YAKU}
    for winner, hidden in SUPERSEDES.items():
        assert winner in ids and set(hidden) <= ids


def test_open_tanyao_counts_under_ema_2016() -> None:
    """EMA 2016, revision notes: open tanyao (the pre-2016 rule of 001-EMA was closed only)."""
    assert yaku_of(score("456p678p23488s", "8s", ("chi:234m",), "ema"))["tanyao"] == 1


def test_open_tanyao_is_not_a_yaku_where_the_set_forbids_it() -> None:
    with pytest.raises(NoYakuError):
        score("456p678p23488s", "8s", ("chi:234m",),
              get_ruleset("ema").with_options(open_tanyao=False))


def test_closed_tanyao_counts_under_ema() -> None:
    assert yaku_of(score("234m456p678p23488s", "4s", rules="ema"))["tanyao"] == 1


@pytest.mark.parametrize(
    ("hand", "win", "melds"),
    [
        pytest.param("456p78999s", "7s", ("chi:234m", "chi:234m"), id="iipeikou"),
        pytest.param("456p789p23499s", "4s", ("chi:234m",), id="pinfu"),
    ],
)
def test_closed_only_yaku_are_lost_when_open(hand, win, melds) -> None:
    with pytest.raises(NoYakuError):
        score(hand, win, melds)


def test_menzen_tsumo_needs_a_closed_hand() -> None:
    result = score("123m456p789s11s", "1s", ("pon:555z",), tsumo=True)
    assert "menzen_tsumo" not in yaku_of(result)


def test_closed_kan_keeps_menzen_tsumo() -> None:
    assert "menzen_tsumo" in yaku_of(score("123m456p12399s", "2s", ("ankan:7777p",), tsumo=True))


def test_pinfu_needs_a_two_sided_wait() -> None:
    # 23499s + 4s read as 234: ryanmen; the same tiles won on a kanchan 3s are not pinfu.
    assert "pinfu" not in yaku_of(score("234m456p789p24399s", "3s", riichi=True))


def test_pinfu_pair_may_not_be_yakuhai() -> None:
    assert "pinfu" not in yaku_of(score("234m456p789p234s55z", "4s", riichi=True))


def test_pinfu_pair_of_an_other_players_wind_is_fine() -> None:
    assert "pinfu" in yaku_of(score("234m456p789p234s44z", "4s", seat="S", round_="E"))


def test_double_wind_triplet_gives_both_yakuhai() -> None:
    ids = yaku_of(score("123m456p789s11s", "1s", ("pon:111z",), seat="E", round_="E"))
    assert ids["yakuhai_seat_wind"] == 1 and ids["yakuhai_round_wind"] == 1


def test_double_riichi_supersedes_riichi() -> None:
    ids = yaku_of(score(PLAIN, "2s", riichi=True, double_riichi=True))
    assert "riichi" not in ids and ids["double_riichi"] == 2


def test_ryanpeikou_supersedes_iipeikou_and_beats_chiitoitsu() -> None:
    result = score("223344m667788p99s", "9s")
    assert "iipeikou" not in yaku_of(result) and "chiitoitsu" not in yaku_of(result)


def test_junchan_is_not_also_chanta() -> None:
    assert "chanta" not in yaku_of(score("123999m789p78911s", "2m"))


def test_chinitsu_is_not_also_honitsu() -> None:
    assert "honitsu" not in yaku_of(score("222345678999m55m", "8m"))


def test_shanpon_ron_triplet_is_not_concealed_for_sanankou() -> None:
    assert "sanankou" not in yaku_of(score("222m444p666s23488s", "6s", riichi=True))


def test_shanpon_tsumo_triplet_is_concealed_for_sanankou() -> None:
    assert "sanankou" in yaku_of(score("222m444p666s23488s", "6s", tsumo=True))


def test_suuankou_by_ron_on_a_shanpon_is_only_sanankou_and_toitoi() -> None:
    ids = yaku_of(score("11199m333p555777s", "1m"))
    assert ids == {"sanankou": 2, "toitoi": 2}


def test_chuuren_needs_a_closed_hand() -> None:
    result = score("11122345678m", "1m", ("pon:999m",))
    assert "chuuren" not in yaku_of(result) and "chinitsu" in yaku_of(result)


def test_different_yakuman_stack_online() -> None:
    result = score("111z666z777z22z", "2z", ("pon:555z",))
    assert set(yaku_of(result)) == {"daisangen", "tsuuiisou"}
    assert result.yakuman == 2 and result.han == 26


def test_yakuman_do_not_combine_under_fenix() -> None:
    result = score("111z666z777z22z", "2z", ("pon:555z",), "fenix")
    assert result.yakuman == 1 and len(result.yaku) == 1


@pytest.mark.parametrize(
    ("hand", "win", "yaku_id"),
    [
        pytest.param("119m19p19s1234567z", "1m", "kokushi_13", id="kokushi_13"),
        pytest.param("11199m333p555777s", "9m", "suuankou_tanki", id="suuankou_tanki"),
        pytest.param("11122345678999m", "2m", "chuuren_9", id="chuuren_9"),
    ],
)
def test_two_yakuman_forms_count_once_online_and_twice_with_double_yakuman(
    hand, win, yaku_id
) -> None:
    assert score(hand, win).yakuman == 1
    doubled = score(hand, win, rules=get_ruleset("online").with_options(double_yakuman=True))
    assert yaku_of(doubled) == {yaku_id: 26} and doubled.yakuman == 2


def test_renhou_is_a_mangan_under_ema_2016_and_rrc() -> None:
    """EMA 2016 revision notes and rules-ru 4.5: renhou is a mangan, not a yakuman."""
    for rules in ("ema", "rrc"):
        result = score(PLAIN, "2s", rules=rules, renhou=True)
        assert result.yakuman == 0 and result.basic == 2000


def test_renhou_is_not_a_yaku_online() -> None:
    with pytest.raises(NoYakuError):
        score(PLAIN, "2s", renhou=True)


def test_renhou_as_mangan_option_is_5_han() -> None:
    from engine.rules.sets import Renhou

    result = score(
        PLAIN, "2s", rules=get_ruleset("online").with_options(renhou=Renhou.MANGAN), renhou=True
    )
    assert yaku_of(result) == {"renhou_mangan": 5} and result.points == 8000


def test_renhou_mangan_does_not_combine_ema_2016_rrc_4_5() -> None:
    """rules-ru 4.5 (and EMA 2016: «a strict mangan»): renhou does not combine with other yaku;
    a hand worth more without it is counted at its own value."""
    plain = score(PLAIN, "2s", rules="rrc", renhou=True)
    assert yaku_of(plain) == {"renhou_mangan": 5} and plain.points == 8000
    rich = score("22223333444455m", "5m", rules="rrc", renhou=True)  # chinitsu and more
    assert "renhou_mangan" not in yaku_of(rich) and rich.points > 8000
