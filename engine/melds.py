"""Called and declared sets (melds): chi, pon, minkan, ankan, shouminkan.

Only :attr:`MeldKind.ANKAN` (a closed kan) keeps the hand closed. ``from_seat``
records who the called tile came from, relative to the caller: 1 = the player
on the left (kamicha, the only one chi may be called from), 2 = across
(toimen), 3 = on the right (shimocha). It matters for drawing the sideways
tile and for rules such as kuikae and pao; it is ``None`` when unknown or for
an ankan.

>>> parse_meld("chi", "0m34m").tiles
(2, 3, 4)
>>> parse_meld("pon", "555z").opened
True
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from engine.errors import HandError
from engine.text import core as text_core
from engine.tiles import Tile, parse_tiles, suit_of, tile_code, to_mpsz


class MeldKind(Enum):
    CHI = "chi"
    PON = "pon"
    MINKAN = "minkan"
    ANKAN = "ankan"
    SHOUMINKAN = "shouminkan"

    @property
    def is_kan(self) -> bool:
        return self in (MeldKind.MINKAN, MeldKind.ANKAN, MeldKind.SHOUMINKAN)


@dataclass(frozen=True)
class Meld:
    """One meld. ``tiles`` are kinds in ascending order (3 for chi/pon, 4 for kans)."""

    kind: MeldKind
    tiles: tuple[Tile, ...]
    red: int = 0
    called: Tile | None = None
    from_seat: int | None = None

    @property
    def opened(self) -> bool:
        """Does this meld open the hand? Every kind but ankan does."""
        return self.kind is not MeldKind.ANKAN

    @property
    def is_kan(self) -> bool:
        return self.kind.is_kan

    @property
    def first(self) -> Tile:
        return self.tiles[0]

    def to_mpsz(self) -> str:
        return to_mpsz(self.tiles, self.red)

    def to_json(self) -> dict[str, str]:
        return {"type": self.kind.value, "tiles": to_mpsz(self.tiles)}


def parse_meld(
    kind: str,
    tiles: str,
    *,
    called: str | None = None,
    from_seat: int | None = None,
) -> Meld:
    """Build a meld from its type name and mpsz tiles, checking that it is a real set."""
    try:
        meld_kind = MeldKind(str(kind).strip().lower())
    except ValueError:
        names = ", ".join(k.value for k in MeldKind)
        raise HandError(text_core.MELD_UNKNOWN_KIND.format(kind=kind, names=names)) from None
    parsed = parse_tiles(tiles)
    kinds = tuple(sorted(parsed.kinds))
    _check_shape(meld_kind, kinds, tiles)
    called_kind: Tile | None = None
    if called is not None:
        called_kind = parse_tiles(called).kinds[0] if called else None
        if called_kind is not None and called_kind not in kinds:
            raise HandError(
                text_core.MELD_CALLED_NOT_IN.format(tile=tile_code(called_kind), tiles=tiles)
            )
    if from_seat is not None:
        if from_seat not in (1, 2, 3):
            raise HandError(text_core.MELD_BAD_SEAT)
        if meld_kind is MeldKind.CHI and from_seat != 1:
            raise HandError(text_core.MELD_CHI_FROM_LEFT)
        if meld_kind is MeldKind.ANKAN:
            raise HandError(text_core.MELD_ANKAN_NOT_CALLED)
    return Meld(meld_kind, kinds, parsed.red_count, called_kind, from_seat)


def _check_shape(kind: MeldKind, kinds: tuple[Tile, ...], text: str) -> None:
    size = 4 if kind.is_kan else 3
    name = text_core.MELD_NAMES[kind.value]
    if len(kinds) != size:
        raise HandError(
            text_core.MELD_BAD_SIZE.format(name=name, size=size, text=text, count=len(kinds))
        )
    if kind is MeldKind.CHI:
        first = kinds[0]
        ok = (
            first < 27
            and suit_of(first) == suit_of(kinds[2])
            and kinds == (first, first + 1, first + 2)
        )
        if not ok:
            raise HandError(text_core.MELD_NOT_CHI.format(text=text))
    elif len(set(kinds)) != 1:
        raise HandError(text_core.MELD_NOT_SAME.format(text=text, name=name))


def meld_from_json(obj: object) -> Meld:
    """``{"type": "pon", "tiles": "555z"}`` (batch contract) to a :class:`Meld`."""
    if not isinstance(obj, dict):
        raise HandError(text_core.MELD_NOT_OBJECT)
    kind, tiles = obj.get("type"), obj.get("tiles")
    if not isinstance(kind, str) or not isinstance(tiles, str):
        raise HandError(text_core.MELD_NOT_STRINGS)
    called = obj.get("called")
    from_seat = obj.get("from")
    if called is not None and not isinstance(called, str):
        raise HandError(text_core.MELD_BAD_CALLED)
    if from_seat is not None and (isinstance(from_seat, bool) or not isinstance(from_seat, int)):
        raise HandError(text_core.MELD_BAD_FROM)
    return parse_meld(kind, tiles, called=called, from_seat=from_seat)


def parse_meld_text(text: str) -> Meld:
    """CLI/lesson form ``pon:555z`` or ``chi:123p`` (also ``pon 555z``)."""
    parts = text.replace(":", " ").split()
    if len(parts) != 2:
        raise HandError(text_core.MELD_BAD_TEXT.format(text=text))
    return parse_meld(parts[0], parts[1])
