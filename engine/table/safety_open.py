"""Defence against an open hand: the second threat of the one danger model.

:mod:`engine.table.safety` prices a tile against a riichi. An opponent who
called instead is read here, from what he shows — his melds, his pond, the
turn (his discards so far) and his seat and the round wind — and the result
is the same :class:`~engine.table.safety.TileSafety` (class, reason, danger in
%), so :func:`engine.table.safety.combine` joins a riichi and an open hand by
the same ``1 − Π(1 − pᵢ)``.

How a tile is priced (each step's source in brackets):

1. **Genbutsu** — a tile of his own pond is 100 % safe: furiten forbids the
   ron (D. Chiba, *Riichi Book 1*, ch. 8, «Genbutsu and other absolutely safe
   tiles»: genbutsu of player X are the tiles X discarded). Tiles that merely
   passed him are not: without a riichi his wait can change (the same
   chapter defines the passed tiles as genbutsu only after a riichi).
2. **The ordinary hand** — the riichi model's price of the tile with his pond
   as the furiten set, no riichi tile, his discards as the turn (waits by
   suji, kabe, kanchan, penchan, shanpon, tanki: :mod:`engine.table.safety_waits`,
   figures: :mod:`engine.table.safety_rates`). An honour is priced by the
   «value» columns when it gives *him* a yaku (a dragon, his seat wind, the
   round wind) and by the «guest wind» columns otherwise. An honour with all
   four copies seen is 0 %: with a call kokushi is impossible.
3. **What his calls rule out** (*Riichi Book 1*, ch. 8, «Defense against
   melded hands»):

   * *flush* — at least two calls, all of the suited ones in one suit
     («Flush hands»: a flush is dealt into «with a tile in» its suit); tiles
     of the other suits cannot complete it;
   * *tanyao* — every call of simples 2–8 («What to discard when you get
     stuck»: «if you discard terminals, you can avoid dealing into a tanyao
     hand»); terminals and honours cannot complete it;
   * *toitoi* — two or more pons or kans and no chi («Identifying dangerous
     tiles against melded hands»: against toitoi «suji theories and blockade
     theories are completely useless»; the «raw» tiles, none seen, are the
     most dangerous, honours too unless it is the fourth): only a shanpon or
     a tanki can wait, priced by the unseen copies
     (:func:`engine.table.safety_waits.pair_rate`, the riichi model's
     pair-only price).

   A reading moves the weight of the waits it rules out onto the waits it
   leaves: his hand waits on about as many kinds whatever it is, so the sum
   of the prices over all 34 kinds stays that of the ordinary hand
   (``shift`` = Σ ordinary / Σ allowed, at most :data:`MAX_SHIFT`). The
   reading is trusted :data:`READ_TRUST` of the time (an open hand's yaku
   can also be a hidden triplet of a value honour); the rest is the ordinary
   hand. Several readings share the trusted part equally.
4. **Is he ready?** The whole is scaled by :data:`TENPAI_SHARE` by the number
   of his melds: «assume an opponent has a ready hand» with three or more
   melds, or when a flush hand discards its own suit (*Riichi Book 1*, ch. 8,
   box «Defense against melded hands», rules 1 and 2); the shares for one and
   two melds are ours.
5. **Dora** — the same factors as against a riichi (:mod:`engine.table.safety_rates`).

Values no document states — :data:`READ_TRUST`, :data:`MAX_SHIFT`, the
shares of one and two melds in :data:`TENPAI_SHARE` — are our choice, and
``docs/danger.md`` says so.

>>> from engine.melds import parse_meld_text
>>> from engine.tiles import parse_tiles, tile_code
>>> him = OpenHand(tuple(parse_meld_text(m) for m in ("pon:666z", "chi:789p", "pon:111p")),
...                parse_tiles("1m9s2m8s5z").kinds)
>>> [r.value for r in readings(him)]
['flush']
>>> seen = parse_tiles("666z789p111p1m9s2m8s5z4m4p").counts()
>>> [(tile_code(s.tile), s.tier.value) for s in
...  (open_tile_safety(k, him, seen) for k in parse_tiles("2m4m4p").kinds)]
[('2m', 'genbutsu'), ('4m', 'flush_other_suit'), ('4p', 'open_456')]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from typing import Final

from engine.errors import HandError
from engine.melds import Meld, MeldKind
from engine.table.safety import (
    SafetyTier,
    TileSafety,
    copies_read,
    dora_note,
    suited_price,
    with_dora,
)
from engine.table.safety_rates import rate
from engine.table.safety_text import honour_reason
from engine.table.safety_waits import Waits, analyse, pair_rate
from engine.text import messages as msg
from engine.text.core import SUIT_NAMES
from engine.tiles import DRAGONS, TERMINALS_AND_HONORS, Counts, Tile, counts_of, tile_code

READ_TRUST: Final = 0.9
"""Our choice: how often a reading of the calls is right (*Riichi Book 1* gives no figure)."""
MAX_SHIFT: Final = 4.0
"""Our choice: a reading at most quadruples the price of a wait it leaves."""
TENPAI_SHARE: Final = {1: 0.3, 2: 0.6, 3: 1.0, 4: 1.0}
"""His chance to be ready by melds shown: 3, 4 — *Riichi Book 1* («assume … ready»); 1, 2 — ours."""


class Reading(Enum):
    """What his calls say about his hand (*Riichi Book 1*, ch. 8, «Defense against melded hands»).
    """

    FLUSH = "flush"
    TANYAO = "tanyao"
    TOITOI = "toitoi"


@dataclass(frozen=True)
class OpenHand:
    """An opponent with calls: his melds, his pond in order, his seat wind and the round wind.

    ``melds``: at least one; ``pond``: every tile he discarded (called ones
    included: they are still his discards for furiten); winds are tiles
    27–30 (East–North), ``None`` when not known: then every wind is priced as
    a value honour, as against a riichi (the drill does not say the seats).
    """

    melds: tuple[Meld, ...]
    pond: tuple[Tile, ...]
    seat_wind: Tile | None = None
    round_wind: Tile | None = None

    @property
    def turn(self) -> int:
        return len(self.pond)

    def value_honour(self, tile: Tile) -> bool:
        """Does a triplet of ``tile`` give him a yaku? Dragons, his seat wind, the round wind.

        With no wind known every wind counts, as the riichi model prices them.
        """
        winds = [w for w in (self.seat_wind, self.round_wind) if w is not None]
        return tile in DRAGONS or (tile >= 27 and not winds) or tile in winds

    def check(self, visible: Sequence[Tile]) -> None:
        """At least one meld; his pond and his melds must be among the ``visible`` tiles."""
        if not self.melds:
            raise HandError(msg.SAFETY_OPEN_NO_MELDS)
        needed = counts_of(self.pond + tuple(k for m in self.melds for k in m.tiles))
        have = counts_of(visible)
        for kind in range(34):
            if needed[kind] > have[kind]:
                raise HandError(msg.SAFETY_OPEN_NOT_VISIBLE.format(tile=tile_code(kind)))

    def tile_safety(self, tile: Tile, seen: Counts, dora: Sequence[Tile] = ()) -> TileSafety:
        """``tile`` against him (:func:`open_tile_safety`)."""
        return open_tile_safety(tile, self, seen, dora)


def flush_suit(melds: tuple[Meld, ...]) -> int | None:
    """The one suit (0 man, 1 pin, 2 sou) of all his suited calls, if two or more calls show it."""
    suits = {m.first // 9 for m in melds if m.first < 27}
    if len(melds) >= 2 and len(suits) == 1:
        return suits.pop()
    return None


@lru_cache(maxsize=256)
def readings(him: OpenHand) -> tuple[Reading, ...]:
    """The readings his calls support, in the order of :class:`Reading`."""
    found = []
    if flush_suit(him.melds) is not None:
        found.append(Reading.FLUSH)
    if all(k not in TERMINALS_AND_HONORS for m in him.melds for k in m.tiles):
        found.append(Reading.TANYAO)
    pons = [m for m in him.melds if m.kind is not MeldKind.CHI]
    if len(pons) >= 2 and len(pons) == len(him.melds):
        found.append(Reading.TOITOI)
    return tuple(found)


def tenpai_share(him: OpenHand) -> float:
    """How likely he is ready: by melds shown; a flush hand discarding its suit is ready."""
    suit = flush_suit(him.melds)
    if suit is not None and him.pond and him.pond[-1] < 27 and him.pond[-1] // 9 == suit:
        return 1.0
    return TENPAI_SHARE[min(max(len(him.melds), 1), 4)]


def _honour_price(tile: Tile, him: OpenHand, seen: Counts) -> float:
    unseen = min(4 - seen[tile], 3)
    if unseen <= 0:
        return 0.0  # kokushi is closed-only
    column = "yakuhai" if him.value_honour(tile) else "guest"
    return rate(f"{column}_{unseen}", him.turn)


ReadTile = tuple[float, SafetyTier, tuple[str, ...]]
Reads = dict[tuple[Tile, tuple[int, ...]], ReadTile]
_READ: dict[OpenHand, Reads] = {}
OPPONENTS_KEPT = 16
"""Opponents whose reads are kept (a master problem deals up to ten tables with one)."""
READS_KEPT = 1024
"""Reads kept per opponent before starting afresh (a problem asks at most a few hundred)."""


def _reads(him: OpenHand) -> Reads:
    """What :func:`_read_tile` keeps for this opponent (one look-up of him per hand priced)."""
    found = _READ.get(him)
    if found is None:
        if len(_READ) >= OPPONENTS_KEPT:
            _READ.clear()
        found = _READ[him] = {}
    return found


def _read_tile(tile: Tile, him: OpenHand, seen: Counts, reads: Reads | None = None) -> ReadTile:
    """The tile's ordinary price, class and reason (before the dora note and the «maybe not
    ready» note), kept by what they read (:func:`engine.table.safety.copies_read`).

    A hand's pricing asks every kind's ordinary price (:func:`_shifts`), and
    the learner's hands on one table leave most kinds' copies as they were.
    ``reads``: :func:`_reads` of him, when the caller has it.
    """
    kept = _reads(him) if reads is None else reads
    key = (tile, copies_read(tile, seen))
    found = kept.get(key)
    if found is None:
        if len(kept) >= READS_KEPT:
            kept.clear()
        found = kept[key] = (_ordinary(tile, him, seen), _tier(tile, him, seen),
                             _reason_head(tile, him, seen))
    return found


def ordinary_price(tile: Tile, him: OpenHand, seen: Counts) -> float:
    """Step 2: the riichi model's price with his pond as the furiten set, no riichi tile."""
    return _read_tile(tile, him, seen)[0]


