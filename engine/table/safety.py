"""Defence against a riichi: each tile's estimated deal-in chance, its class and the reason.

The one danger model of the engine. For each tile against each riichi it
reads which waits remain possible (:mod:`engine.table.safety_waits`: ryanmen by
suji and walls, kanchan, penchan, shanpon, tanki) and prices them with
published deal-in rates (:mod:`engine.table.safety_rates`, sources named there):

* genbutsu (his own pond) and tiles passed after his riichi without ron are
  100 % safe and equal: furiten forbids him ron on them;
* an honour is priced by its copies still unseen (three, two, one); with all
  four accounted for it can only complete a kokushi single wait (and not even
  that when some terminal or honour is all used up);
* a suited tile by its class: non-suji, half-suji, suji — 1/9, 2/8, 3/7 and
  4–6 separately — with one-chance sides counted half open and the riichi
  tile's suji counted as open (when his discards carry tsumogiri marks and the
  riichi tile was the tile just drawn, that rule moves to his last tedashi
  before the riichi: :func:`trap_index`);
* the dora and the tiles next to it deal in more often (factors in
  :mod:`engine.table.safety_rates`).

Against several riichi the chance is ``1 − Π(1 − pᵢ)``; the class and reason
are those of the most dangerous one. An opponent with calls is the second
threat of the same model (:mod:`engine.table.safety_open`, passed in as a
:class:`Threat`) and joins the product the same way. The Russian wording is in
:mod:`engine.text.messages` (``SAFETY_*``).

>>> from engine.hand import parse_hand
>>> from engine.tiles import parse_tiles, tile_code
>>> riichi = Riichi(pond=parse_tiles("9m1z4m2s").kinds, riichi_index=3)
>>> hand = parse_hand("147m258p369s2225z")
>>> seen = parse_tiles("9m1z4m2s2z").kinds  # every pond; here only the riichi player's
>>> found = hand_safety(hand, (riichi,), seen)
>>> [(tile_code(s.tile), s.tier.value, round(s.danger, 1)) for s in found][:4]
[('4m', 'genbutsu', 0.0), ('2z', 'honor_4', 0.1), ('1m', 'suji_19', 1.7), ('5z', 'honor_1', 2.6)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from typing import Protocol

from engine.errors import HandError
from engine.hand import Hand
from engine.table.safety_rates import (
    DORA_FACTOR,
    DORA_NEIGHBOUR_FACTOR,
    KOKUSHI_RATE,
    rate,
)
from engine.table.safety_text import honour_reason, suited_reason
from engine.table.safety_waits import Side, Waits, analyse, open_sides, suited_rate
from engine.text import messages as msg
from engine.tiles import (
    TERMINALS_AND_HONORS,
    Counts,
    Tile,
    counts_of,
    dora_from_indicator,
    tile_code,
)


class SafetyTier(Enum):
    """The class a tile's danger was read from (the ``tier`` of the batch kind ``safety``)."""

    GENBUTSU = "genbutsu"
    PASSED = "passed"
    NO_WAIT = "no_wait"
    HONOR_4 = "honor_4"
    HONOR_3 = "honor_3"
    HONOR_2 = "honor_2"
    HONOR_1 = "honor_1"
    SUJI_19 = "suji_19"
    SUJI_28 = "suji_28"
    SUJI_37 = "suji_37"
    SUJI_456 = "suji_456"
    NO_CHANCE = "no_chance"
    ONE_CHANCE = "one_chance"
    RIICHI_SUJI = "riichi_suji"
    TEDASHI_SUJI = "tedashi_suji"
    HALF_SUJI = "half_suji"
    OPEN_19 = "open_19"
    OPEN_28 = "open_28"
    OPEN_37 = "open_37"
    OPEN_456 = "open_456"
    # Against an open hand (engine.table.safety_open): what his calls rule out.
    FLUSH_OTHER_SUIT = "flush_other_suit"
    NOT_TANYAO = "not_tanyao"
    PAIR_ONLY = "pair_only"

    @property
    def explanation(self) -> str:
        return msg.SAFETY_TIERS[self.value]

    @property
    def name_ru(self) -> str:
        return msg.SAFETY_TIER_NAMES[self.value]

    @property
    def certain(self) -> bool:
        """100 % safe: furiten forbids the ron."""
        return self in (SafetyTier.GENBUTSU, SafetyTier.PASSED)


