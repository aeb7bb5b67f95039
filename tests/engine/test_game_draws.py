"""Exhaustive draws, nagashi mangan and abortive draws, per rule set.

Sources: 000, 002 (the Furiten club), 003 (Fenix), 004 (online) for the noten
payments, the dealer repeat, honba and sticks; published documents (Tenhou's
rules page, EMA 2016, rules-ru 1.5) where the seeds are silent, as
engine.rules.sources.GAME_SOURCES names them.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import HandError
from engine.hand import parse_hand
from engine.rules.sets import AbortiveDraw, get_ruleset
from engine.rules.sources import GAME_SOURCES, SourceKind, source_kind
from engine.table.draws import abortive_draw, draw_tenpai, noten_payments, settle_draw

ALL = ("online", "ema", "jpml", "fenix", "rrc")


@pytest.mark.parametrize("rules", ALL)
@pytest.mark.parametrize(
    ("tenpai", "payments"),
    [
        pytest.param((), (0, 0, 0, 0), id="none-tenpai-nothing"),
        pytest.param((2,), (-1000, -1000, 3000, -1000), id="one-tenpai-3000"),
        pytest.param((0, 2), (1500, -1500, 1500, -1500), id="two-tenpai-1500"),
        pytest.param((0, 1, 3), (1000, 1000, -3000, 1000), id="three-tenpai-1000-each"),
        pytest.param((0, 1, 2, 3), (0, 0, 0, 0), id="all-tenpai-nothing"),
    ],
)
def test_noten_payments_total_3000_000_002_004(rules: str, tenpai: tuple[int, ...],
                                                payments: tuple[int, ...]) -> None:
    """000, 002, 004: noten players pay 3000 in all to the tenpai ones (003 keeps the others')."""
    assert settle_draw(tenpai, get_ruleset(rules)).payments == payments


@pytest.mark.parametrize("rules", ALL)
def test_dealer_repeats_only_when_tenpai_000_002_004(rules: str) -> None:
    """000, 002, 004: renchan when the dealer is tenpai at the draw; else the deal passes."""
    r = get_ruleset(rules)
    assert settle_draw({0, 3}, r).dealer_repeats is True
    assert settle_draw({1, 2, 3}, r).dealer_repeats is False


@pytest.mark.parametrize("rules", ALL)
def test_honba_plus_one_and_sticks_stay_000_001_003_004(rules: str) -> None:
    """000/002: +1 honba after a draw; 001, 003, 004: riichi sticks go to the next winner."""
    s = settle_draw({1}, get_ruleset(rules), honba=3, riichi_sticks=2)
    assert (s.honba_next, s.riichi_sticks_next) == (4, 2)


def test_noten_split_is_exact_for_another_total() -> None:
    assert noten_payments({1, 2}, 6000) == (-3000, 3000, 3000, -3000)


@pytest.mark.parametrize(("tenpai", "honba", "sticks"), [
    ((0, 0), 0, 0), ((5,), 0, 0), ((-1,), 0, 0), ((), -1, 0), ((), 0, -2)])
def test_bad_seats_and_counts_are_hand_errors(tenpai: tuple[int, ...], honba: int,
                                              sticks: int) -> None:
    with pytest.raises(HandError):
        settle_draw(tenpai, get_ruleset(), honba, sticks)


# --- tenpai at the draw ----------------------------------------------------------------


@pytest.mark.parametrize("rules", ALL)
def test_waiting_only_on_a_tile_held_four_times_is_noten(rules: str) -> None:
    """Tenhou, EMA 2016 3.3.13, rules-ru 3.4.5 (jpml, fenix: our choice, the same):
    1111m alone waits on a fifth 1m."""
    assert source_kind(GAME_SOURCES[rules]["held_four_tenpai"]) is not SourceKind.SEED
    assert draw_tenpai(parse_hand("1111m234p567s888s", size=13), get_ruleset(rules)) is False


@pytest.mark.parametrize("rules", ALL)
def test_karaten_with_every_wait_visible_is_tenpai_published(rules: str) -> None:
    """Published rules of each body (GAME_SOURCES): a visible-out wait still counts as tenpai."""
    hand = parse_hand("123m456p789s1122z", size=13)
    assert draw_tenpai(hand, get_ruleset(rules), visible=[27, 27, 28, 28]) is True


def test_ordinary_tenpai_and_noten_hands() -> None:
    r = get_ruleset("online")
    assert draw_tenpai(parse_hand("123m456p789s1122z", size=13), r) is True
    assert draw_tenpai(parse_hand("139m147p258s1234z", size=13), r) is False


# --- nagashi mangan ----------------------------------------------------------------------


@pytest.mark.parametrize("rules", ["online"])
def test_nagashi_is_a_mangan_tsumo_without_noten_payments_tenhou(rules: str) -> None:
    """Tenhou: mangan tsumo, noten payments not made."""
    s = settle_draw({0, 1}, get_ruleset(rules), honba=1, riichi_sticks=1, nagashi={2})
    assert s.payments == (-4000, -2000, 8000, -2000)
    assert (s.noten_paid, s.dealer_repeats, s.honba_next, s.riichi_sticks_next) == (
        False, True, 2, 1)


def test_dealer_nagashi_is_4000_all_tenhou() -> None:
    """Tenhou: a dealer's nagashi mangan is a dealer mangan tsumo, 4000 from each."""
    s = settle_draw((), get_ruleset("online"), nagashi={0})
    assert s.payments == (12000, -4000, -4000, -4000) and s.dealer_repeats is False


def test_two_nagashi_are_both_paid_tenhou() -> None:
    s = settle_draw((), get_ruleset("online"), nagashi={1, 3})
    assert s.payments == (-8000, 6000, -4000, 6000)


@pytest.mark.parametrize("rules", ["ema", "rrc", "jpml", "fenix"])
def test_no_nagashi_ema_2016_rrc_5_4_jpml_choice(rules: str) -> None:
    """EMA 2016 (revision notes) and rules-ru 5.4 (by default) do not play nagashi mangan;
    jpml: 002 does not name it (our choice), fenix takes jpml's value."""
    with pytest.raises(HandError, match="нагаси"):
        settle_draw((), get_ruleset(rules), nagashi={1})


# --- abortive draws ----------------------------------------------------------------------


@pytest.mark.parametrize("kind", list(AbortiveDraw))
def test_online_plays_all_five_abortive_draws_004_tenhou(kind: AbortiveDraw) -> None:
    """004 names four winds, four riichi, triple ron; Tenhou adds kyuushu and four kans.
    The hand is replayed (004) with the same dealer and one honba more (Tenhou)."""
    a = abortive_draw(kind, get_ruleset("online"), honba=1, riichi_sticks=4)
    assert (a.played, a.dealer_repeats, a.honba_next, a.riichi_sticks_next) == (True, True, 2, 4)


@pytest.mark.parametrize("rules", ["ema", "rrc"])
@pytest.mark.parametrize("kind", list(AbortiveDraw))
def test_no_abortive_draw_ema_2016_3_4_3_rrc_5_6(rules: str, kind: AbortiveDraw) -> None:
    """EMA 2016 3.4.3 (removed) and rules-ru 5.6 (none by default): play goes on."""
    a = abortive_draw(kind, get_ruleset(rules), honba=1, riichi_sticks=4)
    assert (a.played, a.honba_next, a.riichi_sticks_next) == (False, 1, 4)


@pytest.mark.parametrize("rules", ["jpml", "fenix"])
@pytest.mark.parametrize("kind", [AbortiveDraw.KYUUSHU, AbortiveDraw.FOUR_WINDS,
                                  AbortiveDraw.FOUR_RIICHI, AbortiveDraw.FOUR_KANS])
def test_jpml_and_fenix_redeal_is_a_renchan_002_003(rules: str, kind: AbortiveDraw) -> None:
    """002: a redeal counts as renchan, honba + 1; four kans: 002 and 003; the rest: our
    choice for jpml (002's list is lost), fenix takes jpml's."""
    a = abortive_draw(kind, get_ruleset(rules), honba=0, riichi_sticks=1)
    assert (a.played, a.dealer_repeats, a.honba_next, a.riichi_sticks_next) == (True, True, 1, 1)


@pytest.mark.parametrize("rules", ["jpml", "fenix"])
def test_triple_ron_is_no_draw_under_head_bump_003(rules: str) -> None:
    """003: atama hane, so three rons are one win, not an abortive draw."""
    assert abortive_draw(AbortiveDraw.TRIPLE_RON, get_ruleset(rules)).played is False


# --- property: the points on the table never change ---------------------------------------

_seats = st.sets(st.integers(0, 3))


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(["online"]), _seats, _seats,
       st.integers(0, 10), st.integers(0, 10))
def test_draw_settlement_sums_to_zero(rules: str, tenpai: set[int], nagashi: set[int],
                                      honba: int, sticks: int) -> None:
    s = settle_draw(tenpai, get_ruleset(rules), honba, sticks, nagashi)
    assert sum(s.payments) + 1000 * (s.riichi_sticks_next - sticks) == 0
    assert s.dealer_repeats == (0 in tenpai)
