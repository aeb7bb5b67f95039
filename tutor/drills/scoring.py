"""What the scoring kinds share (fu, han, payment, yaku): a won hand and what it is worth.

The block's win situation and its score, the hand's other readings and their
values, the lines of the fu and han tables and the yaku checkboxes — and
:class:`ScoringKind`, the base of the fu, han and payment kinds, whose
methods their templates call to draw the solution. Not a kind itself: kinds
share it here rather than import one another.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from werkzeug.datastructures import MultiDict

from engine.errors import HandError
from engine.hand import Hand, parse_hand
from engine.plural import count_word
from engine.rules.sets import Renhou, Ruleset
from engine.scoring.fu import FuReason
from engine.scoring.score import ScoreResult, WinSituation, score_hand, score_readings
from engine.scoring.yaku import SUPERSEDES, YAKU
from engine.text import messages
from engine.tiles import Tile, dora_from_indicator, tile_name
from tutor.drills.base import BadAnswer, Detector, Drill, DrillKind, Fields, Verdict, drill_hand
from tutor.drills.explain import ReadingView, reading
from tutor.drills.params import drill_rules


def situation_from(params: Mapping[str, Any], **extra: Any) -> WinSituation:
    """A :class:`WinSituation` from the common scoring parameters."""
    return WinSituation(
        tsumo=params["by"] == "tsumo",
        riichi=params["riichi"],
        rinshan=params.get("rinshan", False),
        seat_wind=params["seat"],
        round_wind=params["round"],
        dora_indicators=params["dora"],
        **extra,
    )


@dataclass(frozen=True)
class FuLine:
    fu: int
    reason: str
    tiles: tuple[int, ...]


def fu_lines(result: ScoreResult) -> list[FuLine]:
    names: Mapping[str, str] = messages.FU_REASONS
    return [
        FuLine(
            item.fu,
            names.get(item.reason.value, item.reason.value),
            item.block.tiles if item.block else (),
        )
        for item in result.fu_items
    ]


@dataclass(frozen=True)
class ReadingValue:
    """One way to read the winning hand and what it would be worth; ``best``: the one counted."""

    view: ReadingView
    fu: int
    han: int
    points: int
    best: bool
    yaku: tuple[str, ...] = ()  # the reading's yaku ids (the han drill names them)


def reading_values(hand: Hand, win: int, situation: WinSituation, rules: Ruleset,
                   best: ScoreResult) -> list[ReadingValue]:
    """Every distinct reading that has a yaku, with its fu and han; the counted one marked.

    A hand such as 222333444m55p can be three triplets or three identical runs:
    the fu differ, and the reading that pays more counts
    (:func:`engine.scoring.score.score_hand` picks it; here the learner sees the others).
    """
    best_view = reading(best.arrangement)
    values: dict[ReadingView, ReadingValue] = {}
    for arrangement, result in score_readings(hand, win, situation, rules):
        if result is None:
            continue
        view = reading(arrangement)
        value = ReadingValue(view, result.fu, result.han, result.points, view == best_view,
                             tuple(y.id for y in result.yaku))
        kept = values.get(view)
        if kept is None or (value.points, value.han, value.fu) > (kept.points, kept.han, kept.fu):
            values[view] = value
    return sorted(values.values(), key=lambda v: (not v.best, -v.points, -v.fu))


# Situation flags copied from the block into WinSituation as they are.
_FLAGS = ("riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei",
          "renhou")


def win_situation(params: Mapping[str, Any]) -> WinSituation:
    """The :class:`WinSituation` of a ``han``/``payment`` block."""
    return WinSituation(
        tsumo=params["by"] == "tsumo",
        seat_wind=params["seat"],
        round_wind=params["round"],
        dora_indicators=params["dora"],
        ura_indicators=params.get("ura", ()),
        honba=params.get("honba", 0),
        riichi_sticks=params.get("riichi_sticks", 0),
        **{flag: bool(params.get(flag, False)) for flag in _FLAGS},
    )


def score_block(params: Mapping[str, Any]) -> ScoreResult:
    """Score the block's hand (``HandError`` if it is not a win or has no yaku)."""
    hand = drill_hand(params, 14)
    if not hand.concealed[params["win"]]:
        raise HandError(
            f"Выигрышного тайла ({tile_name(params['win'])}) нет среди закрытых тайлов руки."
        )
    return score_hand(hand, params["win"], win_situation(params), drill_rules(params))