TIERS: tuple[SafetyTier, ...] = tuple(SafetyTier)
_BY_NUMBER = ("19", "28", "37", "456", "456")


@dataclass(frozen=True)
class Riichi:
    """One riichi: the player's pond in order and what passed him since.

    ``pond``: every tile he discarded, called ones included (they are still his
    discards for furiten); ``riichi_index``: the position in ``pond`` of the
    tile turned sideways; ``passed``: tiles the other players discarded after
    the riichi without his ron; ``tsumogiri``: one mark per pond tile, true
    when he threw the tile he had just drawn — empty when nobody knows, which
    reads the riichi tile as cut from the hand (the model without marks).
    """

    pond: tuple[Tile, ...]
    riichi_index: int
    passed: tuple[Tile, ...] = ()
    tsumogiri: tuple[bool, ...] = ()

    @property
    def riichi_tile(self) -> Tile:
        return self.pond[self.riichi_index]

    @property
    def trap(self) -> int | None:
        """The pond position whose suji is distrusted (:func:`trap_index`)."""
        return trap_index(self.tsumogiri, self.riichi_index)

    @property
    def trap_tile(self) -> Tile | None:
        at = self.trap
        return None if at is None else self.pond[at]

    @property
    def drawn_riichi_tile(self) -> Tile | None:
        """The riichi tile when it was tsumogiri: its suji is plain suji again."""
        return None if self.trap == self.riichi_index else self.riichi_tile

    def suji_safe(self) -> frozenset[Tile]:
        """Tiles whose suji count: his pond but the trap tile (unless thrown twice), passed."""
        rest = tuple(t for i, t in enumerate(self.pond) if i != self.trap)
        return frozenset(rest + self.passed)


def trap_index(tsumogiri: Sequence[bool], riichi_index: int) -> int | None:
    """The discard whose suji the model prices as open: the last tile cut from his hand.

    Riichi Book 1 (D. Chiba, ch. 8 «Defense judgement», «Suji trap») explains
    why the riichi tile's suji is «at least as dangerous as non-suji tiles»:
    players keep a double closed block (1-3-5) until tenpai and cut one of its
    tiles from the hand on the riichi, waiting on its suji; the same text adds
    that suji of later discards are less reliable than of early ones. A
    tsumogiri riichi tile left no block of his hand, so the trap can only be
    in the last tile that did: his last tedashi before the riichi. Moving the
    rule there is our reading of the book's reason (no source gives a figure
    for it); the tedashi's suji is priced as the riichi tile's was. Without
    marks — or with the riichi tile cut from the hand — it is the riichi tile;
    when every discard up to the riichi was tsumogiri there is no trap.

    >>> trap_index((), 3), trap_index((False, True, False, True), 3)
    (3, 2)
    >>> trap_index((True, True), 1) is None
    True
    """
    if len(tsumogiri) <= riichi_index or not tsumogiri[riichi_index]:
        return riichi_index  # no mark on the riichi tile: read as cut from the hand
    return next((i for i in range(riichi_index - 1, -1, -1) if not tsumogiri[i]), None)


@dataclass(frozen=True)
class TileSafety:
    """One tile kind against the riichi: deal-in chance in %, class, Russian reason.

    ``against``: which riichi (0-based) set the class and the reason.
    """

    tile: Tile
    tier: SafetyTier
    reason: str
    danger: float = 0.0
    against: int = 0


class Threat(Protocol):
    """A threat other than a riichi, priced in its own module (an open hand:
    :class:`engine.table.safety_open.OpenHand`); passed in so this module needs no import of it."""

    def check(self, visible: Sequence[Tile]) -> None:
        """Raise :class:`HandError` unless what he shows is among ``visible``."""

    def tile_safety(self, tile: Tile, seen: Counts, dora: Sequence[Tile]) -> TileSafety:
        """``tile`` against him: the same class, reason and danger as against a riichi."""


