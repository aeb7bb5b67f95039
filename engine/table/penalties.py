"""Penalties: chombo and pao (sekinin barai, liability for a yakuman).

Seats are this hand's seat winds, 0 = East (the dealer).

Chombo. 000 gives both conventions: club games pay a reverse mangan at once
(4000 to the dealer and 2000 to each other player; a dealer pays 4000 to
each), tournaments deduct 20000 from the final result and pay nothing; in
both the hand is replayed with the same dealer and honba and the riichi
sticks of the hand go back to their owners.

>>> from engine.rules.sets import get_ruleset
>>> chombo(2, get_ruleset("online")).payments
(4000, 2000, -8000, 2000)
>>> c = chombo(0, get_ruleset("ema"), honba=1, riichi_sticks=2, returned={1})
>>> c.payments, c.deduction, c.honba_next, c.riichi_sticks_next, c.dealer_repeats
((0, 1000, 0, 0), 20000, 1, 1, True)

Pao. The player who fed the last dragon of a daisangen (or the last wind
of a daisuushii) is liable: on tsumo that player pays the whole hand; on a
ron by someone else the hand's value is split between the liable player and
the discarder. The discarder pays the honba under EMA 2016 (3.3.9) and
rules-ru (3.12.4); the liable player pays them on Tenhou.

>>> pao(1, 3, 8000, get_ruleset("online")).payments
(0, 32000, 0, -32000)
>>> pao(1, 3, 8000, get_ruleset("online"), discarder=2, honba=1).payments
(0, 32300, -16000, -16300)
>>> pao(1, 3, 8000, get_ruleset("ema"), discarder=2, honba=1).payments
(0, 32300, -16300, -16000)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine.errors import HandError
from engine.rules.sets import Chombo, Ruleset, get_game_rules
from engine.scoring.points import split_payments
from engine.table.draws import add, check_count, check_seats, nagashi_payments
from engine.text import messages as msg


@dataclass(frozen=True)
class ChomboResult:
    """A chombo's payments, its deduction at the end, and the next hand."""

    payments: tuple[int, int, int, int]  # reverse mangan (or nothing) and returned sticks
    deduction: int  # taken from the offender's final result
    replay: bool
    dealer_repeats: bool
    honba_next: int
    riichi_sticks_next: int


def chombo(
    offender: int,
    rules: Ruleset,
    honba: int = 0,
    riichi_sticks: int = 0,
    returned: Iterable[int] = (),
) -> ChomboResult:
    """Penalise ``offender`` under ``rules``; ``returned``: riichi declared in this hand.

    The reverse mangan is a mangan tsumo paid the other way round. Each
    riichi stick of the voided hand goes back to its owner (000).
    """
    (who,) = check_seats((offender,), "offender")
    back = check_seats(returned, "returned")
    check_count(honba, "honba")
    check_count(riichi_sticks, "riichi_sticks")
    if len(back) > riichi_sticks:
        raise HandError(msg.GAME_BAD_COUNT.format(what="riichi_sticks"))
    game = get_game_rules(rules)
    out: tuple[int, int, int, int] = (0, 0, 0, 0)
    if game.chombo is Chombo.REVERSE_MANGAN:
        p0, p1, p2, p3 = nagashi_payments(who)
        out = (-p0, -p1, -p2, -p3)
    out = add(out, (1000 * (0 in back), 1000 * (1 in back), 1000 * (2 in back), 1000 * (3 in back)))
    deduction = game.chombo_deduction if game.chombo is Chombo.END_DEDUCTION else 0
    replay = game.chombo_replay
    return ChomboResult(
        payments=out,
        deduction=deduction,
        replay=replay,
        dealer_repeats=replay or who == 0,
        honba_next=honba,
        riichi_sticks_next=riichi_sticks - len(back),
    )


@dataclass(frozen=True)
class PaoResult:
    """A yakuman win with a liable player: who pays what."""

    payments: tuple[int, int, int, int]
    liable_pays: int  # the liable player's share (honba included where it pays them)
    riichi_sticks_next: int


def pao(
    winner: int,
    liable: int,
    basic: int,
    rules: Ruleset,
    *,
    discarder: int | None = None,
    honba: int = 0,
    riichi_sticks: int = 0,
    yaku: str = "daisangen",
) -> PaoResult:
    """Pay a yakuman (``basic`` points, 8000 per yakuman) with ``liable`` responsible.

    ``discarder`` is ``None`` for a tsumo. On tsumo the liable player pays
    the whole tsumo total, honba included. On a ron by another player the
    value is split in two (rounded to 100 as each half is), and the honba
    are paid by the discarder or, where the rule set says so, by the liable
    player; where the rule set does not split, the liable player pays it
    all. A ron off the liable player's own discard is an ordinary ron.
    ``basic`` is the liable yakuman's part only: another yakuman in the same
    hand is paid in the ordinary way, by the caller, beside this.
    """
    check_seats((winner, liable), "pao")
    if discarder is not None:
        check_seats((winner, discarder), "from")
    check_count(honba, "honba")
    check_count(riichi_sticks, "riichi_sticks")
    game = get_game_rules(rules)
    if yaku not in game.pao_yakuman:
        raise HandError(msg.GAME_NO_PAO.format(yaku=yaku))
    dealer = winner == 0
    out = [0, 0, 0, 0]
    if discarder is None:
        total = split_payments(basic, dealer, False, honba).ron or 0  # the three payments' sum
        out[liable] -= total
    elif discarder == liable or not game.pao_ron_split:
        total = split_payments(basic, dealer, False, honba).ron or 0
        out[liable] -= total
    else:
        value = split_payments(basic, dealer, False, 0).ron or 0
        half = -(-value // 200) * 100
        counters = 300 * honba
        out[liable] -= half + (counters if game.pao_ron_liable_honba else 0)
        out[discarder] -= value - half + (0 if game.pao_ron_liable_honba else counters)
    out[winner] -= sum(out)
    out[winner] += 1000 * riichi_sticks
    return PaoResult((out[0], out[1], out[2], out[3]), -out[liable], 0)

