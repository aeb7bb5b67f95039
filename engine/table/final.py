"""The end of a game: placement, leftover riichi sticks, return score, oka, uma.

The final result of each player, in points, is ``score − return_score +
uma + oka`` (oka, ``4 × (return − start)``, goes to first place), less any
chombo deduction (000: 20000 in tournaments). Uma are fixed by place
(EMA 2016: 15000/5000; Tenhou: 20000/10000) or, under JPML, depend on how
many players end at or above the return score (floating uma). Ties: EMA and
JPML let tied players share the uma and oka of their places; Tenhou ranks
the one seated nearer the first dealer higher. Riichi sticks left on the
table go to first place (shared by tied first places). Seats are in any
fixed order; ``first_dealer`` names which index was East in East 1.

>>> from engine.rules.sets import get_ruleset
>>> r = final_result((45000, 35000, 25000, 15000), get_ruleset("ema"))
>>> r.places, r.results
((1, 2, 3, 4), (30000, 10000, -10000, -30000))
>>> r = final_result((40000, 20000, 20000, 20000), get_ruleset("online"))
>>> r.places, r.oka, r.results
((1, 2, 3, 4), 20000, (50000, 0, -20000, -30000))
>>> final_result((40000, 40000, 20000, 20000), get_ruleset("ema")).results
(20000, 20000, -20000, -20000)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.errors import HandError
from engine.rules.sets import FLOATING_UMA, Ruleset, Tiebreak, get_game_rules
from engine.text import messages as msg

SEATS = 4


def placements(scores: Sequence[int], tiebreak: Tiebreak, first_dealer: int = 0) -> tuple[int, ...]:
    """Place of each seat (1 = first). Shared places repeat under :attr:`Tiebreak.SHARE`.

    >>> placements((30000, 30000, 20000, 20000), Tiebreak.SEAT_ORDER, first_dealer=1)
    (2, 1, 3, 4)
    >>> placements((30000, 30000, 20000, 20000), Tiebreak.SHARE)
    (1, 1, 3, 3)
    """
    order = ranked(scores, first_dealer)
    places = [0] * len(scores)
    for rank, seat in enumerate(order, start=1):
        tied = tiebreak is Tiebreak.SHARE and rank > 1 and scores[order[rank - 2]] == scores[seat]
        places[seat] = places[order[rank - 2]] if tied else rank
    return tuple(places)


def ranked(scores: Sequence[int], first_dealer: int) -> list[int]:
    """Seats from first place to last; equal scores go to the seat nearer the first dealer.

    >>> ranked((25000, 30000, 25000, 20000), 0)
    [1, 0, 2, 3]
    """
    return sorted(range(len(scores)), key=lambda s: (-scores[s], (s - first_dealer) % SEATS))


@dataclass(frozen=True)
class FinalResult:
    """The final result by seat, in points (the usual display divides by 1000)."""

    places: tuple[int, int, int, int]
    points: tuple[int, int, int, int]  # scores with leftover riichi sticks added
    uma: tuple[int, int, int, int]  # uma and oka as each seat receives them
    oka: int
    results: tuple[int, int, int, int]


def _split(total: int, seats: Sequence[int]) -> dict[int, int]:
    """``total`` shared evenly in 100s; what does not divide goes to the seats first in ``seats``.

    >>> _split(1000, (2, 0, 1)), _split(-1000, (2, 0, 1))
    ({2: 400, 0: 300, 1: 300}, {2: -400, 0: -300, 1: -300})
    """
    sign = -1 if total < 0 else 1
    base, extra = divmod(abs(total) // 100, len(seats))
    return {s: sign * 100 * (base + (1 if i < extra else 0)) for i, s in enumerate(seats)}


def final_result(
    scores: Sequence[int],
    rules: Ruleset,
    riichi_sticks: int = 0,
    deductions: Sequence[int] = (0, 0, 0, 0),
    first_dealer: int = 0,
) -> FinalResult:
    """Settle the end of a game under ``rules``."""
    if len(scores) != SEATS or any(type(s) is not int for s in scores):
        raise HandError(msg.GAME_BAD_SCORES)
    if type(riichi_sticks) is not int or riichi_sticks < 0:
        raise HandError(msg.GAME_BAD_COUNT.format(what="riichi_sticks"))
    if len(deductions) != SEATS or any(type(d) is not int or d < 0 for d in deductions):
        raise HandError(msg.GAME_BAD_COUNT.format(what="deductions"))
    game = get_game_rules(rules)
    places = placements(scores, game.tiebreak, first_dealer)
    order = ranked(scores, first_dealer)
    firsts = [s for s in order if places[s] == 1]
    points = list(scores)
    if game.leftover_sticks_to_first:
        for seat, share in _split(1000 * riichi_sticks, firsts).items():
            points[seat] += share
    oka = SEATS * (game.return_score - rules.starting_points)
    floaters = sum(p >= game.return_score for p in points)
    uma = FLOATING_UMA[min(max(floaters, 1), 3)] if game.floating_uma else game.uma
    by_place = [uma[0] + oka, uma[1], uma[2], uma[3]]
    received = [0] * SEATS
    for place in set(places):
        group = [s for s in order if places[s] == place]
        pool = sum(by_place[place - 1 : place - 1 + len(group)])
        for seat, share in _split(pool, group).items():
            received[seat] = share
    results = [points[s] - game.return_score + received[s] - deductions[s] for s in range(SEATS)]
    return FinalResult(four(places), four(points), four(received), oka, four(results))


def four(values: Sequence[int]) -> tuple[int, int, int, int]:
    return (values[0], values[1], values[2], values[3])
