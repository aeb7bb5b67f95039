"""«Посчитайте хан»: the learner enters the han of a winning hand and ticks its yaku.

Graded on both: the number (dora included) and the exact set of yaku. The
feedback is the engine's list of yaku with their han, the dora lines and the
total; :mod:`tutor.drills.kind.payment` reuses the parameters and the situation.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from werkzeug.datastructures import MultiDict

from engine.scoring.score import ScoreResult, WinSituation
from engine.scoring.yaku import YAKU_BY_ID
from engine.text.messages import YAKU_NAMES, YAKU_RULES
from tutor.drills import register
from tutor.drills.base import (
    Detector,
    Drill,
    Fields,
    Rule,
    Verdict,
    read_number,
)
from tutor.drills.params import HAN_PARAMS
from tutor.drills.scoring import (
    YAKU_OPTIONS,
    ScoringKind,
    absorbed_by,
    other_reading,
    other_reading_yaku,
    picked_yaku,
    score_block,
    win_situation,
)

MAX_HAN = 130  # ten yakuman; anything larger is not an answer

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
class Han(ScoringKind):
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
