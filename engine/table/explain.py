"""Why a replayed hand's result differs from the one its log records: the rule that explains it.

A log played under other rules than the chosen set (a Mahjong Soul game read
as Tenhou's ``online``, a club's game under EMA) records results our scorer
does not reproduce. Rather than a general note, :func:`difference_note`
replays the differing hand again under candidate rule values and names the
one that reproduces the log's result:

1. one option of the chosen set changed at a time (kiriage mangan, red
   fives, open tanyao, the noten payment, several rons, renhou, …; then the
   game rules around a hand: honba and sticks on several rons, pao's honba,
   nagashi), each to the values our rule sets use — «по правилам лога,
   похоже, кирияге-манган: да; у нас — нет»;
2. else each whole rule set we know, naming the rules in which it differs
   for this hand;
3. else it says plainly that no rule we know explains it.

Bounded: only a hand whose result differs is replayed again, at most
:data:`MAX_TRIES` times (about 40 ms for a hand on the Python engine), and
only the first :data:`MAX_EXPLAINED` differing hands of a game are searched
(a hostile log of 64 differing hands would otherwise cost seconds); a
variant under which the log is illegal is skipped.
"""

from __future__ import annotations

from collections.abc import Iterator
from enum import Enum

from engine.errors import HandError
from engine.rules.sets import (
    GAME_RULES,
    RULESETS,
    GameRules,
    Ruleset,
    get_game_rules,
    with_game_options,
)
from engine.rules.table import game_value_text, value_text
from engine.table.events import GameLog, HandLog, LogError
from engine.table.settle import HandResult
from engine.table.state import Table
from engine.text import messages as msg

Scores = tuple[int, int, int, int]

# The options of a rule set that change what a hand pays (not how it is played).
CANDIDATES: tuple[str, ...] = (
    "kiriage", "red_fives", "open_tanyao", "noten_payment", "multiple_ron", "ura_dora",
    "kan_dora", "renhou", "kazoe_yakuman", "double_yakuman", "yakuman_stacking",
    "rinshan_tsumo_fu", "double_wind_pair_fu", "riichi_tile_ron_refund", "atozuke",
    "added_kan_dora",
)
# The game rules around a hand that change what it pays (engine.rules.sets.GameRules).
GAME_CANDIDATES: tuple[str, ...] = (
    "multi_ron_honba_each", "multi_ron_sticks", "pao_ron_liable_honba", "pao_ron_split",
    "nagashi_mangan", "nagashi_noten_payments", "held_four_tenpai", "visible_karaten_tenpai",
)
MAX_TRIES = 40  # replays of one differing hand (a hand replays in a few milliseconds)
MAX_EXPLAINED = 8  # differing hands of one game searched for their rule

_MULTI_RON_RULES = ("multiple_ron", "multi_ron_honba_each", "multi_ron_sticks")
_PAO_RULES = ("pao_ron_split", "pao_ron_liable_honba")
_DRAW_RULES = ("noten_payment", "nagashi_mangan", "nagashi_noten_payments", "held_four_tenpai",
               "visible_karaten_tenpai")


def comparable(hand: HandLog, deposits: tuple[int, ...]) -> Scores | None:
    """The log's deltas with each declarer's 1000 taken off, as the replay's deltas count."""
    if hand.recorded_deltas is None:
        return None
    d = list(hand.recorded_deltas)
    for seat in deposits:
        d[seat] -= 1000
    return (d[0], d[1], d[2], d[3])


def _reproduced(hand: HandLog, rules: Ruleset, index: int) -> HandResult | None:
    """The result of ``hand`` replayed under ``rules`` if it pays what its log records."""
    try:
        table = Table.start(hand, rules, index)
        for event in hand.events:
            table.apply(event)
        result = table.finish()
    except (LogError, HandError):
        return None  # the log is not legal under this variant: it cannot be the log's rules
    return result if comparable(hand, result.deposits) == result.deltas else None


def _alternatives(ours: object, used: list[object]) -> Iterator[object]:
    """The other values of an option: what our sets use, and a flag's or an enum's others."""
    seen: list[object] = [ours]
    values = list(used)
    if isinstance(ours, bool):
        values.append(not ours)
    elif isinstance(ours, Enum):
        values.extend(type(ours))
    for value in values:
        if value not in seen:
            seen.append(value)
            yield value


Variant = tuple[str, object, bool]  # option, the log's value, whether it is a game rule


