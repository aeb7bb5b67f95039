"""Defence against a riichi: how safe each tile in hand is, as a tier with its reason.

The tiers are an order, not probabilities (:data:`TIERS`, safest first; the
Russian explanation of each is ``engine.text.messages.SAFETY_TIERS``):

1. ``genbutsu`` — the kind is in the riichi player's pond: furiten forbids him
   ron on it.
2. ``passed`` — someone discarded the kind after the riichi and he did not
   ron: missing a winning tile in riichi is furiten to the end of the hand.
3. ``honor_last`` — an honour with 3 or 4 copies visible (the hand included):
   at most a tanki can wait on it.
4. ``suji`` — every two-sided (ryanmen) wait that includes the tile has its
   other tile among the safe ones (pond or passed), so it would be furiten.
   A ryanmen waits on ``n`` from the shape ``n+1 n+2`` (other tile ``n+3``,
   possible for ``n`` ≤ 6) or from ``n-2 n-1`` (other tile ``n-3``, for
   ``n`` ≥ 4): 4, 5, 6 have two sides (4 needs both 1 and 7), 1–3 and 7–9
   one (3 needs 6, 7 needs 4).
5. ``no_chance`` — every side is closed, at least one by kabe: all four copies
   of a tile of its shape are visible, so nobody holds that shape.
6. ``one_chance`` — every side is closed or nearly: three copies of a tile of
   its shape are visible (only the fourth could be in his hand).
7. ``half_suji`` — a 4, 5 or 6 with one side closed (by suji or kabe).
8. ``honor_few`` — an honour with fewer than three copies visible.
9. ``edge_open`` — 1–3 or 7–9 whose one side is open (our stated choice: a
   tier of its own, safer than the middle tiles, which have two sides).
10. ``middle_open`` — 4–6 with both sides open.

Only ryanmen is read: kanchan, penchan, shanpon and tanki can wait on any
tile but genbutsu and passed ones, which is why suji tiles are not certain.
Against several riichi a tile takes the worst of its tiers.

>>> from engine.hand import parse_hand
>>> from engine.tiles import parse_tiles, tile_code
>>> riichi = Riichi(pond=parse_tiles("9m1z4m2s").kinds, riichi_index=3)
>>> hand = parse_hand("147m258p369s2225z")
>>> seen = parse_tiles("9m1z4m2s2z").kinds  # every pond; here only the riichi player's
>>> [(tile_code(s.tile), s.tier.value) for s in hand_safety(hand, (riichi,), seen)][:5]
[('4m', 'genbutsu'), ('2z', 'honor_last'), ('1m', 'suji'), ('7m', 'suji'), ('5z', 'honor_few')]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from engine.errors import HandError
from engine.hand import Hand
from engine.text import messages as msg
from engine.tiles import Counts, Tile, counts_of, tile_code


class SafetyTier(Enum):
    """A safety tier; the enum order is the safety order (safest first)."""

    GENBUTSU = "genbutsu"
    PASSED = "passed"
    HONOR_LAST = "honor_last"
    SUJI = "suji"
    NO_CHANCE = "no_chance"
    ONE_CHANCE = "one_chance"
    HALF_SUJI = "half_suji"
    HONOR_FEW = "honor_few"
    EDGE_OPEN = "edge_open"
    MIDDLE_OPEN = "middle_open"

    @property
    def rank(self) -> int:
        """0 for the safest tier, growing with the danger."""
        return TIERS.index(self)

    @property
    def explanation(self) -> str:
        return msg.SAFETY_TIERS[self.value]


TIERS: tuple[SafetyTier, ...] = tuple(SafetyTier)


@dataclass(frozen=True)
class Riichi:
    """One riichi: the player's pond in order and what passed him since.

    ``pond``: every tile he discarded, called ones included (they are still his
    discards for furiten); ``riichi_index``: the position in ``pond`` of the
    tile turned sideways; ``passed``: tiles the other players discarded after
    the riichi without his ron.
    """

    pond: tuple[Tile, ...]
    riichi_index: int
    passed: tuple[Tile, ...] = ()


@dataclass(frozen=True)
class TileSafety:
    """The tier of one tile kind and the reason, in Russian; ``against``: which riichi (0-based)."""

    tile: Tile
    tier: SafetyTier
    reason: str
    against: int = 0


# A side of a ryanmen on the tile: its two-tile shape and the wait's other tile (indices 0–8).
_Side = tuple[int, int, int]
_OPEN, _ONE, _KABE, _SUJI = 0, 1, 2, 3


def _sides(n: int) -> tuple[_Side, ...]:
    """Ryanmen shapes that wait on index ``n`` (0 = the 1): (shape tile, shape tile, other)."""
    out: list[_Side] = []
    if n <= 5:
        out.append((n + 1, n + 2, n + 3))
    if n >= 3:
        out.append((n - 2, n - 1, n - 3))
    return tuple(out)


def tile_safety(tile: Tile, riichi: Riichi, seen: Counts) -> TileSafety:
    """Tier of ``tile`` against one riichi; ``seen``: copies visible, own hand included.

    >>> from engine.tiles import parse_tiles
    >>> seen = parse_tiles("2222m3m").counts()
    >>> tile_safety(0, Riichi((9,), 0), seen).tier.value  # all four 2m: no 23m shape
    'no_chance'
    """
    safe = set(riichi.pond)
    if tile in safe:
        return TileSafety(tile, SafetyTier.GENBUTSU, _fmt(msg.SAFETY_REASON_GENBUTSU, tile))
    if tile in riichi.passed:
        return TileSafety(tile, SafetyTier.PASSED, _fmt(msg.SAFETY_REASON_PASSED, tile))
    if tile >= 27:
        tier = SafetyTier.HONOR_LAST if seen[tile] >= 3 else SafetyTier.HONOR_FEW
        reason = msg.SAFETY_REASON_HONOR.format(tile=tile_code(tile), seen=seen[tile])
        return TileSafety(tile, tier, reason)
    safe.update(riichi.passed)
    base = tile - tile % 9
    sides = _sides(tile % 9)
    states = [_side_state(side, base, safe, seen) for side in sides]
    tier = _suited_tier(states, len(sides))
    return TileSafety(tile, tier, _suited_reason(tile, tier, sides, states, seen))


def _side_state(side: _Side, base: int, safe: set[Tile], seen: Counts) -> int:
    a, b, other = side
    if base + other in safe:
        return _SUJI
    most = max(seen[base + a], seen[base + b])
    return _KABE if most >= 4 else _ONE if most == 3 else _OPEN


def _suited_tier(states: list[int], sides: int) -> SafetyTier:
    worst = min(states)
    if worst == _SUJI:
        return SafetyTier.SUJI
    if worst == _KABE:
        return SafetyTier.NO_CHANCE
    if worst == _ONE:
        return SafetyTier.ONE_CHANCE
    if sides == 2 and max(states) >= _KABE:
        return SafetyTier.HALF_SUJI
    return SafetyTier.MIDDLE_OPEN if sides == 2 else SafetyTier.EDGE_OPEN


def _suited_reason(
    tile: Tile, tier: SafetyTier, sides: tuple[_Side, ...], states: list[int], seen: Counts
) -> str:
    base = tile - tile % 9
    parts = [
        _side_text(tile, side, state, base, seen)
        for side, state in zip(sides, states, strict=True)
    ]
    if tier is SafetyTier.SUJI:
        others = ", ".join(tile_code(base + other) for other in sorted(c for _a, _b, c in sides))
        return msg.SAFETY_REASON_SUJI.format(others=others)
    name = tile_code(tile)
    if tier is SafetyTier.NO_CHANCE:
        return msg.SAFETY_REASON_NO_CHANCE.format(tile=name, sides="; ".join(parts))
    if tier is SafetyTier.ONE_CHANCE:
        return msg.SAFETY_REASON_ONE_CHANCE.format(tile=name, sides="; ".join(parts))
    closed = [p for p, s in zip(parts, states, strict=True) if s >= _KABE]
    if tier is SafetyTier.HALF_SUJI:
        return msg.SAFETY_REASON_HALF.format(tile=name, sides="; ".join(closed))
    opened = [p for p, s in zip(parts, states, strict=True) if s < _KABE]
    return msg.SAFETY_REASON_OPEN.format(tile=name, others="; ".join(opened))


def _side_text(tile: Tile, side: _Side, state: int, base: int, seen: Counts) -> str:
    a, b, other = side
    if state == _SUJI:
        return msg.SAFETY_SIDE_SUJI.format(other=tile_code(base + other))
    if state in (_KABE, _ONE):
        full = base + (a if seen[base + a] >= seen[base + b] else b)
        text = msg.SAFETY_SIDE_KABE if state == _KABE else msg.SAFETY_SIDE_ONE
        return text.format(other=tile_code(full))
    pair = tile_code(base + a)[0] + tile_code(base + b)
    return msg.SAFETY_SIDE_OPEN.format(
        pair=pair, tile=tile_code(tile), other=tile_code(base + other)
    )


def _fmt(template: str, tile: Tile) -> str:
    return template.format(tile=tile_code(tile))


def seen_counts(hand: Hand, visible: Sequence[Tile]) -> Counts:
    """Copies the player sees: own hand and melds plus ``visible``; over four is an error."""
    held = hand.all_counts()
    extra = counts_of(visible)
    seen = tuple(a + b for a, b in zip(held, extra, strict=True))
    for kind, n in enumerate(seen):
        if n > 4:
            raise HandError(msg.SAFETY_TOO_MANY.format(tile=tile_code(kind), count=n))
    return seen


def check_riichi(riichi: Riichi, visible: Sequence[Tile]) -> None:
    """The riichi tile must be in the pond, and pond and passed tiles among the visible ones."""
    if not 0 <= riichi.riichi_index < len(riichi.pond):
        raise HandError(
            msg.SAFETY_BAD_RIICHI_INDEX.format(
                index=riichi.riichi_index, last=max(len(riichi.pond) - 1, 0)
            )
        )
    needed = counts_of(riichi.pond + riichi.passed)
    have = counts_of(visible)
    for kind in range(34):
        if needed[kind] > have[kind]:
            raise HandError(msg.SAFETY_POND_NOT_VISIBLE.format(tile=tile_code(kind)))


def hand_safety(
    hand: Hand, riichis: Sequence[Riichi], visible: Sequence[Tile]
) -> tuple[TileSafety, ...]:
    """Each concealed kind's tier against every riichi (the worst one), safest first.

    ``visible``: every tile seen outside the hand — all ponds (the riichi
    players' too), melds, dora indicators. Ties keep tile order.
    """
    if not riichis:
        raise HandError(msg.SAFETY_NO_RIICHI)
    for riichi in riichis:
        check_riichi(riichi, visible)
    seen = seen_counts(hand, visible)
    out = []
    for tile in range(34):
        if hand.concealed[tile]:
            out.append(_worst(tile, riichis, seen))
    return tuple(sorted(out, key=lambda s: (s.tier.rank, s.tile)))


def _worst(tile: Tile, riichis: Sequence[Riichi], seen: Counts) -> TileSafety:
    """The tile's tier against the most dangerous of the riichi (the first of equals)."""
    worst = tile_safety(tile, riichis[0], seen)
    for n in range(1, len(riichis)):
        found = tile_safety(tile, riichis[n], seen)
        if found.tier.rank > worst.tier.rank:
            worst = TileSafety(tile, found.tier, found.reason, n)
    if len(riichis) > 1:
        reason = msg.SAFETY_AGAINST.format(n=worst.against + 1, reason=worst.reason)
        return TileSafety(tile, worst.tier, reason, worst.against)
    return worst
