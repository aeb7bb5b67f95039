"""Defence: against a riichi or an open hand, a discard far more dangerous than the safest tile.

One danger model, :mod:`engine.table.safety` (deal-in chance in %, by tile
class and the riichi player's discards), with each opponent who called as an
open threat (:mod:`engine.table.safety_open`: his melds, pond and winds) — a
costly deal-in into a flush or toitoi hand is flagged like one into a riichi.
A discard is flagged when it is at least
:data:`~engine.review.thresholds.DANGER_GAP` points above the safest legal
discard, unless the hand it leaves is tenpai with a good wait
(:func:`engine.shape.ukeire.is_good_shape`): pushing that hand is a choice.
"""

from __future__ import annotations

from engine.errors import HandError
from engine.review.flags import LESSONS, Flag
from engine.review.position import dealer_of, hand_of, opens, outside, riichis, tile_of
from engine.review.thresholds import DANGER_GAP
from engine.rules.sets import Ruleset
from engine.shape.ukeire import is_good_shape
from engine.shape.waits import wait_tiles
from engine.table.decision import Decision
from engine.table.safety import hand_safety
from engine.text import review as text
from engine.text.messages import TABLE_SEAT_NAMES
from engine.tiles import EAST, tile_code


def decimal(value: float) -> str:
    """A chance in % with one decimal, written the Russian way: ``8,5``."""
    return f"{value:.1f}".replace(".", ",")


def check_defence(d: Decision, rules: Ruleset,
                     context: tuple[Decision, ...]) -> Flag | None:
    """The defence flag of a discard decision, or ``None`` when it passes."""
    against, called = riichis(d), opens(d)
    if d.action != "discard" or d.riichi or not (against or called) or len(d.options) < 2:
        return None
    hand = hand_of(d)
    try:
        played = tile_of(d.played)
        legal = {tile_of(o) for o in d.options}
        found = hand_safety(hand, against, outside(d, hand), d.dora_indicators, called)
    except HandError:
        return None
    danger = {s.tile: s for s in found if s.tile in legal}
    if played not in danger:
        return None
    safest = min(danger.values(), key=lambda s: (s.danger, s.tile))
    gap = danger[played].danger - safest.danger
    if gap < DANGER_GAP - 1e-9:
        return None
    rest = hand.without_tile(played)
    waits = wait_tiles(rest)
    if waits and is_good_shape(rest, waits):
        return None
    dealer = dealer_of(d)
    riichi_seats = [TABLE_SEAT_NAMES[(o.seat - dealer) % 4]
                    for o in d.opponents if o.riichi_turn is not None]
    open_seats = [TABLE_SEAT_NAMES[him.seat_wind - EAST] for him in called
                  if him.seat_wind is not None]
    cost: dict[str, float | int | str] = {
        "danger": round(danger[played].danger, 1), "safest": tile_code(safest.tile),
        "safest_danger": round(safest.danger, 1), "gap": round(gap, 1),
    }
    message = text.DEFENCE.format(against=_against(riichi_seats, open_seats),
                                  played=tile_code(played),
                                  danger=decimal(danger[played].danger),
                                  better=tile_code(safest.tile), safest=decimal(safest.danger))
    return Flag(d.hand, d.event, d.action, d.played, tile_code(safest.tile), "defence", cost,
                message, LESSONS["defence"], False, d)


def _against(riichi_seats: list[str], open_seats: list[str]) -> str:
    """«риичи (Юг)», «открытой руки (Запад)», «риичи (Юг) и открытой руки (Запад)»."""
    parts = []
    if riichi_seats:
        parts.append(text.DEFENCE_RIICHI.format(seats=", ".join(riichi_seats)))
    if open_seats:
        parts.append(text.DEFENCE_OPEN[len(open_seats) > 1].format(seats=", ".join(open_seats)))
    return " и ".join(parts)
