"""Furiten: may this tenpai hand win by ron, and if not, which tiles are to blame.

The rules (seed 000; docs/rulesets.md rows «Furiten (general)» and «Riichi
furiten»):

* ``discard`` — permanent furiten: a tile of the hand's wait lies in the
  player's own discard pond. It lasts as long as the wait includes that tile.
* ``temporary`` — a winning tile was discarded by someone since the player's
  own last draw and ron was not called; it ends with the next draw.
* ``riichi`` — after riichi a winning tile was passed; the wait cannot
  change, so it lasts to the end of the hand.

In every case tsumo is still allowed, and ron is forbidden on *every* wait,
not only on the tile that caused it. Furiten depends on the shape's waits
(all tiles that complete the hand, four-copy rule applied), never on whether
the win would have a yaku. A hand that is not tenpai is never furiten.

>>> from engine.hand import parse_hand
>>> from engine.tiles import parse_tiles
>>> hand = parse_hand("23p456789m123s55z", size=13)   # waits 1p and 4p
>>> r = check_furiten(hand, discards=parse_tiles("4p9s").kinds)
>>> r.furiten, [(x.kind.value, x.tiles) for x in r.reasons]
(True, [('discard', (12,))])
>>> can_ron(r, 9)   # 1p is a wait too, yet furiten forbids ron on it
False
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from engine.errors import HandError
from engine.hand import Hand
from engine.shape.waits import find_waits
from engine.text.messages import (
    BAD_TILE_KIND,
    FURITEN_EXPLANATIONS,
    FURITEN_NAMES,
    FURITEN_NONE,
    FURITEN_NOT_TENPAI,
    FURITEN_TILE_WORDS,
)
from engine.tiles import Tile, tile_name

__all__ = ["FuritenKind", "FuritenReason", "FuritenResult", "can_ron", "check_furiten"]


class FuritenKind(Enum):
    """Why ron is forbidden (seed 000; docs/rulesets.md, rows «Furiten», «Riichi furiten»)."""

    DISCARD = "discard"  # a wait is in the own discard pond: permanent while the wait stays
    TEMPORARY = "temporary"  # a winning tile was passed since the own last draw
    RIICHI = "riichi"  # a winning tile was passed after riichi: lasts the whole hand


@dataclass(frozen=True)
class FuritenReason:
    """One kind of furiten and the wait tiles (sorted, distinct) that caused it."""

    kind: FuritenKind
    tiles: tuple[Tile, ...]

    @property
    def name(self) -> str:
        """Russian name, e.g. «временный фуритен»."""
        return FURITEN_NAMES[self.kind.value]

    @property
    def explanation(self) -> str:
        """Russian sentence naming the responsible tiles."""
        names = ", ".join(tile_name(t) for t in self.tiles)
        what = FURITEN_TILE_WORDS[0 if len(self.tiles) == 1 else 1]
        return FURITEN_EXPLANATIONS[self.kind.value].format(what=what, tiles=names)


@dataclass(frozen=True)
class FuritenResult:
    """Tenpai, waits and furiten; ``reasons`` are in DISCARD, TEMPORARY, RIICHI order."""

    tenpai: bool
    waits: tuple[Tile, ...]
    reasons: tuple[FuritenReason, ...] = ()

    @property
    def furiten(self) -> bool:
        return bool(self.reasons)

    @property
    def kinds(self) -> tuple[FuritenKind, ...]:
        return tuple(r.kind for r in self.reasons)

    @property
    def summary(self) -> str:
        """Russian explanation of the whole verdict, one sentence per reason."""
        if not self.tenpai:
            return FURITEN_NOT_TENPAI
        if not self.reasons:
            return FURITEN_NONE
        return " ".join(r.explanation for r in self.reasons)


def check_furiten(
    hand: Hand,
    *,
    discards: Iterable[Tile] = (),
    missed: Iterable[Tile] = (),
    riichi: bool = False,
    missed_since_riichi: Iterable[Tile] = (),
) -> FuritenResult:
    """Furiten of a 13-tile hand.

    ``discards`` is the own pond; ``missed`` the tiles others discarded since
    the own last draw (not called ron on); ``missed_since_riichi`` the tiles
    passed since the own riichi, which count only when ``riichi`` is true.
    """
    sources = (
        (FuritenKind.DISCARD, _kinds(discards)),
        (FuritenKind.TEMPORARY, _kinds(missed)),
        (FuritenKind.RIICHI, _kinds(missed_since_riichi) if riichi else _NONE),
    )
    waits = find_waits(hand).waits
    if not waits:
        return FuritenResult(False, ())
    reasons = tuple(
        FuritenReason(kind, tuple(t for t in waits if t in seen))
        for kind, seen in sources
        if not seen.isdisjoint(waits)
    )
    return FuritenResult(True, waits, reasons)


def can_ron(result: FuritenResult, tile: Tile) -> bool:
    """May the hand win on ``tile`` discarded by someone else? A wait, and no furiten."""
    return tile in result.waits and not result.furiten


_NONE: frozenset[Tile] = frozenset()
_INT = frozenset({int})


def _kinds(tiles: Iterable[Tile]) -> frozenset[Tile]:
    """Validate tile kinds (ints 0–33); a bad value is a :class:`HandError`.

    Plain ints in range (every batch request) are checked by C-level
    ``map``/``min``/``max`` over the tuple; anything else is walked value by
    value, so the first bad value is the one the message names.
    """
    items = tiles if type(tiles) is tuple else tuple(tiles)
    if not items:
        return _NONE
    if _INT.issuperset(map(type, items)) and min(items) >= 0 and max(items) < 34:
        return frozenset(items)
    for value in items:
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 34:
            raise HandError(BAD_TILE_KIND.format(value=value))
    return frozenset(items)
