"""What a strategy decision weighs about the learner's own hand: its wait and its value.

Shared by the three judgement tables of :mod:`engine.table.judgement`:

* :func:`wait_quality` — the winning kinds of a ready hand and the copies of
  them still unseen; *good* as *Riichi Book I* defines it (at least two kinds
  and more than four tiles left: :data:`engine.rules.strategy.GOOD_WAIT_KINDS`,
  :data:`~engine.rules.strategy.GOOD_WAIT_TILES`);
* :func:`ready_value` — the smallest ron of a ready hand over its winning
  tiles that give a yaku, scored by :func:`engine.scoring.score.score_hand`;
* :func:`estimate` — for a hand that is not ready (a call decision), the han
  it is already sure of (dora, red fives, value-honour triplets, tanyao, a
  flush, riichi while closed) priced at 30 fu, which is our stated choice
  (:data:`engine.rules.strategy.ESTIMATE_FU_WHY`).

>>> from engine.hand import parse_hand
>>> from engine.scoring.situation import WinSituation
>>> from engine.rules.sets import get_ruleset
>>> hand = parse_hand("234m456p78s345s11z", size=13)
>>> q = wait_quality(hand, ())
>>> q.kinds, q.live, q.good
(2, 8, True)
>>> ready_value(hand, WinSituation(seat_wind=28, riichi=True), get_ruleset("online"))
1300
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.hand import Hand
from engine.rules.sets import Ruleset
from engine.rules.strategy import ESTIMATE_FU, GOOD_WAIT_KINDS, GOOD_WAIT_TILES
from engine.scoring.points import Basic, Limit, basic_value, payments
from engine.scoring.score import NoYakuError, score_hand
from engine.scoring.situation import WinSituation
from engine.shape.waits import wait_tiles
from engine.tiles import DRAGONS, HONORS, Tile, dora_from_indicator, is_simple


@dataclass(frozen=True)
class WaitQuality:
    """A ready hand's winning kinds, and how many copies of them the player cannot see."""

    tiles: tuple[Tile, ...]
    left: tuple[int, ...]  # unseen copies of each winning kind, same order

    @property
    def live(self) -> int:
        return sum(self.left)

    @property
    def kinds(self) -> int:
        """Winning kinds with a copy still unseen."""
        return sum(1 for n in self.left if n)

    @property
    def good(self) -> bool:
        return self.kinds >= GOOD_WAIT_KINDS and self.live >= GOOD_WAIT_TILES

    @property
    def few_simples(self) -> bool:
        """Only one or two simple tiles left to win on (the book's «really bad wait»)."""
        return 0 < self.live <= 2 and all(
            is_simple(t) for t, n in zip(self.tiles, self.left, strict=True) if n)


def wait_quality(hand: Hand, visible: Sequence[Tile]) -> WaitQuality:
    """Winning kinds of the 13-tile ``hand`` and their copies unseen (hand and ``visible`` seen)."""
    tiles = wait_tiles(hand)
    held = hand.all_counts()
    seen = [0] * 34
    for t in visible:
        seen[t] += 1
    return WaitQuality(tiles, tuple(max(4 - held[t] - seen[t], 0) for t in tiles))


def ron_values(hand: Hand, situation: WinSituation, rules: Ruleset) -> tuple[int, ...]:
    """The ron value (points, no honba) on each winning tile; 0 where there is no yaku."""
    out = []
    for tile in wait_tiles(hand):
        try:
            out.append(score_hand(hand.with_tile(tile), tile, situation, rules).points)
        except NoYakuError:
            out.append(0)
    return tuple(out)


def ready_value(hand: Hand, situation: WinSituation, rules: Ruleset) -> int:
    """The smallest ron of a ready 13-tile hand over the winning tiles that give a yaku.

    0: not ready, or no winning tile gives a yaku. (A tile without a yaku is no win at
    all, so it does not lower the value: *Riichi Book I*'s open hand that wins «only
    with» its value honour is priced by that honour.)
    """
    values = [v for v in ron_values(hand, situation, rules) if v]
    return min(values) if values else 0


@dataclass(frozen=True)
class Estimate:
    """The han a hand is already sure of, by source, and their ron value at 30 fu."""

    yaku: tuple[tuple[str, int], ...]  # (id, han): riichi, tanyao, yakuhai, honitsu, chinitsu
    dora: int  # dora and red fives together
    value: int  # ron points; 0 without a yaku

    @property
    def han(self) -> int:
        return sum(h for _, h in self.yaku) + self.dora


def value_honours(seat: Tile, round_wind: Tile) -> tuple[Tile, ...]:
    """Honours whose triplet is a yakuhai (the seat and round winds count twice if equal)."""
    return (*DRAGONS, seat, round_wind)


def estimate(hand: Hand, seat: Tile, round_wind: Tile, indicators: Sequence[Tile],
             rules: Ruleset) -> Estimate:
    """The sure han of ``hand`` (any size; melds count), priced as a ron at 30 fu.

    >>> from engine.hand import parse_hand
    >>> from engine.rules.sets import get_ruleset
    >>> hand = parse_hand("234m456p6788s", ("pon 555z",), size=13)
    >>> e = estimate(hand, 28, 27, (), get_ruleset("online"))
    >>> e.yaku, e.value
    ((('yakuhai', 1),), 1000)
    """
    counts = hand.all_counts()
    closed = hand.is_closed
    yaku: list[tuple[str, int]] = []
    if closed:
        yaku.append(("riichi", 1))
    for honour in value_honours(seat, round_wind):
        if counts[honour] >= 3:
            yaku.append(("yakuhai", 1))
    tiles = [t for t in range(34) if counts[t]]
    if all(is_simple(t) for t in tiles) and (closed or rules.open_tanyao):
        yaku.append(("tanyao", 1))
    suits = {t // 9 for t in tiles if t < 27}
    if len(suits) == 1:
        pure = not any(t in HONORS for t in tiles)
        han = (6 if pure else 3) - (0 if closed else 1)
        yaku.append(("chinitsu" if pure else "honitsu", han))
    dora = sum(counts[dora_from_indicator(i)] for i in indicators)
    if rules.red_fives:
        dora += hand.red + sum(m.red for m in hand.melds)
    han = sum(h for _, h in yaku) + dora
    value = ron_points(han, seat == 27, rules) if yaku else 0  # closed: riichi is a yaku
    return Estimate(tuple(yaku), dora, value)


def ron_points(han: int, dealer: bool, rules: Ruleset) -> int:
    """A ron of ``han`` at :data:`~engine.rules.strategy.ESTIMATE_FU` fu (limits applied).

    >>> from engine.rules.sets import get_ruleset
    >>> ron_points(4, False, get_ruleset("online")), ron_points(5, True, get_ruleset("online"))
    (7700, 12000)
    """
    if han <= 0:
        return 0
    points = basic_value(han, ESTIMATE_FU, rules.kiriage, rules.kazoe_yakuman, 0)
    return payments(Basic(points, Limit.NONE), dealer=dealer, tsumo=False).points
