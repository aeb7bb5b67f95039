"""The rule-set comparison table the site shows: one row per option.

Joins the data of :mod:`engine.rules.sets` (values and their seed documents) with
the Russian labels of :mod:`engine.text.messages`. Kept apart from ``rules`` so
that ``rules`` does not depend on the wording.

>>> row = next(r for r in rule_rows() if r.field == "open_tanyao")
>>> row.label, row.values["ema"], row.sources["ema"]
('Таняо с открытой рукой', 'нет', '001-EMA')

The rows of the whole game (draws, penalties, the end of a game) come from
:data:`engine.rules.sets.GAME_RULES`; their sources are of three kinds: a seed
code, a published source named in words (shown as «не из исходных
документов: …», never as a citation), or our choice:

>>> uma = next(r for r in game_rule_rows() if r.field == "uma")
>>> uma.values["ema"], uma.kinds["ema"], uma.citation("ema")[:25]
('15000 / 5000 / −5000 / −15000', 'published', 'не из исходных документов')
>>> chombo = next(r for r in game_rule_rows() if r.field == "chombo_deduction")
>>> chombo.values["ema"], chombo.citation("ema"), chombo.citation("online")
('20000', '[000]', 'в документах нет — наш выбор')
>>> aborts = next(r for r in game_rule_rows() if r.field == "abortive_draws")
>>> aborts.citation("jpml")
'[002]; не из исходных документов: JPML rules (по опубликованным правилам, без сверки с текстом)'

"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import Enum

from engine.rules.sets import (
    FLOATING_UMA,
    GAME_RULES,
    GAME_SOURCES,
    GAME_TABLE_FIELDS,
    PROCEDURE_SOURCES,
    PROCEDURE_TABLE_FIELDS,
    PROCEDURES,
    RULESETS,
    SOURCES,
    TABLE_FIELDS,
    Ruleset,
    SourceKind,
    source_kind,
)
from engine.text import messages as msg


@dataclass(frozen=True)
class RuleRow:
    """One option: its Russian label and, per rule set, the value as text and its source."""

    field: str
    label: str
    values: dict[str, str]  # ruleset name -> Russian value
    sources: dict[str, str]  # ruleset name -> seed code, published note, or the "silent" note
    # ruleset name -> "seed", "published" or "choice" (engine.rules.sets.SourceKind values)
    kinds: dict[str, str] = dataclasses.field(default_factory=dict)

    def citation(self, key: str) -> str:
        """How a page cites the source: ``[003]`` for a seed, the note as it is otherwise."""
        kind = self.kinds.get(key, SourceKind.SEED.value)
        source = self.sources[key]
        if kind == SourceKind.SEED.value and source != msg.RULE_SOURCE_SILENT:
            seed, _sep, rest = source.partition("; ")  # a seed completed by a published source
            return f"[{seed}]; {rest}" if rest else f"[{seed}]"
        return source


def value_text(value: object) -> str:
    """A rule value in Russian: yes/no, an enum's wording, or the number."""
    # bool and Enum only: 0 == False and 1 == True would otherwise match numbers.
    if isinstance(value, bool):
        return msg.RULE_VALUE_NAMES[value]
    if isinstance(value, Enum):
        return msg.RULE_VALUE_NAMES[value.value]
    return str(value)


def rule_rows(rulesets: dict[str, Ruleset] | None = None) -> tuple[RuleRow, ...]:
    """Rows for every option in :data:`engine.rules.sets.TABLE_FIELDS`, columns in ``rulesets``
    order."""
    chosen = rulesets or RULESETS
    return tuple(
        RuleRow(
            field=name,
            label=msg.RULE_LABELS[name],
            values={key: value_text(getattr(r, name)) for key, r in chosen.items()},
            sources={
                key: SOURCES.get(key, {}).get(name) or msg.RULE_SOURCE_SILENT for key in chosen
            },
            kinds={key: source_kind(SOURCES.get(key, {}).get(name, "")).value for key in chosen},
        )
        for name in TABLE_FIELDS
    )


