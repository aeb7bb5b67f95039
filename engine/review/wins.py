"""Wins: a win not taken, and a furiten wait.

*missed_win*: a ron or tsumo was available (the table offered it) and the
seat let it pass; valued by the engine's scorer. Not flagged in the last
hand of the game when the win would leave the seat below first without
raising its place: taking it ends the game there, passing keeps the chance
to climb (:mod:`engine.review.all_last` judges the wins taken there).

*furiten*: riichi or dama on a wait whose tiles are already in the seat's
own pond (it can win only by tsumo), said plainly; informational when the
wait is wide (:data:`~engine.review.thresholds.WIDE_WAIT_KINDS`).
"""

from __future__ import annotations

from engine.errors import HandError
from engine.plural import count_word
from engine.review.flags import LESSONS, Flag
from engine.review.position import (
    Scores,
    after_win,
    dealer_of,
    discarder,
    hand_of,
    place_of,
    tile_of,
    win_value,
)
from engine.review.thresholds import WIDE_WAIT_KINDS
from engine.rules.sets import Ruleset
from engine.scoring.score import ScoreResult
from engine.shape.waits import wait_tiles
from engine.table.decision import Decision
from engine.text import review as text
from engine.tiles import Tile, tile_code


def win_of(d: Decision,
           rules: Ruleset) -> tuple[ScoreResult, int | None, Tile, Scores] | None:
    """The win the decision was about: value, who pays a ron, winning tile, scores after."""
    hand = hand_of(d)
    if d.offered is None:
        tile = d.drawn if d.drawn is not None else (d.concealed[-1] if d.concealed else None)
        if tile is None or not hand.concealed[tile]:
            return None
        result = win_value(d, hand.without_tile(tile), tile, rules, tsumo=True)
        return (result, None, tile, after_win(d, result, None, rules)) if result else None
    payer = discarder(d)
    result = win_value(d, hand, d.offered, rules, tsumo=False)
    if result is None or payer is None:
        return None
    return result, payer, d.offered, after_win(d, result, payer, rules)


def ends_without_climbing(d: Decision, after: Scores, rules: Ruleset) -> bool:
    """A win in the game's last hand that ends it below first, the seat's place not raised.

    A dealer's win goes on unless it leaves the dealer first. Taking such a win
    is :mod:`engine.review.all_last`'s to judge; letting it pass is no missed win.
    """
    place = place_of(after, d.seat, rules)
    if not d.is_all_last or place == 1 or place < place_of(d.scores, d.seat, rules):
        return False
    return dealer_of(d) != d.seat


def check_missed_win(d: Decision, rules: Ruleset,
                     context: tuple[Decision, ...]) -> Flag | None:
    if d.action != "no_win":
        return None
    found = win_of(d, rules)
    if found is None:
        return None
    result, payer, tile, after = found
    if ends_without_climbing(d, after, rules):
        return None
    win = "tsumo" if payer is None else "ron"
    cost: dict[str, float | int | str] = {"points": result.total, "han": result.han,
                                         "fu": result.fu, "win": win}
    message = text.MISSED_WIN.format(win=text.WIN_NAMES[win], tile=tile_code(tile),
                                     value=result.total)
    return Flag(d.hand, d.event, d.action, d.played, win, "missed_win", cost, message,
                LESSONS["missed_win"], False, d)


def check_furiten(d: Decision, rules: Ruleset,
                  context: tuple[Decision, ...]) -> Flag | None:
    if d.action not in ("riichi", "dama"):
        return None
    found = _furiten_wait(d, context)
    if found is None:
        return None
    waits, pond = found
    for e in context:
        if e.event < d.event and e.action in ("riichi", "dama"):
            earlier = _furiten_wait(e, context)
            if earlier is not None and earlier[0] == waits:
                return None  # said once per wait and hand
    discard = _discard_of(d, context)
    before = frozenset(d.discards)
    better = _clean_tenpai(discard, before) if discard is not None else None
    dead = [t for t in waits if t in pond]
    wide = len(waits) >= WIDE_WAIT_KINDS
    message = text.FURITEN.format(declared=text.FURITEN_DECLARED[d.action],
                                  tiles=", ".join(tile_code(t) for t in dead))
    if better is not None:
        message += text.FURITEN_BETTER.format(better=tile_code(better))
    if wide:
        message += text.FURITEN_WIDE.format(kinds=count_word(len(waits), *text.KINDS_FORMS))
    cost: dict[str, float | int | str] = {
        "waits": ", ".join(tile_code(t) for t in waits), "kinds": len(waits),
        "furiten_tiles": ", ".join(tile_code(t) for t in dead),
    }
    fallback = "dama" if d.action == "riichi" else ""
    return Flag(d.hand, d.event, d.action, d.played,
                tile_code(better) if better is not None else fallback, "furiten", cost,
                message, LESSONS["furiten"], wide, d)


def _discard_of(d: Decision, context: tuple[Decision, ...]) -> Decision | None:
    """The discard decision answered with this riichi or dama (the same event)."""
    return next((e for e in context if e.action == "discard" and e.event == d.event), None)


def _furiten_wait(d: Decision,
                  context: tuple[Decision, ...]) -> tuple[tuple[Tile, ...], frozenset[Tile]] | None:
    """(waits, own pond) when the hand left by the riichi/dama discard is tenpai in furiten."""
    discard = _discard_of(d, context)
    if discard is None:
        return None
    try:
        rest = hand_of(discard).without_tile(tile_of(discard.played))
    except HandError:
        return None
    waits = wait_tiles(rest)
    pond = frozenset((*discard.discards, tile_of(discard.played)))
    if not waits or not pond.intersection(waits):
        return None
    return waits, pond


def _clean_tenpai(discard: Decision, before: frozenset[Tile]) -> Tile | None:
    """A legal discard that leaves tenpai without furiten (most winning kinds), if any."""
    hand = hand_of(discard)
    best: tuple[int, Tile] | None = None
    for option in discard.options:
        try:
            tile = tile_of(option)
        except HandError:
            continue
        if not hand.concealed[tile]:
            continue
        waits = wait_tiles(hand.without_tile(tile))
        if waits and not before.union({tile}).intersection(waits):
            if best is None or len(waits) > best[0]:
                best = (len(waits), tile)
    return best[1] if best else None
