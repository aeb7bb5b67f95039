"""The danger model against an open hand (engine.table.safety_open), one rule at a time.

Source of every reading: D. Chiba, *Riichi Book 1*, ch. 8 (cited as RB1):
«Genbutsu and other absolutely safe tiles» (genbutsu are the tiles X
discarded), «Defense against melded hands» (the box: three or more melds or a
flush hand discarding its suit → assume ready; «Flush hands»; «Identifying
dangerous tiles against melded hands»: toitoi, suji and kabe useless, raw
tiles and honours dangerous) and «What to discard when you get stuck»
(terminals avoid a tanyao hand). The figures: engine.table.safety_rates.
The values no document states (READ_TRUST, MAX_SHIFT, the ready shares of one
and two melds) are ours; docs/danger.md says so.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from engine.batch import answer_line
from engine.errors import HandError
from engine.hand import parse_hand
from engine.melds import parse_meld_text
from engine.table import safety_open
from engine.table.safety import Riichi, SafetyTier, TileSafety, copies_read, hand_safety
from engine.table.safety_open import (
    MAX_SHIFT,
    READ_TRUST,
    TENPAI_SHARE,
    OpenHand,
    Reading,
    open_danger,
    open_tile_safety,
    ordinary_price,
    readings,
    tenpai_share,
)
from engine.table.safety_rates import rate
from engine.tiles import parse_tile, parse_tiles


def t(code: str) -> int:
    return parse_tile(code).kinds[0]


def kinds(text: str) -> tuple[int, ...]:
    return parse_tiles(text).kinds


def him(melds: str, pond: str, seat: str = "1z", round_: str = "1z") -> OpenHand:
    """``melds``: space-separated ``pon:666z`` forms."""
    return OpenHand(tuple(parse_meld_text(m) for m in melds.split()), kinds(pond),
                    t(seat), t(round_))


def seen_of(opp: OpenHand, extra: str = "") -> tuple[int, ...]:
    shown = tuple(k for m in opp.melds for k in m.tiles) + opp.pond + kinds(extra)
    return tuple(shown.count(k) for k in range(34))


def judge(tile: str, opp: OpenHand, extra: str = "") -> TileSafety:
    return open_tile_safety(t(tile), opp, seen_of(opp, extra + tile))


FLUSH = "pon:666z chi:789p"  # green dragons and a pin run: a pin flush
POND = "1m9s2m8s5z3s7m"  # seven discards, no pin


def test_genbutsu_of_his_own_pond_is_100_percent_safe_rb1() -> None:
    """RB1 «Genbutsu…»: furiten forbids him ron on a tile he discarded himself."""
    found = judge("2m", him(FLUSH, POND))
    assert found.tier is SafetyTier.GENBUTSU and found.danger == 0.0
    assert "сбросе открытой руки" in found.reason


def test_flush_signal_makes_other_suits_nearly_safe_and_his_suit_dangerous_rb1() -> None:
    """RB1 «Flush hands»: a flush deals in with its own suit; the others cannot complete it."""
    opp = him(FLUSH, POND)
    assert readings(opp) == (Reading.FLUSH,)
    other, own, honour = judge("4s", opp), judge("4p", opp), judge("1z", opp)
    assert other.tier is SafetyTier.FLUSH_OTHER_SUIT
    assert other.danger < 1.0 < honour.danger < own.danger
    # Only the untrusted share of the ordinary price is left on the other suit.
    seen = seen_of(opp, "4s")
    expected = (1 - READ_TRUST) * ordinary_price(t("4s"), opp, seen) * tenpai_share(opp)
    assert other.danger == pytest.approx(expected)
    assert own.danger > ordinary_price(t("4p"), opp, seen_of(opp, "4p")) * tenpai_share(opp)


def test_flush_needs_two_calls_of_one_suit() -> None:
    assert readings(him("chi:789p", POND)) == ()
    assert Reading.FLUSH not in readings(him("chi:789p chi:345s", POND))


def test_all_simples_calls_read_tanyao_terminals_and_honours_nearly_safe_rb1() -> None:
    """RB1 «What to discard when you get stuck»: terminals avoid a tanyao hand."""
    opp = him("chi:345m pon:666s", "1z2z9p1s4p8m")
    assert readings(opp) == (Reading.TANYAO,)
    assert judge("9s", opp).tier is SafetyTier.NOT_TANYAO
    assert judge("6z", opp).tier is SafetyTier.NOT_TANYAO
    assert judge("9s", opp).danger < judge("5p", opp).danger / 10


def test_pons_only_read_toitoi_suji_and_kabe_do_not_help_rb1() -> None:
    """RB1 «Identifying dangerous tiles…»: against toitoi only shanpon and tanki; count copies."""
    opp = him("pon:777m pon:333p pon:999s", "1z2z9p1s4p8m3m")
    assert readings(opp) == (Reading.TOITOI,)
    # 6m is suji of his 3m: against a riichi it would be safe-ish; here only copies count.
    suji = judge("6m", opp)
    raw = judge("5p", opp)
    assert suji.tier is raw.tier is SafetyTier.PAIR_ONLY
    # Under the reading suji gives nothing: the two differ only by the untrusted ordinary share.
    gap = ordinary_price(t("6m"), opp, seen_of(opp, "6m")) - ordinary_price(
        t("5p"), opp, seen_of(opp, "5p"))
    assert suji.danger - raw.danger == pytest.approx((1 - READ_TRUST) * gap)
    # Fewer unseen copies, fewer pair waits: two seen is safer than none seen.
    assert judge("5p", opp, "5p").danger < raw.danger
    # A raw value honour is the most dangerous class against toitoi (RB1).
    assert judge("6z", opp).danger > raw.danger


def test_value_honours_by_his_seat_and_the_round_wind() -> None:
    """A wind that gives him no yaku is priced by the published guest-wind column."""
    opp = him("chi:345m chi:678p", "9s1s", seat="2z", round_="1z")
    assert opp.value_honour(t("2z")) and opp.value_honour(t("1z")) and opp.value_honour(t("7z"))
    assert not opp.value_honour(t("3z"))
    seen = seen_of(opp)
    assert ordinary_price(t("3z"), opp, seen) == rate("guest_3", 2)
    assert ordinary_price(t("2z"), opp, seen) == rate("yakuhai_3", 2)


def test_fourth_honour_is_safe_against_calls_kokushi_is_closed() -> None:
    opp = him("chi:345m chi:678p", "9s1s")
    assert judge("5z", opp, "5z5z5z").danger == 0.0


def test_three_melds_mean_ready_fewer_are_our_shares_rb1_box() -> None:
    """RB1 box «Defense against melded hands», rule 1: three or more melds → assume ready."""
    assert TENPAI_SHARE[3] == TENPAI_SHARE[4] == 1.0
    assert TENPAI_SHARE[1] < TENPAI_SHARE[2] < 1.0
    two = him("chi:345m chi:678p", POND)
    three = him("chi:345m chi:678p pon:222s", POND)
    assert tenpai_share(two) == TENPAI_SHARE[2] and tenpai_share(three) == 1.0


def test_a_flush_hand_discarding_its_suit_is_ready_rb1_box_rule_2() -> None:
    assert tenpai_share(him(FLUSH, POND + "3p")) == 1.0
    assert tenpai_share(him(FLUSH, POND)) == TENPAI_SHARE[2]


def test_a_reading_moves_weight_but_keeps_the_sum_of_all_prices() -> None:
    """The shift keeps Σ over all kinds equal to the ordinary hand's (unless capped)."""
    opp = him("chi:345m pon:666s", "1z2z9p1s4p8m")
    seen = seen_of(opp)
    ordinary = sum(ordinary_price(k, opp, seen) for k in range(34))
    read = sum(open_danger(k, opp, seen) for k in range(34)) / tenpai_share(opp)
    assert read == pytest.approx(ordinary)
    assert MAX_SHIFT > 1


