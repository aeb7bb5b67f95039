"""Three strategy decisions, each by a table of *Riichi Book I* (:mod:`engine.rules.strategy`).

* :func:`judge_call` — «Брать или нет?»: a chi or pon is offered; shanten,
  ukeire and the sure value before and after the call (the best discard
  after it, swap-calling excluded) and the yaku left after it;
* :func:`judge_push` — «Идти или сдаваться?»: facing a riichi, the hand is
  ready or not, high-scoring or not, its wait good or not (for a 1-away hand:
  the best wait it can choose in the worst case, as the book says), and the
  danger of the tile it would push (:func:`engine.table.safety.hand_safety`);
* :func:`judge_riichi` — «Риичи или дама?»: a closed ready hand; its value
  without riichi and with it, the wait, the seat and the turn.

Each verdict names the table row that decided it (the first whose condition
holds); the facts it read are kept on the verdict so an explanation can show
them.

>>> from engine.hand import parse_hand
>>> from engine.rules.sets import get_ruleset
>>> v = judge_riichi(parse_hand("789m345p23678s55z", size=13), 28, 27, (), 6, (),
...                  get_ruleset("online"))
>>> v.row.id, v.wait.good
('riichi_one_of_three', True)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

from engine.errors import HandError
from engine.hand import Hand
from engine.melds import Meld, MeldKind
from engine.rules.sets import Ruleset
from engine.rules.strategy import (
    CALL_DROP_FROM,
    CALL_DROP_TO,
    CALL_FAST_UKEIRE,
    CALL_SLOW_SHANTEN,
    CHEAP_VALUE,
    DAMA_HANEMAN_BASIC,
    DAMA_VALUE_PLAIN,
    DAMA_VALUE_RED,
    EXPENSIVE_EARLY_TURN,
    EXPENSIVE_LATE_KINDS,
    EXPENSIVE_LATE_TURN,
    HIGH_VALUE,
    StrategyRow,
    row,
)
from engine.scoring.score import NoYakuError, score_hand
from engine.scoring.situation import WinSituation
from engine.shape.shanten import Improvement, shanten
from engine.shape.ukeire import ukeire
from engine.shape.waits import wait_tiles
from engine.table.hand_value import (
    Estimate,
    WaitQuality,
    estimate,
    ready_value,
    value_honours,
    wait_quality,
)
from engine.table.safety import Riichi, TileSafety, hand_safety
from engine.text import messages as msg
from engine.tiles import EAST, Tile

# --- «Брать или нет?» -------------------------------------------------------------------


@dataclass(frozen=True)
class CallSide:
    """The hand before the call, or after it and its best discard (13 tiles, melds as three)."""

    hand: Hand
    shanten: int
    ukeire: int
    sure: Estimate  # the han it already has (its yaku are listed from here)
    value: int  # what it is worth: see :func:`hand_worth`
    discard: Tile | None = None


@dataclass(frozen=True)
class CallVerdict:
    before: CallSide
    after: CallSide
    row: StrategyRow

    @property
    def call(self) -> bool:
        return self.row.verdict == "call"


def _forbidden(meld: Meld, called: Tile) -> frozenset[Tile]:
    """Swap-calling: the called kind, and after a chi on an end the kind at the other end."""
    out = {called}
    if meld.kind is MeldKind.CHI:
        low, high = meld.tiles[0], meld.tiles[2]
        if called == low and high % 9 < 8:
            out.add(high + 1)
        if called == high and low % 9 > 0:
            out.add(low - 1)
    return frozenset(out)


def called_hand(hand: Hand, meld: Meld, called: Tile) -> Hand:
    """``hand`` (13 tiles) after calling ``meld`` on ``called``: 14, one discard to go."""
    if meld.kind not in (MeldKind.CHI, MeldKind.PON) or called not in meld.tiles:
        raise HandError(msg.STRATEGY_BAD_CALL)
    counts = list(hand.concealed)
    rest = list(meld.tiles)
    rest.remove(called)
    for t in rest:
        counts[t] -= 1
        if counts[t] < 0:
            raise HandError(msg.STRATEGY_CALL_NOT_HELD)
    return Hand(tuple(counts), (*hand.melds, meld), hand.red_suits)


def judge_call(hand: Hand, meld: Meld, called: Tile, seat: Tile, round_wind: Tile,
               indicators: Sequence[Tile], rules: Ruleset,
               visible: Sequence[Tile] = ()) -> CallVerdict:
    """Call or pass: ``hand`` (13 tiles) is offered ``called`` for ``meld``.

    >>> from engine.hand import parse_hand
    >>> from engine.melds import parse_meld_text
    >>> from engine.rules.sets import get_ruleset
    >>> v = judge_call(parse_hand("357m346679p35s55z", size=13), parse_meld_text("pon 555z"),
    ...                31, 28, 27, (), get_ruleset("online"))
    >>> v.row.id, v.after.shanten, v.after.ukeire
    ('call_cheap_slow', 2, 20)
    """
    if hand.size != 13:
        raise HandError(msg.STRATEGY_NEED_13)
    before = _side(hand, seat, round_wind, indicators, rules, visible)
    opened = called_hand(hand, meld, called)
    steps = _discard_steps(opened, meld, called)
    fewest = min(steps.values())
    found = {t: _improvements(opened.without_tile(t), fewest, visible)
             for t, n in steps.items() if n == fewest}
    # the best discard: fewest steps, then most improving copies, then tile order
    best = max(found, key=lambda t: (sum(i.remaining for i in found[t]), -t))
    after = _side(opened.without_tile(best), seat, round_wind, indicators, rules, visible, best,
                  found[best])
    return CallVerdict(before, after, row("call", _call_row(hand, before, after, seat,
                                                            round_wind)))


def _discard_steps(opened: Hand, meld: Meld, called: Tile) -> dict[Tile, int]:
    """Shanten after the call and each discard it allows (swap-calling excluded)."""
    banned = _forbidden(meld, called)
    steps = {t: shanten(opened.without_tile(t)).minimum for t in range(34)
             if opened.concealed[t] and t not in banned}
    if not steps:
        raise HandError(msg.STRATEGY_CALL_NOT_HELD)
    return steps


def shanten_after_call(hand: Hand, meld: Meld, called: Tile) -> int:
    """The shanten :func:`judge_call` finds after the call and its best discard.

    A fraction of the verdict's work (no ukeire, no values): a generator asks it
    first to skip judging a hand that cannot be the case it is looking for.

    >>> from engine.hand import parse_hand
    >>> from engine.melds import parse_meld_text
    >>> shanten_after_call(parse_hand("357m346679p35s55z", size=13),
    ...                    parse_meld_text("pon 555z"), 31)
    2
    """
    return min(_discard_steps(called_hand(hand, meld, called), meld, called).values())


def _improvements(hand: Hand, steps: int, visible: Sequence[Tile]) -> tuple[Improvement, ...]:
    """The ukeire of a 13-tile hand; when ready, read from its waits (the same kinds, faster)."""
    if steps == 0:
        q = wait_quality(hand, visible)
        return tuple(Improvement(t, n) for t, n in zip(q.tiles, q.left, strict=True) if n)
    return ukeire(hand, visible).tiles


def hand_worth(hand: Hand, steps: int, sure: Estimate, sit: WinSituation, rules: Ruleset,
               improving: Sequence[Improvement]) -> int:
    """What a hand is worth for the call table: ready — its smallest ron; 1-away — the best
    such value among the ready hands one draw reaches (the book prices hands by what they
    can become); further — the han it is sure of at 30 fu (our stated choices)."""
    if steps == 0:
        return ready_value(hand, sit, rules)
    if steps > 1:
        return sure.value
    return max((ready_value(ready, sit, rules) for i in improving
                for ready in _readies(hand, i.tile)), default=0)


def _readies(hand: Hand, draw: Tile) -> Iterator[Hand]:
    """The ready 13-tile hands that drawing ``draw`` and discarding one tile reach."""
    drawn = hand.with_tile(draw)
    for tile in range(34):
        if drawn.concealed[tile]:
            ready = drawn.without_tile(tile)
            if wait_tiles(ready):
                yield ready


def _side(hand: Hand, seat: Tile, round_wind: Tile, indicators: Sequence[Tile], rules: Ruleset,
          visible: Sequence[Tile], discard: Tile | None = None,
          improving: Sequence[Improvement] | None = None) -> CallSide:
    sure = estimate(hand, seat, round_wind, indicators, rules)
    steps = shanten(hand).minimum
    if improving is None:
        improving = _improvements(hand, steps, visible)
    worth = hand_worth(hand, steps, sure, _situation(hand, seat, round_wind, indicators), rules,
                       improving)
    return CallSide(hand, steps, sum(i.remaining for i in improving), sure, worth, discard)


def _call_row(hand: Hand, before: CallSide, after: CallSide, seat: Tile,
              round_wind: Tile) -> str:
    if after.value == 0:
        return "call_no_yaku"
    if after.shanten >= before.shanten and after.value <= before.value:
        return "call_no_progress"
    if before.value >= CALL_DROP_FROM and after.value <= CALL_DROP_TO:
        return "call_value_drop"
    if after.shanten == 0:
        return "call_ready"
    slow = after.shanten >= CALL_SLOW_SHANTEN and after.ukeire < CALL_FAST_UKEIRE
    cheap_slow = after.value <= CHEAP_VALUE and slow
    if cheap_slow and any(hand.concealed[h] >= 3 for h in value_honours(seat, round_wind)):
        return "call_value_set"
    return "call_cheap_slow" if cheap_slow else "call_fast_or_expensive"


# --- «Идти или сдаваться?» ------------------------------------------------------------


@dataclass(frozen=True)
class PushVerdict:
    """The three conditions of the book's table, what they were read from, and the verdict."""

    shanten: int
    wait: WaitQuality | None  # a ready hand's wait
    value: int  # the smallest ron (ready), or of the worst way to get ready (1-away)
    good: bool
    danger: TileSafety  # of the tile to push
    row: StrategyRow
    # The pusher deals: ``value`` is then in a dealer's points, 1.5 times a non-dealer's,
    # which is how the book's table weighs the dealer (engine.rules.strategy.PUSH_DEALER).
    dealer: bool = False

    @property
    def ready(self) -> bool:
        return self.shanten == 0

    @property
    def high(self) -> bool:
        return self.value >= HIGH_VALUE

    @property
    def push(self) -> bool:
        return self.row.verdict == "push"


