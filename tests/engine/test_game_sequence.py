"""A hanchan in sequence and its final result, per rule set.

Sources: 000/002 (renchan, honba, the dealer passing, East then South), 003
(a hanchan is East and South), 001/002 (the game ends below zero), 000 (EMA
plays on below zero); published rules for the last dealer stopping (Tenhou,
JPML rules), the West extension (Tenhou / Mahjong Soul), uma, oka and ties
(EMA 2016, Tenhou, JPML rules: floating uma).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import HandError
from engine.rules.sets import AbortiveDraw, Tiebreak, get_ruleset
from engine.table.final import final_result, placements
from engine.table.game import (
    Abortive,
    ChomboHand,
    ExhaustiveDraw,
    GameState,
    Ron,
    Tsumo,
    next_state,
)

EVEN = (25000, 25000, 25000, 25000)


def test_dealer_tsumo_repeats_with_one_more_honba_000_002() -> None:
    n = next_state(GameState(0, 1, 0, 0, EVEN), Tsumo(0, 480), get_ruleset("online"))
    assert n.payments == (3000, -1000, -1000, -1000)
    assert (n.dealer_repeats, n.state.hand, n.state.honba, n.game_over) == (True, 1, 1, False)
    assert n.state.scores == (28000, 24000, 24000, 24000)


def test_non_dealer_ron_passes_the_deal_and_resets_honba_000_002() -> None:
    state = GameState(0, 2, 2, 1, EVEN)
    n = next_state(state, Ron(3, {1: 960}), get_ruleset("jpml"))
    assert n.payments == (0, 5500, 0, -4500)
    assert (n.dealer_next, n.state.hand, n.state.honba, n.state.riichi_sticks) == (1, 3, 0, 0)
    assert n.state.scores == (30500, 25000, 20500, 25000)  # South of this hand deals next


def test_draw_with_noten_dealer_passes_and_adds_honba_000_002() -> None:
    n = next_state(GameState(0, 3, 0, 0, EVEN), ExhaustiveDraw((1,)), get_ruleset("ema"),
                   riichi=(1,))
    assert n.payments == (-1000, 2000, -1000, -1000)
    assert (n.dealer_repeats, n.state.hand, n.state.honba, n.state.riichi_sticks) == (
        False, 4, 1, 1)


def test_east_4_passing_starts_south_1_000() -> None:
    n = next_state(GameState(0, 4, 0, 0, EVEN), ExhaustiveDraw(()), get_ruleset("ema"))
    assert (n.state.round_wind, n.state.hand, n.game_over) == (1, 1, False)


@pytest.mark.parametrize("rules", ["ema", "jpml", "fenix", "rrc"])
def test_south_4_passing_ends_the_game_000_002_003_rrc_3_9(rules: str) -> None:
    scores = (20000, 30000, 40000, 30000)
    n = next_state(GameState(1, 4, 0, 0, scores), ExhaustiveDraw(()), get_ruleset(rules))
    assert (n.game_over, n.reason) == (True, "last_hand")


def test_online_goes_into_west_when_nobody_has_30000_tenhou() -> None:
    """Tenhou / Mahjong Soul: nobody at 30000 after South 4: the West round is played."""
    n = next_state(GameState(1, 4, 0, 0, EVEN), ExhaustiveDraw(()), get_ruleset("online"))
    assert (n.game_over, n.state.round_wind, n.state.hand, n.state.honba) == (False, 2, 1, 1)
    done = next_state(GameState(1, 4, 0, 0, (20000, 31000, 25000, 24000)), ExhaustiveDraw(()),
                      get_ruleset("online"))
    assert (done.game_over, done.reason) == (True, "last_hand")


def test_west_round_ends_as_soon_as_someone_reaches_30000_tenhou() -> None:
    n = next_state(GameState(2, 1, 0, 0, (29000, 29000, 21000, 21000)), ExhaustiveDraw((0, 1)),
                   get_ruleset("online"))
    assert n.scores == (30500, 30500, 19500, 19500)
    assert (n.game_over, n.reason) == (True, "target_reached")


@pytest.mark.parametrize(("rules", "over"), [("online", True), ("jpml", True),
                                             ("fenix", True), ("ema", False), ("rrc", False)])
def test_below_zero_ends_the_game_002_tenhou_not_000_rrc_5_5(rules: str, over: bool) -> None:
    """002 and Tenhou (fenix: jpml's): the game ends below zero; 000 and rules-ru 5.5 (no
    bust by default): play goes on."""
    scores = (25000, 25000, 49000, 1000)
    n = next_state(GameState(0, 1, 0, 0, scores), Ron(3, {2: 2000}), get_ruleset(rules))
    assert n.scores[3] == -7000
    assert (n.game_over, n.reason) == ((True, "bust") if over else (False, ""))


@pytest.mark.parametrize("rules", ["online", "jpml", "fenix", "ema", "rrc"])
def test_exactly_zero_ends_the_game_only_under_002(rules: str) -> None:
    """002: «если у кого-либо из игроков не остается очков, игра прерывается досрочно» —
    at exactly 0 the game ends (fenix: jpml's value); Tenhou ends only below zero."""
    scores = (25000, 25000, 42000, 8000)
    n = next_state(GameState(0, 1, 0, 0, scores), Ron(3, {2: 2000}), get_ruleset(rules))
    assert n.scores[3] == 0
    assert n.game_over is (rules in ("jpml", "fenix"))


@pytest.mark.parametrize(("rules", "over"), [("online", True), ("jpml", False), ("ema", False),
                                             ("rrc", False)])
def test_leading_last_dealer_stops_on_a_win_tenhou(rules: str, over: bool) -> None:
    """Tenhou: agari-yame when first with 30000 or more; EMA 2016 and rules-ru 3.9, 7.1 (and
    jpml, our choice: 002 makes no exception to renchan): the dealer plays on."""
    n = next_state(GameState(1, 4, 0, 0, (35000, 25000, 20000, 20000)), Tsumo(0, 480),
                   get_ruleset(rules))
    assert n.dealer_repeats and n.game_over is over
    assert n.reason == ("last_dealer_stops" if over else "")


@pytest.mark.parametrize(("rules", "over"), [("online", True), ("jpml", False),
                                             ("fenix", False), ("ema", False), ("rrc", False)])
def test_leading_last_dealer_stops_on_tenpai_tenhou(rules: str, over: bool) -> None:
    """Tenhou: tenpai-yame when first with 30000 or more; EMA 2016, rules-ru 3.9 and jpml (our
    choice; fenix takes it): no."""
    n = next_state(GameState(1, 4, 0, 0, (35000, 25000, 20000, 20000)), ExhaustiveDraw((0,)),
                   get_ruleset(rules))
    assert n.game_over is over


def test_last_dealer_first_below_30000_plays_on_tenhou() -> None:
    """Tenhou: the South 4 dealer stops only with 30000 or more; below it, tenpai or a win
    repeats the hand."""
    n = next_state(GameState(1, 4, 0, 0, (26000, 25000, 25000, 24000)), ExhaustiveDraw((0,)),
                   get_ruleset("online"))
    assert (n.game_over, n.state.round_wind, n.state.hand) == (False, 1, 4)


def test_no_stop_after_an_abortive_draw_tenhou() -> None:
    """Tenhou: the game ends by itself on the last dealer's win or tenpai at an exhaustive
    draw, not after an abortive draw."""
    from engine.rules.sets import AbortiveDraw
    from engine.table.game import Abortive

    n = next_state(GameState(1, 4, 0, 0, (35000, 25000, 20000, 20000)),
                   Abortive(AbortiveDraw.FOUR_WINDS), get_ruleset("online"))
    assert (n.game_over, n.dealer_repeats) == (False, True)


def test_a_trailing_last_dealer_plays_on_tenhou() -> None:
    n = next_state(GameState(1, 4, 0, 0, (20000, 35000, 25000, 20000)), Tsumo(0, 480),
                   get_ruleset("online"))
    assert (n.game_over, n.state.honba) == (False, 1)


def test_chombo_replays_the_hand_and_never_stops_the_game_000() -> None:
    """000: after a chombo the dealer stays, the riichi sticks go back, no honba added."""
    n = next_state(GameState(1, 4, 1, 0, (35000, 25000, 20000, 20000)), ChomboHand(1),
                   get_ruleset("jpml"), riichi=(2,))
    assert n.payments == (0, 0, 0, 0) and n.deductions == (0, 20000, 0, 0)
    assert (n.game_over, n.state.hand, n.state.honba, n.state.riichi_sticks) == (False, 4, 1, 0)


def test_abortive_draw_in_sequence_and_not_played_is_an_error() -> None:
    n = next_state(GameState(0, 1, 0, 0, EVEN), Abortive(AbortiveDraw.FOUR_RIICHI),
                   get_ruleset("online"), riichi=(0, 1, 2, 3))
    assert n.scores == (24000, 24000, 24000, 24000) and n.state.riichi_sticks == 4
    with pytest.raises(HandError):
        next_state(GameState(0, 1, 0, 0, EVEN), Abortive(AbortiveDraw.FOUR_WINDS),
                   get_ruleset("ema"))


def test_triple_ron_in_sequence_is_the_abortive_draw_004() -> None:
    n = next_state(GameState(0, 1, 0, 0, EVEN), Ron(0, {1: 1000, 2: 1000, 3: 1000}),
                   get_ruleset("online"))
    assert n.payments == (0, 0, 0, 0) and (n.dealer_repeats, n.state.honba) == (True, 1)


@pytest.mark.parametrize("state", [
    GameState(3, 1, 0, 0, EVEN), GameState(0, 5, 0, 0, EVEN), GameState(0, 1, -1, 0, EVEN),
    GameState(2, 1, 0, 0, EVEN)])  # West only where the rule set extends (ema here)
def test_impossible_states_are_errors(state: GameState) -> None:
    with pytest.raises(HandError):
        next_state(state, ExhaustiveDraw(()), get_ruleset("ema"))


# --- the final result -------------------------------------------------------------------


def test_ema_uma_15_5_no_oka_ema_2016() -> None:
    r = final_result((45000, 35000, 25000, 15000), get_ruleset("ema"))
    assert r.uma == (15000, 5000, -5000, -15000) and r.oka == 0
    assert r.results == (30000, 10000, -10000, -30000)


def test_ema_ties_share_the_uma_ema_2016() -> None:
    r = final_result((40000, 40000, 40000, 0), get_ruleset("ema"))
    assert r.places == (1, 1, 1, 4) and r.results == (15000, 15000, 15000, -45000)


def test_ema_leftover_sticks_shared_by_tied_first_places_ema_2016() -> None:
    r = final_result((40000, 40000, 20000, 20000), get_ruleset("ema"), riichi_sticks=2)
    assert r.points == (41000, 41000, 20000, 20000)
    assert r.results == (21000, 21000, -20000, -20000)


def test_rrc_uma_30_10_no_oka_rrc_3_10_1() -> None:
    """rules-ru 3.10, 3.10.1: start 30000 subtracted, uma 30000/10000, no oka."""
    r = final_result((45000, 35000, 25000, 15000), get_ruleset("rrc"))
    assert r.uma == (30000, 10000, -10000, -30000) and r.oka == 0
    assert r.results == (45000, 15000, -15000, -45000)


def test_rrc_ties_share_uma_and_sticks_rrc_3_10() -> None:
    """rules-ru 3.10: tied leaders share the leftover sticks; 3.10.1: and the uma."""
    r = final_result((40000, 40000, 20000, 20000), get_ruleset("rrc"), riichi_sticks=2)
    assert r.points == (41000, 41000, 20000, 20000)
    assert r.results == (31000, 31000, -30000, -30000)


def test_rrc_chombo_is_40000_after_uma_rrc_3_13_2() -> None:
    """rules-ru 3.13.2: twice the uma step (40000), deducted after the uma."""
    from engine.table.penalties import chombo

    assert chombo(2, get_ruleset("rrc")).deduction == 40000
    r = final_result((45000, 35000, 25000, 15000), get_ruleset("rrc"),
                     deductions=(0, 0, 40000, 0))
    assert r.results == (45000, 15000, -55000, -45000)


def test_ema_chombo_is_20000_after_uma_ema_2016() -> None:
    """EMA 2016, revision notes: chombo costs 20000, counted after the uma."""
    from engine.table.penalties import chombo

    assert chombo(2, get_ruleset("ema")).deduction == 20000


def test_tenhou_oka_20000_uma_10_20_ties_by_seat() -> None:
    """Tenhou: 25000 start, 30000 returned (oka 20000), uma 10-20, ties by seat order."""
    r = final_result((30000, 30000, 20000, 20000), get_ruleset("online"))
    assert (r.places, r.oka) == ((1, 2, 3, 4), 20000)
    assert r.results == (40000, 10000, -20000, -30000)


def test_seat_order_counts_from_the_first_dealer_tenhou() -> None:
    assert placements((30000, 30000, 20000, 20000), Tiebreak.SEAT_ORDER, 1) == (2, 1, 3, 4)


@pytest.mark.parametrize(("scores", "uma"), [
    ((50000, 28000, 22000, 20000), (12000, -1000, -3000, -8000)),
    ((45000, 35000, 25000, 15000), (8000, 4000, -4000, -8000)),
    ((40000, 35000, 30000, 15000), (8000, 3000, 1000, -12000)),
], ids=["one-floating", "two-floating", "three-floating"])
def test_jpml_floating_uma_jpml_rules(scores: tuple[int, int, int, int],
                                      uma: tuple[int, ...]) -> None:
    """JPML rules (as we recall): uma by how many end at or above 30000."""
    r = final_result(scores, get_ruleset("jpml"))
    assert r.uma == uma
    assert r.results == tuple(s - 30000 + u for s, u in zip(scores, uma, strict=True))


def test_fenix_returns_its_25000_start_003_and_jpml_uma() -> None:
    """003: 25000 start; JPML value: return what you start with, floating uma."""
    r = final_result((40000, 30000, 20000, 10000), get_ruleset("fenix"))
    assert (r.oka, r.results) == (0, (23000, 9000, -9000, -23000))


def test_chombo_deduction_comes_off_the_result_000() -> None:
    r = final_result((45000, 35000, 25000, 15000), get_ruleset("ema"), deductions=(0, 20000, 0, 0))
    assert r.places == (1, 2, 3, 4) and r.results == (30000, -10000, -10000, -30000)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(["online", "ema", "jpml", "fenix"]),
       st.lists(st.integers(-300, 800).map(lambda n: n * 100), min_size=3, max_size=3),
       st.integers(0, 4))
