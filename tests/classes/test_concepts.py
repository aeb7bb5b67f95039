"""Mistakes read as short concepts, the whole rule on demand (learner-and-instructor review).

«Чаще всего упускает» showed second-person feedback sentences cut at «(…)»;
an instructor needs the concept: «временный фуритен», «пропущена сторона рянмена».
"""

from __future__ import annotations

import re

import pytest
import sqlalchemy as sa
from flask import Flask

from tests.support.classes import World, build
from tests.support.practice import answer_lesson
from tutor import storage
from tutor.classes.work import rule_messages
from tutor.drills.labels import LABELS


def test_every_diagnosis_rule_has_a_short_label_without_second_person() -> None:
    missing = sorted(set(rule_messages()) - set(LABELS))
    assert missing == []
    for rule, text in LABELS.items():
        assert len(text) <= 40, rule
        assert not re.search(r"\b(вы|вас|ваш\w*)\b", text, re.I), rule
        assert "(…)" not in text and "{" not in text, rule


@pytest.fixture
def world(app: Flask) -> World:
    return build(app)


def test_the_dashboard_and_learner_page_show_the_concept_and_fold_the_rule(world: World) -> None:
    answer_lesson(world.client("carol"), "basics", "discard", False)  # a furiten drill
    with world.app.test_request_context():
        with storage.store().transaction() as conn:
            rule = conn.execute(sa.text("SELECT rule FROM learner_mistakes")).scalar()
    assert rule and rule.startswith("furiten.")
    board = world.client("teacher").get(f"/classes/{world.ids['club']}").get_data(as_text=True)
    concept = re.search(r"<summary data-concept>([^<]+)</summary><span class=\"hint\">([^<]+)<",
                        board)
    assert concept and concept.group(1) == f"{LABELS[rule]} (1)"
    assert len(concept.group(2)) > len(LABELS[rule])  # the whole rule, on demand
    page = world.client("teacher").get(
        f"/classes/{world.ids['club']}/learners/{world.ids['carol']}").get_data(as_text=True)
    assert f"<summary data-concept>{LABELS[rule]}</summary>" in page
    csv = world.client("teacher").get(f"/classes/{world.ids['club']}/export.csv")
    assert f"{LABELS[rule]} (1)" in csv.get_data(as_text=True)
