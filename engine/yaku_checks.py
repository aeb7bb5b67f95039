"""The win context and the small predicates the yaku table is made of.

:class:`HandFacts` holds what depends only on the tiles (computed once per
hand); :class:`WinContext` adds one arrangement (computed once per reading).
Every predicate is a plain function ``WinContext -> bool`` so the table in
:mod:`engine.yaku` stays data. Closed-only and open reductions are the
table's business, not the predicates'.

>>> from engine.hand import parse_hand
>>> from engine.decompose import arrangements
>>> from engine.rules import ONLINE
>>> h = parse_hand("234567m234p22234s", size=14)
>>> ctx = WinContext.build(arrangements(h, 21)[0], hand_facts(h), WinSituation(tsumo=True), ONLINE)
>>> pinfu(ctx), tanyao(ctx), sanshoku_doujun(ctx)
(True, True, True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.blocks import Arrangement, BlockKind, Form, WaitKind
from engine.hand import Hand
from engine.rules import Renhou, Ruleset
from engine.situation import WinSituation
from engine.tiles import DRAGONS, GREEN_TILES, Counts, Tile

_SIMPLE = frozenset(t for t in range(27) if 1 <= t % 9 <= 7)
_CHUUREN_BASE = (3, 1, 1, 1, 1, 1, 1, 1, 3)


@dataclass(frozen=True, slots=True)
class HandFacts:
    """Tile-only facts of a complete hand (melds included, kans as four)."""

    counts: Counts
    closed: bool
    suits: frozenset[int]  # 0 man, 1 pin, 2 sou present
    honors: bool
    all_simple: bool
    all_terminal_honor: bool
    all_green: bool
    kans: int
    chuuren: int  # 0 no; 1 chuuren; 2 the nine-sided wait (before the winning tile: 1112345678999)


def hand_facts(hand: Hand, win_tile: Tile | None = None) -> HandFacts:
    """Compute the facts once; ``win_tile`` tells chuuren's nine-sided wait apart."""
    counts = hand.all_counts()
    present = [t for t in range(34) if counts[t]]
    suits = frozenset(t // 9 for t in present if t < 27)
    return HandFacts(
        counts=counts,
        closed=hand.is_closed,
        suits=suits,
        honors=present[-1] >= 27,
        all_simple=all(t in _SIMPLE for t in present),
        all_terminal_honor=not any(t in _SIMPLE for t in present),
        all_green=all(t in GREEN_TILES for t in present),
        kans=sum(1 for m in hand.melds if m.is_kan),
        chuuren=_chuuren(hand, counts, suits, win_tile),
    )


def _chuuren(hand: Hand, counts: Counts, suits: frozenset[int], win: Tile | None) -> int:
    if hand.melds or len(suits) != 1 or sum(counts) != 14:
        return 0
    base = min(suits) * 9
    part = counts[base : base + 9]
    if sum(part) != 14 or any(n < need for n, need in zip(part, _CHUUREN_BASE, strict=True)):
        return 0
    if win is not None and part[win - base] - 1 == _CHUUREN_BASE[win - base]:
        return 2
    return 1


@dataclass(frozen=True, slots=True)
class WinContext:
    """One reading of the winning hand with everything the predicates ask about."""

    arrangement: Arrangement
    facts: HandFacts
    situation: WinSituation
    rules: Ruleset
    form: Form
    shuntsu: tuple[Tile, ...]  # lowest tile of each sequence, sorted
    triplets: tuple[Tile, ...]  # tile of each triplet or quad, sorted
    concealed_triplets: int  # closed triplets/quads; a shanpon triplet won by ron is open
    pair: Tile | None

    @classmethod
    def build(
        cls, arr: Arrangement, facts: HandFacts, sit: WinSituation, rules: Ruleset
    ) -> WinContext:
        dec = arr.decomposition
        shuntsu: list[Tile] = []
        triplets: list[Tile] = []
        concealed = 0
        for block in dec.sets:
            if block.kind is BlockKind.SHUNTSU:
                shuntsu.append(block.tile)
                continue
            triplets.append(block.tile)
            if block.opened:
                continue
            if block == arr.win_block and arr.wait is WaitKind.SHANPON and not sit.tsumo:
                continue
            concealed += 1
        return cls(
            arr,
            facts,
            sit,
            rules,
            dec.form,
            tuple(sorted(shuntsu)),
            tuple(sorted(triplets)),
            concealed,
            dec.pair if dec.form is Form.STANDARD else None,
        )

    @property
    def standard(self) -> bool:
        return self.form is Form.STANDARD


def is_yakuhai(tile: Tile, sit: WinSituation) -> bool:
    """Dragons, the seat wind and the round wind: a pair of them is not a pinfu pair."""
    return tile in DRAGONS or tile == sit.seat_wind or tile == sit.round_wind


# --- situational yaku ----------------------------------------------------------


def riichi(c: WinContext) -> bool:
    return c.situation.riichi or c.situation.double_riichi


def double_riichi(c: WinContext) -> bool:
    return c.situation.double_riichi


def ippatsu(c: WinContext) -> bool:
    return c.situation.ippatsu


def menzen_tsumo(c: WinContext) -> bool:
    return c.situation.tsumo


def haitei(c: WinContext) -> bool:
    return c.situation.haitei and c.situation.tsumo


def houtei(c: WinContext) -> bool:
    return c.situation.houtei and not c.situation.tsumo


def rinshan(c: WinContext) -> bool:
    return c.situation.rinshan


def chankan(c: WinContext) -> bool:
    return c.situation.chankan


def tenhou(c: WinContext) -> bool:
    return c.situation.tenhou


def chiihou(c: WinContext) -> bool:
    return c.situation.chiihou


def renhou_yakuman(c: WinContext) -> bool:
    return c.situation.renhou and c.rules.renhou is Renhou.YAKUMAN


def renhou_mangan(c: WinContext) -> bool:
    return c.situation.renhou and c.rules.renhou is Renhou.MANGAN


# --- shape yaku ------------------------------------------------------------------


def pinfu(c: WinContext) -> bool:
    """Closed, four sequences, a pair that is not yakuhai, won on a two-sided wait."""
    return (
        c.standard
        and len(c.shuntsu) == 4
        and c.arrangement.wait is WaitKind.RYANMEN
        and c.pair is not None
        and not is_yakuhai(c.pair, c.situation)
    )


def tanyao(c: WinContext) -> bool:
    return c.facts.all_simple and (c.facts.closed or c.rules.open_tanyao)


def _identical_sequences(c: WinContext) -> int:
    """How many pairs of identical sequences (0, 1 or 2) the reading holds."""
    s = c.shuntsu
    if len(s) < 2:
        return 0
    if len(s) == 4 and s[0] == s[1] and s[2] == s[3]:
        return 2
    return 1 if any(s[i] == s[i + 1] for i in range(len(s) - 1)) else 0


def iipeikou(c: WinContext) -> bool:
    return _identical_sequences(c) >= 1


def ryanpeikou(c: WinContext) -> bool:
    return _identical_sequences(c) == 2


def yakuhai_triplet(tile: Tile) -> Callable[[WinContext], bool]:
    """A predicate: the reading has a triplet or quad of ``tile`` (a dragon)."""

    def check(c: WinContext) -> bool:
        return tile in c.triplets

    return check


def yakuhai_seat_wind(c: WinContext) -> bool:
    return c.situation.seat_wind in c.triplets


def yakuhai_round_wind(c: WinContext) -> bool:
    return c.situation.round_wind in c.triplets


def sanshoku_doujun(c: WinContext) -> bool:
    s = set(c.shuntsu)
    return any(t in s and t + 9 in s and t + 18 in s for t in range(7))


def sanshoku_doukou(c: WinContext) -> bool:
    s = set(c.triplets)
    return any(t in s and t + 9 in s and t + 18 in s for t in range(9))


def ittsu(c: WinContext) -> bool:
    s = set(c.shuntsu)
    return any(b in s and b + 3 in s and b + 6 in s for b in (0, 9, 18))


def _outside(c: WinContext) -> bool:
    """Every set and the pair hold a terminal or honour, and there is a sequence."""
    if not c.standard or not c.shuntsu or c.pair is None:
        return False
    if c.pair in _SIMPLE or any(t in _SIMPLE for t in c.triplets):
        return False
    return all(t % 9 in (0, 6) for t in c.shuntsu)


def chanta(c: WinContext) -> bool:
    return c.facts.honors and _outside(c)


def junchan(c: WinContext) -> bool:
    return not c.facts.honors and _outside(c)


def honroutou(c: WinContext) -> bool:
    return c.facts.all_terminal_honor and c.form is not Form.KOKUSHI


def toitoi(c: WinContext) -> bool:
    return c.standard and len(c.triplets) == 4


def sanankou(c: WinContext) -> bool:
    return c.concealed_triplets == 3


def sankantsu(c: WinContext) -> bool:
    return c.facts.kans == 3


def shousangen(c: WinContext) -> bool:
    return c.pair in DRAGONS and sum(1 for t in c.triplets if t in DRAGONS) == 2


def chiitoitsu(c: WinContext) -> bool:
    return c.form is Form.CHIITOITSU


def honitsu(c: WinContext) -> bool:
    return len(c.facts.suits) == 1 and c.facts.honors


def chinitsu(c: WinContext) -> bool:
    return len(c.facts.suits) == 1 and not c.facts.honors


# --- yakuman ---------------------------------------------------------------------


def kokushi(c: WinContext) -> bool:
    return c.form is Form.KOKUSHI


def kokushi_13(c: WinContext) -> bool:
    return c.arrangement.wait is WaitKind.KOKUSHI_13


def suuankou(c: WinContext) -> bool:
    return c.concealed_triplets == 4


def suuankou_tanki(c: WinContext) -> bool:
    return c.concealed_triplets == 4 and c.arrangement.wait is WaitKind.TANKI


def daisangen(c: WinContext) -> bool:
    return sum(1 for t in c.triplets if t in DRAGONS) == 3


def shousuushii(c: WinContext) -> bool:
    pair_is_wind = c.pair is not None and 27 <= c.pair <= 30
    return pair_is_wind and sum(1 for t in c.triplets if 27 <= t <= 30) == 3


def daisuushii(c: WinContext) -> bool:
    return sum(1 for t in c.triplets if 27 <= t <= 30) == 4


def tsuuiisou(c: WinContext) -> bool:
    return not c.facts.suits


def ryuuiisou(c: WinContext) -> bool:
    return c.facts.all_green


def chinroutou(c: WinContext) -> bool:
    return not c.facts.honors and c.facts.all_terminal_honor


def suukantsu(c: WinContext) -> bool:
    return c.facts.kans == 4


def chuuren(c: WinContext) -> bool:
    return c.facts.chuuren > 0


def chuuren_9(c: WinContext) -> bool:
    return c.facts.chuuren == 2
