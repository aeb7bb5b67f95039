"""A hand that nobody wins: the exhaustive draw, nagashi mangan, abortive draws.

Seats are this hand's seat winds as ints, 0 = East (the dealer), 1 South,
2 West, 3 North. Every settlement keeps the points on the table constant:
``sum(payments) + 1000 × (riichi_sticks_next − riichi_sticks) == 0``.

At an exhaustive draw the noten players pay the rule set's total (3000 in
all four built-in sets: 000, 002, 004; 003 keeps the others' value) to the
tenpai players, the dealer repeats when tenpai, one honba is added and the
riichi sticks stay for the next winner:

>>> from engine.rules.sets import get_ruleset
>>> s = settle_draw({0, 2}, get_ruleset("online"))
>>> s.payments, s.dealer_repeats, s.honba_next
((1500, -1500, 1500, -1500), True, 1)
>>> settle_draw({1}, get_ruleset("ema"), honba=2, riichi_sticks=1).payments
(-1000, 3000, -1000, -1000)
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass

from engine.errors import HandError
from engine.hand import Hand
from engine.rules.sets import AbortiveDraw, MultipleRon, Ruleset, get_game_rules
from engine.scoring.points import split_payments
from engine.shape.waits import find_waits
from engine.text import messages as msg
from engine.tiles import Tile

SEAT_COUNT = 4
MANGAN_BASIC = 2000


@dataclass(frozen=True)
class DrawSettlement:
    """What a drawn hand pays and what the next hand starts from."""

    payments: tuple[int, int, int, int]  # by seat wind, 0 = dealer
    dealer_repeats: bool
    honba_next: int
    riichi_sticks_next: int
    noten_paid: bool = True  # False when nagashi mangan replaced the noten payments
    nagashi: tuple[int, ...] = ()  # seats paid a nagashi mangan


def check_seats(seats: Iterable[int], what: str) -> frozenset[int]:
    """``seats`` as a set; a duplicate or a seat outside 0–3 is a :class:`HandError`."""
    items = list(seats)
    if any(type(s) is not int or not 0 <= s < SEAT_COUNT for s in items):
        raise HandError(msg.GAME_BAD_SEAT.format(what=what))
    if len(set(items)) != len(items):
        raise HandError(msg.GAME_DUPLICATE_SEAT.format(what=what))
    return frozenset(items)


def check_count(value: int, what: str) -> int:
    """A honba or stick count: a non-negative integer."""
    if type(value) is not int or value < 0:
        raise HandError(msg.GAME_BAD_COUNT.format(what=what))
    return value


def noten_payments(tenpai: Collection[int], total: int) -> tuple[int, int, int, int]:
    """The noten payment split: noten players pay ``total`` to the tenpai players.

    One tenpai: +3000 / −1000 each; two: ±1500; three: +1000 each / −3000;
    none or all four: nothing (000, 002, 004).

    >>> noten_payments({3}, 3000), noten_payments({0, 1, 2}, 3000), noten_payments((), 3000)
    ((-1000, -1000, -1000, 3000), (1000, 1000, 1000, -3000), (0, 0, 0, 0))
    """
    count = len(tenpai)
    if count in (0, SEAT_COUNT):
        return (0, 0, 0, 0)
    gain, loss = total // count, total // (SEAT_COUNT - count)
    p0, p1, p2, p3 = (gain if s in tenpai else -loss for s in range(SEAT_COUNT))
    return (p0, p1, p2, p3)


def nagashi_payments(seat: int) -> tuple[int, int, int, int]:
    """A nagashi mangan, paid as a mangan tsumo by ``seat`` (no honba: the hand is a draw).

    >>> nagashi_payments(0), nagashi_payments(2)
    ((12000, -4000, -4000, -4000), (-4000, -2000, 8000, -2000))
    """
    split = split_payments(MANGAN_BASIC, seat == 0, True, 0)
    out = [0, 0, 0, 0]
    for payer in range(SEAT_COUNT):
        if payer != seat:
            paid = split.all if seat == 0 else (split.dealer if payer == 0 else split.non_dealer)
            out[payer] -= paid or 0
            out[seat] += paid or 0
    return (out[0], out[1], out[2], out[3])


def add(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    """Seat-by-seat sum of two payment tuples."""
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3])


def settle_draw(
    tenpai: Iterable[int],
    rules: Ruleset,
    honba: int = 0,
    riichi_sticks: int = 0,
    nagashi: Iterable[int] = (),
) -> DrawSettlement:
    """Settle an exhaustive draw under ``rules``.

    Nagashi mangan, where the rule set plays it, pays a mangan tsumo per
    player who made it; the online clients (Tenhou) and JPML then make no
    noten payments, and the dealer still repeats only when tenpai. Under a
    rule set without nagashi, naming one is a :class:`HandError`.

    >>> from engine.rules.sets import get_ruleset
    >>> s = settle_draw({0}, get_ruleset("online"), nagashi={2})
    >>> s.payments, s.noten_paid, s.dealer_repeats
    ((-4000, -2000, 8000, -2000), False, True)
    """
    ready = check_seats(tenpai, "tenpai")
    made = check_seats(nagashi, "nagashi")
    check_count(honba, "honba")
    check_count(riichi_sticks, "riichi_sticks")
    game = get_game_rules(rules)
    if made and not game.nagashi_mangan:
        raise HandError(msg.GAME_NO_NAGASHI)
    total: tuple[int, int, int, int] = (0, 0, 0, 0)
    for seat in sorted(made):
        total = add(total, nagashi_payments(seat))
    noten_paid = not made or game.nagashi_noten_payments
    if noten_paid:
        total = add(total, noten_payments(ready, rules.noten_payment))
    return DrawSettlement(
        payments=total,
        dealer_repeats=0 in ready,
        honba_next=honba + 1,
        riichi_sticks_next=riichi_sticks,
        noten_paid=noten_paid,
        nagashi=tuple(sorted(made)),
    )


def draw_tenpai(hand: Hand, rules: Ruleset, visible: Iterable[Tile] = ()) -> bool:
    """Whether a 13-tile hand counts as tenpai at an exhaustive draw under ``rules``.

    A hand whose only wait is a tile it holds all four of is noten in all
    four sets (the engine's four-copy rule). ``visible`` are tiles seen on
    the table outside the hand (discards, others' melds, dora indicators):
    where every copy of every wait is seen, the hand is tenpai only if the
    rule set accepts such a karaten (all four built-in sets do).

    >>> from engine.hand import parse_hand
    >>> from engine.rules.sets import get_ruleset
    >>> draw_tenpai(parse_hand("1111m234p567s888s", size=13), get_ruleset("jpml"))
    False
    >>> draw_tenpai(parse_hand("123m456p789s1122z", size=13), get_ruleset("ema"), [27, 27, 28, 28])
    True
    """
    game = get_game_rules(rules)
    result = find_waits(hand)
    if not result.waits:
        return bool(result.karaten) and game.held_four_tenpai
    if game.visible_karaten_tenpai:
        return True
    seen = list(visible)
    return any(
        hand.concealed[t] + sum(m.tiles.count(t) for m in hand.melds) + seen.count(t) < 4
        for t in result.waits
    )


@dataclass(frozen=True)
class AbortiveResult:
    """An abortive draw: whether the rule set plays it, and the next hand."""

    played: bool  # False: the rule set does not stop the hand; play goes on
    dealer_repeats: bool
    honba_next: int
    riichi_sticks_next: int


def abortive_draw(
    kind: AbortiveDraw, rules: Ruleset, honba: int = 0, riichi_sticks: int = 0
) -> AbortiveResult:
    """An abortive draw under ``rules``: nobody pays, the riichi sticks stay.

    The online clients (004; Tenhou) and JPML (002: a redeal is a renchan)
    deal again with the same dealer and one honba more. EMA plays none (000
    lists none): the hand goes on. A triple ron is an abortive draw only
    under double ron (004); under head bump or "all win" it is settled as rons.

    >>> from engine.rules.sets import get_ruleset
    >>> abortive_draw(AbortiveDraw.FOUR_WINDS, get_ruleset("online"), 1, 2)
    AbortiveResult(played=True, dealer_repeats=True, honba_next=2, riichi_sticks_next=2)
    >>> abortive_draw(AbortiveDraw.FOUR_RIICHI, get_ruleset("ema"), 0, 4).played
    False
    """
    check_count(honba, "honba")
    check_count(riichi_sticks, "riichi_sticks")
    game = get_game_rules(rules)
    played = kind in game.abortive_draws
    if kind is AbortiveDraw.TRIPLE_RON:
        played = played and rules.multiple_ron is MultipleRon.DOUBLE
    if not played:
        return AbortiveResult(False, False, honba, riichi_sticks)
    return AbortiveResult(
        True,
        dealer_repeats=game.abortive_dealer_repeats,
        honba_next=honba + (1 if game.abortive_adds_honba else 0),
        riichi_sticks_next=riichi_sticks,
    )