def game_value_text(value: object) -> str:
    """A game-rule value in Russian: yes/no, an enum, a list (of yaku or draws), points.

    >>> game_value_text(("daisangen", "daisuushii")), game_value_text(())
    ('дайсанген, дайсууши', 'нет')
    """
    if isinstance(value, bool):
        return msg.RULE_VALUE_NAMES[value]
    if isinstance(value, Enum):
        return msg.GAME_VALUE_NAMES[value.value]
    if isinstance(value, tuple):
        if not value:
            return msg.GAME_NONE
        if all(isinstance(v, int) for v in value):
            return " / ".join(str(v).replace("-", "−") for v in value)
        return ", ".join(
            msg.GAME_VALUE_NAMES[v.value] if isinstance(v, Enum) else msg.YAKU_NAMES[str(v)]
            for v in value
        )
    return str(value)


def _game_source(
    key: str, name: str, table: dict[str, dict[str, str]] = GAME_SOURCES
) -> tuple[str, str]:
    code = table.get(key, {}).get(name, "")
    kind = source_kind(code)
    if kind is SourceKind.CHOICE:
        return msg.RULE_SOURCE_SILENT, kind.value
    if kind is SourceKind.PUBLISHED:
        return msg.RULE_SOURCE_PUBLISHED.format(source=code), kind.value
    seed, _sep, rest = code.partition("; ")
    if rest:
        return f"{seed}; {msg.RULE_SOURCE_PUBLISHED.format(source=rest)}", kind.value
    return code, kind.value


def _game_value(key: str, name: str) -> str:
    """A rule set's value of a game row; under floating uma the uma row shows those tables.

    >>> _game_value("jpml", "uma")[:60]
    'плавающая — по числу игроков не ниже очков возврата: 1: 1200'
    """
    game = GAME_RULES[key]
    if name == "uma" and game.floating_uma:
        tables = "; ".join(
            msg.GAME_UMA_FLOATING_ITEM.format(count=count, uma=game_value_text(uma))
            for count, uma in sorted(FLOATING_UMA.items())
        )
        return msg.GAME_UMA_FLOATING.format(tables=tables)
    return game_value_text(getattr(game, name))


def game_rule_rows(names: tuple[str, ...] | None = None) -> tuple[RuleRow, ...]:
    """Rows for each field of :data:`engine.rules.sets.GAME_TABLE_FIELDS`, columns in ``names``
    order."""
    chosen = names or tuple(GAME_RULES)
    rows = []
    for name in GAME_TABLE_FIELDS:
        cited = {key: _game_source(key, name) for key in chosen}
        rows.append(
            RuleRow(
                field=name,
                label=msg.GAME_RULE_LABELS[name],
                values={key: _game_value(key, name) for key in chosen},
                sources={key: text for key, (text, _kind) in cited.items()},
                kinds={key: kind for key, (_text, kind) in cited.items()},
            )
        )
    return tuple(rows)


def procedure_value_text(value: object) -> str:
    """A table-procedure value in Russian (the kan-dora timing reads as in the hand rules)."""
    if isinstance(value, Enum) and value.value in msg.PROCEDURE_VALUE_NAMES:
        return msg.PROCEDURE_VALUE_NAMES[value.value]
    return value_text(value)


def procedure_rule_rows(names: tuple[str, ...] | None = None) -> tuple[RuleRow, ...]:
    """Rows for :data:`engine.rules.sets.PROCEDURE_TABLE_FIELDS`: table procedure, with sources.

    >>> kans = next(r for r in procedure_rule_rows() if r.field == "four_kans")
    >>> kans.values["ema"], kans.citation("ema")
    ('пятый кан объявить нельзя, раздача продолжается', '[000]')
    """
    chosen = names or tuple(PROCEDURES)
    rows = []
    for name in PROCEDURE_TABLE_FIELDS:
        cited = {key: _game_source(key, name, PROCEDURE_SOURCES) for key in chosen}
        rows.append(
            RuleRow(
                field=name,
                label=msg.PROCEDURE_LABELS[name],
                values={key: procedure_value_text(getattr(PROCEDURES[key], name))
                        for key in chosen},
                sources={key: text for key, (text, _kind) in cited.items()},
                kinds={key: kind for key, (_text, kind) in cited.items()},
            )
        )
    return tuple(rows)
