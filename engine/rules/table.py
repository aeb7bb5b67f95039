"""The rule-set comparison table the site shows: one row per option.

Joins the data of :mod:`engine.rules.sets` (values), :mod:`engine.rules.sources`
(where each comes from) and :mod:`engine.rules.documents` with the Russian
labels of :mod:`engine.text.messages`. Kept apart from ``rules`` so that ``rules``
does not depend on the wording.

A value from a seed document cites it by code (linked on the site); any
other says «не из исходных документов» and names its document and section;
a value no document states is «наш выбор» with the reason:

>>> row = next(r for r in rule_rows() if r.field == "open_tanyao")
>>> row.label, row.values["ema"], row.citation("ema")
('Таняо с открытой рукой', 'да', 'не из исходных документов: Правила Европейской \
ассоциации маджонга 2016 г., список изменений')
>>> row.notes["ema"]
'до 2016 года: нет [001-EMA]'
>>> uma = next(r for r in game_rule_rows() if r.field == "uma")
>>> uma.values["rrc"], uma.kinds["rrc"]
('30000 / 10000 / −10000 / −30000', 'published')
>>> chombo = next(r for r in game_rule_rows() if r.field == "chombo_deduction")
>>> chombo.citation("online")
'в документах нет — наш выбор: вычета нет: чомбо платится сразу'
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import Enum

from engine.rules.documents import Citation, RuleDocument, documents_of, parse_source
from engine.rules.sets import (
    FLOATING_UMA,
    GAME_RULES,
    GAME_TABLE_FIELDS,
    PROCEDURE_TABLE_FIELDS,
    PROCEDURES,
    RULESETS,
    TABLE_FIELDS,
    Ruleset,
)
from engine.rules.sources import (
    EMA_BEFORE_2016,
    GAME_SOURCES,
    PROCEDURE_SOURCES,
    SOURCES,
    source_kind,
)
from engine.text import messages as msg


@dataclass(frozen=True)
class RuleRow:
    """One option: its Russian label and, per rule set, the value as text and its source."""

    field: str
    label: str
    values: dict[str, str]  # ruleset name -> Russian value
    sources: dict[str, str]  # ruleset name -> the citation in Russian (see cite_source)
    # ruleset name -> "seed", "published", "set" or "choice" (rules.sources.SourceKind values)
    kinds: dict[str, str] = dataclasses.field(default_factory=dict)
    notes: dict[str, str] = dataclasses.field(default_factory=dict)  # «до 2016 года» notes

    def citation(self, key: str) -> str:
        """How a page cites the source of ``key``'s value."""
        return self.sources[key]


def value_text(value: object) -> str:
    """A rule value in Russian: yes/no, an enum's wording, or the number."""
    # bool and Enum only: 0 == False and 1 == True would otherwise match numbers.
    if isinstance(value, bool):
        return msg.RULE_VALUE_NAMES[value]
    if isinstance(value, Enum):
        return msg.RULE_VALUE_NAMES[value.value]
    return str(value)


def _places(cited: tuple[Citation, ...]) -> list[str]:
    """Each document once, in order, with its sections: «[000]», «…, п. 3.3.2, 3.4.6»."""
    order: dict[str, list[str]] = {}
    for c in cited:
        order.setdefault(c.doc, [])
        if c.section:
            order[c.doc].append(msg.DOCUMENT_SECTIONS.get(c.section)
                                or msg.RULE_SOURCE_POINT.format(section=c.section))
    out = []
    for doc, sections in order.items():
        if doc[:3].isdigit():
            out.append(f"[{doc}]")
        elif sections:
            out.append(msg.RULE_SOURCE_SECTION.format(doc=msg.DOCUMENT_SHORT[doc],
                                                     sections=", ".join(sections)))
        else:
            out.append(msg.RULE_SOURCE_UNCHECKED.format(doc=msg.DOCUMENT_SHORT[doc]))
    return out


def cite_source(key: str, field: str, code: str) -> str:
    """The Russian citation of rule set ``key``'s ``field``, whose source string is ``code``.

    >>> cite_source("online", "abortive_draws", "004; tenhou")
    '[004]; не из исходных документов: Страница правил Тэнхо (раздел не назван)'
    >>> cite_source("ema", "ura_dora", "ema2016 3.3.14; 000")
    'не из исходных документов: Правила Европейской ассоциации маджонга 2016 г., п. 3.3.14; \
то же в [000]'
    >>> cite_source("fenix", "kiriage", "jpml")
    'как в своде «клуб «Фуритен»» (документ об этом молчит)'
    """
    cited = parse_source(code)
    if not cited:
        reason = msg.RULE_CHOICE_REASONS.get((key, field), msg.RULE_CHOICE_DEFAULT)
        return msg.RULE_SOURCE_CHOICE.format(reason=reason)
    own = tuple(c for c in cited if c.doc != "jpml")
    borrowed = msg.RULE_SOURCE_SET.format(name=msg.RULESET_NAMES["jpml"])
    seeds = _places(tuple(c for c in own if c.seed))
    published = _places(tuple(c for c in own if not c.seed))
    parts: list[str] = []
    if own and own[0].seed:
        parts.append("; ".join(seeds))
        if published:
            parts.append(msg.RULE_SOURCE_PUBLISHED.format(source="; ".join(published)))
    elif published:
        parts.append(msg.RULE_SOURCE_PUBLISHED.format(source="; ".join(published)))
        if seeds:
            parts.append(msg.RULE_SOURCE_SEED_TOO.format(seeds=", ".join(seeds)))
    if len(own) < len(cited):
        parts.append(borrowed)
    return "; ".join(parts)


