"""«Самый безопасный сброс»: a riichi is declared; the learner picks the safest tile in hand.

Parameters describe the table as the learner sees it: the riichi player's
pond in order with the position of the riichi tile, the other three ponds
in turn order after him (the last one is the learner's own), the dora
indicator. Tiles the others discarded from the riichi turn on passed him
without ron. :func:`engine.table.safety.hand_safety` gives each kind in hand its
tier and reason; every kind of the safest tier present is a right answer.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from werkzeug.datastructures import MultiDict

from engine.errors import HandError
from engine.hand import Hand
from engine.table.safety import Riichi, SafetyTier, TileSafety, hand_safety
from engine.tiles import Tile, parse_tiles, tile_code, tile_name
from tutor.drills import params as p
from tutor.drills import register
from tutor.drills.base import (
    Drill,
    DrillError,
    DrillKind,
    Fields,
    Param,
    Rule,
    Verdict,
    drill_hand,
    picked_discard,
)
from tutor.drills.params import FULL_HAND_PARAMS

# Short names of the tiers for the feedback list (the long ones: engine.text.messages.SAFETY_TIERS).
TIER_NAMES: dict[SafetyTier, str] = {
    SafetyTier.GENBUTSU: "генбуцу",
    SafetyTier.PASSED: "прошёл после риичи",
    SafetyTier.HONOR_LAST: "благородный, видны три копии",
    SafetyTier.SUJI: "суджи",
    SafetyTier.NO_CHANCE: "кабе (ноу-чанс)",
    SafetyTier.ONE_CHANCE: "ван-чанс",
    SafetyTier.HALF_SUJI: "полусуджи",
    SafetyTier.HONOR_FEW: "благородный",
    SafetyTier.EDGE_OPEN: "крайний без суджи",
    SafetyTier.MIDDLE_OPEN: "средний без суджи",
}
POND_ROW = 6  # a pond is laid out in rows of six
MAX_POND = 24


def pond_tiles(value: Any) -> tuple[Tile, ...]:
    """One pond in discard order, mpsz (``1z 9m 2p``): 1 to 24 tiles."""
    kinds = parse_tiles(p.tiles_text(value)).kinds
    if not 1 <= len(kinds) <= MAX_POND:
        raise ValueError(f"В дискарде от 1 до {MAX_POND} тайлов, а указано {len(kinds)}.")
    return kinds


def other_ponds(value: Any) -> tuple[tuple[Tile, ...], ...]:
    """The three other ponds in turn order after the riichi player; the last is yours."""
    if not isinstance(value, list) or len(value) != 3:
        raise ValueError(
            "ponds — список из трёх дискардов по порядку хода после игрока в риичи "
            "(последний — ваш), например [\"1z 9m\", \"2z 1p\", \"9s\"]."
        )
    return tuple(parse_tiles(p.tiles_text(v)).kinds if v else () for v in value)


@dataclass(frozen=True)
class SafetySolution:
    hand: Hand
    riichi: Riichi
    ponds: tuple[tuple[Tile, ...], ...]
    dora: tuple[Tile, ...]
    ranked: tuple[TileSafety, ...]  # safest first

    @property
    def best(self) -> SafetyTier:
        return self.ranked[0].tier

    @property
    def correct(self) -> frozenset[Tile]:
        return frozenset(s.tile for s in self.ranked if s.tier is self.best)

    def of(self, tile: Tile) -> TileSafety:
        return next(s for s in self.ranked if s.tile == tile)

    @property
    def riichi_rows(self) -> list[list[tuple[Tile, bool]]]:
        """The riichi pond in rows of six, each tile with «is the riichi tile» (drawn sideways)."""
        marked = [(t, i == self.riichi.riichi_index) for i, t in enumerate(self.riichi.pond)]
        return [marked[i:i + POND_ROW] for i in range(0, len(marked), POND_ROW)]

    def rows(self, pond: tuple[Tile, ...]) -> list[tuple[Tile, ...]]:
        return [pond[i:i + POND_ROW] for i in range(0, len(pond), POND_ROW)]

    @property
    def has_genbutsu(self) -> bool:
        return any(s.tier is SafetyTier.GENBUTSU for s in self.ranked)


def solve_safety(hand: Hand, pond: tuple[Tile, ...], riichi_at: int,
                 ponds: tuple[tuple[Tile, ...], ...], dora: tuple[Tile, ...]) -> SafetySolution:
    """Tiers of every kind in hand; ``riichi_at``: 1-based position of the riichi tile."""
    if not 1 <= riichi_at <= len(pond):
        raise DrillError(f"riichi_at — номер тайла риичи в дискарде, от 1 до {len(pond)}.",
                         "riichi_at")
    index = riichi_at - 1
    passed = tuple(t for other in ponds for t in other[index:])
    riichi = Riichi(pond, index, passed)
    visible = (*pond, *(t for other in ponds for t in other), *dora)
    ranked = hand_safety(hand, (riichi,), visible)
    return SafetySolution(hand, riichi, ponds, dora, ranked)


# --- what a wrong answer most likely missed: the kind's diagnosis rows ---------

def _tier_of_pick(drill: Drill, verdict: Verdict) -> SafetyTier:
    solution: SafetySolution = drill.solution  # Drill.solution is each kind's own type
    return solution.of(verdict.details["picked"]).tier


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


@register
class Safety(DrillKind):
    name = "safety"
    diagnoses = SAFETY_RULES
    title = "Самый безопасный сброс"
    default_prompt = "Соперник объявил риичи. Какой тайл из руки сбросить безопаснее всего?"
    params = (
        *FULL_HAND_PARAMS,
        Param("pond", pond_tiles, help="дискард игрока в риичи по порядку, mpsz: `1z 9m 2p 5s`"),
        Param("riichi_at", p.positive_int,
              help="номер тайла риичи в этом дискарде, считая с 1 (он лежит боком)"),
        Param("ponds", other_ponds, ((), (), ()),
              help="три других дискарда по порядку хода после игрока в риичи; последний — ваш"),
        Param("dora", p.tile_list, (), help="индикатор доры"),
    )

    def prepare(self, params: Mapping[str, Any]) -> SafetySolution:
        hand = drill_hand(params, 14)
        try:
            return solve_safety(hand, params["pond"], params["riichi_at"], params["ponds"],
                                params["dora"])
        except HandError as exc:
            raise DrillError(str(exc), "pond") from None

    def grade(self, drill: Drill, form: MultiDict[str, str]) -> Verdict:
        solution: SafetySolution = drill.solution
        tile = picked_discard(form, solution.hand)
        return Verdict(tile in solution.correct, {"picked": tile})

    def choices(self, drill: Drill) -> list[tuple[Tile, str]]:
        """(tile, code) for every distinct concealed tile, in tile order: the radio buttons."""
        return [(t, tile_code(t)) for t, n in enumerate(drill.solution.hand.concealed) if n]

    def tier_name(self, tier: SafetyTier) -> str:
        return TIER_NAMES[tier]

    def tier_line(self, tier: SafetyTier) -> str:
        """«Name — explanation», without repeating a name the explanation starts with."""
        text, name = tier.explanation, TIER_NAMES[tier]
        head, _, rest = text.partition(": ")
        if rest and head.split(" (")[0] in name:
            return f"{name} — {rest}"
        return f"{name} — {text}"

    def groups(self, drill: Drill) -> list[tuple[int, SafetyTier, list[TileSafety]]]:
        """The tiles grouped by tier, safest first, each group with its place (1-based)."""
        out: list[tuple[int, SafetyTier, list[TileSafety]]] = []
        for s in drill.solution.ranked:
            if out and out[-1][1] is s.tier:
                out[-1][2].append(s)
            else:
                out.append((len(out) + 1, s.tier, [s]))
        return out

    def kept_answer(self, form: MultiDict[str, str] | None) -> str:
        return (form or MultiDict()).get("discard", "")[:8]
