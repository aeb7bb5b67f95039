"""All-last: a win or call in the game's last hand that cannot reach the place needed.

The place needed is one above the seat's place now (nothing is judged for
the leader). A *win* that ends the game (a dealer's win that lets it go on
is not judged) without raising the place is flagged when the same wait
would have raised it — a tsumo, or a ron on another player (valued by the
scorer, placed by :func:`engine.table.final.placements`). A *call* is
flagged when no win of the called hand raises the place while the closed
hand, already tenpai, would have with riichi: then passing was the call
that did.
"""

from __future__ import annotations

from engine.hand import Hand
from engine.review.calls import tenpai_hands
from engine.review.flags import LESSONS, Flag
from engine.review.position import (
    Scores,
    after_win,
    call_meld,
    call_words,
    dealer_of,
    hand_of,
    place_of,
    win_value,
)
from engine.review.wins import ends_without_climbing, win_of
from engine.rules.sets import Ruleset
from engine.shape.shanten import shanten
from engine.shape.waits import wait_tiles
from engine.table.decision import Decision
from engine.text import review as text
from engine.text.messages import TABLE_SEAT_NAMES

Reach = tuple[int | None, int]  # (who pays: None for tsumo; the place reached)


def best_place(d: Decision, hand13: Hand, rules: Ruleset, *,
               riichi: bool | None = None) -> Reach | None:
    """The highest place any win of ``hand13`` reaches (a wait with a copy still unseen)."""
    best: Reach | None = None
    for tile in wait_tiles(hand13):
        if d.visible[tile] >= 4:
            continue
        tsumo = win_value(d, hand13, tile, rules, tsumo=True, riichi=riichi)
        ron = win_value(d, hand13, tile, rules, tsumo=False, riichi=riichi)  # any discarder
        ways = [(None, tsumo), *((s, ron) for s in range(4) if s != d.seat)]
        for payer, result in ways:
            if result is None:
                continue
            reached = place_of(after_win(d, result, payer, rules), d.seat, rules)
            if best is None or reached < best[1]:
                best = (payer, reached)
    return best


def _short(scores: Scores, seat: int, place: int, rules: Ruleset) -> int:
    """Points the seat lacks to pass the player one place above."""
    above = next(s for s in range(4) if place_of(scores, s, rules) == place - 1)
    return max(scores[above] - scores[seat], 0)


def check_all_last(d: Decision, rules: Ruleset,
                   context: tuple[Decision, ...]) -> Flag | None:
    if not d.is_all_last or place_of(d.scores, d.seat, rules) == 1:
        return None
    if d.action == "win":
        return _win(d, rules)
    if d.action == "call":
        return _call(d, rules)
    return None


def _win(d: Decision, rules: Ruleset) -> Flag | None:
    found = win_of(d, rules)
    if found is None:
        return None
    result, payer, tile, after = found
    if not ends_without_climbing(d, result, payer, after, rules):
        return None
    place = place_of(after, d.seat, rules)
    hand13 = hand_of(d) if payer is not None else hand_of(d).without_tile(tile)
    better = best_place(d, hand13, rules)
    if better is None or better[1] >= place:
        return None
    how, needed = better
    cost: dict[str, float | int | str] = {
        "place": place, "needed": needed, "short": _short(after, d.seat, place, rules),
        "points": result.total,
    }
    alternative = text.ALL_LAST_TSUMO if how is None else text.ALL_LAST_RON.format(
        seat=TABLE_SEAT_NAMES[(how - dealer_of(d)) % 4])
    message = text.ALL_LAST_WIN.format(value=result.total, place=place,
                                       alternative=alternative, needed=needed)
    return Flag(d.hand, d.event, d.action, d.played, "no_win", "all_last", cost, message,
                LESSONS["all_last"], False, d)


def _call(d: Decision, rules: Ruleset) -> Flag | None:
    closed = hand_of(d)
    made = call_meld(d)
    if made is None or not closed.is_closed or closed.size != 13 or shanten(closed).minimum:
        return None
    place = place_of(d.scores, d.seat, rules)
    reached = [r for h in tenpai_hands(made[0]) if (r := best_place(d, h, rules)) is not None]
    if any(r[1] < place for r in reached):
        return None
    with_riichi = best_place(d, closed, rules, riichi=True)
    if with_riichi is None or with_riichi[1] >= place:
        return None
    cost: dict[str, float | int | str] = {
        "place": place, "needed": with_riichi[1],
        "short": _short(d.scores, d.seat, place, rules),
    }
    message = text.ALL_LAST_CALL.format(call=call_words(d.played), place=place,
                                        needed=with_riichi[1])
    return Flag(d.hand, d.event, d.action, d.played, "pass", "all_last", cost, message,
                LESSONS["all_last"], False, d)
