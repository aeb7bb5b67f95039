"""Efficiency: a step back in shanten, or a discard keeping too little of the best ukeire.

The order is the drill's (:mod:`engine.shape.efficiency`: shanten, copies
kept, second order) over :func:`engine.shape.ukeire.rank_discards` with the
tiles the seat could see counted out. A discard is flagged when it leaves a
higher shanten than the best legal one, or the same shanten with less than
:data:`~engine.review.thresholds.UKEIRE_SHARE` of the best count — unless a
reason explains it: defence (an opponent is in riichi or has called, and the discard is
safer than every discard that would pass, :mod:`engine.table.safety`) or
value (it keeps more han by the drill's «быстро и дорого» count,
:func:`engine.shape.efficiency.han_kept`, or the faster tenpai has no yaku).
"""

from __future__ import annotations

from engine.errors import HandError
from engine.hand import Hand
from engine.plural import tiles_word
from engine.review.flags import LESSONS, Flag
from engine.review.position import hand_of, opens, outside, riichis, tile_of, win_value
from engine.review.thresholds import UKEIRE_SHARE
from engine.rules.sets import Ruleset
from engine.shape.efficiency import han_kept, speed_key
from engine.shape.ukeire import DiscardOption, DiscardRanking, rank_discards
from engine.table.decision import Decision
from engine.table.safety import hand_safety
from engine.text import review as text
from engine.text.messages import shanten_short
from engine.tiles import Tile, tile_code


def _tiles(option: DiscardOption) -> str:
    return ", ".join(tile_code(i.tile) for i in option.tiles) or "—"


def check_efficiency(d: Decision, rules: Ruleset,
                     context: tuple[Decision, ...]) -> Flag | None:
    """The efficiency flag of a discard decision, or ``None`` when it passes."""
    if d.action != "discard" or d.riichi or len(d.options) < 2:
        return None
    hand = hand_of(d)
    if hand.size != 14:
        return None
    seen = outside(d, hand)
    try:
        played = tile_of(d.played)
        legal = {tile_of(o) for o in d.options}
        ranking = rank_discards(hand, seen, best_only=True)
        if all(o.tile not in legal for o in ranking.options if o.shanten == ranking.shanten):
            ranking = rank_discards(hand, seen)  # kuikae forbids every fastest discard
    except HandError:
        return None
    options = [o for o in ranking.options if o.tile in legal]
    mine = next((o for o in options if o.tile == played), None)
    if mine is None or mine.shanten < 0 or not options:
        return None
    best = min(options, key=speed_key)
    if best.shanten < mine.shanten:
        lost, step_back = best.count, True
    elif mine.count < UKEIRE_SHARE * best.count:
        lost, step_back = best.count - mine.count, False
    else:
        return None
    passing = [o for o in options
               if o.shanten == best.shanten and o.count >= UKEIRE_SHARE * best.count]
    if _defence_reason(d, hand, seen, played, passing) or _value_reason(
            d, hand, ranking, mine, best, rules):
        return None
    cost: dict[str, float | int | str] = {
        "shanten": mine.shanten, "best_shanten": best.shanten, "best_ukeire": best.count,
        "lost": lost, "best_tiles": _tiles(best),
    }
    if not step_back:  # a slower shanten's own count is not computed: it is not comparable
        cost.update(ukeire=mine.count, tiles=_tiles(mine),
                    share=round(mine.count / best.count, 2))
    if step_back:
        message = text.EFFICIENCY_STEP_BACK.format(
            played=tile_code(played), shanten_after=shanten_short(mine.shanten),
            shanten_best=shanten_short(best.shanten), better=tile_code(best.tile),
            best_count=f"{tiles_word(best.count)} ({_tiles(best)})")
    else:
        message = text.EFFICIENCY_UKEIRE.format(
            played=tile_code(played), count=tiles_word(mine.count), tiles=_tiles(mine),
            share=round(100 * mine.count / best.count), better=tile_code(best.tile),
            best_count=tiles_word(best.count), best_tiles=_tiles(best))
    return Flag(d.hand, d.event, d.action, d.played, tile_code(best.tile), "efficiency", cost,
                message, LESSONS["efficiency"], False, d)


def _defence_reason(d: Decision, hand: Hand, seen: tuple[Tile, ...], played: Tile,
                    passing: list[DiscardOption]) -> bool:
    """Against a riichi or an open hand: the discard is safer than every discard the measure
    would pass."""
    against, called = riichis(d), opens(d)
    if not (against or called):
        return False
    try:
        danger = {s.tile: s.danger
                  for s in hand_safety(hand, against, seen, d.dora_indicators, called)}
    except HandError:
        return False
    return all(danger[played] < danger[o.tile] for o in passing)


def _value_reason(d: Decision, hand: Hand, ranking: DiscardRanking, mine: DiscardOption,
                  best: DiscardOption, rules: Ruleset) -> bool:
    """More han kept (the drill's count), or the faster tenpai of an open hand cannot win."""
    han = han_kept(hand, ranking, d.dora_indicators)
    if han[mine.tile] > han[best.tile]:
        return True
    if best.shanten != 0 or hand.is_closed:
        return False
    rest = hand.without_tile(best.tile)
    return not any(win_value(d, rest, i.tile, rules, tsumo=False) for i in best.tiles)
