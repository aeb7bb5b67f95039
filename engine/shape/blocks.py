"""Typed pieces of a decomposed hand: blocks, decompositions and wait shapes.

These frozen values are shared by the structure code (:mod:`engine.shape.decompose`,
waits, shanten) and the scoring code (yaku, fu), so both read a hand the same
way. Nothing here parses or prints strings.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from engine.melds import Meld, MeldKind
from engine.tiles import Tile


class BlockKind(Enum):
    SHUNTSU = "shuntsu"  # sequence, e.g. 345p
    KOUTSU = "koutsu"  # triplet
    KANTSU = "kantsu"  # quad (always from a meld)
    TOITSU = "toitsu"  # pair


class Form(Enum):
    STANDARD = "standard"  # four sets and a pair
    CHIITOITSU = "chiitoitsu"  # seven different pairs
    KOKUSHI = "kokushi"  # thirteen orphans


class WaitKind(Enum):
    RYANMEN = "ryanmen"  # two-sided: 34 waiting on 2 or 5
    KANCHAN = "kanchan"  # closed: 24 waiting on 3
    PENCHAN = "penchan"  # edge: 12 waiting on 3, 89 waiting on 7
    SHANPON = "shanpon"  # two pairs, one becomes a triplet
    TANKI = "tanki"  # single tile waiting for its pair
    CHIITOITSU_TANKI = "chiitoitsu_tanki"  # the seventh pair of chiitoitsu
    KOKUSHI_SINGLE = "kokushi_single"  # kokushi missing one kind
    KOKUSHI_13 = "kokushi_13"  # kokushi with all 13 kinds, waiting on any of them

    @property
    def fu(self) -> int:
        """Wait fu: 2 for kanchan, penchan and tanki; 0 otherwise (chiitoitsu is fixed 25)."""
        return 2 if self in (WaitKind.KANCHAN, WaitKind.PENCHAN, WaitKind.TANKI) else 0


_KIND_ORDER = {BlockKind.TOITSU: 0, BlockKind.SHUNTSU: 1, BlockKind.KOUTSU: 2, BlockKind.KANTSU: 3}


@dataclass(frozen=True)
class Block:
    """A set or pair. ``tile`` is its lowest kind; ``meld`` is set for called/declared sets."""

    tile: Tile
    kind: BlockKind
    meld: Meld | None = None

    def sort_key(self) -> tuple[int, int, int]:
        """Canonical order: by tile, then pair/sequence/triplet/quad, hand sets before melds."""
        return (self.tile, _KIND_ORDER[self.kind], self.meld is not None)

    @property
    def tiles(self) -> tuple[Tile, ...]:
        if self.kind is BlockKind.SHUNTSU:
            return (self.tile, self.tile + 1, self.tile + 2)
        size = {BlockKind.KOUTSU: 3, BlockKind.KANTSU: 4, BlockKind.TOITSU: 2}[self.kind]
        return (self.tile,) * size

    @property
    def opened(self) -> bool:
        """Called from another player's discard (ankan and hand sets are closed)."""
        return self.meld is not None and self.meld.opened

    @property
    def is_triplet_like(self) -> bool:
        """Triplet or quad (koutsu/kantsu): what toitoi, sanankou, yakuhai count."""
        return self.kind in (BlockKind.KOUTSU, BlockKind.KANTSU)

    @classmethod
    def from_meld(cls, meld: Meld) -> Block:
        if meld.kind is MeldKind.CHI:
            kind = BlockKind.SHUNTSU
        elif meld.kind is MeldKind.PON:
            kind = BlockKind.KOUTSU
        else:
            kind = BlockKind.KANTSU
        return cls(meld.tiles[0], kind, meld)


@dataclass(frozen=True, init=False)
class Decomposition:
    """One reading of a complete hand.

    STANDARD: ``sets`` holds four sets (melds included, as blocks with ``meld``
    set) and ``pair`` the pair's kind. CHIITOITSU: ``pairs`` holds seven kinds,
    ``sets`` is empty. KOKUSHI: ``pair`` is the doubled kind.
    """

    form: Form
    sets: tuple[Block, ...] = ()
    pair: Tile | None = None
    pairs: tuple[Tile, ...] = ()

    def __init__(
        self, form: Form, sets: tuple[Block, ...] = (), pair: Tile | None = None,
        pairs: tuple[Tile, ...] = (),
    ) -> None:
        # Written out, not generated: compiled, this __init__ is C (engine/__init__.py).
        object.__setattr__(self, "form", form)
        object.__setattr__(self, "sets", sets)
        object.__setattr__(self, "pair", pair)
        object.__setattr__(self, "pairs", pairs)

    @property
    def blocks(self) -> tuple[Block, ...]:
        """Every block incl. the pair(s), for code that walks all of them."""
        if self.form is Form.CHIITOITSU:
            return tuple(Block(t, BlockKind.TOITSU) for t in self.pairs)
        if self.pair is None or self.form is Form.KOKUSHI:
            return self.sets
        return (*self.sets, Block(self.pair, BlockKind.TOITSU))


@dataclass(frozen=True, init=False)
class Arrangement:
    """A decomposition read with the winning tile in one particular block.

    ``win_block`` is the concealed block the winning tile completed (the pair
    for tanki, the triplet for shanpon, the sequence for ryanmen/kanchan/
    penchan); ``None`` for chiitoitsu and kokushi.
    """

    decomposition: Decomposition
    win_tile: Tile
    wait: WaitKind
    win_block: Block | None

    def __init__(
        self, decomposition: Decomposition, win_tile: Tile, wait: WaitKind, win_block: Block | None
    ) -> None:
        # Written out, not generated: compiled, this __init__ is C (engine/__init__.py).
        object.__setattr__(self, "decomposition", decomposition)
        object.__setattr__(self, "win_tile", win_tile)
        object.__setattr__(self, "wait", wait)
        object.__setattr__(self, "win_block", win_block)
