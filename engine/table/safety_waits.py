"""Which waits remain possible on one tile against one riichi, and the deal-in rate they add up to.

A suited tile ``n`` can be won on by:

* a ryanmen from each side: ``n+1 n+2`` (other tile ``n+3``) and ``n-2 n-1``
  (other tile ``n-3``) — 4, 5, 6 have two sides, the others one;
* a kanchan ``n-1 n+1`` (2–8), a penchan ``1 2`` (on 3) or ``8 9`` (on 7);
* a shanpon (two copies still unseen) or a tanki (one unseen).

A ryanmen side is *closed* when its other tile is safe against him (his
pond or passed after his riichi: the wait would be furiten — suji) or when
all four copies of one of its shape tiles are visible (kabe); *one-chance*
when three are; the suji of the riichi declaration tile alone leaves it
priced as open (Riichi Book 1, see :mod:`engine.table.safety_rates`).

The rate is the published figure of the tile's class
(:data:`engine.table.safety_rates.RATES`): the all-closed figure of its number
(suji 1/9, 2/8, 3/7, 4/6, 5) plus, for each open side, the step the table
shows from suji to half-suji to non-suji; a one-chance side counts half open.
Where walls kill the kanchan and penchan too, only pair waits remain, priced
by the unseen copies as honours are.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from engine.table.safety_rates import rate
from engine.tiles import Counts, Tile

KABE, ONE = 4, 3  # copies of a shape tile that close a side / nearly close it


class Side(Enum):
    """The state of one ryanmen side; ``openness`` is how much of its danger remains."""

    SUJI = "suji"
    KABE = "kabe"
    ONE_CHANCE = "one_chance"
    RIICHI_SUJI = "riichi_suji"
    OPEN = "open"

    @property
    def openness(self) -> float:
        # By identity: an enum's ``value`` is a descriptor call, and this is read per side.
        if self is Side.SUJI or self is Side.KABE:
            return 0.0
        return 0.5 if self is Side.ONE_CHANCE else 1.0


@dataclass(frozen=True)
class RyanmenSide:
    """A two-tile shape waiting on the tile: its shape (indices 0–8) and the other wait."""

    first: int
    second: int
    other: int
    state: Side
    outer: bool  # the side towards the terminal (1-4 for a 4, 6-9 for a 6)
    wall: int  # the shape tile with more copies visible (named when it walls the side)


@dataclass(frozen=True)
class Waits:
    """Every wait shape on a suited tile, with its state; ``unseen``: copies not visible."""

    tile: Tile
    sides: tuple[RyanmenSide, ...]
    kanchan: bool
    penchan: bool
    unseen: int
    tedashi: bool = False  # the distrusted suji is the last tedashi's, not the riichi tile's
    drawn_riichi: Tile | None = None  # the riichi tile, when it was tsumogiri

    @property
    def number(self) -> int:
        return self.tile % 9

    @property
    def bad_shapes(self) -> int:
        return int(self.kanchan) + int(self.penchan)


def analyse(tile: Tile, safe: frozenset[Tile], riichi_tile: Tile | None, seen: Counts, *,
            tedashi: bool = False, drawn_riichi: Tile | None = None) -> Waits:
    """The wait shapes on a suited ``tile``; ``safe``: his pond but the riichi tile, and passed.

    ``riichi_tile``: the tile whose suji is distrusted — the riichi tile, or
    with ``tedashi`` his last tedashi before a tsumogiri riichi tile
    (``drawn_riichi``, then counted in ``safe``); see
    :func:`engine.table.safety.trap_index`.
    """
    base, n = tile - tile % 9, tile % 9
    shapes = []
    if n <= 5:
        shapes.append((n + 1, n + 2, n + 3))
    if n >= 3:
        shapes.append((n - 2, n - 1, n - 3))
    sides = tuple(
        RyanmenSide(a, b, other, _state(base, a, b, other, safe, riichi_tile, seen),
                    other in (0, 8), a if seen[base + a] >= seen[base + b] else b)
        for a, b, other in shapes
    )
    alive = [seen[base + i] < KABE for i in range(9)]
    kanchan = 1 <= n <= 7 and alive[n - 1] and alive[n + 1]
    penchan = (n == 2 and alive[0] and alive[1]) or (n == 6 and alive[7] and alive[8])
    return Waits(tile, sides, kanchan, penchan, 4 - seen[tile], tedashi, drawn_riichi)


def _state(base: int, a: int, b: int, other: int, safe: frozenset[Tile],
           riichi_tile: Tile | None, seen: Counts) -> Side:
    if base + other in safe:
        return Side.SUJI
    most = max(seen[base + a], seen[base + b])
    if most >= KABE:
        return Side.KABE
    if base + other == riichi_tile:
        return Side.RIICHI_SUJI
    return Side.ONE_CHANCE if most == ONE else Side.OPEN


def pair_rate(unseen: int, turn: int) -> float:
    """Only a shanpon or a tanki can wait on the tile: priced by its unseen copies.

    None unseen: nothing can wait on it; one: only a tanki (the last-copy
    honour figure); more: the suji terminal figure, the class with only pair
    waits left.
    """
    if unseen <= 0:
        return 0.0
    if unseen == 1:
        return rate("guest_1", turn)
    if unseen == 2:
        return min(rate("guest_2", turn), rate("suji_19", turn))
    return rate("suji_19", turn)


_CLOSED = ("suji_19", "suji_28", "suji_37", "suji_46", "suji_5")
_OPEN = ("nosuji_19", "nosuji_28", "nosuji_37", "nosuji_46", "nosuji_5")


def _closed_rate(w: Waits, fold: int, turn: int) -> float:
    """The rate with every ryanmen side closed, from the kanchan and penchan still alive."""
    if w.bad_shapes == 0:
        return pair_rate(w.unseen, turn)
    if fold == 2 and w.bad_shapes == 1:
        return rate("suji_28", turn)  # one bad shape left, as a 2/8 has
    return rate(_CLOSED[fold], turn)


def suited_rate(w: Waits, turn: int) -> float:
    """The deal-in % of a suited tile: closed figure plus the step of each open side."""
    fold = min(w.number, 8 - w.number)
    closed = _closed_rate(w, fold, turn)
    suji, nosuji = rate(_CLOSED[fold], turn), rate(_OPEN[fold], turn)
    if len(w.sides) == 1:
        return closed + w.sides[0].state.openness * (nosuji - suji)
    outer = next(s for s in w.sides if s.outer) if fold == 3 else w.sides[0]
    inner = next(s for s in w.sides if s is not outer)
    if fold == 3:
        outer_step = rate("halfsuji_46_inner", turn) - suji  # inner closed, outer open
        inner_step = rate("halfsuji_46_outer", turn) - suji
    else:
        outer_step = inner_step = rate("halfsuji_5", turn) - suji
    o, i = outer.state.openness, inner.state.openness
    both = nosuji - suji - outer_step - inner_step  # the table's extra when both are open
    return closed + o * outer_step + i * inner_step + o * i * both


def open_sides(w: Waits) -> Sequence[RyanmenSide]:
    return [s for s in w.sides if s.state.openness > 0]
