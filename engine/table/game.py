"""A hanchan in sequence: from the state before a hand and how it ended, the next state.

A state is the round wind (0 East, 1 South, 2 West: the online extension),
the hand of the round (1–4), honba, riichi sticks on the table, and the
scores by this hand's seat winds (index 0 = the dealer). The outcome is one
of :class:`Tsumo`, :class:`Ron`, :class:`ExhaustiveDraw`, :class:`Abortive`
or :class:`ChomboHand`; players who declared riichi in the hand put 1000
on the table first. The game ends (000, 002, 003: after South 4) when the
South 4 dealer loses the deal; when a score falls below zero where the
rule set stops there (001, 002); when the leading South 4 dealer stops on a
win (Tenhou, JPML) or on tenpai (JPML); an online game with nobody at 30000
after South 4 goes on into West until someone has it (Tenhou). When the game
is over, :attr:`NextHand.final` is its :func:`engine.table.final.final_result`
(leftover sticks, uma, oka, the chombo deductions carried in the state).

>>> from engine.rules.sets import get_ruleset
>>> start = GameState(0, 1, 0, 0, (25000, 25000, 25000, 25000))
>>> n = next_state(start, Ron(2, {1: 1000}), get_ruleset("online"), riichi=(1,))
>>> n.payments, n.dealer_next, n.state.hand, n.state.honba, n.game_over
((0, 4000, -4000, 0), 1, 2, 0, False)
>>> n.state.scores  # by the next hand's seats: South of East 1 deals East 2
(29000, 21000, 25000, 25000)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from engine.errors import HandError
from engine.rules.sets import AbortiveDraw, Ruleset, get_game_rules
from engine.scoring.points import split_payments
from engine.table.draws import SEAT_COUNT, abortive_draw, add, check_count, check_seats, settle_draw
from engine.table.final import FinalResult, final_result, four, placements
from engine.table.penalties import chombo, pao
from engine.table.ron import settle_rons
from engine.text import messages as msg

EAST, SOUTH, WEST = 0, 1, 2
Scores = tuple[int, int, int, int]


@dataclass(frozen=True)
class GameState:
    """Before a hand: round wind, hand of the round, honba, sticks, scores by seat (0 = dealer)."""

    round_wind: int
    hand: int
    honba: int
    riichi_sticks: int
    scores: Scores
    deductions: Scores = (0, 0, 0, 0)  # chombo deductions so far, taken off the final result


@dataclass(frozen=True)
class Tsumo:
    winner: int
    basic: int  # basic points (engine.scoring.points.basic_points)
    pao: tuple[int, int] | None = None  # (liable seat, basic points of the liable yakuman)


@dataclass(frozen=True)
class Ron:
    discarder: int
    basics: Mapping[int, int] = field(hash=False)  # claimant -> basic points
    # claimant -> (liable seat, basic points of the liable yakuman): pao
    pao: Mapping[int, tuple[int, int]] = field(default_factory=dict, hash=False)


@dataclass(frozen=True)
class ExhaustiveDraw:
    tenpai: tuple[int, ...] = ()
    nagashi: tuple[int, ...] = ()


@dataclass(frozen=True)
class Abortive:
    kind: AbortiveDraw


@dataclass(frozen=True)
class ChomboHand:
    offender: int


Outcome = Tsumo | Ron | ExhaustiveDraw | Abortive | ChomboHand


@dataclass(frozen=True)
class NextHand:
    """After a hand: who paid what, the next hand's state, and the final result if it is over."""

    payments: Scores  # by this hand's seats, riichi deposits included
    scores: Scores  # by this hand's seats
    dealer_repeats: bool
    dealer_next: int  # this hand's seat that deals next
    state: GameState  # the next hand (its scores by the next hand's seats)
    game_over: bool
    reason: str  # why the game ended ("" while it goes on): bust, last_hand, ...
    deductions: Scores = (0, 0, 0, 0)  # chombo deductions so far, by this hand's seats
    final: FinalResult | None = None  # by this hand's seats, when the game is over