def _variants(rules: Ruleset) -> Iterator[tuple[Variant, Ruleset]]:
    """Each single change of an option of ``rules`` worth trying, as the rule set it makes."""
    for name in CANDIDATES:
        used = [getattr(r, name) for r in RULESETS.values()]
        for value in _alternatives(getattr(rules, name), used):
            yield (name, value, False), rules.with_options(**{name: value})
    game: GameRules = get_game_rules(rules)
    for name in GAME_CANDIDATES:
        used = [getattr(g, name) for g in GAME_RULES.values()]
        for value in _alternatives(getattr(game, name), used):
            yield (name, value, True), with_game_options(rules, **{name: value})


def _one_option(hand: HandLog, rules: Ruleset, index: int) -> list[Variant]:
    """Every single option change that makes the replay pay what the log records."""
    found: list[Variant] = []
    for tries, (variant, changed) in enumerate(_variants(rules)):
        if tries >= MAX_TRIES:
            break
        if _reproduced(hand, changed, index) is not None:
            found.append(variant)
    return found


def _option_text(rules: Ruleset, variant: Variant) -> str:
    name, value, game = variant
    if game:
        label = msg.GAME_RULE_LABELS[name]
        theirs, ours = game_value_text(value), game_value_text(getattr(get_game_rules(rules),
                                                                         name))
    else:
        label = msg.RULE_LABELS[name]
        theirs, ours = value_text(value), value_text(getattr(rules, name))
    return msg.REPLAY_OPTION.format(label=label[:1].lower() + label[1:], theirs=theirs,
                                    ours=ours)


def explain(hand: HandLog, rules: Ruleset, index: int, result: HandResult) -> str:
    """Russian: the rule value (or rule set) under which the log's result comes out, or that
    none of ours does."""
    options = _one_option(hand, rules, index)
    if options:
        named = msg.REPLAY_OR.join(_option_text(rules, v) for v in options)
        return msg.REPLAY_EXPLAINED.format(named=named)
    for other in RULESETS.values():
        theirs = _reproduced(hand, other, index) if other.name != rules.name else None
        if theirs is not None:
            named = _differing_rules(other, rules, (theirs, result))
            return msg.REPLAY_EXPLAINED_SET.format(
                log=msg.RULESET_NAMES[other.name], rules=msg.RULESET_NAMES[rules.name]) + (
                msg.REPLAY_SET_DIFFERS.format(named=named) if named else "") + "."
    return msg.REPLAY_UNEXPLAINED


def difference_note(log: GameLog, rules: Ruleset, hand: HandLog, index: int,
                    result: HandResult, search: bool = True) -> str:
    """Russian: how the engine's result differs from the log's and which rule explains it
    (``search`` false: past :data:`MAX_EXPLAINED`, only that the scores differ)."""
    notes: list[str] = []
    if hand.recorded_result is not None and hand.recorded_result != result.result:
        notes.append(msg.REPLAY_DIFFERENT_END.format(
            log=msg.REPLAY_RESULT_NAMES.get(hand.recorded_result, hand.recorded_result),
            engine=msg.REPLAY_RESULT_NAMES[result.result]))
    elif len(result.wins) > 1:
        notes.append(msg.REPLAY_MULTI_RON)
    hint = log.rules_hint
    if hint is not None and hint != rules.name and hint in RULESETS:
        notes.append(msg.REPLAY_OTHER_RULES.format(log=hint, rules=rules.name))
    notes.append(explain(hand, rules, index, result) if search else msg.REPLAY_NOT_SEARCHED)
    return " ".join(notes)


def _win_rules(results: tuple[HandResult, ...]) -> tuple[str, ...]:
    """The rules that could change what these results' wins pay (only those that apply)."""
    names: list[str] = []
    for win in (w for result in results for w in result.wins):
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
    if any(len(result.wins) > 1 for result in results):
        names += _MULTI_RON_RULES
    if any(w.liable is not None for result in results for w in result.wins):
        names += _PAO_RULES
    return tuple(names)


def _differing_rules(theirs: Ruleset, ours: Ruleset, results: tuple[HandResult, ...]) -> str:
    """The labels of the rules that differ between two sets for this hand (``results``: the
    hand under each)."""
    won = any(result.wins for result in results)
    fields = _win_rules(results) if won else _DRAW_RULES
    game_theirs, game_ours = get_game_rules(theirs), get_game_rules(ours)
    labels = []
    for name in fields:
        if hasattr(ours, name) and getattr(theirs, name) != getattr(ours, name):
            labels.append(msg.RULE_LABELS[name])
        elif hasattr(game_ours, name) and getattr(game_theirs, name) != getattr(game_ours, name):
            labels.append(msg.GAME_RULE_LABELS[name])
    return "; ".join(label[:1].lower() + label[1:] for label in labels)