PRICES_KEPT = 8192
"""How many prices :func:`tile_safety` (and :func:`suited_price`) keeps before starting
afresh: a master problem asks at most about two thousand."""
_PRICES: dict[tuple[Tile, Riichi, tuple[int, ...]], TileSafety] = {}


def copies_read(tile: Tile, seen: Counts) -> tuple[int, ...]:
    """The part of ``seen`` a price of ``tile`` reads: equal parts, equal prices.

    A suited tile reads its own copies and its suit's two kinds on each side
    (the ryanmen shapes, kanchan and penchan of :func:`analyse`; the wait's
    other tile counts only through the pond). An honour reads its own copies
    and, with all four seen, whether a kokushi single wait is still possible.
    Keyed by them, a price asked again is looked up: the generator prices up to
    thirty hands on one table (each kind's price on the bare table too), checks
    the chosen hand with and without tsumogiri marks, and the drill prices it
    the same two ways again (docs/performance.md).
    """
    if tile >= 27:
        if seen[tile] >= 4:
            return (seen[tile], int(_kokushi_possible(tile, seen)))
        return (seen[tile],)
    n = tile % 9
    return tuple(seen[tile - min(n, 2):tile + min(8 - n, 2) + 1])


def tile_safety(tile: Tile, riichi: Riichi, seen: Counts,
                dora: Sequence[Tile] = ()) -> TileSafety:
    """``tile`` against one riichi; ``seen``: copies visible (own hand too); ``dora``: dora tiles.

    Remembered by what it reads (:func:`copies_read`): the same price is never
    computed twice while it is kept.

    >>> from engine.tiles import parse_tiles
    >>> seen = parse_tiles("2222m1m").counts()
    >>> tile_safety(0, Riichi((9,), 0), seen).tier.value  # all four 2m: no 23m shape
    'no_chance'
    """
    key = (tile, riichi, copies_read(tile, seen))
    found = _PRICES.get(key)
    if found is None:
        if len(_PRICES) >= PRICES_KEPT:
            _PRICES.clear()
        found = _PRICES[key] = _tile_safety(tile, riichi, seen)
    exact, near = _dora_kind(tile, dora)
    if found.tier.certain or not (exact or near):
        return found
    note = "" if tile >= 27 else "; " + dora_note(tile, dora)  # an honour's reason has none
    return TileSafety(tile, found.tier, found.reason + note, with_dora(tile, found.danger, dora))


def _tile_safety(tile: Tile, riichi: Riichi, seen: Counts) -> TileSafety:
    """The price with no dora: :func:`tile_safety` adds the dora's factor and note to it."""
    if tile in riichi.pond:
        return TileSafety(tile, SafetyTier.GENBUTSU, msg.SAFETY_REASON_GENBUTSU, 0.0)
    if tile in riichi.passed:
        return TileSafety(tile, SafetyTier.PASSED, msg.SAFETY_REASON_PASSED, 0.0)
    turn = len(riichi.pond)
    if tile >= 27:
        tier, danger = _honour(tile, seen, turn)
        return TileSafety(tile, tier, honour_reason(tile, seen[tile], danger > 0), danger)
    safe, trap_tile, tedashi, drawn = _suji_reading(riichi)
    tier, reason, danger = suited_price(
        analyse(tile, safe, trap_tile, seen, tedashi=tedashi, drawn_riichi=drawn), turn)
    return TileSafety(tile, tier, reason, danger)


@lru_cache(maxsize=64)
def _suji_reading(riichi: Riichi) -> tuple[frozenset[Tile], Tile | None, bool, Tile | None]:
    """His pond read once for every tile: the suji-safe tiles, the distrusted tile, whether
    that is a tedashi before a tsumogiri riichi tile, and the tsumogiri riichi tile."""
    trap = riichi.trap
    return (riichi.suji_safe(), riichi.trap_tile, trap not in (None, riichi.riichi_index),
            riichi.drawn_riichi_tile)


