"""Ukeire: which draws lower the shanten, and how many copies of them are left.

For a 13-tile hand the improving kinds come from
:func:`engine.shape.shanten.improving_tiles` (the best of standard form,
chiitoitsu and kokushi; with melds only the standard form). A kind is
counted with ``4 −`` its copies in the hand (melds included) ``−`` its
copies in ``visible`` (every pond, the other players' melds, the dora
indicators); a kind with no copy left is not listed.

For a 14-tile hand :func:`rank_discards` does the same after each distinct
discard; the discarded tile is gone too, so it is counted against its own
kind (discarding one of three 1m and drawing 1m back can improve the hand,
with one 1m fewer left).

Second-order quality (:class:`Quality`) is kept apart from the plain count,
for discards that leave the hand 1-shanten: for each improving draw, can a
discard then leave a good-shape tenpai (:func:`is_good_shape`: some winning
tile completes a two-sided ryanmen, rather than only kanchan, penchan,
shanpon or tanki), and how many tiles does the best tenpai wait on?

>>> from engine.hand import parse_hand
>>> from engine.tiles import tile_code
>>> result = ukeire(parse_hand("24m68m456p789s115z"))  # two kanchan and a pair
>>> result.shanten, [tile_code(i.tile) for i in result.tiles], result.count
(1, ['3m', '7m'], 8)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.errors import HandError
from engine.hand import Hand
from engine.plural import tiles_word
from engine.shape.decompose import is_standard_complete
from engine.shape.shanten import Improvement, improving_tiles, shanten
from engine.shape.waits import wait_tiles
from engine.text import messages as msg
from engine.text.messages import SHANTEN_NEED_13_OR_14, UKEIRE_TOO_MANY
from engine.tiles import Counts, Tile, tile_code


@dataclass(frozen=True)
class Ukeire:
    """A 13-tile hand's shanten and its improving kinds with copies left (tile order)."""

    shanten: int
    tiles: tuple[Improvement, ...]

    @property
    def count(self) -> int:
        """Copies of improving tiles left to draw, all kinds together."""
        return sum(i.remaining for i in self.tiles)


@dataclass(frozen=True)
class Quality:
    """Second order, for a discard that leaves 1-shanten; all figures are copies of tiles.

    ``draws``: the improving copies (the plain count); ``good_shape``: those
    after which some discard leaves a good-shape tenpai; ``waits``: over the
    improving copies, the sum of the most tiles a tenpai reached by the next
    discard waits on (``waits / draws`` is the average).
    """

    draws: int
    good_shape: int
    waits: int


@dataclass(frozen=True)
class DiscardOption:
    """One discard of a 14-tile hand: the hand's shanten after it and its ukeire."""

    tile: Tile
    shanten: int
    tiles: tuple[Improvement, ...]
    quality: Quality | None = None

    @property
    def count(self) -> int:
        return sum(i.remaining for i in self.tiles)


@dataclass(frozen=True)
class DiscardRanking:
    """The best shanten after a discard, and every distinct discard ranked.

    Order: shanten ascending, then count descending, then tile order (m, p, s,
    z; 1–9) — the plain count only; :attr:`DiscardOption.quality` is for
    whoever wants to weigh shapes.
    """

    shanten: int
    options: tuple[DiscardOption, ...]


def seen_counts(hand: Hand, visible: Sequence[Tile]) -> Counts:
    """Copies the player can see: own hand and melds plus ``visible`` (at most four each)."""
    seen = list(hand.all_counts())
    for tile in visible:
        seen[tile] += 1
    for tile, n in enumerate(seen):
        if n > 4:
            raise HandError(UKEIRE_TOO_MANY.format(tile=tile_code(tile), count=n))
    return tuple(seen)


def ukeire(hand: Hand, visible: Sequence[Tile] = ()) -> Ukeire:
    """Shanten and improving tiles of a 13-tile hand, counting out what is visible.

    >>> from engine.hand import parse_hand
    >>> from engine.tiles import parse_tiles
    >>> hand = parse_hand("23m456p789s11z", ["pon:777z"])  # ryanmen 1-4m
    >>> ukeire(hand).count, ukeire(hand, parse_tiles("1m1m4m").kinds).count
    (8, 5)
    """
    if hand.size != 13:
        raise HandError(SHANTEN_NEED_13_OR_14.format(size=hand.size))
    seen = seen_counts(hand, visible)
    return _ukeire(hand, seen)


def _ukeire(hand: Hand, seen: Counts) -> Ukeire:
    """Ukeire of a 13-tile hand; ``seen``: copies gone, this hand's included."""
    n = shanten(hand).minimum
    if n == 0:
        found = [(t, 4 - seen[t]) for t in wait_tiles(hand)]
    else:
        found = [(i.tile, 4 - seen[i.tile]) for i in improving_tiles(hand)]
    return Ukeire(n, tuple(Improvement(t, left) for t, left in found if left > 0))


