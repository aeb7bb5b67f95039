"""The efficiency order of discards: which are right and which are «почти».

One order for the drill «Что сбросить?» (``tutor/drills/kind/discard.py``)
and for the review of a played game (:mod:`engine.review.efficiency`), so a
discard the review flags is graded the same way when it becomes a drill.

``goal: ukeire`` («быстрее всего к темпаю»): shanten, then the improving
copies still unseen, then the engine's second order (copies after which a
ryanmen tenpai is possible, :class:`engine.shape.ukeire.Quality`). The best is
right (equals too); a discard of the same shanten keeping at least
:data:`NEAR_SHARE` of the best count is «почти».

``goal: value`` («быстро и дорого»): among the discards of the best shanten
keeping at least :data:`NEAR_SHARE` of the best count, the one keeping more
han (:func:`han_kept`: dora, red fives, tanyao, a dragon pair) is right; the
others of that group are «почти».

>>> from engine.hand import parse_hand
>>> from engine.tiles import tile_code
>>> from engine.shape.ukeire import rank_discards
>>> right, near = graded(rank_discards(parse_hand("1188m3345567p788s"), quality=True), None)
>>> [tile_code(t) for t in right], [tile_code(t) for t in near]
(['7s'], ['3p'])
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.hand import Hand
from engine.shape.ukeire import DiscardOption, DiscardRanking
from engine.tiles import DRAGONS, FIVES, TERMINALS_AND_HONORS, Tile, dora_from_indicator

NEAR_SHARE = 0.9  # «почти»: the same shanten and at least this share of the best count


def speed_key(o: DiscardOption) -> tuple[int, int, int]:
    """Smaller is faster: shanten, then copies kept (more first), then the second order."""
    return (o.shanten, -o.count, -(o.quality.good_shape if o.quality else 0))


def _fast(ranking: DiscardRanking) -> list[DiscardOption]:
    """The discards of the best shanten keeping at least NEAR_SHARE of the best count."""
    best = min(ranking.options, key=speed_key)
    return [o for o in ranking.options
            if o.shanten == best.shanten and o.count >= NEAR_SHARE * best.count]


def ordered(ranking: DiscardRanking, han: Mapping[Tile, int] | None) -> list[DiscardOption]:
    if han is None:
        return sorted(ranking.options, key=speed_key)
    fast = {o.tile for o in _fast(ranking)}
    return sorted(ranking.options,
                  key=lambda o: (o.tile not in fast, -han[o.tile], *speed_key(o)))


def graded(ranking: DiscardRanking,
            han: Mapping[Tile, int] | None) -> tuple[frozenset[Tile], frozenset[Tile]]:
    """(right, «почти»): the best of the graded order and its equals; the close ones."""
    order = ordered(ranking, han)
    first = order[0]
    if han is None:
        right = frozenset(o.tile for o in order if speed_key(o) == speed_key(first))
    else:
        right = frozenset(o.tile for o in order if o.tile in {f.tile for f in _fast(ranking)}
                          and han[o.tile] == han[first.tile]
                          and speed_key(o) == speed_key(first))
    near = frozenset(o.tile for o in _fast(ranking)) - right
    return right, near


def han_kept(hand: Hand, ranking: DiscardRanking, indicators: tuple[Tile, ...]) -> dict[Tile, int]:
    """Han the 13 tiles keep after each discard: dora, red fives, and yaku still in reach.

    Yaku counted: tanyao (no terminal or honour left) and a dragon pair or
    triplet (a yakuhai in reach) — what a glance at the tiles shows.
    """
    dora = [dora_from_indicator(i) for i in indicators]
    out: dict[Tile, int] = {}
    for o in ranking.options:
        rest = hand.without_tile(o.tile)
        counts = rest.all_counts()
        han = sum(counts[d] for d in dora) + _red_left(hand, o.tile)
        han += int(all(counts[t] == 0 for t in TERMINALS_AND_HONORS))
        han += sum(1 for d in DRAGONS if counts[d] >= 2)
        out[o.tile] = han
    return out


def _red_left(hand: Hand, tile: Tile) -> int:
    """Red fives kept: a five is thrown as a plain one while a plain one is held."""
    red = hand.red
    if tile in FIVES and hand.red_suits[tile // 9] and hand.concealed[tile] == 1:
        return red - 1
    return red
