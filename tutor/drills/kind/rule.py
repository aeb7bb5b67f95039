"""«Как в этих правилах?»: one row of the rule-set table, asked about one rule set.

For questions whose answer is a rule-set option the engine keeps as data
(:mod:`engine.rules.sets`): starting points, what happens when several players
call ron, kuikae, playing on below zero… The author names the option
(``rule: starting_points``) and the rule set (the common ``rules``); the
options the learner chooses from are the values that option takes in any
rule set (for a yes/no or a named choice, every value it can take), plus
the author's ``distractors`` when the rule sets agree on a number. The right
option comes from the engine, so a lesson and the rules page (``/rules``) can
never disagree. The feedback is the whole row: every rule set's value with
the document it comes from.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from werkzeug.datastructures import MultiDict

from engine.errors import HandError
from engine.rules.sets import (
    GAME_RULES,
    GAME_TABLE_FIELDS,
    PROCEDURE_TABLE_FIELDS,
    PROCEDURES,
    RULESETS,
    TABLE_FIELDS,
)
from engine.rules.table import (
    RuleRow,
    game_rule_rows,
    game_value_text,
    procedure_rule_rows,
    procedure_value_text,
    rule_rows,
    value_text,
)
from engine.text import messages
from tutor.drills import params as p
from tutor.drills import register
from tutor.drills.base import BadAnswer, Drill, DrillKind, Param, Verdict, chosen_option

MAX_DISTRACTORS = 6
ONE_VALUE = (
    "Во всех правилах у «{label}» одно значение ({value}): добавьте неверные варианты "
    "параметром distractors, например [3, 5]."
)


@dataclass(frozen=True)
class RuleTable:
    """One table of ``/rules``: its fields, the value per rule set, how a value reads."""

    fields: tuple[str, ...]
    data: Mapping[str, object]  # ruleset name -> the dataclass holding the values
    text: Callable[[object], str]
    rows: Callable[[], tuple[RuleRow, ...]]


# The hand rules, the whole game (draws, penalties, the end) and the table procedure.
TABLES: tuple[RuleTable, ...] = (
    RuleTable(TABLE_FIELDS, RULESETS, value_text, rule_rows),
    RuleTable(GAME_TABLE_FIELDS, GAME_RULES, game_value_text, game_rule_rows),
    RuleTable(PROCEDURE_TABLE_FIELDS, PROCEDURES, procedure_value_text, procedure_rule_rows),
)
ALL_FIELDS: tuple[str, ...] = tuple(f for t in TABLES for f in t.fields)


def table_of(field: str) -> RuleTable:
    return next(t for t in TABLES if field in t.fields)


def rule_field(value: Any) -> str:
    """The name of a row of the rules table (``/rules``): a hand, game or procedure rule."""
    if value in ALL_FIELDS:
        return str(value)
    raise ValueError(f"Нет такого правила «{value}». Есть: {', '.join(ALL_FIELDS)}.")


def distractor_list(value: Any) -> tuple[str, ...]:
    """1–6 extra wrong options (numbers or words), as they will be shown."""
    items = value if isinstance(value, list) else [value]
    if not 1 <= len(items) <= MAX_DISTRACTORS:
        raise ValueError(f"Неверных вариантов — от 1 до {MAX_DISTRACTORS}, списком: [3, 5].")
    return tuple(p.text(str(item)) for item in items)


def value_choices(field: str) -> tuple[str, ...]:
    """Every value the option can take, as text: all of a yes/no or an enum, else those in use."""
    table = table_of(field)
    current = getattr(next(iter(table.data.values())), field)
    if isinstance(current, bool):
        return (table.text(True), table.text(False))
    if isinstance(current, Enum):
        return tuple(table.text(member) for member in type(current))
    used = {getattr(r, field) for r in table.data.values()}
    if all(isinstance(v, int) for v in used):
        return tuple(table.text(v) for v in sorted(used))
    return tuple(dict.fromkeys(row_of(field).values.values()))  # lists, uma: as /rules shows


@dataclass(frozen=True)
class RuleLine:
    """One rule set's value and the document it comes from."""

    rules: str
    value: str
    source: str
    asked: bool
    citation: str = ""  # RuleRow.citation: ``[003]``, a published source's note, or our choice


@dataclass(frozen=True)
class RuleSolution:
    row: RuleRow
    asked: str
    options: tuple[str, ...]

    @property
    def answer(self) -> str:
        return self.row.values[self.asked]

    @property
    def lines(self) -> tuple[RuleLine, ...]:
        return tuple(
            RuleLine(messages.RULESET_NAMES[key], value, self.row.sources[key], key == self.asked,
                     self.row.citation(key))
            for key, value in self.row.values.items()
        )


def row_of(field: str) -> RuleRow:
    return next(r for r in table_of(field).rows() if r.field == field)


@register
class Rule(DrillKind):
    name = "rule"
    title = "Как в этих правилах?"
    default_prompt = "{label} — как это по {rules_by}?"
    params = (
        Param("rule", rule_field,
              help="какое правило спрашивают: имя строки таблицы правил, например "
              "`starting_points`; все имена — в таблице ниже"),
        Param("distractors", distractor_list, (),
              help="неверные варианты, если у всех правил одно значение: `[3, 5]`"),
    )

    def prompt_fields(self, params: Mapping[str, Any]) -> Mapping[str, Any]:
        return {**params, "label": row_of(params["rule"]).label,
                "rules_by": messages.RULESET_BY[params["rules"]]}

    def prepare(self, params: Mapping[str, Any]) -> RuleSolution:
        row = row_of(params["rule"])
        options = tuple(dict.fromkeys((*value_choices(row.field), *params["distractors"])))
        if all(o.isdigit() for o in options):
            options = tuple(sorted(options, key=int))
        if len(options) < 2:
            raise HandError(ONE_VALUE.format(label=row.label, value=options[0]))
        return RuleSolution(row, params["rules"], options)

    def grade(self, drill: Drill, form: MultiDict[str, str]) -> Verdict:
        solution: RuleSolution = drill.solution
        picked = chosen_option(form, len(solution.options))
        if picked is None:
            raise BadAnswer("Выберите один из вариантов.")
        return Verdict(solution.options[picked - 1] == solution.answer, {"picked": picked})

    def rules_by(self, drill: Drill) -> str:
        return messages.RULESET_BY[drill.solution.asked]
