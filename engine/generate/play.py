"""Seeded problems for «Сколько тайлов улучшат руку?» (``ukeire``) and «Самый безопасный
сброс» (``safety``), built to look like a moment of a real game.

Both start from a table: a pool of 136 tiles of which each kind has four
copies, from which every hand, pond and indicator is taken, so nothing on
the table exceeds four copies. Ponds follow the usual shape of a real game:
the first discards are mostly honours and terminals (the tiles a hand has
no use for), the middle tiles come later (:func:`pond`).

Levels:

=========  =============================  ============================  =========================
kind       novice                         player                        master
=========  =============================  ============================  =========================
ukeire     tenpai or 1-shanten, 1–3       1-shanten, 3–6 improving      1–2-shanten, 5+ kinds,
           improving kinds, a short       kinds, ponds of turn 6–9,     ponds of turn 9–13, at
           pond (turn 4–6)                some improving copies seen    least 6 copies seen
safety     riichi on discard 6–9, one     riichi on discard 6–12; at    riichi on discard 7–12;
           genbutsu kind in hand          least 60% without genbutsu    at least 70% without
                                          in hand                       genbutsu, four tiers or more
=========  =============================  ============================  =========================

The riichi player holds a real tenpai hand (a complete hand less one tile):
his pond never contains his own winning tiles (he is not furiten), and no
one discards them after the riichi (he would have called ron). The
learner's hand is a complete hand with two or three tiles swapped, as in the
discard problems, holding at most two kinds of the safest tier so that the
choice is a choice.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.errors import HandError
from engine.generate.hands import MAX_TRIES, Builder, build_complete, nearby_tile
from engine.hand import Hand, parse_hand
from engine.shape.shanten import shanten
from engine.shape.ukeire import ukeire
from engine.shape.waits import wait_tiles
from engine.table.safety import Riichi, SafetyTier, hand_safety
from engine.tiles import NUM_KINDS, Tile, tile_code, to_mpsz

SAFETY_SHARE_NO_GENBUTSU: dict[str, float] = {"novice": 0.0, "player": 0.6, "master": 0.7}
# Riichi on the n-th discard (1-based), per level: (lowest, highest).
_RIICHI_TURN: dict[str, tuple[int, int]] = {"novice": (6, 9), "player": (6, 12),
                                            "master": (7, 12)}
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


def _swapped_hand(rng: random.Random, table: Table, swaps: int, size: int) -> Builder | None:
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
    "master": lambda n, kinds: n in (1, 2) and kinds >= 5,
}


def gen_ukeire(rng: random.Random, level: str) -> dict[str, Any]:
    """A 13-tile hand and the tiles visible on the table at a plausible turn."""
    low, high = _UKEIRE_TURN[level]
    for _ in range(MAX_TRIES):
        table = Table.empty()
        b = _swapped_hand(rng, table, 1 if level == "novice" else rng.choice((1, 2)), 13)
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


# --- safety -------------------------------------------------------------------------------

def _riichi_hand(rng: random.Random, table: Table) -> tuple[list[Tile], frozenset[Tile]] | None:
    """The riichi player's tenpai hand and its winning tiles (none of them all used up)."""
    b = build_complete(rng, suits=tuple(rng.sample(range(3), rng.choice((2, 3)))),
                       triplet_rate=0.12, honor_rate=0.08)
    b.concealed.remove(rng.choice(b.concealed))
    hand = parse_hand(to_mpsz(b.concealed), size=13)
    waits = frozenset(wait_tiles(hand))
    counts = hand.concealed
    if not waits or max(counts) > 3 or not all(table.free(t) >= n for t, n in enumerate(counts)):
        return None
    table.place(b.concealed)
    return b.concealed, waits


@dataclass(frozen=True)
class SafetyProblem:
    """A generated safety table before it is written as drill parameters."""

    riichi_pond: list[Tile]
    riichi_at: int  # 1-based
    ponds: list[list[Tile]]  # the three others in turn order after the riichi player; last: yours
    dora: Tile
    hand: list[Tile]

    def riichi(self) -> Riichi:
        r = self.riichi_at - 1
        return Riichi(tuple(self.riichi_pond), r, tuple(t for p in self.ponds for t in p[r:]))

    def visible(self) -> list[Tile]:
        return [*self.riichi_pond, *(t for p in self.ponds for t in p), self.dora]