@dataclass(frozen=True)
class YakuOption:
    """One checkbox of the yaku list."""

    id: str
    name: str
    yakuman: bool


# Every yaku the engine knows, in table order: ordinary ones first, then yakuman.
YAKU_OPTIONS: tuple[YakuOption, ...] = tuple(
    YakuOption(y.id, messages.YAKU_NAMES[y.id], bool(y.yakuman)) for y in YAKU
)
_YAKU_IDS = frozenset(o.id for o in YAKU_OPTIONS)
# Yaku that exist only under one value of the rule set's ``renhou`` field: a drill offers
# them only when its rule set plays renhou that way (online, JPML, Fenix: not at all).
_RENHOU_OPTIONS: dict[str, Renhou] = {"renhou_mangan": Renhou.MANGAN, "renhou": Renhou.YAKUMAN}


def absorbed_by(picked: frozenset[str], truth: frozenset[str]) -> dict[str, str]:
    """Ticked yaku that the hand's stronger yaku hides: ``{"chanta": "junchan"}``.

    The hand does meet their condition; the engine's ``SUPERSEDES`` table keeps only
    the stronger one (junchan over chanta, chinitsu over honitsu, ryanpeikou over
    iipeikou…), which the feedback must say rather than «this yaku is not here».
    A yaku of another reading (chiitoitsu of a ryanpeikou hand) is
    :func:`other_reading_yaku`'s.
    """
    return {weak: strong for strong in sorted(truth) for weak in SUPERSEDES.get(strong, ())
            if weak in picked and weak not in truth}


def other_reading_yaku(readings: Sequence[ReadingValue], ticked: set[str]) -> dict[str, int]:
    """Ticked yaku that only a cheaper reading of the hand has: ``{"chiitoitsu": 3200}``.

    223344m556677p55s is ryanpeikou or seven pairs; the engine counts the
    reading that pays more, so «chiitoitsu» ticked there is not «not in the
    hand» but «in the reading that does not count». The value is what that
    reading would pay (its best, if several readings have the yaku).
    """
    found: dict[str, int] = {}
    for value in readings:
        if value.best:
            continue
        for yaku_id in ticked.intersection(value.yaku):
            found[yaku_id] = max(found.get(yaku_id, 0), value.points)
    return found


@dataclass(frozen=True)
class HanLine:
    """A line of the han table: a yaku, one dora indicator (→ its dora tile), or red fives."""

    name: str
    han: int
    rule: str = ""
    indicator: Tile | None = None  # a dora line: the indicator and the dora it points to
    dora: Tile | None = None


def picked_yaku(form: MultiDict[str, str] | None) -> frozenset[str]:
    """The yaku ticked in the form; an unknown id is a forged answer."""
    values = (form or MultiDict()).getlist("yaku")
    if len(values) > len(YAKU_OPTIONS):
        raise BadAnswer("Слишком много яку в ответе.")
    unknown = [v for v in values if v not in _YAKU_IDS]
    if unknown:
        raise BadAnswer(f"Неизвестное яку «{unknown[0][:30]}».")
    return frozenset(values)


DORA_LINE_NAMES = {"dora": "дора", "kan": "кандора", "ura": "урадора"}
DORA_RED_RULE = "красные пятёрки: каждая — 1 хан"


def dora_lines(key: str, indicators: tuple[Tile, ...], counts: tuple[int, ...]) -> list[HanLine]:
    """One line per indicator: its dora tile and the copies of it in the hand (melds too).

    The first dora indicator is the ordinary dora, the others are kandora (one per
    kan); every ura indicator is an ura-dora.
    """
    lines = []
    for number, indicator in enumerate(indicators):
        name = DORA_LINE_NAMES["ura" if key == "ura" else ("dora" if number == 0 else "kan")]
        dora = dora_from_indicator(indicator)
        copies = counts[dora]
        rule = f"в руке {count_copies(copies)}"
        lines.append(HanLine(name, copies, rule, indicator, dora))
    return lines


def count_copies(n: int) -> str:
    return count_word(n, "копия", "копии", "копий")