def _situation(hand: Hand, seat: Tile, round_wind: Tile,
               indicators: Sequence[Tile]) -> WinSituation:
    """A ron as the pusher would win it: a closed hand declares riichi (our stated choice)."""
    return WinSituation(riichi=hand.is_closed, seat_wind=seat, round_wind=round_wind,
                        dora_indicators=tuple(indicators))


def _one_away(hand: Hand, visible: Sequence[Tile], sit: WinSituation,
              rules: Ruleset) -> tuple[bool, int]:
    """(good, value) of a 1-away hand: the best wait per first improving draw, then the worst."""
    good, value = True, -1
    for improvement in ukeire(hand, visible).tiles:
        best = max(((wait_quality(ready, visible).good, ready_value(ready, sit, rules))
                    for ready in _readies(hand, improvement.tile)), default=None)
        if best is not None:
            good = good and best[0]
            value = best[1] if value < 0 else min(value, best[1])
    return good, max(value, 0)


def judge_push(hand: Hand, push: Tile, riichis: Sequence[Riichi], visible: Sequence[Tile],
               indicators: Sequence[Tile], seat: Tile, round_wind: Tile,
               rules: Ruleset) -> PushVerdict:
    """Push ``push`` from ``hand`` (14 tiles) against ``riichis``, or fold?

    ``visible``: every pond and the dora indicators (the danger model's input).
    """
    if not hand.concealed[push]:
        raise HandError(msg.STRATEGY_PUSH_NOT_HELD)
    danger = next(s for s in hand_safety(hand, riichis, visible, indicators) if s.tile == push)
    rest = hand.without_tile(push)
    steps = shanten(rest).minimum
    sit = _situation(rest, seat, round_wind, indicators)
    wait = None
    if steps == 0:
        wait = wait_quality(rest, visible)
        good, value = wait.good, ready_value(rest, sit, rules)
    elif steps == 1:
        good, value = _one_away(rest, visible, sit, rules)
    else:  # too far to read a wait: judged bad (our stated choice, FAR_WHY)
        good, value = False, estimate(rest, seat, round_wind, indicators, rules).value
    met = (steps == 0) + (value >= HIGH_VALUE) + good
    return PushVerdict(steps, wait, value, good, danger,
                       row("push", "push_two_of_three" if met >= 2 else "fold_two_of_three"),
                       seat == EAST)


