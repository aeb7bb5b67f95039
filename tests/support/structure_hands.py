"""Valid random hands for the structure tests: hypothesis strategies and a seeded generator.

A waiting hand is built like a real one: four sets and a pair (or chiitoitsu
/ kokushi), some sets called as melds, one tile removed, sometimes one more
tile swapped so that noten hands appear too. Four copies per kind are always
respected, melds included. Suits can be narrowed to one so that the
multi-sided one-suit waits the rules single out are common.
"""

from __future__ import annotations

import random

from hypothesis import strategies as st

from engine.hand import Hand
from engine.melds import Meld, MeldKind

KOKUSHI = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def _palette(rng: random.Random) -> list[int]:
    roll = rng.random()
    suit = rng.randrange(3) * 9
    if roll < 0.3:
        return list(range(suit, suit + 9))
    if roll < 0.45:
        return [*range(suit, suit + 9), *range(27, 34)]
    return list(range(34))


def _sets_and_pair(rng: random.Random, counts: list[int]) -> list[tuple[str, int]] | None:
    palette = _palette(rng)
    sets: list[tuple[str, int]] = []
    triplets = rng.choice((0.1, 0.3, 0.6))
    for _ in range(100):
        if len(sets) == 4:
            break
        kind = rng.choice(palette)
        if rng.random() < triplets or kind >= 27 or kind % 9 > 6:
            if counts[kind] <= 1:
                counts[kind] += 3
                sets.append(("tri", kind))
        elif all(counts[kind + i] < 4 for i in range(3)):
            for i in range(3):
                counts[kind + i] += 1
            sets.append(("seq", kind))
    free = [k for k in palette if counts[k] <= 2]
    if len(sets) < 4 or not free:
        return None
    counts[rng.choice(free)] += 2
    return sets


def _call(rng: random.Random, sets: list[tuple[str, int]], counts: list[int]) -> list[Meld]:
    melds: list[Meld] = []
    if rng.random() < 0.55:
        return melds
    for shape, kind in rng.sample(sets, rng.choice((1, 1, 2, 3, 4))):
        if shape == "seq":
            for i in range(3):
                counts[kind + i] -= 1
            melds.append(Meld(MeldKind.CHI, (kind, kind + 1, kind + 2)))
            continue
        counts[kind] -= 3
        if counts[kind] == 0 and rng.random() < 0.4:
            melds.append(Meld(rng.choice((MeldKind.ANKAN, MeldKind.MINKAN)), (kind,) * 4))
        else:
            melds.append(Meld(MeldKind.PON, (kind,) * 3))
    return melds


def complete_hand(rng: random.Random) -> Hand:
    """A valid 14-tile winning hand (any form)."""
    while True:
        counts = [0] * 34
        roll = rng.random()
        if roll < 0.07:
            for kind in rng.sample(_palette(rng) if rng.random() < 0.5 else range(34), 7):
                counts[kind] += 2
            return Hand(tuple(counts))
        if roll < 0.1:
            for kind in KOKUSHI:
                counts[kind] += 1
            counts[rng.choice(KOKUSHI)] += 1
            return Hand(tuple(counts))
        sets = _sets_and_pair(rng, counts)
        if sets is not None:
            melds = _call(rng, sets, counts)
            hand = Hand(tuple(counts), tuple(melds))
            # Turning a triplet into a kan adds a copy: keep only real hands (≤ 4 of a kind).
            if max(hand.all_counts()) <= 4:
                return hand


def waiting_hand(rng: random.Random, noten_share: float = 0.25) -> Hand:
    """A valid 13-tile hand: a complete hand minus a tile, sometimes with a tile swapped."""
    hand = complete_hand(rng)
    counts = list(hand.concealed)
    counts[rng.choice([k for k in range(34) if counts[k]])] -= 1
    if rng.random() < noten_share:
        counts[rng.choice([k for k in range(34) if counts[k]])] -= 1
        held = Hand(tuple(counts), hand.melds).all_counts()
        counts[rng.choice([k for k in range(34) if held[k] < 4])] += 1
    return Hand(tuple(counts), hand.melds)


def random_concealed(rng: random.Random, size: int = 13) -> Hand:
    """Uniformly drawn closed tiles (mostly far from tenpai), for shanten checks."""
    wall = [k for k in range(34) for _ in range(4)]
    if rng.random() < 0.4:
        suit = rng.randrange(3) * 9
        wall = [k for k in wall if suit <= k < suit + 9 or (k >= 27 and rng.random() < 0.3)]
    counts = [0] * 34
    for kind in rng.sample(wall, size):
        counts[kind] += 1
    return Hand(tuple(counts))


seeds = st.integers(min_value=0, max_value=2**32 - 1)
waiting_hands = seeds.map(lambda s: waiting_hand(random.Random(s)))
complete_hands = seeds.map(lambda s: complete_hand(random.Random(s)))
closed_hands = seeds.map(lambda s: random_concealed(random.Random(s)))
