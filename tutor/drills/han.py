"""«Посчитайте хан»: the learner enters the han of a winning hand and ticks its yaku.

Graded on both: the number (dora included) and the exact set of yaku. The
feedback is the engine's list of yaku with their han, the dora lines and the
total; :mod:`tutor.drills.payment` reuses the parameters and the situation.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from werkzeug.datastructures import MultiDict

from engine.errors import HandError
from engine.plural import count_word
from engine.rules.sets import Renhou
from engine.scoring.score import ScoreResult, WinSituation, score_hand
from engine.scoring.yaku import SUPERSEDES, YAKU
from engine.text import messages
from engine.tiles import Tile, dora_from_indicator, tile_name
from tutor.drills import params as p
from tutor.drills import register
from tutor.drills.base import BadAnswer, Drill, Param, Verdict, drill_hand
from tutor.drills.fu import SCORING_PARAMS, Fu, ReadingValue, drill_rules

MAX_HAN = 130  # ten yakuman; anything larger is not an answer

HAN_PARAMS: tuple[Param, ...] = (
    *SCORING_PARAMS,
    Param("ura", p.tile_list, (), help="индикаторы урадоры (считаются только в риичи)"),
    Param("ippatsu", p.boolean, False),
    Param("double_riichi", p.boolean, False),
    Param("chankan", p.boolean, False),
    Param("haitei", p.boolean, False),
    Param("houtei", p.boolean, False),
    Param("renhou", p.boolean, False, help="рон недилера в первом круге, до его первого набора"),
)

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


def other_reading_yaku(readings: list[ReadingValue], ticked: set[str]) -> dict[str, int]:
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


def read_number(form: MultiDict[str, str], field: str, what: str, upper: int,
                example: str) -> int:
    """A whole number from the form, or :class:`BadAnswer` with a Russian hint."""
    value = form.get(field, "").strip().replace(" ", "")
    if not value:
        raise BadAnswer(f"Введите {what}, например {example}.")
    if not (value.isascii() and value.isdigit()) or len(value) > 6 or not 0 <= int(value) <= upper:
        raise BadAnswer(f"Здесь нужно целое число от 0 до {upper}, например {example}.")
    return int(value)


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


@register
class Han(Fu):
    name = "han"
    title = "Посчитайте хан"
    default_prompt = "Какие яку в этой руке и сколько хан она стоит вместе с дорами?"
    params = HAN_PARAMS

    def prepare(self, params: Mapping[str, Any]) -> ScoreResult:
        return score_block(params)

    def situation(self, params: Mapping[str, Any]) -> WinSituation:
        return win_situation(params)

    def grade(self, drill: Drill, form: MultiDict[str, str]) -> Verdict:
        han = read_number(form, "han", "число хан", MAX_HAN, "3")
        picked = picked_yaku(form)
        result: ScoreResult = drill.solution
        truth = frozenset(y.id for y in result.yaku)
        missed = [y.id for y in result.yaku if y.id not in picked]
        wrong = [o.id for o in YAKU_OPTIONS if o.id in picked and o.id not in truth]
        han_ok = han == result.han
        absorbed = absorbed_by(picked, truth)
        unexplained = set(wrong) - set(absorbed)
        # only a wrong tick costs the readings' scoring, not every answer
        other = other_reading_yaku(self.readings(drill), unexplained) if unexplained else {}
        return Verdict(han_ok and not missed and not wrong, {
            "han": han, "han_ok": han_ok, "picked": sorted(picked),
            "missed": missed, "wrong": wrong, "absorbed": absorbed,
            "other_reading": other, "points": result.points,
        })

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