def _table(rng: random.Random, level: str) -> tuple[SafetyProblem, Table] | None:
    """The riichi player's pond and the others' (the learner's hand still to deal)."""
    table = Table.empty()
    riichi_hand = _riichi_hand(rng, table)
    if riichi_hand is None:
        return None
    _, waits = riichi_hand
    low, high = _RIICHI_TURN[level]
    at = rng.randint(low, high)
    length = at + rng.randint(0, 3)
    riichi_pond = pond(rng, table, length, avoid=waits)
    ponds = [pond(rng, table, n, avoid=waits, avoid_from=at - 1)
             for n in (length, length, length - 1)]
    dora = pond(rng, table, 1, start=8)[0]
    return SafetyProblem(riichi_pond, at, ponds, dora, []), table


def _safety_fits(level: str, want_genbutsu: bool, tiers: Sequence[SafetyTier]) -> bool:
    best = tiers[0]
    correct = sum(1 for t in tiers if t is best)
    has_genbutsu = SafetyTier.GENBUTSU in tiers
    dangerous = any(t in (SafetyTier.MIDDLE_OPEN, SafetyTier.EDGE_OPEN) for t in tiers)
    if correct > 2 or not dangerous or has_genbutsu != want_genbutsu:
        return False
    if not want_genbutsu and best is SafetyTier.PASSED:
        return False  # a passed tile is as good as genbutsu: not the weighing the level asks for
    distinct = len(set(tiers))
    return distinct >= (4 if level == "master" else 3)


HANDS_PER_TABLE = 40


def _replace_genbutsu(rng: random.Random, table: Table, b: Builder,
                      genbutsu: frozenset[Tile]) -> None:
    """Swap each genbutsu tile for a tile near another of the hand (a hand without safe tiles)."""
    for old in [t for t in b.concealed if t in genbutsu]:
        for _try in range(6):
            new = nearby_tile(rng, rng.choice(b.concealed), 0.15)
            if new not in genbutsu and b.counts[new] < 3 and table.free(new) > b.counts[new]:
                b.swap(old, new)
                break


def _deal(rng: random.Random, level: str, want_genbutsu: bool) -> SafetyProblem | None:
    """One table, then learner's hands from the tiles left until one faces the choice."""
    made = _table(rng, level)
    if made is None:
        return None
    problem, table = made
    riichi = problem.riichi()
    visible = problem.visible()
    genbutsu = frozenset(riichi.pond)
    for _ in range(HANDS_PER_TABLE):
        mine = _swapped_hand(rng, table, rng.choice((2, 3)), 14)
        if mine is None:
            continue
        if not want_genbutsu:
            _replace_genbutsu(rng, table, mine, genbutsu)
        if want_genbutsu != any(t in genbutsu for t in mine.concealed):
            continue  # cheap test first
        hand = parse_hand(to_mpsz(mine.concealed), size=14)
        tiers = [s.tier for s in hand_safety(hand, (riichi,), visible)]
        if _safety_fits(level, want_genbutsu, tiers) and shanten(hand).minimum >= 0:
            return SafetyProblem(problem.riichi_pond, problem.riichi_at, problem.ponds,
                                 problem.dora, mine.concealed)
    return None


def gen_safety(rng: random.Random, level: str) -> dict[str, Any]:
    """A riichi at a plausible turn, every pond on the table, and a hand facing the choice."""
    want_genbutsu = rng.random() >= SAFETY_SHARE_NO_GENBUTSU[level]
    for _ in range(MAX_TRIES):
        problem = _deal(rng, level, want_genbutsu)
        if problem is None:
            continue
        return {
            "hand": to_mpsz(problem.hand),
            "melds": [],
            "pond": _codes(problem.riichi_pond),
            "riichi_at": problem.riichi_at,
            "ponds": [_codes(p) for p in problem.ponds],
            "dora": tile_code(problem.dora),
        }
    raise HandError("Не удалось подобрать ситуацию для этого уровня.")


def hand_of(params: dict[str, Any]) -> Hand:
    """The learner's hand of a generated problem (for the tests and the benchmark)."""
    return parse_hand(params["hand"], params.get("melds", []))


GENERATORS: dict[str, Callable[[random.Random, str], dict[str, Any]]] = {
    "ukeire": gen_ukeire,
    "safety": gen_safety,
}
