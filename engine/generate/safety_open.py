"""An opponent with calls for «Самый безопасный сброс» (master): his hand first, then his pond.

His ready hand is dealt first with two or three of its sets called, in one of
three styles whose calls the danger model reads (:mod:`engine.table.safety_open`):
a flush (one suit and honours), pons only (toitoi), or an ordinary hand
(two or three suits, mostly runs). His pond is then played towards it by
:func:`engine.generate.safety.play_ponds`: tiles next to his blocks rarely,
his winning tiles never (he is not furiten), and from his last turns on
nobody throws a winning tile of his (he would have called ron).

>>> import random
>>> from engine.generate.play import Table
>>> made = open_hand(random.Random(3), Table.empty())
>>> made is not None and 2 <= len(made.melds) <= 3 and len(made.concealed) + 3 * len(made.melds)
13
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

from engine.errors import HandError
from engine.generate.hands import Builder, build_complete, nearby_tile
from engine.generate.play import Table, swapped_hand
from engine.hand import parse_hand
from engine.melds import Meld
from engine.shape.waits import wait_tiles
from engine.tiles import Tile, to_mpsz

OPEN_SHARE: Final = 0.25
"""Master: the share of problems with an opponent with calls besides the riichi."""
READY_TURNS: Final = 3
"""From this many turns before the end he is ready: nobody throws his winning tile."""

# Style -> (suits, triplet rate, honour rate).
_STYLES: Final[dict[str, tuple[int, float, float]]] = {
    "flush": (1, 0.3, 0.35),
    "toitoi": (2, 1.0, 0.2),
    "ordinary": (3, 0.15, 0.1),
}


@dataclass(frozen=True)
class OpenDeal:
    """His 13 tiles: the concealed ones, the called sets, and his winning tiles."""

    concealed: tuple[Tile, ...]
    melds: tuple[Meld, ...]
    waits: frozenset[Tile]


def open_hand(rng: random.Random, table: Table) -> OpenDeal | None:
    """A ready hand with two or three calls, placed on the table; ``None`` if it does not fit."""
    style = rng.choice(tuple(_STYLES))
    suits, triplets, honours = _STYLES[style]
    try:
        b = build_complete(rng, suits=tuple(rng.sample(range(3), suits)), triplet_rate=triplets,
                           honor_rate=honours, open_melds=rng.choice((2, 3)))
    except HandError:
        return None
    b.concealed.remove(rng.choice(b.concealed))
    melds = tuple(Meld(kind, tuple(sorted(tiles))) for kind, tiles in b.melds)
    every = [*b.concealed, *(t for m in melds for t in m.tiles)]
    if not all(table.free(t) >= every.count(t) for t in set(every)):
        return None
    waits = frozenset(wait_tiles(parse_hand(to_mpsz(b.concealed), melds, size=13)))
    if not waits:
        return None
    table.place(every)
    return OpenDeal(tuple(sorted(b.concealed)), melds, waits)


def fitted_hand(rng: random.Random, table: Table, swaps: int, size: int) -> Builder | None:
    """The learner's hand on a crowded table: a played hand, each copy the table lacks moved
    to a nearby kind it still has.

    With a second hand of 13 tiles dealt, a random hand seldom finds every copy
    free (five times in six it did not), and dealing the table again costs
    four times the problem (docs/performance.md); every master table deals
    the learner's hand this way too.
    """
    b = swapped_hand(rng, Table.empty(), swaps, size)
    if b is None:
        return None
    for old in list(b.concealed):
        if b.counts[old] <= table.free(old):
            continue
        for _ in range(8):
            new = nearby_tile(rng, old, 0.1)
            if b.counts[new] < min(table.free(new), 3):
                b.swap(old, new)
                break
        else:
            return None
    return b
