"""A flagged decision and a whole review: the order of the flags and the summary.

Flags are grouped by category (the order of :data:`CATEGORIES`) and, within
one, sorted by the category's measure, costliest first (:data:`MEASURES`:
which entry of ``cost`` it is); ties keep the order of play. Every category
links to the lesson that teaches its rule (:data:`LESSONS`, slugs of
``content/ru``).

>>> summary_text(Review((), {c: 0 for c in CATEGORIES}))
'Ни одно решение не стоило очков по нашим меркам.'
>>> summary_text(Review((), {**{c: 0 for c in CATEGORIES},
...                         "efficiency": 5, "defence": 2, "missed_win": 1}))
'8 решений: 5 по эффективности, 2 в защите, 1 пропущенная победа'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from engine.plural import plural
from engine.table.decision import Decision
from engine.text import review as text

CATEGORIES: tuple[str, ...] = (
    "efficiency", "defence", "missed_win", "furiten", "no_yaku", "noten", "all_last",
)
LESSONS: dict[str, str] = {  # the lesson that teaches each category's rule
    "efficiency": "efficiency",
    "defence": "push-or-fold",  # fold unless tenpai with a good wait
    "missed_win": "tsumo-ron",
    "furiten": "furiten",
    "no_yaku": "calling",  # «Открытой руке тоже нужно яку»
    "noten": "push-or-fold",  # «Поздний ход и темпай при ничьей»
    "all_last": "all-last",
}
# The entry of ``cost`` a category is sorted by, and whether more of it is worse.
MEASURES: dict[str, tuple[str, bool]] = {
    "efficiency": ("lost", True),  # improving copies given up (a step back: all of them)
    "defence": ("gap", True),  # danger points above the safest tile
    "missed_win": ("points", True),  # what the win was worth
    "furiten": ("kinds", False),  # kinds of winning tiles: a narrow wait first
    "no_yaku": ("wall_left", True),  # tiles left to play with a hand that cannot win
    "noten": ("wall_left", False),  # the later the missed tenpai, the plainer the miss
    "all_last": ("short", True),  # points short of the placement needed
}


@dataclass(frozen=True)
class Flag:
    """One decision that cost something, by the measure of its category.

    ``cost`` holds the category's figures (the measure of :data:`MEASURES`
    among them); ``better`` is the tile or action the measure prefers;
    ``informational``: said, but not counted as a mistake of play.
    """

    hand: int
    event: int
    action: str
    played: str
    better: str
    category: str  # one of CATEGORIES
    cost: Mapping[str, float | int | str] = field(hash=False)
    message: str
    lesson: str
    informational: bool
    decision: Decision = field(hash=False, repr=False)

    def to_json(self) -> dict[str, object]:
        """The entry of the batch kind ``review`` (exactly its keys)."""
        return {"hand": self.hand, "event": self.event, "action": self.action,
                "played": self.played, "better": self.better, "category": self.category,
                "cost": dict(self.cost), "message": self.message}


@dataclass(frozen=True)
class Review:
    """The flags of one seat's game in display order, and their count per category."""

    decisions: tuple[Flag, ...]
    summary: dict[str, int] = field(hash=False)

    def to_json(self) -> dict[str, object]:
        return {"decisions": [f.to_json() for f in self.decisions], "summary": dict(self.summary)}


def sort_key(flag: Flag) -> tuple[int, float, int, int]:
    key, worse_up = MEASURES[flag.category]
    value = flag.cost.get(key, 0)
    measure = float(value) if isinstance(value, int | float) else 0.0
    return (CATEGORIES.index(flag.category), -measure if worse_up else measure,
            flag.hand, flag.event)


def collect(flags: Iterable[Flag]) -> Review:
    """Order the flags (category, then measure) and count them per category."""
    ordered = tuple(sorted(flags, key=sort_key))
    summary = {c: 0 for c in CATEGORIES}
    for flag in ordered:
        summary[flag.category] += 1
    return Review(ordered, summary)


def summary_text(review: Review) -> str:
    """«12 решений: 5 по эффективности, 2 в защите, 1 пропущенная победа» (no zero parts)."""
    counts = [(c, n) for c, n in review.summary.items() if n]
    total = sum(n for _, n in counts)
    if not total:
        return text.SUMMARY_NONE
    parts = ", ".join(f"{n} {plural(n, *text.SUMMARY_FORMS[c])}" for c, n in counts)
    return text.SUMMARY_LINE.format(total=f"{total} {plural(total, *text.DECISIONS_FORMS)}",
                                    parts=parts)
