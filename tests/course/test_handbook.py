"""The «Яку» and «Правила клубов» pages are generated from engine data.

Rule checked here: every example hand on /yaku really scores its yaku at the
han the page states (closed or open value, 13 per yakuman), so the reference
page cannot drift from the engine that grades the drills.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from engine.rules.sets import RULESETS
from engine.rules.table import rule_rows
from engine.scoring.yaku import YAKU, YAKU_BY_ID
from engine.text import messages as msg
from tests.support.site import make_app
from tutor.course.handbook import han_text, load_examples

COURSE = Path(__file__).resolve().parents[2] / "content" / "ru"
EXAMPLES = load_examples(COURSE / "yaku-examples.yaml")


def test_every_yaku_has_an_example() -> None:
    assert set(EXAMPLES) == set(YAKU_BY_ID)


@pytest.mark.parametrize("yaku_id", sorted(EXAMPLES))
def test_example_hand_scores_its_yaku_at_the_stated_han(yaku_id: str) -> None:
    example = EXAMPLES[yaku_id]
    row = YAKU_BY_ID[yaku_id]
    result = example.score()
    got = {item.id: item.han for item in result.yaku}
    if row.yakuman:
        expected = 13 * row.yakuman
    else:
        expected = row.han if example.hand.is_closed else row.open_han
    assert got.get(yaku_id) == expected, f"{yaku_id}: engine gave {got}"
    # The page prints the same value it was checked against.
    shown = han_text(row, opened=not example.hand.is_closed)
    assert shown.startswith("якуман") if row.yakuman else shown == f"{expected} хан"


@pytest.fixture
def site() -> Flask:
    return make_app(COURSE, SECRET_KEY="t")


def test_yaku_page_lists_every_yaku_with_name_and_example(site: Flask) -> None:
    client: FlaskClient = site.test_client()
    page = client.get("/yaku")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    for row in YAKU:
        assert f'id="{row.id}"' in html
        assert msg.YAKU_NAMES[row.id] in html
    assert html.count('class="yaku-table__example"') == len(YAKU)


def test_closed_only_yaku_show_a_dash_for_open_hands() -> None:
    assert han_text(YAKU_BY_ID["pinfu"], opened=True) == "—"
    assert han_text(YAKU_BY_ID["chinitsu"], opened=True) == "5 хан"
    assert han_text(YAKU_BY_ID["chinitsu"], opened=False) == "6 хан"


def test_rules_page_has_every_option_for_every_ruleset(site: Flask) -> None:
    html = site.test_client().get("/rules").get_data(as_text=True)
    for name in RULESETS:
        assert msg.RULESET_NAMES[name] in html
    for row in rule_rows():
        assert row.label in html
    ema_tanyao = next(r for r in rule_rows() if r.field == "open_tanyao")
    assert ema_tanyao.values["ema"] == "да"  # EMA 2016, revision notes
    assert ema_tanyao.notes["ema"] == "до 2016 года: нет [001-EMA]"
