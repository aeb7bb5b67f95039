"""Diagnoses for «Что сбросить?», «Сколько тайлов улучшат руку?» and «Самый безопасный сброс».

Each detector recognises the answer that one common mistake produces: an
ukeire counted without the tiles on the table, or kinds counted instead of
copies; a discard that keeps the shanten but takes fewer tiles; a suji tile
chosen while a genbutsu was in hand, an honour thrown because «honours are
safe» while a suji or genbutsu was there.
"""

from __future__ import annotations

from engine.table.safety import SafetyTier
from engine.tiles import tile_name
from tutor.drills.base import Drill, Verdict
from tutor.drills.diagnosis.rule import Fields, Rule

# --- ukeire --------------------------------------------------------------------------------


def _forgot_table(drill: Drill, verdict: Verdict) -> Fields | None:
    s = drill.solution
    answer = verdict.details.get("count")
    if s.without_table != s.value and answer == s.without_table:
        return {"gone": s.without_table - s.value}
    return None


def _counted_kinds(drill: Drill, verdict: Verdict) -> Fields | None:
    s = drill.solution
    return {} if verdict.details.get("count") == s.kinds != s.value else None


def _four_each(drill: Drill, verdict: Verdict) -> Fields | None:
    s = drill.solution
    four = 4 * len(s.lines)
    return {} if verdict.details.get("count") == four != s.value else None


UKEIRE_RULES: tuple[Rule, ...] = (
    Rule(_forgot_table, "Похоже, вы не вычли тайлы, которые уже видны на столе: {gone} из "
         "улучшающих копий лежат в сбросах или на индикаторе доры, взять их нельзя."),
    Rule(_counted_kinds, "Похоже, вы сосчитали виды тайлов, а не копии: каждый вид даёт "
         "столько тайлов, сколько его копий ещё не видно (до четырёх)."),
    Rule(_four_each, "Похоже, вы посчитали по четыре копии каждого вида: копии в вашей руке и "
         "на столе уже не придут."),
)

# --- discard -------------------------------------------------------------------------------


def _fewer_tiles(drill: Drill, verdict: Verdict) -> Fields | None:
    ranking = drill.solution.ranking
    if ranking is None or drill.solution.goal != "ukeire":
        return None
    picked = next(o for o in ranking.options if o.tile == verdict.details["picked"])
    best = ranking.options[0]
    if picked.shanten == best.shanten and picked.count < best.count:
        return {"mine": picked.count, "best": best.count}
    return None


def _more_tiles_worse_shanten(drill: Drill, verdict: Verdict) -> Fields | None:
    ranking = drill.solution.ranking
    if ranking is None:
        return None
    picked = next(o for o in ranking.options if o.tile == verdict.details["picked"])
    best = ranking.options[0]
    if picked.shanten > best.shanten and picked.count > best.count:
        return {}
    return None


DISCARD_RULES: tuple[Rule, ...] = (
    Rule(_fewer_tiles, "Шантен вы сохранили, но после этого сброса руку улучшают {mine}, "
         "а после лучшего — {best}: при равном шантене выбирают сброс с большим укейре."),
    Rule(_more_tiles_worse_shanten, "Тайлов после этого сброса больше, но рука отходит от "
         "темпая: сначала сравнивают шантен, а число тайлов — только между равными."),
)

# --- safety --------------------------------------------------------------------------------


def _tier_of_pick(drill: Drill, verdict: Verdict) -> SafetyTier:
    return drill.solution.of(verdict.details["picked"]).tier


def _suji_over_genbutsu(drill: Drill, verdict: Verdict) -> Fields | None:
    s = drill.solution
    if s.best is SafetyTier.GENBUTSU and _tier_of_pick(drill, verdict) in (
            SafetyTier.SUJI, SafetyTier.HALF_SUJI, SafetyTier.NO_CHANCE, SafetyTier.ONE_CHANCE):
        return {"tiles": ", ".join(tile_name(t) for t in sorted(s.correct))}
    return None


def _honour_as_safe(drill: Drill, verdict: Verdict) -> Fields | None:
    s = drill.solution
    if _tier_of_pick(drill, verdict) is SafetyTier.HONOR_FEW and s.best.rank < (
            SafetyTier.HONOR_FEW.rank):
        return {"tiles": ", ".join(tile_name(t) for t in sorted(s.correct))}
    return None


def _half_suji_as_suji(drill: Drill, verdict: Verdict) -> Fields | None:
    if _tier_of_pick(drill, verdict) is SafetyTier.HALF_SUJI:
        return {"tile": tile_name(verdict.details["picked"])}
    return None


def _dangerous(drill: Drill, verdict: Verdict) -> Fields | None:
    return {} if _tier_of_pick(drill, verdict) is SafetyTier.MIDDLE_OPEN else None


SAFETY_RULES: tuple[Rule, ...] = (
    Rule(_suji_over_genbutsu, "Суджи защищает только от рянмена, а в руке был генбуцу "
         "({tiles}): на нём игрок в риичи не может выиграть роном вовсе."),
    Rule(_honour_as_safe, "Благородный тайл, которого видно меньше трёх копий, ещё может "
         "ждать танки или шанпон; безопаснее был {tiles}."),
    Rule(_half_suji_as_suji, "У 4, 5 и 6 две стороны рянмена: тайл в сбросе закрывает только "
         "одну из них, у {tile} открыта вторая."),
    Rule(_dangerous, "Средний тайл без суджи — самый опасный сброс против риичи: рянмен на "
         "него возможен с обеих сторон.", fallback=True),
)
