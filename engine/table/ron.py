"""Several players call ron on one discard: who wins and who takes what.

The rule set's :class:`~engine.rules.sets.MultipleRon` decides who wins: head
bump (``jpml``, 003) keeps the claimant nearest the discarder in turn
order; double ron (004) lets two win and makes three an abortive draw; EMA
2016 and rules-ru let everyone win. The riichi sticks go to the winner
nearest the discarder (Tenhou); under EMA 2016 (3.3.14) and rules-ru
(3.4.7) a winner first takes back the stick he put up in this hand. The
honba go to every winner where the rule set says so (EMA 2016, rules-ru),
else to the nearest one (Tenhou). Seats: 0 = dealer.

>>> from engine.rules.sets import get_ruleset
>>> resolve_rons(0, {1, 3}, get_ruleset("fenix")).winners
(1,)
>>> r = resolve_rons(2, {0, 1, 3}, get_ruleset("online"))
>>> r.winners, r.abortive
((), True)
>>> r = resolve_rons(2, {0, 1, 3}, get_ruleset("ema"))
>>> r.winners, r.sticks_to, r.honba_to
((3, 0, 1), 3, (3, 0, 1))
>>> resolve_rons(2, {0, 1}, get_ruleset("online")).honba_to
(0,)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from engine.errors import HandError
from engine.rules.sets import (
    AbortiveDraw,
    MultipleRon,
    MultiRonSticks,
    Ruleset,
    get_game_rules,
)
from engine.scoring.points import split_payments
from engine.table.draws import SEAT_COUNT, abortive_draw, check_count, check_seats
from engine.text import messages as msg


@dataclass(frozen=True)
class RonResolution:
    """Who wins on the discard, nearest the discarder first."""

    winners: tuple[int, ...]
    sticks_to: int | None  # the winner who takes the riichi sticks
    honba_to: tuple[int, ...]  # winners paid the honba
    abortive: bool = False  # a triple ron under double ron: an abortive draw


def turn_order(discarder: int, seats: Iterable[int]) -> tuple[int, ...]:
    """``seats`` in turn order after the discarder (the next player first)."""
    return tuple(sorted(seats, key=lambda s: (s - discarder) % SEAT_COUNT))


def resolve_rons(discarder: int, claimants: Iterable[int], rules: Ruleset) -> RonResolution:
    """Who of ``claimants`` wins on ``discarder``'s tile under ``rules``."""
    (shooter,) = check_seats((discarder,), "from")
    claims = check_seats(claimants, "winners")
    if not claims:
        raise HandError(msg.GAME_NO_RON)
    if shooter in claims:
        raise HandError(msg.GAME_SELF_RON)
    order = turn_order(shooter, claims)
    if rules.multiple_ron is MultipleRon.HEAD_BUMP:
        order = order[:1]
    elif rules.multiple_ron is MultipleRon.DOUBLE and len(order) == 3:
        return RonResolution((), None, (), abortive=True)
    each = get_game_rules(rules).multi_ron_honba_each
    return RonResolution(order, order[0], order if each else order[:1])


@dataclass(frozen=True)
class RonSettlement:
    """Payments of one discard's rons and the next hand's counters."""

    resolution: RonResolution
    payments: tuple[int, int, int, int]
    dealer_repeats: bool
    honba_next: int
    riichi_sticks_next: int
    sticks_back: tuple[int, ...] = ()  # winners who took back their own riichi stick


def settle_rons(
    discarder: int,
    basics: Mapping[int, int],
    rules: Ruleset,
    honba: int = 0,
    riichi_sticks: int = 0,
    riichi: Iterable[int] = (),
) -> RonSettlement:
    """Pay the rons of one discard; ``basics`` maps each claimant to its basic points.

    ``riichi``: the seats whose stick of this hand is among ``riichi_sticks``.
    The dealer repeats when the dealer is among the winners (honba + 1);
    otherwise the deal passes and the honba go back to 0. A triple ron that
    is an abortive draw pays nothing (see :func:`engine.table.draws.abortive_draw`).

    >>> from engine.rules.sets import get_ruleset
    >>> s = settle_rons(0, {1: 2000, 2: 1000}, get_ruleset("online"), honba=1, riichi_sticks=1)
    >>> s.payments, s.honba_next, s.riichi_sticks_next
    ((-12300, 9300, 4000, 0), 0, 0)
    >>> s = settle_rons(0, {1: 2000, 2: 1000}, get_ruleset("rrc"), 0, 2, riichi={2})
    >>> s.payments, s.sticks_back
    ((-12000, 9000, 5000, 0), (2,))
    """
    check_count(honba, "honba")
    check_count(riichi_sticks, "riichi_sticks")
    declared = check_seats(riichi, "riichi")
    if len(declared) > riichi_sticks:
        raise HandError(msg.GAME_BAD_COUNT.format(what="riichi_sticks"))
    res = resolve_rons(discarder, basics, rules)
    if res.abortive:
        a = abortive_draw(AbortiveDraw.TRIPLE_RON, rules, honba, riichi_sticks)
        return RonSettlement(res, (0, 0, 0, 0), a.dealer_repeats, a.honba_next, riichi_sticks)
    out = [0, 0, 0, 0]
    for seat in res.winners:
        paid = split_payments(basics[seat], seat == 0, False, honba if seat in res.honba_to else 0)
        value = paid.ron or 0
        out[seat] += value
        out[discarder] -= value
    back: tuple[int, ...] = ()
    if get_game_rules(rules).multi_ron_sticks is MultiRonSticks.OWN_BACK:
        back = tuple(s for s in res.winners if s in declared)
    for seat in back:
        out[seat] += 1000
    out[res.winners[0]] += 1000 * (riichi_sticks - len(back))
    dealer_won = 0 in res.winners
    return RonSettlement(
        res,
        (out[0], out[1], out[2], out[3]),
        dealer_repeats=dealer_won,
        honba_next=honba + 1 if dealer_won else 0,
        riichi_sticks_next=0,
        sticks_back=back,
    )
