"""Several rons on one discard, chombo and pao, per rule set.

Sources: 001-EMA (multiple ron), 003 (head bump, its own example), 004 (double
ron, triple ron a draw), 000 (chombo: reverse mangan in clubs, −20000 in
tournaments, the hand replayed); published rules where the seeds are silent
(Tenhou for sticks and honba of a double ron and for pao; JPML rules).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import HandError
from engine.rules.sets import get_ruleset
from engine.table.penalties import chombo, pao
from engine.table.ron import resolve_rons, settle_rons

# --- several rons ------------------------------------------------------------------------


@pytest.mark.parametrize("rules", ["jpml", "fenix"])
def test_head_bump_the_example_of_003(rules: str) -> None:
    """003: East discards into South and North: South, nearer in turn, wins (JPML likewise)."""
    r = resolve_rons(0, {1, 3}, get_ruleset(rules))
    assert (r.winners, r.sticks_to, r.honba_to) == ((1,), 1, (1,))


def test_head_bump_pays_only_the_nearest_with_sticks_and_honba_003() -> None:
    s = settle_rons(0, {1: 1000, 3: 2000}, get_ruleset("fenix"), honba=1, riichi_sticks=2)
    assert s.payments == (-4300, 6300, 0, 0)
    assert (s.dealer_repeats, s.honba_next, s.riichi_sticks_next) == (False, 0, 0)


def test_double_ron_sticks_and_honba_to_the_nearest_004_tenhou() -> None:
    """004: two may win; Tenhou: honba and sticks go only to the winner nearest the discarder."""
    s = settle_rons(1, {0: 2000, 3: 1000}, get_ruleset("online"), honba=1, riichi_sticks=1)
    assert s.resolution.winners == (3, 0) and s.resolution.sticks_to == 3
    assert s.resolution.honba_to == (3,)
    assert s.payments == (12000, -16300, 0, 5300)
    assert (s.dealer_repeats, s.honba_next) == (True, 2)  # the dealer won: renchan


def test_triple_ron_is_an_abortive_draw_004() -> None:
    """004: if three call ron at once, the hand ends as a draw (honba + 1: Tenhou)."""
    s = settle_rons(2, {0: 2000, 1: 2000, 3: 2000}, get_ruleset("online"), 0, 1)
    assert s.resolution.abortive and s.payments == (0, 0, 0, 0)
    assert (s.dealer_repeats, s.honba_next, s.riichi_sticks_next) == (True, 1, 1)


@pytest.mark.parametrize("rules", ["ema", "rrc"])
def test_all_three_win_ema_2016_3_4_9_rrc_3_4_5(rules: str) -> None:
    """EMA 2016 3.4.9, 3.4.10, 3.3.14 / rules-ru 3.4.5, 3.8, 3.4.7: everyone wins, honba to
    each; a winner takes back his own stick of this hand, the rest go to the nearest winner."""
    s = settle_rons(2, {3: 1000, 0: 2000, 1: 2000}, get_ruleset(rules), honba=1,
                    riichi_sticks=2, riichi={1})
    assert s.resolution.winners == (3, 0, 1) and s.sticks_back == (1,)
    assert s.payments == (12300, 9300, -24900, 5300)


def test_self_ron_and_no_ron_are_errors() -> None:
    with pytest.raises(HandError):
        resolve_rons(1, {1, 2}, get_ruleset())
    with pytest.raises(HandError):
        resolve_rons(1, set(), get_ruleset())


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(["online", "ema", "jpml", "fenix"]), st.integers(0, 3),
       st.dictionaries(st.integers(0, 3), st.sampled_from([240, 480, 1000, 2000, 8000]),
                       min_size=1), st.integers(0, 5), st.integers(0, 5))
def test_rons_pay_exactly_what_the_winners_get(rules: str, shooter: int, basics: dict[int, int],
                                               honba: int, sticks: int) -> None:
    basics.pop(shooter, None)
    if not basics:
        return
    s = settle_rons(shooter, basics, get_ruleset(rules), honba, sticks)
    assert sum(s.payments) + 1000 * (s.riichi_sticks_next - sticks) == 0


# --- chombo --------------------------------------------------------------------------------


def test_online_chombo_is_a_reverse_mangan_our_choice_after_000() -> None:
    """"" (our choice; the clients rule chombo out): 000's club convention, a reverse mangan."""
    assert chombo(1, get_ruleset("online")).payments == (4000, -8000, 2000, 2000)
    assert chombo(0, get_ruleset("online")).payments == (-12000, 4000, 4000, 4000)


@pytest.mark.parametrize("rules", ["ema", "jpml", "fenix"])
def test_chombo_is_20000_off_the_final_result_000_jpml(rules: str) -> None:
    """000 (tournaments), JPML rules (fenix: 003 makes a false win chombo, JPML's amount)."""
    c = chombo(2, get_ruleset(rules), honba=2, riichi_sticks=3, returned={1, 2})
    assert (c.payments, c.deduction) == ((0, 1000, 1000, 0), 20000)
    assert (c.replay, c.dealer_repeats, c.honba_next, c.riichi_sticks_next) == (True, True, 2, 1)


def test_more_returned_sticks_than_on_the_table_is_an_error() -> None:
    with pytest.raises(HandError):
        chombo(0, get_ruleset(), riichi_sticks=0, returned={1})


# --- pao -----------------------------------------------------------------------------------


@pytest.mark.parametrize("yaku", ["daisangen", "daisuushii"])
def test_pao_tsumo_the_liable_player_pays_it_all_tenhou(yaku: str) -> None:
    """Tenhou: daisangen and daisuushii carry liability; on tsumo the feeder pays everything."""
    p = pao(0, 2, 8000, get_ruleset("online"), honba=1, riichi_sticks=1, yaku=yaku)
    assert p.payments == (49300, 0, -48300, 0) and p.liable_pays == 48300


@pytest.mark.parametrize("rules", ["ema", "rrc", "jpml", "fenix"])
def test_pao_ron_split_discarder_pays_honba_ema_2016_3_3_9_rrc_3_12_4(rules: str) -> None:
    """EMA 2016 3.3.9, rules-ru 3.12.4 (jpml: our choice; fenix: jpml's): on a ron the liable
    player and the discarder pay half each; the discarder pays the honba."""
    p = pao(1, 3, 8000, get_ruleset(rules), discarder=2, honba=2)
    assert p.payments == (0, 32600, -16600, -16000) and p.liable_pays == 16000


def test_pao_ron_split_liable_pays_honba_tenhou() -> None:
    """Tenhou: on a ron off a third player the liable player also pays the honba."""
    p = pao(1, 3, 8000, get_ruleset("online"), discarder=2, honba=2)
    assert p.payments == (0, 32600, -16000, -16600) and p.liable_pays == 16600


def test_pao_ron_off_the_liable_player_is_all_his() -> None:
    assert pao(1, 3, 8000, get_ruleset("online"), discarder=3).payments == (0, 32000, 0, -32000)


def test_ema_pao_tsumo_liable_pays_all_ema_2016_3_3_9() -> None:
    """EMA 2016 3.3.9: daisangen and daisuushii; on tsumo the liable player pays it all."""
    p = pao(1, 3, 8000, get_ruleset("ema"), yaku="daisuushii")
    assert p.payments == (0, 32000, 0, -32000)


def test_suukantsu_carries_no_liability_under_tenhou() -> None:
    with pytest.raises(HandError):
        pao(1, 3, 8000, get_ruleset("online"), yaku="suukantsu")