def _ordinary(tile: Tile, him: OpenHand, seen: Counts) -> float:
    if tile in him.pond:
        return 0.0
    if tile >= 27:
        return _honour_price(tile, him, seen)
    return suited_price(_waits(tile, him, seen), him.turn)[2]


def _waits(tile: Tile, him: OpenHand, seen: Counts) -> Waits:
    """The waits on a suited tile with his pond as the furiten set and no riichi tile."""
    return analyse(tile, frozenset(him.pond), None, seen)


def _allowed(reading: Reading, tile: Tile, him: OpenHand) -> bool:
    if reading is Reading.FLUSH:
        return tile >= 27 or tile // 9 == flush_suit(him.melds)
    if reading is Reading.TANYAO:
        return tile not in TERMINALS_AND_HONORS
    return True


def _read_price(reading: Reading, tile: Tile, him: OpenHand, seen: Counts,
                ordinary: float) -> float:
    """The price under one reading before the shift: 0 if ruled out, pair waits for toitoi;
    ``ordinary``: the tile's :func:`ordinary_price`."""
    if tile in him.pond or not _allowed(reading, tile, him):
        return 0.0
    if reading is Reading.TOITOI and tile < 27:
        return pair_rate(4 - seen[tile], him.turn)
    return ordinary


@lru_cache(maxsize=64)
def _shifts(him: OpenHand, seen: Counts) -> tuple[float, ...]:
    """Each reading's shift: Σ ordinary / Σ allowed over all 34 kinds, at most MAX_SHIFT.

    Cached: a hand's 14 tiles share one table, and without the cache the
    generator spent three quarters of its time here (docs/performance.md).
    """
    reads = _reads(him)
    prices = [_read_tile(k, him, seen, reads)[0] for k in range(34)]
    total = sum(prices)
    out = []
    for reading in readings(him):
        left = sum(_read_price(reading, k, him, seen, prices[k]) for k in range(34))
        out.append(min(total / left, MAX_SHIFT) if left > 0 else 0.0)
    return tuple(out)


