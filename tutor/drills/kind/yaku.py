"""«Можно ли объявить победу?»: a complete hand, the situation and the rules; yes or no.

Correct is what the engine says: the hand may be declared a win when
:func:`engine.scoring.score.score_hand` finds at least one yaku under the drill's rules,
and not when it raises :class:`~engine.scoring.score.NoYakuError`. The hand must be a
complete shape — the question is about yaku, not about the shape.

The feedback names the yaku found (with han and the rule), or says there is
none; then what would change the answer, each computed by the engine: the same
hand under the other rule sets (a renhou is a mangan under the European and
Russian tournament rules, no yaku online), and for a hand without yaku the same
win by tsumo or with riichi when those are open to it (a closed hand wins by
tsumo with menzen tsumo).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from werkzeug.datastructures import MultiDict

from engine.errors import HandError
from engine.hand import Hand
from engine.scoring.score import NoYakuError, ScoreResult
from engine.shape.decompose import is_complete
from engine.text import messages
from tutor.drills import register
from tutor.drills.base import BadAnswer, Drill, DrillKind, Verdict, drill_hand
from tutor.drills.params import HAN_PARAMS, RULESET_NAMES
from tutor.drills.scoring import ScoringKind, score_block

ANSWERS = {"yes": True, "no": False}

# Situations tried for a hand without yaku: (label, parameter changes, applies when).
# "closed" — only a closed hand can gain menzen tsumo or riichi.
WHAT_IFS: tuple[tuple[str, Mapping[str, Any], str], ...] = (
    ("если бы рука выиграла цумо (тайлом со стены)", {"by": "tsumo"}, "closed-ron"),
    ("если бы был объявлен риичи", {"riichi": True}, "closed-no-riichi"),
)


@dataclass(frozen=True)
class YakuLine:
    name: str
    han: int
    rule: str


@dataclass(frozen=True)
class Alternative:
    """The same hand in a changed situation or under other rules, and its yaku (none: no win)."""

    label: str
    yaku: tuple[YakuLine, ...]

    @property
    def can_win(self) -> bool:
        return bool(self.yaku)


@dataclass(frozen=True)
class YakuSolution:
    hand: Hand
    result: ScoreResult | None
    rules_name: str
    alternatives: tuple[Alternative, ...]

    @property
    def can_win(self) -> bool:
        return self.result is not None

    @property
    def yaku(self) -> tuple[YakuLine, ...]:
        return yaku_lines(self.result)


def yaku_lines(result: ScoreResult | None) -> tuple[YakuLine, ...]:
    if result is None:
        return ()
    return tuple(YakuLine(messages.YAKU_NAMES.get(y.id, y.id), y.han,
                          messages.YAKU_RULES.get(y.id, "")) for y in result.yaku)


def try_score(params: Mapping[str, Any]) -> ScoreResult | None:
    """The score of the block's hand, or ``None`` when it has no yaku."""
    try:
        return score_block(params)
    except NoYakuError:
        return None


def _applies(condition: str, hand: Hand, params: Mapping[str, Any]) -> bool:
    # A renhou is a ron before the player's first draw: no tsumo, no riichi can replace it.
    closed = hand.is_closed and not params.get("renhou")
    return {
        "closed-ron": closed and params["by"] == "ron",
        "closed-no-riichi": closed and not params["riichi"] and not params["double_riichi"],
    }[condition]


def _joined(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} и {names[-1]}"


def alternatives(hand: Hand, params: Mapping[str, Any], can_win: bool) -> tuple[Alternative, ...]:
    """Rule sets that answer the other way; for a hand without yaku, situations that give one.

    Rule sets with the same outcome (the same yaku) share one line.
    """
    by_outcome: dict[tuple[YakuLine, ...], list[str]] = {}
    for name in RULESET_NAMES:
        if name == params["rules"]:
            continue
        result = try_score({**params, "rules": name})
        if (result is not None) != can_win:
            by_outcome.setdefault(yaku_lines(result), []).append(messages.RULESET_BY[name])
    found = [Alternative(f"по {_joined(names)}", lines) for lines, names in by_outcome.items()]
    if not can_win:
        for label, changes, condition in WHAT_IFS:
            if _applies(condition, hand, params):
                found.append(Alternative(label, yaku_lines(try_score({**params, **changes}))))
    return tuple(found)


@register
class Yaku(DrillKind):
    name = "yaku"
    own_rules = True  # the generator draws the rule set
    title = "Можно ли объявить победу?"
    default_prompt = "Рука собрана. Можно ли объявить победу — есть ли в ней хотя бы одно яку?"
    params = HAN_PARAMS

    def prepare(self, params: Mapping[str, Any]) -> YakuSolution:
        hand = drill_hand(params, 14)
        if not is_complete(hand):
            raise HandError(messages.NOT_A_WIN)
        result = try_score(params)
        found = alternatives(hand, params, result is not None)
        return YakuSolution(hand, result, params["rules"], found)

    def grade(self, drill: Drill, form: MultiDict[str, str]) -> Verdict:
        answer = form.get("win", "")
        if answer not in ANSWERS:
            raise BadAnswer("Ответьте «да» или «нет».")
        said_yes = ANSWERS[answer]
        return Verdict(said_yes == drill.solution.can_win, {"said_yes": said_yes})

    # The hand without the winning tile, which the situation macro draws apart.
    shown_hand = ScoringKind.shown_hand

    def rules_title(self, drill: Drill) -> str:
        return messages.RULESET_NAMES[drill.solution.rules_name]

    def rules_by(self, drill: Drill) -> str:
        return messages.RULESET_BY[drill.solution.rules_name]

    def no_yaku(self) -> str:
        return messages.NO_YAKU