def rank_discards(
    hand: Hand, visible: Sequence[Tile] = (), quality: bool = False, best_only: bool = False
) -> DiscardRanking:
    """Every distinct discard of a 14-tile hand with its ukeire, best first.

    ``quality`` also computes :class:`Quality` for the discards that leave
    the best shanten when it is 1. ``best_only`` counts the improving tiles
    only of the discards that leave the best shanten (the others keep their
    shanten and no tiles): a game review asks this of every discard, and
    the count of a slower discard is what costs most and is never read.

    >>> from engine.hand import parse_hand
    >>> from engine.tiles import tile_code
    >>> ranking = rank_discards(parse_hand("2356m13p456789s11z"), quality=True)
    >>> [(tile_code(o.tile), o.count, o.quality.good_shape) for o in ranking.options[:5]]
    [('2m', 12, 4), ('3m', 12, 4), ('5m', 12, 4), ('6m', 12, 4), ('1p', 12, 12)]

    Twelve tiles each, but after cutting 1p every one of them allows a
    ryanmen tenpai; after cutting 2m only 2p does (else the 13p kanchan stays).
    """
    if hand.size != 14:
        raise HandError(SHANTEN_NEED_13_OR_14.format(size=hand.size))
    seen = seen_counts(hand, visible)
    kept = {tile: hand.without_tile(tile) for tile in range(34) if hand.concealed[tile]}
    first = {tile: shanten(rest).minimum for tile, rest in kept.items()} if best_only else {}
    lowest = min(first.values(), default=0)
    options = []
    for tile, rest in kept.items():
        if best_only and first[tile] > lowest:
            options.append(DiscardOption(tile, first[tile], ()))
            continue
        after = _ukeire(rest, seen)
        options.append(DiscardOption(tile, after.shanten, after.tiles))
    best = min(o.shanten for o in options)
    if quality and best == 1:
        options = [
            DiscardOption(o.tile, o.shanten, o.tiles, _quality(hand, o, seen))
            if o.shanten == 1 else o
            for o in options
        ]
    options.sort(key=lambda o: (o.shanten, -o.count, o.tile))
    return DiscardRanking(best, tuple(options))


def _quality(hand: Hand, option: DiscardOption, seen: Counts) -> Quality:
    """Second order of a discard leaving 1-shanten: the tenpai each improving draw allows."""
    rest = hand.without_tile(option.tile)
    good = waits = 0
    for improvement in option.tiles:
        drawn = rest.with_tile(improvement.tile)
        k = improvement.tile
        after = seen[:k] + (seen[k] + 1,) + seen[k + 1 :]  # the drawn copy is gone too
        any_good = False
        most = 0
        for tile in range(34):
            if not drawn.concealed[tile] or tile == improvement.tile:
                continue
            tenpai = drawn.without_tile(tile)
            tiles = wait_tiles(tenpai)
            if not tiles:
                continue
            most = max(most, sum(max(0, 4 - after[t]) for t in tiles))
            any_good = any_good or is_good_shape(tenpai, tiles)
        good += improvement.remaining if any_good else 0
        waits += improvement.remaining * most
    return Quality(option.count, good, waits)


def is_good_shape(hand: Hand, waits: Sequence[Tile] | None = None) -> bool:
    """Is this tenpai a good shape: does a winning tile complete a ryanmen in some reading?

    ``waits``: the hand's winning tiles, if already known.

    >>> from engine.hand import parse_hand
    >>> is_good_shape(parse_hand("34m456p789s11222z"))  # ryanmen 2-5m
    True
    >>> is_good_shape(parse_hand("35m456p789s11222z"))  # kanchan
    False
    >>> is_good_shape(parse_hand("12m456p789s11222z"))  # penchan
    False
    """
    counts = hand.concealed
    for tile in wait_tiles(hand) if waits is None else waits:
        if tile >= 27:
            continue
        base, n = tile - tile % 9, tile % 9
        for a, b in _ryanmen_shapes(n):
            a, b = base + a, base + b
            if counts[a] and counts[b] and _complete_without(counts, a, b):
                return True
    return False


def _ryanmen_shapes(n: int) -> tuple[tuple[int, int], ...]:
    """Two-tile shapes for which index ``n`` is a ryanmen wait (not penchan 12 or 89)."""
    shapes: list[tuple[int, int]] = []
    if n <= 5:
        shapes.append((n + 1, n + 2))
    if n >= 3:
        shapes.append((n - 2, n - 1))
    return tuple(shapes)


def _complete_without(counts: Counts, a: Tile, b: Tile) -> bool:
    """Are the counts less one ``a`` and one ``b`` sets and a pair?"""
    rest = list(counts)
    rest[a] -= 1
    rest[b] -= 1
    return is_standard_complete(tuple(rest))


def describe_discard(option: DiscardOption) -> str:
    """One discard in Russian: shanten after it, improving tiles and count, then the second order.

    >>> from engine.hand import parse_hand
    >>> best = rank_discards(parse_hand("2356m13p456789s11z"), quality=True).options[4]
    >>> print(describe_discard(best))
    Сброс 1p: 1-шантен, улучшают 1m, 4m, 7m — всего 12 тайлов. Из них 12 позволяют \
выйти в темпай с хорошей формой (рянмен); в среднем такой темпай ждёт 9 тайлов.
    """
    shanten_text = msg.shanten_short(option.shanten)
    tile = tile_code(option.tile)
    if not option.tiles:
        return msg.UKEIRE_DISCARD_NONE.format(tile=tile, shanten=shanten_text)
    text = msg.UKEIRE_DISCARD.format(
        tile=tile,
        shanten=shanten_text,
        tiles=", ".join(tile_code(i.tile) for i in option.tiles),
        count=tiles_word(option.count),
    )
    quality = option.quality
    if quality is None or not quality.draws:
        return text
    tenths = round(10 * quality.waits / quality.draws)
    # A fraction takes the genitive singular («6,5 тайла»), a whole number agrees as usual.
    whole, tenth = divmod(tenths, 10)
    average = f"{whole},{tenth} тайла" if tenth else tiles_word(whole)
    return text + " " + msg.UKEIRE_QUALITY.format(good=quality.good_shape, average=average)