def open_danger(tile: Tile, him: OpenHand, seen: Counts) -> float:
    """Steps 2–4: the deal-in % of ``tile`` against him, dora aside."""
    base = ordinary_price(tile, him, seen)
    found = readings(him)
    if found:
        read = sum(_read_price(reading, tile, him, seen, base) * shift
                   for reading, shift in zip(found, _shifts(him, seen), strict=True))
        base = (1 - READ_TRUST) * base + READ_TRUST * read / len(found)
    return base * tenpai_share(him)


def _tier(tile: Tile, him: OpenHand, seen: Counts) -> SafetyTier:
    found = readings(him)
    if any(not _allowed(r, tile, him) for r in found):
        excluded = next(r for r in found if not _allowed(r, tile, him))
        return SafetyTier.FLUSH_OTHER_SUIT if excluded is Reading.FLUSH else SafetyTier.NOT_TANYAO
    if tile >= 27:
        unseen = min(4 - seen[tile], 3)
        return (SafetyTier.HONOR_4, SafetyTier.HONOR_3, SafetyTier.HONOR_2,
                SafetyTier.HONOR_1)[max(unseen, 0)]
    if Reading.TOITOI in found:
        return SafetyTier.PAIR_ONLY
    return suited_price(_waits(tile, him, seen), him.turn)[0]


