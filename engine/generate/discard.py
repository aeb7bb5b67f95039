"""Seeded «Что сбросить?» problems (nanikiru): 14-tile hands rated discard by discard.

Levels (the table of all three new kinds is in :mod:`engine.generate.graded`):

- novice — one tile from tenpai; one or two discards keep tenpai, each
  waiting on one or two kinds; closed, several suits (goal: tenpai);
- player — two to four discards keep tenpai and together they wait on three
  or more kinds; no isolated tile to throw without reading the shapes; one
  called set allowed (goal: ukeire — the widest wait is right, a close one «почти»);
- master — one or two tiles short of tenpai (1-shanten 60 %, 2-shanten 40 %),
  goal: ukeire (shanten, count, second order), at least eight kinds to
  choose from; no floater in hand, so the best discard is never a lone tile:
  every problem is a shape choice (:func:`lone_answer` checks it).

Novice and player keep at least four wrong discards, master at least three
(discards that leave a higher shanten); no level deals a complete hand or a
concealed four of a kind (that would be a kan, not a discard). Tenpai hands
are a complete hand with one tile swapped for a drawn one; master hands are a
fifth that (with two or three swaps) and the rest built by plan from sets,
partial sets, a pair and tiles next to a block.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.errors import HandError
from engine.generate.hands import (
    MAX_TRIES,
    Builder,
    build_complete,
    melds_param,
    nearby_tile,
    random_set,
    with_red,
)
from engine.hand import Hand, parse_hand
from engine.shape.decompose import is_complete
from engine.shape.shanten import improving_tiles, shanten
from engine.shape.ukeire import rank_discards
from engine.shape.waits import find_waits
from engine.tiles import NUM_KINDS, Counts, Tile, to_mpsz


@dataclass(frozen=True)
class DiscardFacts:
    """What the engine says about every discard of a 14-tile hand (as the drill grades it)."""

    lowest: int  # the lowest shanten any discard leaves
    correct: tuple[Tile, ...]  # the discards that leave it
    distinct: int  # distinct concealed kinds: the learner's choices
    waits: tuple[tuple[Tile, ...], ...]  # per correct discard, when ``lowest`` is tenpai

    @property
    def wrong(self) -> int:
        return self.distinct - len(self.correct)

    @property
    def wait_union(self) -> frozenset[Tile]:
        return frozenset(t for w in self.waits for t in w)


def lone_answer(hand: Hand, counts: Counts) -> bool:
    """Is the best discard by the drill's order (shanten, count, shape) a lone tile?"""
    ranking = rank_discards(hand, quality=True)
    top = min(ranking.options, key=lambda o: (o.shanten, -o.count,
                                               -(o.quality.good_shape if o.quality else 0)))
    return is_lone(top.tile, counts)


def is_lone(tile: Tile, counts: Sequence[int]) -> bool:
    """A single tile with no tile of its suit within two (a single honour is always lone)."""
    if counts[tile] != 1:
        return False
    if tile >= 27:
        return True
    low, high = max(tile - 2, tile - tile % 9), min(tile + 2, tile - tile % 9 + 8)
    return not any(counts[u] for u in range(low, high + 1) if u != tile)


def _minus(counts: Counts, tile: Tile) -> Counts:
    return counts[:tile] + (counts[tile] - 1,) + counts[tile + 1:]


def discard_facts(hand: Hand) -> DiscardFacts:
    """Shanten after each distinct discard; waits of the best ones when they are tenpai.

    >>> f = discard_facts(parse_hand("123m456p789s11557z", size=14))
    >>> f.lowest, [to_mpsz([t]) for t in f.correct], f.wrong
    (0, ['7z'], 11)
    """
    counts = hand.concealed
    after = {t: shanten(Hand(_minus(counts, t), hand.melds)).minimum
             for t in range(NUM_KINDS) if counts[t]}
    lowest = min(after.values())
    correct = tuple(t for t, n in after.items() if n == lowest)
    waits = (tuple(find_waits(Hand(_minus(counts, t), hand.melds)).waits for t in correct)
             if lowest == 0 else ())
    return DiscardFacts(lowest, correct, len(after), waits)


def balanced(hand: Hand, facts: DiscardFacts) -> bool:
    """Do the right discards short of tenpai take in about as many tiles (60% of the best)?

    The drill counts every lowest-shanten discard as right; a master problem is
    dealt only when those discards are also close in tile acceptance, so "right"
    never stands for "far weaker". Costly (ukeire per discard): checked last.
    """
    if facts.lowest == 0:
        return True
    accepted = [sum(i.remaining for i in improving_tiles(Hand(_minus(hand.concealed, t),
                                                               hand.melds)))
                for t in facts.correct]
    return 5 * min(accepted) >= 3 * max(accepted)


def isolated_tiles(counts: Sequence[int]) -> int:
    """Single tiles with no tile of their suit within two (every single honour counts)."""
    alone = 0
    for t, n in enumerate(counts):
        if n != 1:
            continue
        if t >= 27:
            alone += 1
            continue
        low, high = max(t - 2, t - t % 9), min(t + 2, t - t % 9 + 8)
        alone += not any(counts[u] for u in range(low, high + 1) if u != t)
    return alone