def test_final_results_sum_to_the_leftover_sticks(rules: str, three: list[int],
                                                  sticks: int) -> None:
    start = get_ruleset(rules).starting_points
    scores = (*three, 4 * start - sum(three))
    r = final_result(scores, get_ruleset(rules), sticks)
    assert sum(r.results) == 1000 * sticks
    assert sorted(r.places)[0] == 1


# --- a whole game of random hands keeps the points on the table --------------------------

_outcome = st.one_of(
    st.builds(Tsumo, st.integers(0, 3), st.sampled_from([240, 480, 1000, 2000, 8000])),
    st.builds(Ron, st.just(0), st.dictionaries(st.integers(1, 3), st.sampled_from([320, 2000]),
                                               min_size=1)),
    st.builds(Ron, st.just(2), st.dictionaries(st.sampled_from([0, 1, 3]),
                                               st.sampled_from([640, 3000]), min_size=1)),
    st.builds(ExhaustiveDraw, st.sets(st.integers(0, 3)).map(lambda s: tuple(sorted(s)))),
    st.builds(ChomboHand, st.integers(0, 3)),
)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(["online", "ema", "jpml", "fenix"]),
       st.lists(st.tuples(_outcome, st.sets(st.integers(0, 3))), min_size=1, max_size=40))
def test_a_game_of_random_hands_keeps_the_total_and_ends_in_a_zero_sum(
    rules: str, hands: list[tuple[object, set[int]]]
) -> None:
    r = get_ruleset(rules)
    start = r.starting_points
    state = GameState(0, 1, 0, 0, (start, start, start, start))
    for outcome, riichi in hands:
        n = next_state(state, outcome, r, riichi)  # type: ignore[arg-type]
        state = n.state
        assert sum(state.scores) + 1000 * state.riichi_sticks == 4 * start
        if n.game_over:
            assert n.final is not None
            assert sum(n.final.results) == -sum(n.deductions)
            assert sorted(n.final.places)[0] == 1
            break
