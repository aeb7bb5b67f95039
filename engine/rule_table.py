"""The rule-set comparison table the site shows: one row per option.

Joins the data of :mod:`engine.rules` (values and their seed documents) with
the Russian labels of :mod:`engine.messages`. Kept apart from ``rules`` so
that ``rules`` does not depend on the wording.

>>> row = next(r for r in rule_rows() if r.field == "open_tanyao")
>>> row.label, row.values["ema"], row.sources["ema"]
('Таняо с открытой рукой', 'нет', '001-EMA')
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from engine import messages as msg
from engine.rules import RULESETS, SOURCES, TABLE_FIELDS, Ruleset


@dataclass(frozen=True)
class RuleRow:
    """One option: its Russian label and, per rule set, the value as text and its source."""

    field: str
    label: str
    values: dict[str, str]  # ruleset name -> Russian value
    sources: dict[str, str]  # ruleset name -> seed code, or the "silent" note


def value_text(value: object) -> str:
    """A rule value in Russian: yes/no, an enum's wording, or the number."""
    # bool and Enum only: 0 == False and 1 == True would otherwise match numbers.
    if isinstance(value, bool | Enum):
        return msg.RULE_VALUE_NAMES[value]
    return str(value)


def rule_rows(rulesets: dict[str, Ruleset] | None = None) -> tuple[RuleRow, ...]:
    """Rows for every option in :data:`engine.rules.TABLE_FIELDS`, columns in ``rulesets`` order."""
    chosen = rulesets or RULESETS
    return tuple(
        RuleRow(
            field=name,
            label=msg.RULE_LABELS[name],
            values={key: value_text(getattr(r, name)) for key, r in chosen.items()},
            sources={
                key: SOURCES.get(key, {}).get(name) or msg.RULE_SOURCE_SILENT for key in chosen
            },
        )
        for name in TABLE_FIELDS
    )
