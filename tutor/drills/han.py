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
from engine.messages import YAKU_NAMES, YAKU_RULES
from engine.plural import count_word
from engine.rules import Renhou
from engine.score import ScoreResult, WinSituation, score_hand
from engine.tiles import Tile, dora_from_indicator, tile_name
from engine.yaku import SUPERSEDES, YAKU, YAKU_BY_ID
from tutor.drills import params as p
from tutor.drills import register
from tutor.drills.base import BadAnswer, Detector, Drill, Fields, Param, Rule, Verdict, drill_hand
from tutor.drills.fu import SCORING_PARAMS, Fu, ReadingValue, drill_rules, other_reading

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


# --- what a wrong answer most likely missed: the kind's diagnosis rows ---------

def _han_short_by(attr: str) -> Detector:
    """The han answer equals the truth minus this kind of dora."""

    def detect(drill: Drill, verdict: Verdict) -> Fields | None:
        r = drill.solution
        count = getattr(r, attr)
        d = verdict.details
        short = count and not d.get("han_ok") and d.get("han") == r.han - count
        return {"n": count} if short else None

    return detect


def _han_all_dora(drill: Drill, verdict: Verdict) -> Fields | None:
    r = drill.solution
    total = r.dora + r.aka + r.ura
    d = verdict.details
    return {"n": total} if total and not d.get("han_ok") and d.get("han") == r.han - total else None


def _han_open_reduction(drill: Drill, verdict: Verdict) -> Fields | None:
    r = drill.solution
    if not drill.params.get("melds") or r.yakuman:
        return None
    reduced = [y.id for y in r.yaku if YAKU_BY_ID[y.id].han > y.han]
    full = sum(YAKU_BY_ID[y].han - next(i.han for i in r.yaku if i.id == y) for y in reduced)
    d = verdict.details
    if reduced and not d.get("han_ok") and d.get("han") == r.han + full:
        return {"names": ", ".join(YAKU_NAMES[y] for y in reduced)}
    return None


def _han_first_yaku(key: str) -> Detector:
    """The first yaku the grader listed under ``key`` (``missed`` or ``wrong``), with its rule.

    A ticked yaku that a stronger one absorbs, or that a cheaper reading of the
    hand has, is not «wrong» in this sense: the hand meets its condition
    (:func:`_han_absorbed` and :func:`_han_other_reading` say so instead).
    """

    def detect(drill: Drill, verdict: Verdict) -> Fields | None:
        explained = {**(verdict.details.get("absorbed") or {}),
                     **(verdict.details.get("other_reading") or {})}
        listed = [y for y in verdict.details.get(key) or () if y not in explained]
        if not listed:
            return None
        return {"name": YAKU_NAMES[listed[0]], "rule": YAKU_RULES.get(listed[0], "")}

    return detect


def _han_absorbed(drill: Drill, verdict: Verdict) -> Fields | None:
    """A ticked yaku the hand has, hidden by a stronger one (chanta under junchan)."""
    absorbed = verdict.details.get("absorbed") or {}
    if not absorbed:
        return None
    weak, strong = next(iter(absorbed.items()))
    return {"name": YAKU_NAMES[weak], "stronger": YAKU_NAMES[strong]}


def _han_other_reading(drill: Drill, verdict: Verdict) -> Fields | None:
    """A ticked yaku of a reading that pays less (chiitoitsu of a ryanpeikou hand)."""
    other = verdict.details.get("other_reading") or {}
    if not other:
        return None
    return {"name": YAKU_NAMES[next(iter(other))]}


HAN_RULES: tuple[Rule, ...] = (
    Rule(other_reading("han"), "Похоже, вы разобрали руку по-другому: так тоже можно, и "
         "тогда выходит {other} хан, но считается разбор, который дороже, — {best} хан.",
         name="other-reading"),
    Rule(_han_short_by("ura"), "Похоже, вы забыли урадору: после победы в риичи открывают "
         "индикаторы урадоры, и здесь она даёт ещё {n} хан.", name="ura-dora"),
    Rule(_han_short_by("aka"), "Похоже, вы не посчитали красные пятёрки: каждая — 1 хан "
         "акадоры (здесь {n} хан).", name="aka-dora"),
    Rule(_han_short_by("dora"), "Похоже, вы не посчитали дору: индикатор указывает на следующий "
         "тайл, и каждая его копия в руке — 1 хан (здесь {n} хан).", name="dora"),
    Rule(_han_all_dora, "Похоже, вы не прибавили доры: они не яку, но к хан прибавляются "
         "(здесь {n} хан).", name="dora-not-yaku"),
    Rule(_han_open_reduction, "В открытой руке некоторые яку стоят на 1 хан меньше: {names}.",
         name="open-hand-reduction"),
    Rule(_han_first_yaku("missed"), "Похоже, вы не заметили яку «{name}»: {rule}.",
         name="yaku-missed"),
    Rule(_han_absorbed, "Яку «{name}» здесь поглощено более сильным «{stronger}»: условия "
         "обоих выполнены, но считается только «{stronger}».", name="yaku-absorbed"),
    Rule(_han_other_reading, "Яку «{name}» есть, только если разобрать руку иначе, а тот "
         "разбор дешевле: считается разбор, который дороже.", name="yaku-other-reading"),
    Rule(_han_first_yaku("wrong"), "Яку «{name}» в этой руке нет. Его условие: {rule}.",
         name="yaku-wrong"),
)


@register
class Han(Fu):
    name = "han"
    diagnoses = HAN_RULES
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
        return messages.LIMIT_NAMES[drill.solution.limit]
