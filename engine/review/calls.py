"""No yaku: a call that leaves the hand no yaku and none within reach.

An open hand wins only with a yaku. After the call the hand is judged
first exactly — a tenpai whose wait scores by ron or tsumo has a yaku — and
otherwise by one table of small tests, each a yaku an open hand can still
make, reachable when at most :data:`~engine.review.thresholds.OFF_TILES`
tiles stand in its way (:data:`REACHABLE`). Not flagged: a call late in the
hand (:data:`~engine.review.thresholds.FORMAL_TENPAI_WALL` tiles left or
fewer) that makes tenpai — a deliberate formal tenpai for the draw payments.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.hand import Hand
from engine.melds import MeldKind
from engine.review.flags import LESSONS, Flag
from engine.review.position import call_meld, call_words, win_value
from engine.review.thresholds import FORMAL_TENPAI_WALL, OFF_TILES
from engine.rules.sets import Ruleset
from engine.shape.shanten import shanten
from engine.shape.waits import wait_tiles
from engine.table.decision import Decision
from engine.text import review as text
from engine.tiles import DRAGONS, TERMINALS_AND_HONORS, Tile

Test = Callable[[Hand, Decision, Ruleset], bool]
_MIDDLE = frozenset(t for s in range(3) for t in range(9 * s + 3, 9 * s + 6))  # 4–6: no chanta


def _yakuhai(hand: Hand, d: Decision, rules: Ruleset) -> bool:
    """A value triplet called, or a value pair held with a copy still unseen."""
    value = {*DRAGONS, d.seat_wind, d.round_wind}
    if any(m.tiles[0] in value and m.kind is not MeldKind.CHI for m in hand.melds):
        return True
    held = hand.all_counts()
    return any(hand.concealed[t] >= 3 or hand.concealed[t] == 2
               and max(d.visible[t], held[t]) < 4 for t in value)


def _tanyao(hand: Hand, d: Decision, rules: Ruleset) -> bool:
    if not rules.open_tanyao or any(
            t in TERMINALS_AND_HONORS for m in hand.melds for t in m.tiles):
        return False
    return sum(hand.concealed[t] for t in TERMINALS_AND_HONORS) <= OFF_TILES


def _honitsu(hand: Hand, d: Decision, rules: Ruleset) -> bool:
    for suit in range(3):
        if all(t >= 27 or t // 9 == suit for m in hand.melds for t in m.tiles):
            off = sum(n for t, n in enumerate(hand.concealed) if t < 27 and t // 9 != suit)
            if off <= OFF_TILES:
                return True
    return False


def _toitoi(hand: Hand, d: Decision, rules: Ruleset) -> bool:
    if any(m.kind is MeldKind.CHI for m in hand.melds):
        return False
    return sum(1 for n in hand.concealed if n == 1) <= OFF_TILES


def _runs(hand: Hand, runs: tuple[tuple[Tile, ...], ...]) -> bool:
    """Three runs from melds and hand: chi melds among them, at most one other meld."""
    chis = [m.tiles for m in hand.melds if m.kind is MeldKind.CHI]
    others = len(hand.melds) - sum(1 for c in chis if c in runs)
    if others > 1 or any(chis.count(r) > 1 for r in runs):
        return False
    missing = 0
    for run in runs:
        if run not in chis:
            missing += sum(1 for t in run if not hand.concealed[t])
    return missing <= OFF_TILES


def _ittsu(hand: Hand, d: Decision, rules: Ruleset) -> bool:
    return any(_runs(hand, tuple(tuple(range(9 * s + k, 9 * s + k + 3)) for k in (0, 3, 6)))
               for s in range(3))


def _sanshoku(hand: Hand, d: Decision, rules: Ruleset) -> bool:
    return any(_runs(hand, tuple(tuple(range(9 * s + n, 9 * s + n + 3)) for s in range(3)))
               for n in range(7))


def _chanta(hand: Hand, d: Decision, rules: Ruleset) -> bool:
    if not all(any(t in TERMINALS_AND_HONORS for t in m.tiles) for m in hand.melds):
        return False
    return sum(hand.concealed[t] for t in _MIDDLE) <= OFF_TILES


REACHABLE: tuple[tuple[str, Test], ...] = (
    ("yakuhai", _yakuhai), ("tanyao", _tanyao), ("honitsu", _honitsu), ("toitoi", _toitoi),
    ("ittsu", _ittsu), ("sanshoku", _sanshoku), ("chanta", _chanta),
)


def tenpai_hands(hand: Hand) -> list[Hand]:
    """The 13-tile tenpai hands the called hand can be (after a discard when it has 14)."""
    if hand.size == 13:
        return [hand] if shanten(hand).minimum == 0 else []
    return [hand.without_tile(t) for t in range(34)
            if hand.concealed[t] and shanten(hand.without_tile(t)).minimum == 0]


def _best_shanten(hand: Hand) -> int:
    """The shanten after the call (after the best discard when the hand has 14 tiles)."""
    if hand.size != 14:
        return shanten(hand).minimum
    return min(shanten(hand.without_tile(t)).minimum for t in range(34) if hand.concealed[t])


def yaku_in_reach(hand: Hand, d: Decision, rules: Ruleset) -> bool:
    """Does the hand after a call hold a yaku, or have one in reach?"""
    for tenpai in tenpai_hands(hand):
        for tile in wait_tiles(tenpai):
            if win_value(d, tenpai, tile, rules, tsumo=False) or win_value(
                    d, tenpai, tile, rules, tsumo=True):
                return True
    return any(test(hand, d, rules) for _, test in REACHABLE)


def check_no_yaku(d: Decision, rules: Ruleset,
                  context: tuple[Decision, ...]) -> Flag | None:
    if d.action != "call":
        return None
    made = call_meld(d)
    if made is None:
        return None
    hand, _meld = made
    if yaku_in_reach(hand, d, rules):
        return None
    tenpai = tenpai_hands(hand)
    if tenpai and d.wall_left <= FORMAL_TENPAI_WALL:
        return None
    cost: dict[str, float | int | str] = {"shanten": _best_shanten(hand),
                                         "wall_left": d.wall_left}
    message = text.NO_YAKU.format(call=call_words(d.played))
    return Flag(d.hand, d.event, d.action, d.played, "pass", "no_yaku", cost, message,
                LESSONS["no_yaku"], False, d)
