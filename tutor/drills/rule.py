"""«Как в этих правилах?»: one row of the rule-set table, asked about one rule set.

For questions whose answer is a rule-set option the engine keeps as data
(:mod:`engine.rules`): starting points, what happens when several players
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

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from werkzeug.datastructures import MultiDict

from engine import messages
from engine.errors import HandError
from engine.rule_table import RuleRow, rule_rows, value_text
from engine.rules import RULESETS, TABLE_FIELDS
from tutor.drills import params as p
from tutor.drills import register
from tutor.drills.base import BadAnswer, Drill, DrillKind, Param, Verdict
from tutor.drills.choice import chosen_option

MAX_DISTRACTORS = 6
ONE_VALUE = (
    "Во всех правилах у «{label}» одно значение ({value}): добавьте неверные варианты "
    "параметром distractors, например [3, 5]."
)


def rule_field(value: Any) -> str:
    """The name of an option of :class:`engine.rules.Ruleset` that the rules table shows."""
    if value in TABLE_FIELDS:
        return str(value)
    raise ValueError(f"Нет такого правила «{value}». Есть: {', '.join(TABLE_FIELDS)}.")


def distractor_list(value: Any) -> tuple[str, ...]:
    """1–6 extra wrong options (numbers or words), as they will be shown."""
    items = value if isinstance(value, list) else [value]
    if not 1 <= len(items) <= MAX_DISTRACTORS:
        raise ValueError(f"Неверных вариантов — от 1 до {MAX_DISTRACTORS}, списком: [3, 5].")
    return tuple(p.text(str(item)) for item in items)


def value_choices(field: str) -> tuple[str, ...]:
    """Every value the option can take, as text: all of a yes/no or an enum, else those in use."""
    current = getattr(next(iter(RULESETS.values())), field)
    if isinstance(current, bool):
        return (value_text(True), value_text(False))
    if isinstance(current, Enum):
        return tuple(value_text(member) for member in type(current))
    used = sorted({getattr(r, field) for r in RULESETS.values()})
    return tuple(value_text(v) for v in used)


@dataclass(frozen=True)
class RuleLine:
    """One rule set's value and the document it comes from."""

    rules: str
    value: str
    source: str
    asked: bool

    @property
    def citation(self) -> str:
        """``[003]`` as the lessons cite a seed document; the "silent" note as it is."""
        return self.source if self.source == messages.RULE_SOURCE_SILENT else f"[{self.source}]"


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
            RuleLine(messages.RULESET_NAMES[key], value, self.row.sources[key], key == self.asked)
            for key, value in self.row.values.items()
        )


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
        return {**params, "label": messages.RULE_LABELS[params["rule"]],
                "rules_by": messages.RULESET_BY[params["rules"]]}

    def prepare(self, params: Mapping[str, Any]) -> RuleSolution:
        row = next(r for r in rule_rows() if r.field == params["rule"])
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