def _reading_notes(tile: Tile, him: OpenHand) -> list[str]:
    notes = []
    for reading in readings(him):
        if reading is Reading.FLUSH:
            suit = SUIT_NAMES[flush_suit(him.melds) or 0]
            text = msg.SAFETY_OPEN_FLUSH_OUT if not _allowed(reading, tile, him) \
                else msg.SAFETY_OPEN_FLUSH_IN
            notes.append(text.format(suit=suit))
        elif reading is Reading.TANYAO:
            notes.append(msg.SAFETY_OPEN_TANYAO_OUT if not _allowed(reading, tile, him)
                         else msg.SAFETY_OPEN_TANYAO_IN)
        else:
            notes.append(msg.SAFETY_OPEN_TOITOI)
    return notes


def _waits_text(tile: Tile, him: OpenHand, seen: Counts) -> str:
    if tile >= 27:
        return honour_reason(tile, seen[tile], False)
    if Reading.TOITOI in readings(him):
        return msg.SAFETY_OPEN_UNSEEN.format(unseen=4 - seen[tile])
    return suited_price(_waits(tile, him, seen), him.turn)[1]


def _reason_head(tile: Tile, him: OpenHand, seen: Counts) -> tuple[str, ...]:
    parts = _reading_notes(tile, him)
    # A tile his calls rule out is explained by the reading alone, not by waits he cannot have.
    if all(_allowed(r, tile, him) for r in readings(him)):
        parts.append(_waits_text(tile, him, seen))
    return tuple(parts)


def _reason(head: tuple[str, ...], him: OpenHand, note: str) -> str:
    parts = list(head)
    if note:
        parts.append(note)
    if tenpai_share(him) < 1:
        parts.append(msg.SAFETY_OPEN_MAYBE_NOT_READY)
    return "; ".join(parts)


def open_tile_safety(tile: Tile, him: OpenHand, seen: Counts,
                     dora: Sequence[Tile] = ()) -> TileSafety:
    """``tile`` against one open hand; ``seen``: copies visible (own hand too); ``dora``: dora."""
    if tile in him.pond:
        return TileSafety(tile, SafetyTier.GENBUTSU, msg.SAFETY_OPEN_GENBUTSU, 0.0)
    danger = with_dora(tile, open_danger(tile, him, seen), dora)
    _, tier, head = _read_tile(tile, him, seen)
    return TileSafety(tile, tier, _reason(head, him, dora_note(tile, dora)), danger)