def test_riichi_and_open_hand_combine_as_one_minus_product() -> None:
    hand = parse_hand("4m5p1z7z9p2s3s4s6s6s7s8s9s")
    opp = him(FLUSH, POND)
    riichi = Riichi(kinds("9m1z4m2s"), 3)
    visible = kinds("666z789p" + POND + "9m1z4m2s")
    alone = {s.tile: s.danger for s in hand_safety(hand, (riichi,), visible)}
    open_only = {s.tile: s.danger for s in hand_safety(hand, (), visible, opens=(opp,))}
    both = {s.tile: s for s in hand_safety(hand, (riichi,), visible, opens=(opp,))}
    for tile, s in both.items():
        p, q = alone[tile] / 100, open_only[tile] / 100
        assert s.danger == pytest.approx((1 - (1 - p) * (1 - q)) * 100)
    assert both[t("4m")].reason.startswith("против открытой руки №1: ")


def test_open_hand_input_is_checked() -> None:
    hand = parse_hand("4m5p1z7z9p2s3s4s6s6s7s8s9s")
    with pytest.raises(HandError, match="видимые"):
        hand_safety(hand, (), kinds("1m"), opens=(him("pon:666z", "1m"),))
    with pytest.raises(HandError, match="хотя бы один"):
        hand_safety(hand, (), kinds("1m"), opens=(OpenHand((), kinds("1m")),))


