"""A hand: concealed tile counts plus melds, validated once at the edge.

Invariants (checked by :func:`parse_hand`): no kind appears more than four
times across the concealed part and the melds; at most one red five of each
suit (:func:`check_red_fives`); at most four melds; the
concealed part has ``size - 3 * len(melds)`` tiles, where ``size`` is 13 for a
waiting hand and 14 for a complete one (a kan still counts as three here).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.errors import HandError
from engine.melds import Meld, meld_from_json, parse_meld_text
from engine.plural import tiles_word
from engine.text import core as text_core
from engine.tiles import FIVES, NUM_KINDS, Counts, Tile, parse_tiles, suit_of, tile_name, to_mpsz

RedSuits = tuple[bool, bool, bool]  # whether the concealed part holds the red 5m, 5p, 5s
NO_RED: RedSuits = (False, False, False)


@dataclass(frozen=True)
class Hand:
    """Concealed counts (34), melds, and which suits' red five the concealed part holds.

    By suit, not a count: with a count, ``5m0p`` was drawn and printed as
    ``0m5p`` (the first five turned red), moving the red five to another suit.
    """

    concealed: Counts
    melds: tuple[Meld, ...] = ()
    red_suits: RedSuits = NO_RED

    @property
    def red(self) -> int:
        """How many red fives the concealed part holds (each is one aka dora)."""
        return sum(self.red_suits)

    def red_flags(self) -> list[bool]:
        """Flags aligned with the concealed kinds in order: each red suit's first five is red."""
        flags = []
        for kind, n in enumerate(self.concealed):
            for i in range(n):
                flags.append(i == 0 and kind in FIVES and self.red_suits[kind // 9])
        return flags

    @classmethod
    def from_suits(
        cls, suits: tuple[Counts, Counts, Counts, Counts], melds: tuple[Meld, ...],
        red_suits: RedSuits,
    ) -> Hand:
        """The hand whose concealed counts are these man, pin, sou and honour counts."""
        return cls(suits[0] + suits[1] + suits[2] + suits[3], melds, red_suits)

    @property
    def suits(self) -> tuple[Counts, Counts, Counts, Counts]:
        """The concealed counts split by suit: man, pin, sou (9 each), honours (7)."""
        c = self.concealed
        return (c[:9], c[9:18], c[18:27], c[27:])

    @property
    def is_closed(self) -> bool:
        """Closed (menzen): no meld but closed kans."""
        return not any(m.opened for m in self.melds)

    @property
    def concealed_size(self) -> int:
        return sum(self.concealed)

    @property
    def size(self) -> int:
        """Tiles counting each kan as three (13 waiting, 14 complete)."""
        return self.concealed_size + 3 * len(self.melds)

    def all_counts(self) -> Counts:
        """Counts of every tile the player holds, melds included (kans as four)."""
        counts = list(self.concealed)
        for meld in self.melds:
            for kind in meld.tiles:
                counts[kind] += 1
        return tuple(counts)

    def with_tile(self, tile: Tile) -> Hand:
        counts = list(self.concealed)
        counts[tile] += 1
        return Hand(tuple(counts), self.melds, self.red_suits)

    def without_tile(self, tile: Tile) -> Hand:
        """The hand less one concealed ``tile`` (a discard, or the winning tile drawn apart).

        The red fives are kept: which five leaves is not known from a kind.
        """
        counts = list(self.concealed)
        counts[tile] -= 1
        return Hand(tuple(counts), self.melds, self.red_suits)

    def to_mpsz(self) -> str:
        kinds = [k for k, n in enumerate(self.concealed) for _ in range(n)]
        return to_mpsz(kinds, self.red_flags())


def parse_hand(
    text: str,
    melds: Iterable[object] = (),
    *,
    size: int | None = None,
) -> Hand:
    """Parse concealed tiles and melds into a checked :class:`Hand`.

    ``size`` is 13 (waiting) or 14 (complete); ``None`` accepts either.
    """
    parsed = parse_tiles(text)
    meld_list = tuple(_to_meld(m) for m in melds)
    if len(meld_list) > 4:
        raise HandError(text_core.HAND_TOO_MANY_MELDS.format(count=len(meld_list)))
    concealed_reds = red_fives_by_suit(parsed.kinds, parsed.red)
    hand = Hand(parsed.counts(), meld_list, _as_suits(concealed_reds))
    check_copies(hand.all_counts())
    check_red_fives(red_fives_by_suit(parsed.kinds, parsed.red, meld_list))
    expected = (size,) if size is not None else (13, 14)
    if hand.size not in expected:
        raise HandError(_count_message(hand, expected))
    return hand


def _to_meld(meld: object) -> Meld:
    # object: whatever a JSON list held; anything but a meld, a text or an object is refused
    if isinstance(meld, Meld):
        return meld
    if isinstance(meld, str):
        return parse_meld_text(meld)
    return meld_from_json(meld)


def check_copies(counts: Sequence[int], what: str = text_core.IN_HAND) -> None:
    """Raise if any kind appears more than four times."""
    for kind in range(NUM_KINDS):
        if counts[kind] > 4:
            raise HandError(text_core.HAND_TOO_MANY_COPIES.format(
                what=what, tiles=tiles_word(counts[kind]), name=tile_name(kind)
            ))


RedFives = tuple[int, int, int]  # red fives of man, pin and sou


def red_fives_by_suit(
    kinds: Sequence[Tile], red: Sequence[bool], melds: Iterable[Meld] = ()
) -> RedFives:
    """Red fives of each suit in these tiles (``red[i]``: ``kinds[i]`` was a 0) and melds."""
    per = [0, 0, 0]
    for kind, is_red in zip(kinds, red, strict=True):
        if is_red:
            per[suit_of(kind)] += 1
    for meld in melds:
        if meld.red:
            per[suit_of(meld.tiles[0])] += meld.red
    return per[0], per[1], per[2]


def _as_suits(per_suit: RedFives) -> RedSuits:
    return per_suit[0] > 0, per_suit[1] > 0, per_suit[2] > 0


def check_red_fives(per_suit: Sequence[int], where: str = text_core.IN_HAND_LOWER) -> None:
    """Raise if a suit has more than one red five.

    The set the engine plays with (``Ruleset.red_fives``) has one red five in
    each suit, 0m 0p 0s: seed 002 says fives are replaced by red ones but not
    how many; Tenhou's standard set with red fives has one in each suit.
    Checking only the total (three) let ``0m0m`` through as two aka dora.
    """
    for suit, count in enumerate(per_suit):
        if count > 1:
            five = tile_name(suit * 9 + 4)
            raise HandError(text_core.HAND_TOO_MANY_RED.format(five=five, where=where, count=count))


def _count_message(hand: Hand, expected: tuple[int, ...]) -> str:
    sizes = [n - 3 * len(hand.melds) for n in expected]
    need = text_core.HAND_OR.join(str(n) for n in sizes[:-1]) + (
        text_core.HAND_OR if len(sizes) > 1 else ""
    )
    need += tiles_word(sizes[-1])
    have = hand.concealed_size
    if hand.melds:
        return text_core.HAND_SIZE_WITH_MELDS.format(melds=len(hand.melds), need=need, have=have)
    return text_core.HAND_SIZE.format(need=need, have=have)
