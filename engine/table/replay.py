"""Replay a game log through the table: each hand's result computed by the engine.

:func:`replay` applies every hand of a :class:`~engine.table.events.GameLog`
to the one table state machine (:mod:`engine.table.state`) and settles it
through the scorer and :func:`engine.table.game.next_state`; the log's own
result is kept beside for comparison, never used (where they differ,
:mod:`engine.table.explain` names the rule that explains it). :func:`view_at` replays one
hand only, up to a step, for a page that steps through a game.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.errors import HandError
from engine.plural import count_word
from engine.rules.sets import Ruleset, get_ruleset
from engine.table.events import GameLog, HandLog, LogError
from engine.table.explain import MAX_EXPLAINED, comparable, difference_note
from engine.table.state import Phase, Table
from engine.table.view import TableView
from engine.text import messages as msg

Scores = tuple[int, int, int, int]
RESULTS = ("win", "draw", "abortive", "nagashi")


@dataclass(frozen=True)
class HandReplay:
    """One hand replayed: the engine's result next to the one the log records."""

    round: str
    honba: int
    result: str  # one of RESULTS
    deltas: Scores  # computed: riichi deposits as losses, sticks and honba as gains
    recorded_deltas: Scores | None  # the log's, comparable to deltas (deposits subtracted)
    differs: bool
    difference_note: str | None  # Russian: the rule that explains a difference, when known
    scores_before: Scores = (0, 0, 0, 0)
    sticks_after: int = 0  # riichi sticks left on the table after the hand


@dataclass(frozen=True)
class GameReplay:
    """Every hand replayed and the scores after the last one (sticks left not awarded)."""

    hands: tuple[HandReplay, ...]
    final: Scores


def ruleset_of(rules: str) -> Ruleset:
    """The named rule set; an unknown name is a :class:`LogError`."""
    try:
        return get_ruleset(rules)
    except HandError as err:
        raise LogError(err.message) from None


def play_hand(hand: HandLog, rules: Ruleset, index: int, upto: int | None = None) -> Table:
    """The table after the first ``upto`` events of ``hand`` (all of them: ``None``)."""
    table = Table.start(hand, rules, index)
    events = hand.events if upto is None else hand.events[:upto]
    for event in events:
        table.apply(event)
    return table


def replay(log: GameLog, rules: str = "online") -> GameReplay:
    """Every hand of ``log`` replayed under ``rules``; raises :class:`LogError`."""
    rs = ruleset_of(rules)
    out: list[HandReplay] = []
    searched = 0  # differing hands whose rule was looked for (bounded per game)
    final: Scores = log.hands[0].scores if log.hands else (0, 0, 0, 0)
    for i, hand in enumerate(log.hands):
        result = play_hand(hand, rs, i).finish()
        recorded = comparable(hand, result.deposits)
        differs = recorded is not None and recorded != result.deltas
        note = None
        if differs:
            note = difference_note(log, rs, hand, i, result, searched < MAX_EXPLAINED)
            searched += 1
        out.append(HandReplay(
            hand.round, hand.honba, result.result, result.deltas, recorded, differs, note,
            hand.scores, result.sticks_after,
        ))
        final = result.scores_after
    return GameReplay(tuple(out), final)


def view_at(log: GameLog, rules: str, hand: int, step: int) -> TableView:
    """The table after ``step`` events of hand ``hand`` (step 0: after the deal).

    Only that hand is replayed. ``step`` beyond the hand's events is the end.
    """
    if not 0 <= hand < len(log.hands):
        raise LogError(msg.REPLAY_NO_HAND.format(
            hand=hand + 1, count=count_word(len(log.hands), *msg.HAND_FORMS)))
    h = log.hands[hand]
    step = max(0, min(step, len(h.events)))
    table = play_hand(h, ruleset_of(rules), hand, step)
    return table_view(table, hand, step)


def table_view(t: Table, hand: int, step: int) -> TableView:
    """What the table shows now."""
    turn: int | None = t.turn
    if t.over:
        turn = None
    elif t.phase is Phase.CLAIM and t.last_discard is not None:
        turn = (t.last_discard[0] + 1) % 4
    return TableView(
        round=t.log.round, honba=t.log.honba, sticks=t.sticks(), scores=t.scores(),
        dealer=t.dealer, turn=turn, wall_left=t.wall_left, dora_indicators=t.dora_indicators(),
        ponds=tuple(tuple(p) for p in t.ponds), melds=tuple(tuple(m) for m in t.melds),
        hands=tuple(t.concealed(s) for s in range(4)),
        riichi=(t.in_riichi(0), t.in_riichi(1), t.in_riichi(2), t.in_riichi(3)),
        last=t.last_text, steps=len(t.log.events), step=step, hand=hand,
    )