# Per level: a cheap test of the tiles first, then the test of the engine's rating.
_SHAPE_FITS: dict[str, Callable[[Counts], bool]] = {
    "novice": lambda c: True,
    "player": lambda c: isolated_tiles(c) == 0,  # every tile has to be read in its shape
    # No floater: the best discard is never a lone tile, so the choice is between shapes.
    "master": lambda c: isolated_tiles(c) == 0,
}
_RATING_FITS: dict[str, Callable[[DiscardFacts], bool]] = {
    "novice": lambda f: (f.lowest == 0 and 1 <= len(f.correct) <= 2
                         and all(len(w) <= 2 for w in f.waits)),
    "player": lambda f: f.lowest == 0 and 2 <= len(f.correct) <= 4 and len(f.wait_union) >= 3,
    # Graded by ukeire: several discards of the lowest shanten are the point of the question.
    "master": lambda f: f.lowest in (1, 2),
}
_MIN_WRONG = 4

# (sets, partial sets, pair, lone tiles, tiles next to a block) of a 14-tile hand 1 or 2
# tiles short of tenpai; no lone tile at master, so every problem is a choice of shapes.
_SHORT_PLANS: tuple[tuple[int, int, int, int, int], ...] = (
    (2, 3, 1, 0, 0), (2, 3, 1, 0, 0),  # 1-shanten, a block too many: which one to drop
    (1, 4, 1, 0, 1), (1, 3, 1, 0, 3), (1, 3, 1, 0, 3),  # 2-shanten, complex shapes
)
# partial sets as offsets from their lowest tile, with weights: ryanmen, kanchan, toitsu
_PARTIALS: tuple[tuple[tuple[int, ...], int], ...] = (((0, 1), 5), ((0, 2), 3), ((0, 0), 2))


def _partial(rng: random.Random, suits: tuple[int, ...]) -> tuple[Tile, ...]:
    shape = rng.choices([s for s, _ in _PARTIALS], [w for _, w in _PARTIALS])[0]
    base = rng.choice(suits) * 9 + rng.randrange(9 - shape[-1])
    return tuple(base + d for d in shape)


def _lone_tile(rng: random.Random, b: Builder, honor_rate: float) -> Tile | None:
    """A tile with nothing of its kind or suit within two in the hand (a floater)."""
    counts = b.counts
    if rng.random() < honor_rate:
        free = [t for t in range(27, NUM_KINDS) if not counts[t]]
    else:
        free = [t for t in range(27) if not any(
            counts[u] for u in range(max(t - 2, t - t % 9), min(t + 2, t - t % 9 + 8) + 1))]
    return rng.choice(free) if free else None


def _short_hand(rng: random.Random) -> Builder | None:
    """A closed hand built by plan: sets, partial sets, maybe a pair, lone and attached tiles."""
    sets, partials, pair, lone, attached = rng.choice(_SHORT_PLANS)
    suits = tuple(rng.sample(range(3), 3))
    b = Builder(rng)
    groups = ([random_set(rng, suits, 0.15, 0.06) for _ in range(sets)]
              + [_partial(rng, suits) for _ in range(partials)])
    if pair:
        tile = rng.choice(suits) * 9 + rng.randrange(9)
        groups.append((tile, tile))
    for tiles in groups:
        if not b.room(tiles):
            return None
        b.take(tiles)
    for _ in range(lone):
        lone_tile = _lone_tile(rng, b, 0.45)
        if lone_tile is None:
            return None
        b.take((lone_tile,))
    for _ in range(attached):
        anchor = rng.choice([t for t in b.concealed if t < 27])
        near = nearby_tile(rng, anchor, 0.0)
        if not b.room((near,)):
            return None
        b.take((near,))
    return b


def _one_off(rng: random.Random, level: str) -> Builder:
    """A complete hand with one tile swapped for a drawn one (tenpai after the right discard)."""
    b = build_complete(rng, suits=tuple(rng.sample(range(3), rng.choice((2, 3, 3)))),
                       triplet_rate=0.2 if level == "player" else 0.12, honor_rate=0.07,
                       open_melds=rng.choice((0, 0, 1)) if level == "player" else 0)
    for _ in range(1 if level != "master" else rng.choice((2, 3))):
        old, anchor = rng.choice(b.concealed), rng.choice(b.concealed)
        new = nearby_tile(rng, anchor, 0.2) if rng.random() < 0.75 else rng.randrange(NUM_KINDS)
        if new != old and b.counts[new] < 4:
            b.swap(old, new)
    return b


def gen_discard(rng: random.Random, level: str) -> dict[str, Any]:
    """«Что сбросить?»: a hand the level's definition accepts, checked discard by discard."""
    far = rng.random() < 0.4  # master: a 2-shanten hand (else 1-shanten)
    for _ in range(MAX_TRIES):
        b = _short_hand(rng) if level == "master" and rng.random() < 0.8 else _one_off(rng, level)
        if b is None:
            continue
        counts = tuple(b.concealed_counts())
        # No four of a kind: it would be a kan, not a discard question.
        if max(counts) > 3 or not _SHAPE_FITS[level](counts):
            continue
        melds = melds_param(b)
        hand = parse_hand(to_mpsz(b.concealed), melds, size=14)
        if is_complete(hand):
            continue
        facts = discard_facts(hand)
        # Master is graded by ukeire, so lowest-shanten discards may be many: what counts is
        # a choice among at least eight kinds.
        enough = (facts.distinct >= 8 and facts.wrong >= 3 and facts.lowest == 1 + far
                  if level == "master" else facts.wrong >= _MIN_WRONG)
        if enough and _RATING_FITS[level](facts) and (level == "master" or balanced(hand, facts)):
            red = 0.0 if level == "novice" else 0.25
            return {"hand": with_red(rng, b.concealed, red), "melds": melds,
                    "goal": "tenpai" if level == "novice" else "ukeire"}
    raise HandError("Не удалось подобрать руку для этого уровня.")
