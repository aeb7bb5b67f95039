"""Review one seat's game: every decision through every category's check.

Each check takes one :class:`~engine.table.decision.Decision`, the rule set
and the seat's decisions of the same hand (a furiten riichi needs the
discard that answered it, a noten at the draw the discards before it), and
returns a :class:`~engine.review.flags.Flag` or ``None``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from engine.review.all_last import check_all_last
from engine.review.calls import check_no_yaku
from engine.review.defence import check_defence
from engine.review.efficiency import check_efficiency
from engine.review.flags import Flag, Review, collect
from engine.review.noten import check_noten
from engine.review.wins import check_furiten, check_missed_win
from engine.rules.sets import Ruleset, get_ruleset
from engine.table.decision import Decision, decisions
from engine.table.events import GameLog

Check = Callable[[Decision, Ruleset, tuple[Decision, ...]], Flag | None]
CHECKS: tuple[Check, ...] = (
    check_efficiency, check_defence, check_missed_win, check_furiten, check_no_yaku,
    check_noten, check_all_last,
)


def review(log: GameLog, seat: int, rules: str = "online") -> Review:
    """The review of ``seat``'s game in ``log`` (raises :class:`~engine.table.events.LogError`)."""
    return review_decisions(decisions(log, seat, rules), rules)


def review_decisions(found: Iterable[Decision], rules: str = "online") -> Review:
    """The review of a seat's decisions, in the order they were made."""
    ruleset = get_ruleset(rules)
    by_hand: dict[int, list[Decision]] = {}
    for d in found:
        by_hand.setdefault(d.hand, []).append(d)
    flags: list[Flag] = []
    for hand in by_hand.values():
        context = tuple(hand)
        for d in context:
            flags.extend(f for check in CHECKS if (f := check(d, ruleset, context)) is not None)
    return collect(flags)
