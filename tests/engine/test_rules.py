"""Rule sets as data: values per system, their sources, options and the comparison table."""

from __future__ import annotations

from dataclasses import fields

import pytest

from engine.errors import HandError
from engine.rules.sets import (
    RULESETS,
    TABLE_FIELDS,
    Kuikae,
    MultipleRon,
    Renhou,
    Ruleset,
    get_ruleset,
)
from engine.rules.sources import SOURCES
from engine.rules.table import rule_rows
from engine.text import messages


def test_online_is_the_default() -> None:
    assert get_ruleset().name == "online" and get_ruleset("") is RULESETS["online"]


def test_the_five_rule_systems_exist() -> None:
    assert set(RULESETS) == {"online", "ema", "jpml", "fenix", "rrc"}


def test_unknown_ruleset_raises_hand_error() -> None:
    with pytest.raises(HandError, match="Неизвестный свод правил"):
        get_ruleset("kansai")


def test_ruleset_name_is_case_insensitive() -> None:
    assert get_ruleset(" EMA ") is RULESETS["ema"]


def test_online_values_of_tenhou() -> None:
    r = get_ruleset("online")
    assert r.open_tanyao and r.red_fives and r.kazoe_yakuman
    assert not r.kiriage and not r.double_yakuman and r.yakuman_stacking


def test_ema_rules_of_the_2016_edition() -> None:
    """EMA 2016 revision notes: open tanyao, no red fives, renhou a mangan, no kazoe; 3.3.2."""
    r = get_ruleset("ema")
    assert r.open_tanyao and not r.red_fives and not r.kiriage and not r.double_yakuman
    assert r.renhou is Renhou.MANGAN and not r.kazoe_yakuman and not r.yakuman_stacking
    assert r.starting_points == 30000 and r.multiple_ron is MultipleRon.ALL
    assert r.kuikae is Kuikae.AFTER_CHI_AND_PON


def test_jpml_rules_from_002() -> None:
    r = get_ruleset("jpml")
    assert not r.red_fives and r.starting_points == 30000 and r.kuikae is Kuikae.AFTER_CHI


def test_fenix_rules_from_003() -> None:
    r = get_ruleset("fenix")
    assert r.starting_points == 25000 and r.kuikae is Kuikae.ALLOWED and r.atozuke
    assert r.multiple_ron is MultipleRon.HEAD_BUMP and not r.yakuman_stacking


def test_with_options_switches_red_fives_on() -> None:
    ema = get_ruleset("ema")
    changed = ema.with_options(red_fives=True)
    assert changed.red_fives and not ema.red_fives and changed.kazoe_yakuman is False


def test_with_options_rejects_unknown_option() -> None:
    with pytest.raises(HandError, match="Неизвестная опция"):
        get_ruleset().with_options(flowers=True)


def test_with_options_rejects_a_wrong_type() -> None:
    with pytest.raises(HandError):
        get_ruleset().with_options(starting_points="30000")


def test_every_ruleset_has_a_source_and_a_source_per_field() -> None:
    names = {f.name for f in fields(Ruleset)} - {"name", "source"}
    for key, ruleset in RULESETS.items():
        assert ruleset.source
        assert set(SOURCES[key]) == names


def test_cited_sources_are_listed_documents() -> None:
    from engine.rules.documents import parse_source

    for per_field in SOURCES.values():
        for code in per_field.values():
            parse_source(code)  # an unknown document raises


def test_rule_rows_have_a_label_and_a_value_per_ruleset() -> None:
    rows = rule_rows()
    assert [r.field for r in rows] == list(TABLE_FIELDS)
    for row in rows:
        assert row.label == messages.RULE_LABELS[row.field]
        assert set(row.values) == set(RULESETS) and all(row.values.values())


def test_rule_rows_print_numbers_as_numbers() -> None:
    row = next(r for r in rule_rows() if r.field == "riichi_min_points")
    assert row.values["ema"] == "0" and row.values["online"] == "1000"


def test_rule_rows_mark_silent_documents() -> None:
    row = next(r for r in rule_rows() if r.field == "kiriage")
    assert row.sources["jpml"].startswith("в документах нет — наш выбор")
    kuikae = next(r for r in rule_rows() if r.field == "kuikae")
    assert kuikae.sources["fenix"] == "[003]" and kuikae.values["fenix"] == "разрешено"


def test_every_rule_set_is_named_both_ways_in_the_messages() -> None:
    """The /rules table names each rule set, the drills' sentences say «по …» it."""
    from engine.rules.sets import RULESETS
    from engine.text import messages

    assert set(messages.RULESET_NAMES) == set(messages.RULESET_BY) == set(RULESETS)
