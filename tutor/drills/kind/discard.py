"""«Что сбросить?»: the learner picks one tile to discard from a 14-tile hand.

Correct is any discard the engine rates best: with ``goal: shanten`` (the
default) every discard that leaves the lowest shanten, with ``goal: tenpai``
every discard that leaves the hand in tenpai. With ``goal: ukeire`` («быстрее
всего к темпаю») and ``goal: value`` («быстро и дорого») the order and the
«почти» band are those of :mod:`engine.shape.efficiency`; ``visible`` tiles
are counted out.

The feedback lists each correct
discard with its waits (or, short of tenpai, the tiles that bring the hand
closer) and how many copies of them are still unseen, then what the other
discards leave — so a wrong pick is explained by the same numbers.

Copies are counted against the 14-tile hand: the tile you throw away is one
you can no longer draw.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from werkzeug.datastructures import MultiDict

from engine.errors import HandError
from engine.hand import Hand
from engine.plural import plural, tiles_word
from engine.shape.decompose import is_complete
from engine.shape.efficiency import graded, han_kept, ordered
from engine.shape.shanten import describe_shanten
from engine.shape.ukeire import DiscardOption as RankedOption
from engine.shape.ukeire import DiscardRanking, rank_discards
from engine.text.messages import shanten_short
from engine.tiles import Tile, parse_tiles, tile_code, tile_name
from tutor.drills import params as p
from tutor.drills import register
from tutor.drills.base import (
    PARTIAL,
    Drill,
    DrillKind,
    Fields,
    Param,
    Rule,
    Verdict,
    drill_hand,
    picked_discard,
)
from tutor.drills.explain import DiscardOption, options_of, rate_discards
from tutor.drills.params import FULL_HAND_PARAMS

FIELD = "discard"
GOALS = ("shanten", "tenpai", "ukeire", "value")
# The end of the default question, per goal.
GOAL_TEXTS = {
    "shanten": "рука стала как можно ближе к темпаю",
    "tenpai": "рука осталась в темпае",
    "ukeire": "рука быстрее всего пришла к темпаю — больше всего тайлов её улучшат",
    "value": "рука шла к темпаю быстро и дорого: почти без потери тайлов сохранить больше хан",
}

# The 14-tile hand of the discard (and complete) drills.
ALREADY_COMPLETE = (
    "Рука уже собрана: с ней объявляют победу, а не выбирают сброс. "
    "Дайте руку, которой не хватает хотя бы одного тайла."
)
NO_TENPAI_DISCARD = (
    "Ни один сброс не оставляет эту руку в темпае (лучший — {best}). "
    "Уберите «goal: tenpai» или дайте другую руку."
)


@dataclass(frozen=True)
class DiscardSolution:
    """The hand, every discard rated, and which of them count as correct."""

    hand: Hand
    goal: str
    options: tuple[DiscardOption, ...]
    correct: frozenset[Tile]
    ranking: DiscardRanking | None = None  # every discard by ukeire, with second order
    near: frozenset[Tile] = frozenset()  # «почти»: see the module docstring
    han: Mapping[Tile, int] | None = None  # goal value: han each discard keeps

    def ranked(self, tile: Tile) -> RankedOption | None:
        if self.ranking is None:
            return None
        return next(o for o in self.ranking.options if o.tile == tile)

    @property
    def top(self) -> RankedOption | None:
        """The best discard of the graded order (the first of the right ones)."""
        if self.ranking is None:
            return None
        return next((o for o in ordered(self.ranking, self.han) if o.tile in self.correct),
                    None)

    @property
    def best(self) -> tuple[DiscardOption, ...]:
        return tuple(o for o in self.options if o.tile in self.correct)

    @property
    def others(self) -> tuple[DiscardOption, ...]:
        return tuple(o for o in self.options if o.tile not in self.correct)

    def option(self, tile: Tile) -> DiscardOption:
        return next(o for o in self.options if o.tile == tile)


def solve_discard(hand: Hand, goal: str, visible: tuple[Tile, ...] = (),
                  indicators: tuple[Tile, ...] = ()) -> DiscardSolution:
    """Rate every discard; ``HandError`` when the question has no right answer."""
    if is_complete(hand):
        raise HandError(ALREADY_COMPLETE)
    rated = rate_discards(hand)
    lowest = min(n for _tile, _rest, n in rated)
    target = 0 if goal == "tenpai" else lowest
    if lowest > target:
        raise HandError(NO_TENPAI_DISCARD.format(best=describe_shanten(lowest)))
    options = options_of(hand, rated, lambda n: n == target)
    ranking = rank_discards(hand, visible, quality=True)
    if goal in ("ukeire", "value"):
        han = han_kept(hand, ranking, indicators) if goal == "value" else None
        correct, near = graded(ranking, han)
        return DiscardSolution(hand, goal, options, correct, ranking, near, han)
    correct = frozenset(o.tile for o in options if o.shanten == target)
    return DiscardSolution(hand, goal, options, correct, ranking)


def why_best(ranking: DiscardRanking) -> list[str]:
    """Why the best discard of the ranking wins, in Russian (site wording).

    First the shanten, then the plain count, then — among equal counts — the
    second order: the copies after which a ryanmen tenpai is possible.
    """
    options = ranking.options
    first = options[0]
    lines: list[str] = []
    farther = [o for o in options if o.shanten > first.shanten]
    if farther:
        more = (" — даже те, после которых тайлов больше"
                if max(o.count for o in farther) > first.count else "")
        lines.append(f"Остальные сбросы оставляют руку дальше от темпая{more}: "
                     "сначала сравнивают шантен, потом число тайлов.")
    same = [o for o in options if o.shanten == first.shanten]
    tied = [o for o in same if o.count == first.count]
    winner = max(tied, key=_good)
    name = tile_name(winner.tile)
    worse_shape = [o for o in tied if _good(o) < _good(winner)]
    if worse_shape:
        other = worse_shape[0]
        lines.append(
            f"«{name}» и «{tile_name(other.tile)}» поровну улучшают руку "
            f"({tiles_word(first.count)}), но после «{name}» к темпаю с рянменом ведут "
            f"{tiles_word(_good(winner))}, а после «{tile_name(other.tile)}» — "
            f"{tiles_word(_good(other))}: форма лучше.")
    elif len(tied) > 1:
        names = ", ".join(f"«{tile_name(o.tile)}»" for o in tied[:4])
        lines.append(f"Сбросы {names} равны: у каждого {tiles_word(first.count)}.")
    fewer = [o for o in same if o.count < first.count]
    if fewer:
        lines.append(f"«{name}» лучше, чем «{tile_name(fewer[0].tile)}»: руку улучшают "
                     f"{tiles_word(first.count)} против {tiles_genitive(fewer[0].count)}.")
    return lines


def tiles_genitive(n: int) -> str:
    """«1 тайла», «2 тайлов», «5 тайлов»: the genitive, after «из» or «против»."""
    return f"{n} {plural(n, 'тайла', 'тайлов', 'тайлов')}"


def _good(option: RankedOption) -> int:
    """Copies leading to a ryanmen tenpai (0 where the engine computed no second order)."""
    return option.quality.good_shape if option.quality is not None else 0


# --- what a wrong answer most likely missed: the kind's diagnosis rows ---------

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
         "а после лучшего — {best}: при равном шантене выбирают сброс, после которого "
         "таких тайлов больше."),
    Rule(_more_tiles_worse_shanten, "Тайлов после этого сброса больше, но рука отходит от "
         "темпая: сначала сравнивают шантен, а число тайлов — только между равными."),
)


@register
class Discard(DrillKind):
    name = "discard"
    diagnoses = DISCARD_RULES
    title = "Что сбросить?"
    default_prompt = "Какой тайл сбросить, чтобы {goal_text}?"
    params = (
        *FULL_HAND_PARAMS,
        Param("goal", p.one_of(*GOALS), "shanten",
              help="`shanten` — верен любой сброс с наименьшим шантеном; "
              "`tenpai` — любой сброс, после которого рука в темпае; "
              "`ukeire` — быстрее всего к темпаю: шантен, потом число улучшающих тайлов, потом "
              "форма; `value` — быстро и дорого: среди почти равных по скорости — больше хан"),
        Param("visible", p.tiles_text, "",
              help="тайлы, видимые на столе (сбросы, индикаторы): их копии не придут"),
        Param("dora", p.tile_list, (), help="индикаторы доры (для `goal: value`)"),
    )

    def prompt_fields(self, params: Mapping[str, Any]) -> Mapping[str, Any]:
        return {**params, "goal_text": GOAL_TEXTS[params["goal"]]}

    def prepare(self, params: Mapping[str, Any]) -> DiscardSolution:
        hand = drill_hand(params, 14)
        visible = parse_tiles(params["visible"]).kinds if params["visible"] else ()
        return solve_discard(hand, params["goal"], visible, params["dora"])

    def grade(self, drill: Drill, form: MultiDict[str, str]) -> Verdict:
        solution: DiscardSolution = drill.solution
        tile = picked_discard(form, solution.hand)
        near = tile in solution.near
        return Verdict(tile in solution.correct, {"picked": tile, "near": near},
                       credit=PARTIAL if near else None)

    def near_line(self, drill: Drill, tile: Tile) -> str:
        """«почти»: the pick and the best named with both counts."""
        s: DiscardSolution = drill.solution
        mine, top = s.ranked(tile), s.top
        if mine is None or top is None:
            return ""
        return (f"Почти: после «{tile_name(tile)}» руку улучшают {tiles_word(mine.count)}, "
                f"после «{tile_name(top.tile)}» — {tiles_word(top.count)}.")

    def lead(self, drill: Drill, picked: Tile | None, correct: bool = False) -> str:
        """The one point that matters, first under the verdict: the best discard and why.

        «Лучше «1 пин»: 12 тайлов против 4» when a better discard exists than
        ``picked`` (by how close it leaves the hand, then the count, then the
        copies towards a ryanmen tenpai) — «Ещё лучше…» after a right answer;
        the best one and its count when ``picked`` is the best or None
        («Показать решение»). No term the first discard lesson has not taught.
        """
        s: DiscardSolution = drill.solution
        top = s.top or (s.ranked(s.best[0].tile) if s.best else None)
        if top is None:
            return ""
        best = f"«{tile_name(top.tile)}»"
        better = "Ещё лучше" if correct else "Лучше"
        mine = s.ranked(picked) if picked is not None else None
        counted = "рука ждёт" if top.shanten == 0 else "руку улучшают"
        if mine is None or mine.tile == top.tile:
            return f"Лучший сброс — {best}: после него {counted} {tiles_word(top.count)}."
        if mine.shanten > top.shanten:
            return f"{better} {best}: после него рука ближе к темпаю."
        if top.count != mine.count:
            return f"{better} {best}: {tiles_word(top.count)} против {tiles_genitive(mine.count)}."
        if _good(top) > _good(mine):
            return (f"{better} {best}: к темпаю с рянменом ведут {tiles_word(_good(top))} "
                    f"против {tiles_genitive(_good(mine))}.")
        return ""  # as good as the best: the verdict says it all

    def choices(self, drill: Drill) -> list[tuple[Tile, str]]:
        """(tile, code) for every distinct concealed tile: the radio buttons."""
        return [(o.tile, tile_code(o.tile)) for o in drill.solution.options]

    def kept_answer(self, form: MultiDict[str, str] | None) -> str:
        return (form or MultiDict()).get(FIELD, "")[:8]

    def describe(self, option: DiscardOption) -> str:
        return describe_shanten(option.shanten)

    def ranked(self, drill: Drill) -> tuple[RankedOption, ...]:
        """Every discard by ukeire: shanten, then count, then tile order."""
        ranking = drill.solution.ranking
        return ranking.options if ranking is not None else ()

    def why(self, drill: Drill) -> list[str]:
        ranking = drill.solution.ranking
        return why_best(ranking) if ranking is not None else []

    def shanten_text(self, n: int) -> str:
        return shanten_short(n)

    def other_groups(self, drill: Drill) -> list[tuple[str, tuple[Tile, ...]]]:
        """The discards that are not correct, grouped by what they leave (closest first)."""
        groups: dict[int, list[Tile]] = {}
        for option in drill.solution.others:
            groups.setdefault(option.shanten, []).append(option.tile)
        return [(describe_shanten(n), tuple(groups[n])) for n in sorted(groups)]
