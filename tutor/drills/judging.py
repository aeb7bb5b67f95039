"""The toolkit of the three judgement kinds (``call``, ``push``, ``riichi``).

Each asks for one of two verdicts; the engine decides by a row of a
*Riichi Book I* table (:mod:`engine.rules.strategy`, applied by
:mod:`engine.table.judgement`). A yes/no question has no «почти»: the answer
is the verdict or the other one. The feedback leads with the deciding row
(the one main point), then the facts it read, then the source.
"""

from __future__ import annotations

from typing import ClassVar

from werkzeug.datastructures import MultiDict

from engine.rules.strategy import StrategyRow
from engine.text import messages
from engine.tiles import EAST, Tile, tile_name
from tutor.drills import params as p
from tutor.drills.base import BadAnswer, Drill, DrillKind, Fields, Param, Rule, Verdict

DECISION_FIELD = "decision"

# The situation every judgement drill shares.
SITUATION_PARAMS: tuple[Param, ...] = (
    Param("seat", p.wind, 28, help="ваше место: `E` (дилер), `S`, `W` или `N`; по умолчанию `S`"),
    Param("round", p.wind, EAST, help="ветер раунда: `E` или `S`"),
    Param("dora", p.tile_list, (), help="индикаторы доры"),
)


def verdict_word(verdict: str) -> str:
    """«брать», «идти», «дама»…"""
    return messages.STRATEGY_VERDICTS[verdict]


def row_text(row: StrategyRow) -> str:
    return messages.STRATEGY_ROWS[row.id]


def points(n: int) -> str:
    """«7700», «12 000» is not used: the course writes points without a space."""
    return str(n) if n else "0 (нет яку)"


def read_decision(form: MultiDict[str, str], allowed: tuple[str, str]) -> str:
    """One of the kind's two verdicts, or :class:`BadAnswer`."""
    value = form.get(DECISION_FIELD, "")
    if not value:
        raise BadAnswer("Выберите ответ.")
    if value not in allowed:
        raise BadAnswer("Такого варианта ответа нет.")
    return value


def _deciding_row(drill: Drill, verdict: Verdict) -> Fields | None:
    row: StrategyRow = drill.solution.row
    return {"rule": row_text(row)}


DECIDING_RULES: tuple[Rule, ...] = (
    Rule(_deciding_row, "решает правило: {rule}.", name="deciding_row"),
)


class JudgementKind(DrillKind):
    """A two-way decision graded against the engine's verdict."""

    verdicts: ClassVar[tuple[str, str]]
    diagnoses = DECIDING_RULES

    def grade(self, drill: Drill, form: MultiDict[str, str]) -> Verdict:
        said = read_decision(form, self.verdicts)
        return Verdict(said == drill.solution.row.verdict, {"said": said})

    def kept_answer(self, form: MultiDict[str, str] | None) -> str:
        return (form or MultiDict()).get(DECISION_FIELD, "")[:8]

    def choices(self) -> tuple[tuple[str, str], ...]:
        return tuple((v, verdict_word(v)) for v in self.verdicts)

    def word(self, verdict: str) -> str:
        return verdict_word(verdict)

    def rule(self, row: StrategyRow) -> str:
        return row_text(row)

    def source(self, row: StrategyRow) -> str:
        """Where the row comes from, in Russian (the English source stays in the data)."""
        return f"{messages.STRATEGY_BOOK}, {messages.STRATEGY_SOURCES[row.id]}."

    def points(self, n: int) -> str:
        return points(n)

    def steps_text(self, shanten: int) -> str:
        """«темпай», «2-шантен»: how far a hand is, in the discard ranking's words."""
        return messages.shanten_short(shanten)

    def seat_text(self, seat: Tile) -> str:
        return "Восток — вы дилер" if seat == EAST else tile_name(seat)