def other_reading(field: str) -> Detector:
    """The answer is what another, cheaper reading of the hand gives (``fu`` or ``han``).

    222333444m55p tsumo is three concealed triplets (40 fu) or three runs with
    pinfu (20 fu): a learner who answers 20 read the hand the other way, which is
    not a forgotten item — the reading that pays more is the one that counts.
    """

    def detect(drill: Drill, verdict: Verdict) -> Fields | None:
        answer = verdict.details.get(field)
        truth = getattr(drill.solution, field)
        if answer is None or answer == truth or not isinstance(drill.kind, ScoringKind):
            return None
        for value in drill.kind.readings(drill):
            if not value.best and getattr(value, field) == answer:
                return {"other": answer, "best": truth}
        return None

    return detect


class ScoringKind(DrillKind):
    """A kind whose drill is a won hand scored by the engine (``drill.solution``: ScoreResult)."""

    def situation(self, params: Mapping[str, Any]) -> WinSituation:
        """The win situation of the block (the han drill adds ura, ippatsu, haitei…)."""
        return situation_from(params)

    def readings(self, drill: Drill) -> tuple[ReadingValue, ...]:
        """The hand's readings with their values when there is more than one, else ().

        Scored once per drill (:meth:`~tutor.drills.base.Drill.derived`): a wrong
        answer asks for them twice, to grade and to diagnose, on every such answer.
        """
        return drill.derived("readings", self._readings)

    def _readings(self, drill: Drill) -> tuple[ReadingValue, ...]:
        params = drill.params
        found = reading_values(drill_hand(params, 14), params["win"], self.situation(params),
                               drill_rules(params), drill.solution)
        return tuple(found) if len(found) > 1 else ()

    def shown_hand(self, drill: Drill) -> Hand:
        """The hand without the winning tile, which is drawn apart from it."""
        hand = parse_hand(drill.params["hand"], drill.params["melds"], size=14)
        return hand.without_tile(drill.params["win"])

    def lines(self, drill: Drill) -> list[FuLine]:
        return fu_lines(drill.solution)

    def notes(self, drill: Drill) -> list[str]:
        """Why a fu item the learner may expect is missing (tsumo fu exceptions)."""
        result: ScoreResult = drill.solution
        if drill.params["by"] != "tsumo" or result.fu == 25:
            return []
        if any(item.reason is FuReason.TSUMO for item in result.fu_items):
            return []
        if any(y.id == "pinfu" for y in result.yaku):
            return [messages.FU_NOTE_PINFU_TSUMO]
        rules = drill_rules(drill.params)
        if drill.params.get("rinshan") and not rules.rinshan_tsumo_fu:
            return [messages.FU_NOTE_RINSHAN_NO_TSUMO.format(rules=messages.RULESET_BY[rules.name])]
        return []

    def reading(self, drill: Drill) -> ReadingView:
        return reading(drill.solution.arrangement)

    def options(self, drill: Drill) -> tuple[YakuOption, ...]:
        """The checkboxes: every yaku, except a renhou the drill's rule set does not play."""
        renhou = drill_rules(drill.params).renhou
        return tuple(o for o in YAKU_OPTIONS
                     if _RENHOU_OPTIONS.get(o.id, renhou) is renhou)

    def yaku_name(self, yaku_id: str) -> str:
        return messages.YAKU_NAMES.get(yaku_id, yaku_id)

    def yaku_rule(self, yaku_id: str) -> str:
        return messages.YAKU_RULES.get(yaku_id, "")

    def han_lines(self, drill: Drill) -> list[HanLine]:
        """Yaku with their han, then each dora indicator that counts, then red fives."""
        result: ScoreResult = drill.solution
        lines = [HanLine(self.yaku_name(y.id), y.han, self.yaku_rule(y.id)) for y in result.yaku]
        counts = drill_hand(drill.params, 14).all_counts()
        for key in ("dora", "aka", "ura"):
            total = getattr(result, key)
            if not total:
                continue
            if key == "aka":
                lines.append(HanLine(messages.DORA_NAMES["aka"], total, DORA_RED_RULE))
                continue
            found = dora_lines(key, drill.params.get(key, ()), counts)
            if sum(line.han for line in found) == total:
                lines.extend(line for line in found if line.han)
            else:  # a rule set counting otherwise: the engine's total, not itemised
                lines.append(HanLine(messages.DORA_NAMES[key], total))
        return lines

    def han_word(self, n: int) -> str:
        """``1 хан``: the word does not change, but kept in one place with the number."""
        return f"{n} хан"

    def limit_name(self, drill: Drill) -> str:
        return messages.LIMIT_NAMES[drill.solution.limit.value]
