"""Seeded problems for «Сколько тайлов улучшат руку?» (``ukeire``), built to look like a
moment of a real game; the table pieces here are shared with «Самый безопасный сброс»
(:mod:`engine.generate.safety`).

Both start from a table: a pool of 136 tiles of which each kind has four
copies, from which every hand, pond and indicator is taken, so nothing on
the table exceeds four copies. Ponds follow the usual shape of a real game:
the first discards are mostly honours and terminals (the tiles a hand has
no use for), the middle tiles come later (:func:`pond`).

Levels of ``ukeire``: novice — tenpai or 1-shanten, 1–3 improving kinds, a
short pond (turn 4–6); player — 1-shanten, 3–6 improving kinds, ponds of turn
6–9, some improving copies seen; master — 1–2-shanten, 5–9 kinds, ponds of
turn 9–13, at least 6 copies seen.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.errors import HandError
from engine.generate.hands import MAX_TRIES, Builder, build_complete, nearby_tile
from engine.hand import Hand, parse_hand
from engine.shape.ukeire import ukeire
from engine.tiles import NUM_KINDS, Tile, tile_code, to_mpsz

_UKEIRE_TURN: dict[str, tuple[int, int]] = {"novice": (4, 6), "player": (6, 9),
                                            "master": (9, 13)}
EARLY = 5  # discards that are mostly honours and terminals


def discard_weight(tile: Tile, index: int) -> float:
    """How likely a player throws ``tile`` as his ``index``-th discard (0-based).

    Honours and terminals go first, the middle tiles late: the shape of a
    real pond, which the tests check (:func:`early_share`).
    """
    if tile >= 27:
        return 4.0 if index < EARLY else 0.8
    n = tile % 9
    if n in (0, 8):
        return 3.0 if index < EARLY else 1.0
    if n in (1, 7):
        return 1.5 if index < EARLY else 1.5
    return 0.4 if index < EARLY else 2.2


_BY_STAGE: tuple[tuple[float, ...], tuple[float, ...]] = (
    tuple(discard_weight(t, 0) for t in range(NUM_KINDS)),
    tuple(discard_weight(t, EARLY) for t in range(NUM_KINDS)),
)


def discard_weights(index: int) -> tuple[float, ...]:
    """:func:`discard_weight` of every kind for the ``index``-th discard, computed once."""
    return _BY_STAGE[0] if index < EARLY else _BY_STAGE[1]


def early_share(pond_tiles: Sequence[Tile]) -> float:
    """Share of honours and terminals among the first :data:`EARLY` discards."""
    first = pond_tiles[:EARLY]
    return sum(1 for t in first if t >= 27 or t % 9 in (0, 8)) / max(1, len(first))


@dataclass
class Table:
    """Copies of each kind already placed somewhere (hands, ponds, indicators)."""

    used: list[int]

    @classmethod
    def empty(cls) -> Table:
        return cls([0] * NUM_KINDS)

    def free(self, tile: Tile) -> int:
        return 4 - self.used[tile]

    def place(self, tiles: Sequence[Tile]) -> None:
        for t in tiles:
            self.used[t] += 1


def pond(rng: random.Random, table: Table, length: int, avoid: frozenset[Tile] = frozenset(),
         avoid_from: int = 0, start: int = 0) -> list[Tile]:
    """``length`` discards in order, placed on ``table``; none of ``avoid`` from ``avoid_from``."""
    out: list[Tile] = []
    for i in range(length):
        index = start + i
        kinds = [t for t in range(NUM_KINDS)
                 if table.free(t) > 0 and not (index >= avoid_from and t in avoid)]
        weights = [discard_weight(t, index) * table.free(t) for t in kinds]
        tile = rng.choices(kinds, weights)[0]
        table.place((tile,))
        out.append(tile)
    return out


def _builder_fits(table: Table, b: Builder) -> bool:
    return all(table.free(t) >= n for t, n in enumerate(b.counts))


def swapped_hand(rng: random.Random, table: Table, swaps: int, size: int) -> Builder | None:
    """A closed complete hand cut to ``size`` tiles, ``swaps`` of them replaced by nearby ones."""
    b = build_complete(rng, suits=tuple(rng.sample(range(3), rng.choice((2, 3, 3)))),
                       triplet_rate=0.15, honor_rate=0.1)
    while len(b.concealed) > size:
        old = rng.choice(b.concealed)
        b.concealed.remove(old)
        b.counts[old] -= 1
    for _ in range(swaps):
        old, anchor = rng.choice(b.concealed), rng.choice(b.concealed)
        new = nearby_tile(rng, anchor, 0.25) if rng.random() < 0.7 else rng.randrange(NUM_KINDS)
        if new != old and b.counts[new] < 3:
            b.swap(old, new)
    if max(b.counts) > 3 or not _builder_fits(table, b):
        return None
    return b


def _codes(tiles: Sequence[Tile]) -> str:
    """Tiles in the order given (a pond), as mpsz codes separated by spaces."""
    return " ".join(tile_code(t) for t in tiles)


# --- ukeire ------------------------------------------------------------------------------

_UKEIRE_FITS: dict[str, Callable[[int, int], bool]] = {
    # (shanten, improving kinds) -> fits the level?
    "novice": lambda n, kinds: n in (0, 1) and 1 <= kinds <= 3,
    "player": lambda n, kinds: n == 1 and 3 <= kinds <= 6,
    # Under ten kinds: more is not a table-side skill (review: 27 % had twelve or more).
    "master": lambda n, kinds: n in (1, 2) and 5 <= kinds < 10,
}


def gen_ukeire(rng: random.Random, level: str) -> dict[str, Any]:
    """A 13-tile hand and the tiles visible on the table at a plausible turn."""
    low, high = _UKEIRE_TURN[level]
    for _ in range(MAX_TRIES):
        table = Table.empty()
        b = swapped_hand(rng, table, 1 if level == "novice" else rng.choice((1, 2)), 13)
        if b is None:
            continue
        hand = parse_hand(to_mpsz(b.concealed), size=13)
        plain = ukeire(hand)
        if not _UKEIRE_FITS[level](plain.shanten, len(plain.tiles)):
            continue
        table.place(b.concealed)
        turn = rng.randint(low, high)
        # Three opponents' ponds and the learner's own; a dora indicator.
        seen: list[Tile] = []
        for _seat in range(4):
            seen.extend(pond(rng, table, turn - rng.choice((0, 1))))
        seen.extend(pond(rng, table, 1, start=8))
        counted = ukeire(hand, seen)
        hidden = plain.count - counted.count
        if counted.count == 0 or (level == "master" and hidden < 6) or (
                level == "player" and hidden < 2):
            continue
        return {"hand": to_mpsz(b.concealed), "melds": [], "visible": to_mpsz(seen)}
    raise HandError("Не удалось подобрать руку для этого уровня.")


def hand_of(params: dict[str, Any]) -> Hand:
    """The learner's hand of a generated problem (for the tests and the benchmark)."""
    return parse_hand(params["hand"], params.get("melds", []))


GENERATORS: dict[str, Callable[[random.Random, str], dict[str, Any]]] = {
    "ukeire": gen_ukeire,  # safety: engine.generate.safety
}
