"""Noten at an exhaustive draw when a tenpai discard was there to play.

At a draw the noten players pay the tenpai ones (the rule set's
``noten_payment``). The flag goes on the seat's last discard that could have
left tenpai and did not — walking back from the draw, past discards with no
tenpai to choose, to the first one that had it. Not flagged when an
opponent was in riichi then: folding was the better choice.
"""

from __future__ import annotations

from engine.errors import HandError
from engine.hand import Hand
from engine.review.flags import LESSONS, Flag
from engine.review.position import hand_of, riichis, tile_of
from engine.rules.sets import Ruleset
from engine.shape.waits import wait_tiles
from engine.table.decision import Decision
from engine.text import review as text
from engine.tiles import Tile, tile_code


def _tenpai_after(hand: Hand, tile: Tile) -> tuple[Tile, ...]:
    if not hand.concealed[tile]:
        return ()
    return wait_tiles(hand.without_tile(tile))


def check_noten(d: Decision, rules: Ruleset,
                context: tuple[Decision, ...]) -> Flag | None:
    if d.action != "noten":
        return None
    for e in reversed([e for e in context if e.action == "discard" and e.event <= d.event]):
        hand = hand_of(e)
        try:
            played = tile_of(e.played)
            legal = [tile_of(o) for o in e.options]
        except HandError:
            return None
        if _tenpai_after(hand, played):
            return None  # tenpai was kept here; a later change is not a discard choice
        choices = [(len(w), t, w) for t in legal if (w := _tenpai_after(hand, t))]
        if not choices:
            continue
        if riichis(e):
            return None
        _, better, waits = max(choices, key=lambda c: (c[0], -c[1]))
        codes = ", ".join(tile_code(t) for t in waits)
        cost: dict[str, float | int | str] = {
            "wall_left": e.wall_left, "waits": codes,
            "noten_payment": rules.noten_payment,
        }
        message = text.NOTEN.format(better=tile_code(better), played=tile_code(played),
                                    waits=codes)
        return Flag(e.hand, e.event, e.action, e.played, tile_code(better), "noten", cost,
                    message, LESSONS["noten"], False, e)
    return None