def check_state(state: GameState, rules: Ruleset) -> None:
    """A state the rules can reach: a round wind, a hand 1–4, counts, four int scores."""
    last_round = WEST if get_game_rules(rules).west_extension else SOUTH
    if type(state.round_wind) is not int or not EAST <= state.round_wind <= last_round:
        raise HandError(msg.GAME_BAD_ROUND)
    if type(state.hand) is not int or not 1 <= state.hand <= SEAT_COUNT:
        raise HandError(msg.GAME_BAD_COUNT.format(what="hand"))
    check_count(state.honba, "honba")
    check_count(state.riichi_sticks, "riichi_sticks")
    if len(state.scores) != SEAT_COUNT or any(type(s) is not int for s in state.scores):
        raise HandError(msg.GAME_BAD_SCORES)
    if len(state.deductions) != SEAT_COUNT or any(
        type(d) is not int or d < 0 for d in state.deductions
    ):
        raise HandError(msg.GAME_BAD_COUNT.format(what="deductions"))


@dataclass(frozen=True)
class _Settled:
    payments: Scores
    dealer_repeats: bool
    honba_next: int
    sticks_next: int
    stop: str = ""  # "win" or "tenpai": a dealer repeat the last dealer may stop on
    deductions: Scores = (0, 0, 0, 0)


def _settle(
    outcome: Outcome, rules: Ruleset, honba: int, sticks: int, riichi: frozenset[int]
) -> _Settled:
    if isinstance(outcome, Tsumo) and outcome.pao is not None:
        return _settle_pao_tsumo(outcome, rules, honba, sticks)
    if isinstance(outcome, Tsumo):
        (w,) = check_seats((outcome.winner,), "winner")
        p = split_payments(outcome.basic, w == 0, True, honba)
        out = [-(p.all or (p.dealer if s == 0 else p.non_dealer) or 0) for s in range(SEAT_COUNT)]
        out[w] = 0
        out[w] = -sum(out) + 1000 * sticks
        repeat = w == 0
        return _Settled(four(out), repeat, honba + 1 if repeat else 0, 0, "win")
    if isinstance(outcome, Ron):
        r = settle_rons(outcome.discarder, outcome.basics, rules, honba, sticks, riichi)
        if r.resolution.abortive:
            return _settle(Abortive(AbortiveDraw.TRIPLE_RON), rules, honba, sticks, riichi)
        paid = r.payments
        for w, (liable, part) in outcome.pao.items():
            if w in r.resolution.winners:
                each = honba if w in r.resolution.honba_to else 0
                paid = add(paid, _pao_ron_shift(outcome.discarder, w, liable, part, rules, each))
        return _Settled(paid, r.dealer_repeats, r.honba_next, 0, "win")
    if isinstance(outcome, ExhaustiveDraw):
        d = settle_draw(outcome.tenpai, rules, honba, sticks, outcome.nagashi)
        return _Settled(d.payments, d.dealer_repeats, d.honba_next, d.riichi_sticks_next, "tenpai")
    if isinstance(outcome, Abortive):
        a = abortive_draw(outcome.kind, rules, honba, sticks)
        if not a.played:
            raise HandError(msg.GAME_NOT_PLAYED)
        return _Settled((0, 0, 0, 0), a.dealer_repeats, a.honba_next, a.riichi_sticks_next)
    c = chombo(outcome.offender, rules, honba, sticks, riichi)
    cut = [c.deduction if s == outcome.offender else 0 for s in range(SEAT_COUNT)]
    return _Settled(
        c.payments, c.dealer_repeats, c.honba_next, c.riichi_sticks_next, deductions=four(cut)
    )


def _settle_pao_tsumo(outcome: Tsumo, rules: Ruleset, honba: int, sticks: int) -> _Settled:
    """A tsumo with a liable player: he pays the liable yakuman, the rest is paid as usual."""
    assert outcome.pao is not None
    liable, part = outcome.pao
    (w,) = check_seats((outcome.winner,), "winner")
    paid = pao(w, liable, part, rules, honba=honba, riichi_sticks=sticks).payments
    rest = outcome.basic - part
    if rest > 0:
        p = split_payments(rest, w == 0, True, 0)
        out = [-(p.all or (p.dealer if s == 0 else p.non_dealer) or 0) for s in range(SEAT_COUNT)]
        out[w] = 0
        out[w] = -sum(out)
        paid = add(paid, four(out))
    repeat = w == 0
    return _Settled(paid, repeat, honba + 1 if repeat else 0, 0, "win")