SuitedPrice = tuple[SafetyTier, str, float]
_SUITED: dict[tuple[int, ...], SuitedPrice] = {}


def suited_price(waits: Waits, turn: int) -> SuitedPrice:
    """A suited tile's class, reason (no dora note) and deal-in % after ``turn`` discards.

    Remembered by what the three read of the waits (:func:`_waits_key`): hands
    on one table differ in the copies they show, seldom in the waits those
    leave (docs/performance.md). The open-hand model
    (:mod:`engine.table.safety_open`) reads its waits here too.
    """
    key = _waits_key(waits, turn)
    found = _SUITED.get(key)
    if found is None:
        if len(_SUITED) >= PRICES_KEPT:
            _SUITED.clear()
        found = _SUITED[key] = (suited_tier(waits), suited_reason(waits, ""),
                                suited_rate(waits, turn))
    return found


def _waits_key(w: Waits, turn: int) -> tuple[int, ...]:
    """What :func:`suited_tier`, :func:`suited_rate` and the reason read of the waits.

    The unseen copies count as none, one, two or more (shanpon and tanki, the
    pair-wait price); a side's wall tile is named only when it walls the side
    (kabe, one-chance). Plain ints: hashing a dataclass or an enum member runs
    interpreted code even in the compiled build.
    """
    key = [w.tile, turn, int(w.kanchan), int(w.penchan), min(w.unseen, 3), int(w.tedashi),
           -1 if w.drawn_riichi is None else w.drawn_riichi]
    for side in w.sides:
        code = _side_code(side.state)
        key += [side.first, side.second, side.other, code, int(side.outer),
                side.wall if code in (1, 2) else -1]
    return tuple(key)


def _side_code(state: Side) -> int:
    if state is Side.SUJI:
        return 0
    if state is Side.KABE:
        return 1
    if state is Side.ONE_CHANCE:
        return 2
    return 3 if state is Side.RIICHI_SUJI else 4


def _honour(tile: Tile, seen: Counts, turn: int) -> tuple[SafetyTier, float]:
    unseen = min(4 - seen[tile], 3)  # a kind not in hand reads as «none seen»
    if unseen <= 0:
        return SafetyTier.HONOR_4, KOKUSHI_RATE if _kokushi_possible(tile, seen) else 0.0
    tier = (SafetyTier.HONOR_3, SafetyTier.HONOR_2, SafetyTier.HONOR_1)[unseen - 1]
    return tier, rate(f"yakuhai_{unseen}", turn)


def _kokushi_possible(tile: Tile, seen: Counts) -> bool:
    """A kokushi single wait needs a copy of every other terminal and honour to be unseen."""
    return all(seen[k] < 4 for k in TERMINALS_AND_HONORS if k != tile)


def suited_tier(w: Waits) -> SafetyTier:
    states = [s.state for s in w.sides]
    fold = min(w.number, 8 - w.number)
    if all(s.openness == 0 for s in states):
        if w.bad_shapes == 0 and w.unseen == 0:
            return SafetyTier.NO_WAIT
        if Side.KABE in states or (w.bad_shapes == 0 and fold > 0):
            return SafetyTier.NO_CHANCE
        return SafetyTier("suji_" + _BY_NUMBER[fold])
    if Side.OPEN not in states:
        if Side.RIICHI_SUJI in states:
            return SafetyTier.TEDASHI_SUJI if w.tedashi else SafetyTier.RIICHI_SUJI
        return SafetyTier.ONE_CHANCE
    if len(states) == 2 and len(open_sides(w)) == 1:
        return SafetyTier.HALF_SUJI
    return SafetyTier("open_" + _BY_NUMBER[fold])


