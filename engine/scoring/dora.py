"""Dora, aka-dora and ura-dora of a winning hand.

Each indicator points to the next tile (:func:`engine.tiles.dora_from_indicator`);
every copy of that tile in the hand, melds and kans included, is one han. Red
fives count only when the rule set plays them; ura-dora only for a riichi
winner (000, 003, 004). Dora are never a yaku: the scorer adds them only to a
hand that already has one.

>>> from engine.hand import parse_hand
>>> from engine.rules.sets import ONLINE
>>> from engine.scoring.situation import WinSituation
>>> h = parse_hand("123m406p789s11z", ["pon:555z"], size=14)
>>> count_dora(h, WinSituation(dora_indicators=(31,), ura_indicators=(8,)), ONLINE)
DoraCount(dora=0, aka=1, ura=0)
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.hand import Hand
from engine.rules.sets import Ruleset
from engine.scoring.situation import WinSituation
from engine.tiles import Counts, Tile, dora_from_indicator

# indicator -> dora, precomputed once (34 entries)
_NEXT: tuple[Tile, ...] = tuple(dora_from_indicator(t) for t in range(34))


@dataclass(frozen=True, slots=True)
class DoraCount:
    dora: int  # from the dora and kan-dora indicators
    aka: int  # red fives (0 when the rule set has none)
    ura: int  # from the ura indicators (riichi only)

    @property
    def total(self) -> int:
        return self.dora + self.aka + self.ura


def count_dora(
    hand: Hand, sit: WinSituation, rules: Ruleset, counts: Counts | None = None
) -> DoraCount:
    """Dora of the whole hand; ``rules.kan_dora`` off keeps only the first indicator.

    ``counts`` are ``hand.all_counts()`` when the caller already has them.
    """
    if counts is None:
        counts = hand.all_counts()
    return DoraCount(*dora_ints(hand, sit, rules, counts))


def dora_ints(
    hand: Hand, sit: WinSituation, rules: Ruleset, counts: Counts
) -> tuple[int, int, int]:
    """``(dora, aka, ura)`` as ints: :func:`count_dora` without building the value."""
    nxt = _NEXT
    dora = ura = aka = 0
    indicators = sit.dora_indicators
    if indicators:
        for i in indicators if rules.kan_dora else indicators[:1]:
            dora += counts[nxt[i]]
    indicators = sit.ura_indicators
    if indicators and (sit.riichi or sit.double_riichi) and rules.ura_dora:
        for i in indicators if rules.kan_dora else indicators[:1]:
            ura += counts[nxt[i]]
    if rules.red_fives:
        aka = hand.red
        for m in hand.melds:
            aka += m.red
    return dora, aka, ura
