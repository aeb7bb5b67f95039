"""A hand: concealed tile counts plus melds, validated once at the edge.

Invariants (checked by :func:`parse_hand`): no kind appears more than four
times across the concealed part and the melds; at most four melds; the
concealed part has ``size - 3 * len(melds)`` tiles, where ``size`` is 13 for a
waiting hand and 14 for a complete one (a kan still counts as three here).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.errors import HandError
from engine.melds import Meld, meld_from_json, parse_meld_text
from engine.plural import tiles_word
from engine.tiles import NUM_KINDS, Counts, Tile, parse_tiles, tile_name, to_mpsz


@dataclass(frozen=True)
class Hand:
    """Concealed counts (34), melds, and how many red fives each part holds."""

    concealed: Counts
    melds: tuple[Meld, ...] = ()
    red: int = 0

    @classmethod
    def from_suits(
        cls, suits: tuple[Counts, Counts, Counts, Counts], melds: tuple[Meld, ...], red: int
    ) -> Hand:
        """The hand whose concealed counts are these man, pin, sou and honour counts."""
        return cls(suits[0] + suits[1] + suits[2] + suits[3], melds, red)

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

    @property
    def red_total(self) -> int:
        return self.red + sum(m.red for m in self.melds)

    def with_tile(self, tile: Tile) -> Hand:
        counts = list(self.concealed)
        counts[tile] += 1
        return Hand(tuple(counts), self.melds, self.red)

    def without_tile(self, tile: Tile) -> Hand:
        """The hand less one concealed ``tile`` (a discard, or the winning tile drawn apart).

        The red-five count is kept: which five leaves is not known from a kind.
        """
        counts = list(self.concealed)
        counts[tile] -= 1
        return Hand(tuple(counts), self.melds, self.red)

    def to_mpsz(self) -> str:
        return to_mpsz((k for k, n in enumerate(self.concealed) for _ in range(n)), self.red)


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
        raise HandError(f"Сетов не может быть больше четырёх, а указано {len(meld_list)}.")
    hand = Hand(parsed.counts(), meld_list, parsed.red_count)
    check_copies(hand.all_counts())
    _check_reds(hand)
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


def check_copies(counts: Sequence[int], what: str = "В руке") -> None:
    """Raise if any kind appears more than four times."""
    for kind in range(NUM_KINDS):
        if counts[kind] > 4:
            raise HandError(
                f"{what} {tiles_word(counts[kind])} «{tile_name(kind)}», "
                "а в комплекте их только четыре."
            )


def _check_reds(hand: Hand) -> None:
    # One red five per suit, as in every set of red fives the documents describe.
    if hand.red_total > 3:
        raise HandError("Красных пятёрок в комплекте только три: по одной в каждой масти.")


def _count_message(hand: Hand, expected: tuple[int, ...]) -> str:
    sizes = [n - 3 * len(hand.melds) for n in expected]
    need = " или ".join(str(n) for n in sizes[:-1]) + (" или " if len(sizes) > 1 else "")
    need += tiles_word(sizes[-1])
    have = hand.concealed_size
    if hand.melds:
        return (
            f"Объявлено сетов: {len(hand.melds)}, поэтому в закрытой части должно быть {need}, "
            f"а указано {have}."
        )
    return f"В руке должно быть {need}, а указано {have}."