def _dora_kind(tile: Tile, dora: Sequence[Tile]) -> tuple[int, int]:
    """(times the tile is dora, dora it sits next to: same suit, one or two away)."""
    exact = sum(1 for d in dora if d == tile)
    near = sum(1 for d in dora
               if d < 27 and tile < 27 and d // 9 == tile // 9 and 1 <= abs(d - tile) <= 2)
    return exact, near


def with_dora(tile: Tile, danger: float, dora: Sequence[Tile]) -> float:
    exact, near = _dora_kind(tile, dora)
    key = "terminal_or_honour" if tile in TERMINALS_AND_HONORS else "simple"
    return danger * DORA_FACTOR[key] ** exact * DORA_NEIGHBOUR_FACTOR ** near


def dora_note(tile: Tile, dora: Sequence[Tile]) -> str:
    exact, near = _dora_kind(tile, dora)
    return msg.SAFETY_DORA if exact else msg.SAFETY_DORA_NEAR if near else ""


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
    """The riichi tile must be in the pond, and pond and passed tiles among the visible ones.

    Tsumogiri marks, when given, are one per pond tile.
    """
    if not 0 <= riichi.riichi_index < len(riichi.pond):
        raise HandError(
            msg.SAFETY_BAD_RIICHI_INDEX.format(
                index=riichi.riichi_index, last=max(len(riichi.pond) - 1, 0)
            )
        )
    if riichi.tsumogiri and len(riichi.tsumogiri) != len(riichi.pond):
        raise HandError(msg.SAFETY_BAD_TSUMOGIRI.format(marks=len(riichi.tsumogiri),
                                                        pond=len(riichi.pond)))
    needed = counts_of(riichi.pond + riichi.passed)
    have = counts_of(visible)
    for kind in range(34):
        if needed[kind] > have[kind]:
            raise HandError(msg.SAFETY_POND_NOT_VISIBLE.format(tile=tile_code(kind)))


def hand_safety(
    hand: Hand, riichis: Sequence[Riichi], visible: Sequence[Tile],
    indicators: Sequence[Tile] = (), opens: Sequence[Threat] = (),
) -> tuple[TileSafety, ...]:
    """Each concealed kind against every riichi and open hand, least dangerous first.

    Ties go in tile order.

    ``visible``: every tile seen outside the hand — all ponds (the riichi
    players' too), melds, dora indicators; ``indicators``: the dora
    indicators among them (their dora deal in more often); ``opens``: the
    opponents with calls (:mod:`engine.table.safety_open`).
    """
    if not riichis and not opens:
        raise HandError(msg.SAFETY_NO_RIICHI)
    for riichi in riichis:
        check_riichi(riichi, visible)
    for threat in opens:
        threat.check(visible)
    seen = seen_counts(hand, visible)
    dora = tuple(dora_from_indicator(i) for i in indicators)
    out = [combine(tile, riichis, seen, dora, opens)
           for tile in range(34) if hand.concealed[tile]]
    return tuple(sorted(out, key=lambda s: (round(s.danger, 1), s.tile)))


def combine(tile: Tile, riichis: Sequence[Riichi], seen: Counts,
            dora: Sequence[Tile] = (), opens: Sequence[Threat] = ()) -> TileSafety:
    """The tile against every threat: ``1 − Π(1 − pᵢ)``, class and reason of the worst one.

    ``against`` counts the riichi first, then the open hands.
    """
    each = [tile_safety(tile, r, seen, dora) for r in riichis]
    each += [threat.tile_safety(tile, seen, dora) for threat in opens]
    if len(each) == 1:
        return each[0]
    safe = 1.0
    for s in each:
        safe *= 1 - s.danger / 100
    worst = max(range(len(each)), key=lambda n: (each[n].danger, -n))
    found = each[worst]
    if all(s.tier.certain for s in each):
        worst = 0
        found = each[0]
    if worst < len(riichis):
        reason = msg.SAFETY_AGAINST.format(n=worst + 1, reason=found.reason)
    else:
        reason = msg.SAFETY_AGAINST_OPEN.format(n=worst - len(riichis) + 1, reason=found.reason)
    return TileSafety(tile, found.tier, reason, (1 - safe) * 100, worst)
