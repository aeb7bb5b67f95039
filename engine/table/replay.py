"""Replay a game log through the table: each hand's result computed by the engine.

:func:`replay` applies every hand of a :class:`~engine.table.events.GameLog`
to the one table state machine (:mod:`engine.table.state`) and settles it
through the scorer and :func:`engine.table.game.next_state`; the log's own
result is kept beside for comparison, never used. :func:`view_at` replays one
hand only, up to a step, for a page that steps through a game.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.errors import HandError
from engine.plural import count_word
from engine.rules.sets import RULESETS, Ruleset, get_game_rules, get_ruleset
from engine.table.events import GameLog, HandLog, LogError
from engine.table.state import HandResult, Phase, Table
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


def comparable(hand: HandLog, deposits: tuple[int, ...]) -> Scores | None:
    """The log's deltas with each declarer's 1000 taken off, as :attr:`HandReplay.deltas` counts."""
    if hand.recorded_deltas is None:
        return None
    d = list(hand.recorded_deltas)
    for seat in deposits:
        d[seat] -= 1000
    return (d[0], d[1], d[2], d[3])


def replay(log: GameLog, rules: str = "online") -> GameReplay:
    """Every hand of ``log`` replayed under ``rules``; raises :class:`LogError`."""
    rs = ruleset_of(rules)
    out: list[HandReplay] = []
    final: Scores = log.hands[0].scores if log.hands else (0, 0, 0, 0)
    for i, hand in enumerate(log.hands):
        result = play_hand(hand, rs, i).finish()
        recorded = comparable(hand, result.deposits)
        differs = recorded is not None and recorded != result.deltas
        note = None
        if differs:
            note = _difference_note(log, rs, hand, result)
        out.append(HandReplay(
            hand.round, hand.honba, result.result, result.deltas, recorded, differs, note,
            hand.scores, result.sticks_after,
        ))
        final = result.scores_after
    return GameReplay(tuple(out), final)


_MULTI_RON_RULES = ("multiple_ron", "multi_ron_honba_each", "multi_ron_sticks")
_PAO_RULES = ("pao_ron_split", "pao_ron_liable_honba")
_DRAW_RULES = ("noten_payment", "nagashi_mangan", "nagashi_noten_payments", "held_four_tenpai",
               "visible_karaten_tenpai")


def _win_rules(result: HandResult) -> tuple[str, ...]:
    """The rules that could change what this hand's wins pay (only those that apply to them)."""
    names: list[str] = []
    for win in result.wins:
        s = win.score
        ids = {y.id for y in s.yaku}
        checks = (
            ("red_fives", s.aka > 0), ("ura_dora", s.ura > 0),
            ("renhou", bool(ids & {"renhou", "renhou_mangan"})),
            ("kiriage", (s.han, s.fu) in ((4, 30), (3, 60))), ("kazoe_yakuman", s.han >= 13),
            ("yakuman_stacking", s.yakuman > 1), ("double_yakuman", s.yakuman > 1),
            ("rinshan_tsumo_fu", "rinshan" in ids), ("open_tanyao", "tanyao" in ids),
            ("riichi_tile_ron_refund", True), ("double_wind_pair_fu", s.fu > 30),
        )
        names += [name for name, applies in checks if applies and name not in names]
    if len(result.wins) > 1:
        names += _MULTI_RON_RULES
    if any(w.liable is not None for w in result.wins):
        names += _PAO_RULES
    return tuple(names)


def _difference_note(log: GameLog, rules: Ruleset, hand: HandLog, result: HandResult) -> str:
    """Russian: why the engine's result may differ from the log's, naming the rules when known."""
    if hand.recorded_result is not None and hand.recorded_result != result.result:
        return msg.REPLAY_DIFFERENT_END.format(
            log=msg.REPLAY_RESULT_NAMES.get(hand.recorded_result, hand.recorded_result),
            engine=msg.REPLAY_RESULT_NAMES[result.result])
    hint = log.rules_hint
    if hint is not None and hint != rules.name:
        named = _differing_rules(hint, rules, result)
        if named:
            return msg.REPLAY_RULES_DIFFER.format(log=hint, rules=rules.name, named=named)
        return msg.REPLAY_OTHER_RULES.format(log=hint, rules=rules.name)
    if len(result.wins) > 1:
        return msg.REPLAY_MULTI_RON
    return msg.REPLAY_DIFFERS


def _differing_rules(hint: str, rules: Ruleset, result: HandResult) -> str:
    """The labels of the rules that differ between the log's set and ``rules`` for this hand."""
    if hint not in RULESETS:
        return ""
    fields = _win_rules(result) if result.wins else _DRAW_RULES
    theirs, ours = get_ruleset(hint), rules
    game_theirs, game_ours = get_game_rules(theirs), get_game_rules(ours)
    labels = []
    for name in fields:
        if hasattr(ours, name) and getattr(theirs, name) != getattr(ours, name):
            labels.append(msg.RULE_LABELS[name])
        elif hasattr(game_ours, name) and getattr(game_theirs, name) != getattr(game_ours, name):
            labels.append(msg.GAME_RULE_LABELS[name])
    return "; ".join(label[:1].lower() + label[1:] for label in labels)


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
