"""Building blocks of the practice generators: realistic hands assembled set by set.

Shared by :mod:`engine.generate` (waits, shanten, dora, furiten, fu, han,
payment) and :mod:`engine.generate.graded` (discard, complete, yaku). A hand is
built the way real hands look — mostly sequences, a few triplets, honour tiles
now and then — never drawn as random tile soup; every builder keeps each kind
at four copies at most, because the result must be a hand a real set of tiles
can hold.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from engine.errors import HandError
from engine.melds import MeldKind
from engine.tiles import FIVES, NUM_KINDS, Tile, dora_from_indicator, to_mpsz

MAX_TRIES = 400
KAN_KINDS = (MeldKind.ANKAN, MeldKind.MINKAN, MeldKind.SHOUMINKAN)


@dataclass
class Builder:
    """Tiles in use (concealed + melds) while a hand is being assembled."""

    rng: random.Random
    counts: list[int] = field(default_factory=lambda: [0] * NUM_KINDS)
    concealed: list[Tile] = field(default_factory=list)
    melds: list[tuple[MeldKind, tuple[Tile, ...]]] = field(default_factory=list)

    def room(self, tiles: tuple[Tile, ...]) -> bool:
        need = [0] * NUM_KINDS
        for t in tiles:
            need[t] += 1
        return all(self.counts[t] + need[t] <= 4 for t in set(tiles))

    def take(self, tiles: tuple[Tile, ...], meld: MeldKind | None = None) -> None:
        for t in tiles:
            self.counts[t] += 1
        if meld is None:
            self.concealed.extend(tiles)
        else:
            self.melds.append((meld, tiles))

    def swap(self, old: Tile, new: Tile) -> None:
        """Replace one concealed ``old`` by ``new`` (the caller checks there is room)."""
        self.concealed.remove(old)
        self.counts[old] -= 1
        self.concealed.append(new)
        self.counts[new] += 1

    def concealed_counts(self) -> list[int]:
        counts = [0] * NUM_KINDS
        for t in self.concealed:
            counts[t] += 1
        return counts


def random_set(rng: random.Random, suits: tuple[int, ...], triplet_rate: float,
               honor_rate: float) -> tuple[Tile, ...]:
    """A set that looks like one from a real game."""
    if rng.random() < honor_rate:
        return (rng.randrange(27, 34),) * 3
    suit = rng.choice(suits)
    if rng.random() < triplet_rate:
        return (suit * 9 + rng.randrange(9),) * 3
    start = suit * 9 + rng.randrange(7)
    return (start, start + 1, start + 2)


def build_complete(rng: random.Random, *, suits: tuple[int, ...], triplet_rate: float,
                   honor_rate: float, open_melds: int = 0, kans: int = 0) -> Builder:
    """Four sets and a pair; ``open_melds`` of the sets are called, ``kans`` are kans."""
    for _ in range(MAX_TRIES):
        b = Builder(rng)
        pair_tile = (rng.randrange(27, 34) if rng.random() < honor_rate * 1.5
                     else rng.choice(suits) * 9 + rng.randrange(9))
        b.take((pair_tile, pair_tile))
        ok = True
        for i in range(4):
            meld_kind: MeldKind | None = None
            if i < kans:
                tile = (rng.randrange(27, 34) if rng.random() < 0.4
                        else rng.choice(suits) * 9 + rng.randrange(9))
                tiles: tuple[Tile, ...] = (tile,) * 4
                meld_kind = rng.choice(KAN_KINDS)
            else:
                tiles = random_set(rng, suits, triplet_rate, honor_rate)
                if i < kans + open_melds:
                    meld_kind = MeldKind.PON if tiles[0] == tiles[1] else MeldKind.CHI
            if not b.room(tiles):
                ok = False
                break
            b.take(tiles, meld_kind)
        if ok:
            return b
    raise HandError("Не удалось построить руку: слишком строгие условия.")


def melds_param(b: Builder) -> list[str]:
    """The melds as a lesson block writes them: ``["pon 555z", "chi 123p"]``."""
    return [f"{kind.value} {to_mpsz(tiles)}" for kind, tiles in b.melds]


def with_red(rng: random.Random, tiles: list[Tile], chance: float) -> str:
    """Print concealed tiles, turning each five red with ``chance`` (one per suit)."""
    flags = [False] * len(tiles)
    used: set[Tile] = set()
    for i, t in enumerate(tiles):
        if t in FIVES and t not in used and rng.random() < chance:
            flags[i] = True
            used.add(t)
    return to_mpsz(tiles, flags)


def spare_tile(rng: random.Random, b: Builder) -> Tile:
    """A random kind of which fewer than four copies are in use, now taken (an indicator)."""
    tile = rng.randrange(NUM_KINDS)
    while b.counts[tile] >= 4:
        tile = rng.randrange(NUM_KINDS)
    b.counts[tile] += 1
    return tile


# indicator of each dora: the inverse of dora_from_indicator
INDICATOR_OF: dict[Tile, Tile] = {dora_from_indicator(t): t for t in range(NUM_KINDS)}


def nearby_tile(rng: random.Random, tile: Tile, honor_rate: float) -> Tile:
    """A tile a player could plausibly hold next to ``tile``: same suit within two, or an honour."""
    if tile >= 27 or rng.random() < honor_rate:
        return rng.randrange(27, 34)
    suit, number = divmod(tile, 9)
    options = [n for n in range(number - 2, number + 3) if 0 <= n <= 8 and n != number]
    return suit * 9 + rng.choice(options)