# --- «Риичи или дама?» ----------------------------------------------------------------


@dataclass(frozen=True)
class RiichiVerdict:
    wait: WaitQuality
    dama_value: int  # the smallest ron without riichi; 0 if some winning tile has no yaku
    dama_basic: int
    riichi_value: int  # the smallest ron with riichi
    extra_han: int  # the fewest han besides riichi (dora included) over the winning tiles
    dealer: bool
    turn: int
    row: StrategyRow

    @property
    def riichi(self) -> bool:
        return self.row.verdict == "riichi"


def judge_riichi(hand: Hand, seat: Tile, round_wind: Tile, indicators: Sequence[Tile],
                 turn: int, visible: Sequence[Tile], rules: Ruleset) -> RiichiVerdict:
    """Riichi or dama with the closed ready ``hand`` (13 tiles) on the learner's ``turn``."""
    if hand.size != 13 or not hand.is_closed:
        raise HandError(msg.STRATEGY_NEED_CLOSED)
    tiles = wait_tiles(hand)
    if not tiles:
        raise HandError(msg.STRATEGY_NOT_READY)
    base = WinSituation(seat_wind=seat, round_wind=round_wind, dora_indicators=tuple(indicators))
    dama: list[tuple[int, int]] = []
    riichi: list[tuple[int, int]] = []
    for tile in tiles:
        won = hand.with_tile(tile)
        with_riichi = score_hand(won, tile, replace(base, riichi=True), rules)
        riichi.append((with_riichi.points, with_riichi.han - 1))
        try:
            plain = score_hand(won, tile, base, rules)
            dama.append((plain.points, plain.basic))
        except NoYakuError:
            dama.append((0, 0))
    low = min(dama)
    wait = wait_quality(hand, visible)
    extra = min(h for _, h in riichi)
    return RiichiVerdict(wait, low[0], low[1], min(p for p, _ in riichi), extra, seat == EAST,
                         turn, row("riichi", _riichi_row(wait, low, extra, seat == EAST, turn,
                                                         rules)))


def _riichi_row(wait: WaitQuality, dama: tuple[int, int], extra: int, dealer: bool, turn: int,
                rules: Ruleset) -> str:
    value, basic = dama
    if value and basic >= DAMA_HANEMAN_BASIC:
        return "dama_haneman"
    if value >= (DAMA_VALUE_RED if rules.red_fives else DAMA_VALUE_PLAIN):
        wide = ((turn <= EXPENSIVE_EARLY_TURN and wait.good)
                or (turn <= EXPENSIVE_LATE_TURN and wait.kinds >= EXPENSIVE_LATE_KINDS))
        return "riichi_expensive_wide" if wide else "dama_expensive"
    if value and wait.few_simples:
        return "dama_few_tiles"
    if extra >= 1 or wait.good or dealer:
        return "riichi_one_of_three"
    return "dama_riichi_only_bad"