def before_2016(key: str, field: str) -> str:
    """The «до 2016 года» note of the ``ema`` set's ``field`` ("" for none or another set)."""
    if key != "ema" or field not in EMA_BEFORE_2016:
        return ""
    seed, value = EMA_BEFORE_2016[field]
    text = procedure_value_text(value) if field in PROCEDURE_TABLE_FIELDS else (
        game_value_text(value) if field in GAME_TABLE_FIELDS else value_text(value))
    return msg.RULE_NOTE_BEFORE_2016.format(value=text, seed=f"[{seed}]")


def _row(field: str, label: str, values: dict[str, str],
         table: dict[str, dict[str, str]], chosen: tuple[str, ...]) -> RuleRow:
    codes = {key: table[key][field] for key in chosen}
    notes = {key: note for key in chosen if (note := before_2016(key, field))}
    return RuleRow(
        field=field,
        label=label,
        values=values,
        sources={key: cite_source(key, field, code) for key, code in codes.items()},
        kinds={key: source_kind(code).value for key, code in codes.items()},
        notes=notes,
    )


def rule_rows(rulesets: dict[str, Ruleset] | None = None) -> tuple[RuleRow, ...]:
    """Rows for every option in :data:`engine.rules.sets.TABLE_FIELDS`, columns in ``rulesets``
    order."""
    chosen = rulesets or RULESETS
    return tuple(
        _row(name, msg.RULE_LABELS[name],
             {key: value_text(getattr(r, name)) for key, r in chosen.items()},
             SOURCES, tuple(chosen))
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
    return tuple(
        _row(name, msg.GAME_RULE_LABELS[name], {key: _game_value(key, name) for key in chosen},
             GAME_SOURCES, chosen)
        for name in GAME_TABLE_FIELDS
    )


def procedure_value_text(value: object) -> str:
    """A table-procedure value in Russian (the kan-dora timing reads as in the hand rules)."""
    if isinstance(value, Enum) and value.value in msg.PROCEDURE_VALUE_NAMES:
        return msg.PROCEDURE_VALUE_NAMES[value.value]
    return value_text(value)


def procedure_rule_rows(names: tuple[str, ...] | None = None) -> tuple[RuleRow, ...]:
    """Rows for :data:`engine.rules.sets.PROCEDURE_TABLE_FIELDS`: table procedure, with sources.

    >>> kans = next(r for r in procedure_rule_rows() if r.field == "four_kans")
    >>> kans.values["jpml"], kans.citation("jpml")
    ('пересдача, если на сброс после четвёртого кана никто не выиграл', '[002]')
    """
    chosen = names or tuple(PROCEDURES)
    return tuple(
        _row(name, msg.PROCEDURE_LABELS[name],
             {key: procedure_value_text(getattr(PROCEDURES[key], name)) for key in chosen},
             PROCEDURE_SOURCES, chosen)
        for name in PROCEDURE_TABLE_FIELDS
    )


def set_documents(key: str) -> tuple[RuleDocument, ...]:
    """The documents rule set ``key`` takes its values from (all three tables), in table order.

    >>> [d.code for d in set_documents("online")]
    ['004', 'tenhou']
    >>> [d.code for d in set_documents("rrc")]
    ['rrc']
    """
    cited: dict[str, str] = {}
    for table in (SOURCES, GAME_SOURCES, PROCEDURE_SOURCES):
        cited.update({f"{name}:{id(table)}": code for name, code in table[key].items()})
    return documents_of(cited)


def document_line(doc: RuleDocument) -> str:
    """A document as the site names it: its own title and year (or «год не указан»).

    >>> from engine.rules.documents import DOCUMENTS
    >>> document_line(DOCUMENTS["ema2016"])
    '«Riichi Competition Rules. Rules for Japanese Mahjong, 2016 edition», 2016'
    >>> document_line(DOCUMENTS["004"])
    '[004] «Основные правила», год не указан'
    """
    year = str(doc.year) if doc.year else msg.RULE_YEAR_UNKNOWN
    code = f"[{doc.code}] " if doc.seed else ""
    return f"{code}«{doc.title}», {year}"
