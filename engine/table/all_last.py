"""All-last: which wins reach which place, and the smallest hand that does it.

The last hand of the game (South 4). From the four scores, the seat, the
honba and the riichi sticks on the table, each way the learner can win —
ron off one of the three others, or tsumo — is priced at every hand value of
the ladder (:func:`ladder`: every distinct payment from 1 han 30 fu up to
yakuman, kiriage and counted yakuman as the rule set says), and the smallest
value that lifts the learner to a place is found. The payments are the
table's settlement of a win, :func:`engine.table.game.win_payments` (honba:
300 from the discarder, 100 from each payer on tsumo; the sticks go to the
winner), named by :func:`engine.scoring.points.split_payments`; the places are
:func:`engine.table.final.placements` with the rule set's tie rule, the first
dealer of the game being South of this hand (in South 4 the dealer is the
fourth seat of East 1, so the first dealer sits next after him).

The seats are this hand's: index 0 is East (the dealer), 1 South, 2 West,
3 North. The place reached is the place the scores give right after the
win; :meth:`AllLastNeeds.goes_on` says when the rule set plays on into West
because nobody has its target score (a dealer's win may go on too).

>>> from engine.rules.sets import get_ruleset
>>> need = all_last_needs((30000, 24000, 25000, 21000), 2, 0, 0, get_ruleset("online"))
>>> step = need.smallest(Way(ron_from=0), 1)
>>> step.label, step.gain
('рон 2600 (2 хан 40 фу)', 2600)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from engine.errors import HandError
from engine.rules.sets import Ruleset, get_game_rules
from engine.scoring.points import basic_value, split_payments
from engine.table.final import placements
from engine.table.game import Ron, Tsumo, win_payments
from engine.text import messages as msg

SEATS = 4
FIRST_DEALER = 1  # East of East 1 has dealt seven times since: South of South 4
FU_STEPS = (30, 40, 50, 60, 70, 80, 90, 100, 110)
LIMIT_HAN = (5, 6, 8, 11, 13)


@dataclass(frozen=True)
class Way:
    """How the learner wins: ron off seat ``ron_from`` (0–3), or tsumo (``None``)."""

    ron_from: int | None = None

    @property
    def tsumo(self) -> bool:
        return self.ron_from is None


@dataclass(frozen=True)
class Step:
    """One hand of the ladder for one way: its name and what each seat gains or pays."""

    han: int
    fu: int
    label: str  # «рон 3900 (3 хан 30 фу)», «цумо 1000/2000 (…)»
    value: int  # the hand's own value (no honba, no sticks)
    changes: tuple[int, int, int, int]  # by seat, honba and sticks included

    @property
    def gain(self) -> int:
        return max(self.changes)


def _hands(tsumo: bool) -> list[tuple[int, int]]:
    """(han, fu) that a real hand can have: 20 fu only on tsumo (pinfu), 25 fu (chiitoitsu)."""
    out = [(han, fu) for han in range(1, 5) for fu in FU_STEPS]
    out += [(han, 25) for han in range(3 if tsumo else 2, 5)]
    if tsumo:
        out += [(han, 20) for han in range(2, 5)]
    return out + [(han, 30) for han in LIMIT_HAN]


def _han_fu(han: int, fu: int) -> str:
    if han >= 13:
        return msg.ALL_LAST_YAKUMAN
    if han >= 5:
        return msg.ALL_LAST_LIMITS[han]
    return f"{han} хан {fu} фу"


def _plain(han: int, fu: int) -> tuple[bool, int, int]:
    """Which (han, fu) names a payment: the common fu (up to 40) first, then fewer han."""
    return fu > 40, han, fu


@cache
def ladder(way: Way, seat: int, honba: int, sticks: int, rules: Ruleset) -> tuple[Step, ...]:
    """Every distinct payment of ``way`` for the learner at ``seat``, smallest first."""
    dealer = seat == 0
    seen: dict[tuple[int, ...], Step] = {}
    for han, fu in _hands(way.tsumo):
        b = basic_value(han, fu, rules.kiriage, rules.kazoe_yakuman, 0)
        pay = split_payments(b, dealer, way.tsumo, honba)
        outcome: Tsumo | Ron
        if way.ron_from is not None:
            label = msg.ALL_LAST_RON.format(value=pay.points, hand=_han_fu(han, fu))
            outcome = Ron(way.ron_from, {seat: b})
        else:
            outcome = Tsumo(seat, b)
            if dealer:
                assert pay.all is not None
                label = msg.ALL_LAST_TSUMO_ALL.format(each=pay.all - 100 * honba,
                                                      hand=_han_fu(han, fu))
            else:
                assert pay.dealer is not None and pay.non_dealer is not None
                label = msg.ALL_LAST_TSUMO.format(
                    other=pay.non_dealer - 100 * honba, dealer=pay.dealer - 100 * honba,
                    hand=_han_fu(han, fu))
        changes = win_payments(outcome, rules, honba, sticks)
        if changes not in seen or _plain(han, fu) < _plain(seen[changes].han, seen[changes].fu):
            seen[changes] = Step(han, fu, label, pay.points, changes)
    return tuple(sorted(seen.values(), key=lambda s: (s.gain, s.han, s.fu)))


@dataclass(frozen=True)
class AllLastNeeds:
    """The situation, and for each way and place the smallest hand reaching it."""

    scores: tuple[int, int, int, int]
    seat: int
    honba: int
    sticks: int
    place_now: int
    ways: tuple[Way, ...]
    ladders: dict[Way, tuple[Step, ...]]
    places: dict[Way, tuple[int, ...]]  # the place each step of the ladder reaches
    west_extension: bool = False  # the rule set plays on into West when nobody has the target
    target_score: int = 30000

    def goes_on(self, step: Step) -> bool:
        """Does the game go on after this win (nobody at the target score, West is played)?

        The place the drill asks about is the place right after the win either way.
        """
        after = [a + c for a, c in zip(self.scores, step.changes, strict=True)]
        return self.west_extension and max(after) < self.target_score

    def smallest(self, way: Way, place: int) -> Step | None:
        """The smallest hand of ``way`` that ends at ``place`` or better; None if none does."""
        return next((s for s, p in zip(self.ladders[way], self.places[way], strict=True)
                     if p <= place), None)

    def next_after(self, way: Way, step: Step) -> Step | None:
        """The ladder's next bigger hand (enough too, but more than needed)."""
        steps = self.ladders[way]
        i = steps.index(step)
        return steps[i + 1] if i + 1 < len(steps) else None


def all_last_needs(scores: Sequence[int], seat: int, honba: int, sticks: int,
                   rules: Ruleset) -> AllLastNeeds:
    """Every way to win for the learner at ``seat`` (0 = East, the dealer), priced to a place."""
    if len(scores) != SEATS or not 0 <= seat < SEATS:
        raise HandError(msg.ALL_LAST_BAD_INPUT)
    if honba < 0 or sticks < 0:
        raise HandError(msg.ALL_LAST_BAD_INPUT)
    game = get_game_rules(rules)
    tiebreak = game.tiebreak
    now = placements(scores, tiebreak, FIRST_DEALER)[seat]
    ways = (*(Way(s) for s in range(SEATS) if s != seat), Way())
    ladders, places = {}, {}
    for way in ways:
        steps = ladder(way, seat, honba, sticks, rules)
        ladders[way] = steps
        places[way] = tuple(
            placements([a + c for a, c in zip(scores, s.changes, strict=True)], tiebreak,
                       FIRST_DEALER)[seat] for s in steps)
    four = (scores[0], scores[1], scores[2], scores[3])
    return AllLastNeeds(four, seat, honba, sticks, now, ways, ladders, places,
                        game.west_extension, game.target_score)