_CODE = re.compile(r"\b[0-9][mpsz]\b")


def test_reasons_are_russian_words_without_tile_codes_or_repeats() -> None:
    hand = parse_hand("1479m258p369s2255z")
    for opp in (him(FLUSH, POND), him("pon:777m pon:333p pon:999s", "1z2z9p1s4p8m3m"),
                him("chi:345m pon:666s", "1z2z9p1s4p8m")):
        visible = tuple(k for m in opp.melds for k in m.tiles) + opp.pond
        for s in hand_safety(hand, (), visible, opens=(opp,)):
            assert not _CODE.search(s.reason), s.reason
            words = s.reason.split("; ")
            assert len(words) == len(set(words)), s.reason


def test_batch_safety_accepts_an_open_opponent_in_the_same_output_format() -> None:
    line = {"kind": "safety", "hand": "4m5p1z7z9p2s3s4s6s6s7s8s9s", "riichi": [],
            "open": [{"melds": [{"type": "pon", "tiles": "666z"}, {"type": "chi", "tiles": "789p"}],
                      "pond": POND, "seat_wind": "S"}],
            "visible": "666z789p" + POND}
    out = answer_line(json.dumps(line))
    assert set(out) == {"tiles"}
    assert all(set(x) == {"tile", "tier", "reason", "danger"} for x in out["tiles"])
    assert {x["tier"] for x in out["tiles"]} >= {"genbutsu", "flush_other_suit"}
    keys = [(x["danger"], "mpsz".index(x["tile"][1]), x["tile"][0]) for x in out["tiles"]]
    assert keys == sorted(keys)
    # Without ``open`` the riichi-only answer is unchanged.
    line.update(riichi=[{"pond": "9m1z4m2s", "riichi_index": 3}], visible="9m1z4m2s")
    del line["open"]
    assert "tiles" in answer_line(json.dumps(line))


@pytest.mark.parametrize(
    ("item", "needle"),
    [
        pytest.param({"melds": [], "pond": "1m"}, "хотя бы один", id="no-melds"),
        pytest.param({"melds": [{"type": "pon", "tiles": "666z"}], "pond": "1m", "x": 1},
                     "Неизвестное поле «x»", id="unknown-field"),
        pytest.param({"melds": [{"type": "pon", "tiles": "666z"}]}, "не хватает поля «pond»",
                     id="missing-pond"),
        pytest.param("pon", "открытая рука записывается", id="not-an-object"),
    ],
)
def test_batch_bad_open_opponent_is_an_error(item: object, needle: str) -> None:
    line = {"kind": "safety", "hand": "4m5p1z7z9p2s3s4s6s6s7s8s9s", "riichi": [],
            "open": [item], "visible": "1m666z"}
    assert needle in answer_line(json.dumps(line))["error"]


def test_docs_danger_describes_the_open_hand_and_our_choices() -> None:
    text = (Path(__file__).parents[2] / "docs" / "danger.md").read_text(encoding="utf-8")
    assert "Defense against melded hands" in text and "наш выбор" in text
    for value in (READ_TRUST, MAX_SHIFT, TENPAI_SHARE[1], TENPAI_SHARE[2]):
        assert f"{value}".replace(".", ",") in text


def _afresh(tile: int, opp: OpenHand, counts: list[int]) -> tuple[object, ...]:
    seen = tuple(counts)
    return (safety_open._ordinary(tile, opp, seen), safety_open._tier(tile, opp, seen),
            safety_open._reason_head(tile, opp, seen))


def test_an_open_hand_s_price_reads_only_the_copies_it_is_kept_by() -> None:
    """The ordinary price, class and reason are kept by copies_read: counts outside it must
    not change them (computed afresh for two counts that agree there)."""
    rng = random.Random(11)
    hands = [him(FLUSH, POND), him("pon:222m pon:555s", "1z9p3m"), him("chi:345s", "9m1p2z7s")]
    for _ in range(200):
        opp = rng.choice(hands)
        seen = [rng.choice((0, 0, 1, 2, 3, 4)) for _ in range(34)]
        for tile in range(34):
            other = list(seen)
            other[rng.randrange(34)] = rng.choice((0, 1, 2, 3, 4))
            if copies_read(tile, tuple(other)) != copies_read(tile, tuple(seen)):
                continue
            assert _afresh(tile, opp, other) == _afresh(tile, opp, seen)