def _pao_ron_shift(
    discarder: int, winner: int, liable: int, part: int, rules: Ruleset, honba: int
) -> Scores:
    """What changes when the liable yakuman of a ron is split with the liable player.

    The ron settlement charged the discarder the whole hand; the liable part
    is taken back from him and charged as :func:`engine.table.penalties.pao` says.
    """
    ordinary = split_payments(part, winner == 0, False, honba).ron or 0
    back = [0, 0, 0, 0]
    back[discarder] += ordinary
    back[winner] -= ordinary
    shared = pao(winner, liable, part, rules, discarder=discarder, honba=honba).payments
    return add(four(back), shared)


def win_payments(outcome: Tsumo | Ron, rules: Ruleset, honba: int, sticks: int) -> Scores:
    """What a win pays by this hand's seats (0 = dealer), the honba and ``sticks`` included.

    The settlement :func:`next_state` makes, for pricing a win outside a game
    (the all-last ladder, a review's "what if"): no riichi declared in the hand.

    >>> from engine.rules.sets import get_ruleset
    >>> win_payments(Tsumo(1, 2000), get_ruleset("online"), 1, 1)
    (-4100, 9300, -2100, -2100)
    """
    return _settle(outcome, rules, honba, sticks, frozenset()).payments


def next_state(
    state: GameState, outcome: Outcome, rules: Ruleset, riichi: Iterable[int] = ()
) -> NextHand:
    """The state after a hand under ``rules`` (``riichi``: seats that declared riichi in it)."""
    check_state(state, rules)
    declared = check_seats(riichi, "riichi")
    deposit = tuple(-1000 if s in declared else 0 for s in range(SEAT_COUNT))
    sticks = state.riichi_sticks + len(declared)
    done = _settle(outcome, rules, state.honba, sticks, declared)
    paid = add((deposit[0], deposit[1], deposit[2], deposit[3]), done.payments)
    scores = add(state.scores, paid)
    over, reason = _game_over(state, scores, done, rules)
    shift = 0 if done.dealer_repeats else 1
    hand, wind = state.hand + shift, state.round_wind
    if hand > SEAT_COUNT:
        hand, wind = 1, wind + 1
    cut = add(state.deductions, done.deductions)
    nxt = GameState(wind, hand, done.honba_next, done.sticks_next,
                    four(scores[shift:] + scores[:shift]), four(cut[shift:] + cut[:shift]))
    final = None
    if over:
        first = (SEAT_COUNT - state.hand + 1) % SEAT_COUNT  # East 1's dealer, seated now
        final = final_result(scores, rules, done.sticks_next, cut, first)
    return NextHand(paid, scores, done.dealer_repeats, shift, nxt, over, reason, cut, final)


def _game_over(
    state: GameState, scores: Scores, done: _Settled, rules: Ruleset
) -> tuple[bool, str]:
    game = get_game_rules(rules)
    if not rules.negative_points and (
        min(scores) < 0 or (game.bust_at_zero and min(scores) == 0)
    ):
        return True, "bust"
    top = max(scores)
    reached = top >= game.target_score
    if state.round_wind == WEST and reached:
        return True, "target_reached"
    last = state.round_wind >= SOUTH and state.hand == SEAT_COUNT
    if not last:
        return False, ""
    if done.dealer_repeats:
        first_dealer = (SEAT_COUNT - state.hand + 1) % SEAT_COUNT  # East 1's dealer, seated now
        leading = placements(scores, game.tiebreak, first_dealer)[0] == 1
        may_stop = {"win": game.last_dealer_stops_on_win,
                    "tenpai": game.last_dealer_stops_on_tenpai}.get(done.stop, False)
        if leading and may_stop and (reached or not game.west_extension):
            return True, "last_dealer_stops"
        return False, ""
    if state.round_wind == SOUTH and game.west_extension and not reached:
        return False, ""
    return True, "last_hand"
