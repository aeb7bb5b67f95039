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

from engine import messages
from engine.errors import HandError
from engine.score import ScoreResult, WinSituation, score_hand
from engine.tiles import tile_name
from engine.yaku import YAKU
from tutor.drills import params as p
from tutor.drills import register
from tutor.drills.base import BadAnswer, Drill, Param, Verdict, drill_hand
from tutor.drills.fu import SCORING_PARAMS, Fu, drill_rules

MAX_HAN = 130  # ten yakuman; anything larger is not an answer

HAN_PARAMS: tuple[Param, ...] = (
    *SCORING_PARAMS,
    Param("ura", p.tile_list, (), help="индикаторы урадоры (считаются только в риичи)"),
    Param("ippatsu", p.boolean, False),
    Param("double_riichi", p.boolean, False),
    Param("chankan", p.boolean, False),
    Param("haitei", p.boolean, False),
    Param("houtei", p.boolean, False),
)

# Situation flags copied from the block into WinSituation as they are.
_FLAGS = ("riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei")


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


@dataclass(frozen=True)
class HanLine:
    """A line of the han table: a yaku or a kind of dora."""

    name: str
    han: int
    rule: str = ""


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


@register
class Han(Fu):
    name = "han"
    title = "Посчитайте хан"
    default_prompt = "Какие яку в этой руке и сколько хан она стоит вместе с дорами?"
    params = HAN_PARAMS

    def prepare(self, params: Mapping[str, Any]) -> ScoreResult:
        return score_block(params)

    def grade(self, drill: Drill, form: MultiDict[str, str]) -> Verdict:
        han = read_number(form, "han", "число хан", MAX_HAN, "3")
        picked = picked_yaku(form)
        result: ScoreResult = drill.solution
        truth = frozenset(y.id for y in result.yaku)
        missed = [y.id for y in result.yaku if y.id not in picked]
        wrong = [o.id for o in YAKU_OPTIONS if o.id in picked and o.id not in truth]
        han_ok = han == result.han
        return Verdict(han_ok and not missed and not wrong, {
            "han": han, "han_ok": han_ok, "picked": sorted(picked),
            "missed": missed, "wrong": wrong,
        })

    def options(self) -> tuple[YakuOption, ...]:
        return YAKU_OPTIONS

    def yaku_name(self, yaku_id: str) -> str:
        return messages.YAKU_NAMES.get(yaku_id, yaku_id)

    def yaku_rule(self, yaku_id: str) -> str:
        return messages.YAKU_RULES.get(yaku_id, "")

    def han_lines(self, drill: Drill) -> list[HanLine]:
        """Yaku with their han, then dora, aka-dora and ura-dora when present."""
        result: ScoreResult = drill.solution
        lines = [HanLine(self.yaku_name(y.id), y.han, self.yaku_rule(y.id)) for y in result.yaku]
        for key in ("dora", "aka", "ura"):
            count = getattr(result, key)
            if count:
                lines.append(HanLine(messages.DORA_NAMES[key], count))
        return lines

    def han_word(self, n: int) -> str:
        """``1 хан``: the word does not change, but kept in one place with the number."""
        return f"{n} хан"

    def limit_name(self, drill: Drill) -> str:
        return messages.LIMIT_NAMES[drill.solution.limit]
