"""A class's rule set is its learners' default in practice; lessons keep their own rules.

The problem used (``han``/``player``/1) holds a red five: 3 han under the online
rules, 2 under EMA (no red fives), so the verdict shows which rules graded it.
The same hand is also a lesson drill written for the online rules.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.accounts_help import HTMX, answer_lesson, hidden
from tests.classes.world import World, build, create_class, join
from tests.practice_answers import right_answer
from tutor.practice.views import _prepare

KIND, LEVEL, SEED = "han", "player", 1
URL = f"/practice/{KIND}/{LEVEL}/{SEED}"
LESSON = """---
title: Красная пятёрка
slug: red-five
order: 9
summary: Урок по онлайн-правилам.
---
Красная пятёрка даёт хан.

/// han
id: red
hand: 340m11789s666z
melds: [pon 222s]
win: 4m
by: ron
seat: N
round: E
dora: 7s
///
"""


@pytest.fixture
def lesson(content_dir: Path) -> None:
    (content_dir / "09-red-five.md").write_text(LESSON, encoding="utf-8")


@pytest.fixture
def world(lesson: None, app: Flask) -> World:
    return build(app)  # alice and carol are in «Клуб» (EMA), bob in «Другой» (EMA)


def _han(rules: str | None) -> dict[str, object]:
    drill = _prepare(KIND, LEVEL, SEED, rules)
    assert drill is not None
    return right_answer(drill)


def _verdict(client: FlaskClient, url: str, answer: dict[str, object]) -> str:
    response = client.post(url, data={**hidden(client, url), **answer}, headers=HTMX)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    return "correct" if 'data-verdict="correct"' in html else "incorrect"


def test_the_answers_differ_under_the_two_rule_sets() -> None:
    assert _han("online") != _han("ema")  # else the tests below could not tell them apart


def test_a_class_member_practises_under_the_class_rules(world: World) -> None:
    alice = world.client("alice")
    page = alice.get(URL).get_data(as_text=True)
    assert 'data-rules="ema"' in page and "Правила: EMA" in page
    assert '<option value="ema" selected>' in page
    assert _verdict(alice, URL, _han("ema")) == "correct"
    assert _verdict(alice, URL, _han("online")) == "incorrect"
    index = alice.get("/practice").get_data(as_text=True)
    assert '<option value="ema" selected>' in index


def test_an_anonymous_learner_keeps_the_problem_rules(world: World) -> None:
    anonymous = world.client("anonymous")
    assert 'data-rules="online"' in anonymous.get(URL).get_data(as_text=True)
    assert _verdict(anonymous, URL, _han("online")) == "correct"
    assert _verdict(anonymous, URL, _han("ema")) == "incorrect"


def test_the_learner_choice_wins_and_stays_in_the_links(world: World) -> None:
    alice = world.client("alice")
    chosen = f"{URL}?rules=online"
    page = alice.get(chosen).get_data(as_text=True)
    assert 'data-rules="online"' in page
    assert f'action="{chosen}#fb-task"' in page  # the answer goes back under the choice
    assert f'href="/practice/{KIND}/{LEVEL}?rules=online"' in page  # «Другая задача»
    assert _verdict(alice, chosen, _han("online")) == "correct"
    fresh = alice.get(f"/practice/{KIND}/{LEVEL}?rules=online")
    assert fresh.headers["Location"].endswith("?rules=online")
    index = alice.get("/practice?rules=online").get_data(as_text=True)
    assert f'href="/practice/{KIND}/{LEVEL}?rules=online"' in index
    unknown = alice.get(f"{URL}?rules=nonsense").get_data(as_text=True)
    assert 'data-rules="ema"' in unknown  # not a rule set: the class's default, no error


def test_in_several_classes_the_latest_joined_class_sets_the_rules(world: World) -> None:
    _, code = create_class(world.client("teacher"), "Феникс по вторникам", rules="fenix")
    alice = world.client("alice")
    assert join(alice, code) == 302
    assert 'data-rules="fenix"' in alice.get(URL).get_data(as_text=True)
    assert 'data-rules="ema"' in world.client("carol").get(URL).get_data(as_text=True)


def test_a_class_practice_set_links_carry_the_class_rules(world: World) -> None:
    _, code = create_class(world.client("teacher"), "Феникс", rules="fenix")
    alice = world.client("alice")
    assert join(alice, code) == 302  # now her default is fenix, but «Клуб» plays EMA
    page = alice.get(f"/classes/{world.ids['club']}/sets/2").get_data(as_text=True)
    assert page.count("?rules=ema") == 3 and "rules=fenix" not in page
    first = page.split('href="/practice/waits/novice/', 1)[1].split('"', 1)[0]
    problem = alice.get(f"/practice/waits/novice/{first}").get_data(as_text=True)
    assert 'data-rules="ema"' in problem


def test_a_lesson_drill_keeps_its_lesson_rules(world: World) -> None:
    alice = world.client("alice")
    assert 'data-rules="ema"' in alice.get(URL).get_data(as_text=True)
    html = answer_lesson(alice, "red-five", "red", True)  # the online answer: 3 han
    assert 'data-verdict="correct"' in html


def test_a_problem_impossible_under_the_class_rules_is_shown_under_its_own(
        world: World) -> None:
    seed = next(s for s in range(50) if _prepare("fu", "player", s) is not None
                and _prepare("fu", "player", s, "ema") is None)
    page = world.client("alice").get(f"/practice/fu/player/{seed}").get_data(as_text=True)
    assert 'data-rules="online"' in page
    assert "По правилам EMA такая задача невозможна" in page


def _action(page: str) -> str:
    match = re.search(r'<form[^>]* action="([^"#]+)#fb-task"', page)
    assert match, "the problem page has its answer form"
    return match.group(1).replace("&amp;", "&")


def test_an_answer_is_graded_under_the_rules_its_page_showed_after_the_class_changed(
        world: World) -> None:
    alice = world.client("alice")
    page = alice.get(URL).get_data(as_text=True)
    assert 'data-rules="ema"' in page
    action = _action(page)
    _, code = create_class(world.client("teacher"), "Онлайн", rules="online")
    assert join(alice, code) == 302  # her default is now online: the open page still says EMA
    assert 'data-rules="online"' in alice.get(URL).get_data(as_text=True)
    assert _verdict(alice, action, _han("ema")) == "correct"
    assert _verdict(alice, action, _han("online")) == "incorrect"


def test_a_forged_rules_field_in_the_body_does_not_change_the_grading(world: World) -> None:
    alice = world.client("alice")
    answer = {**_han("ema"), "rules": "online"}
    assert _verdict(alice, URL, answer) == "correct"  # the body's «rules» is not a rule choice


def test_a_practice_page_of_a_class_member_is_private_to_caches(world: World) -> None:
    alice = world.client("alice")
    for url in (URL, "/practice"):
        response = alice.get(url)
        assert "private" in response.headers.get("Cache-Control", ""), url
        assert "Cookie" in response.headers.get("Vary", ""), url


def test_a_fallen_back_problem_is_graded_under_the_rules_it_was_shown_under(
        world: World) -> None:
    seed = next(s for s in range(50) if _prepare("fu", "player", s) is not None
                and _prepare("fu", "player", s, "ema") is None)
    alice = world.client("alice")
    page = alice.get(f"/practice/fu/player/{seed}").get_data(as_text=True)
    action = _action(page)
    assert action.endswith("?rules=ema")  # what was asked for, so the POST falls back alike
    own = _prepare("fu", "player", seed)
    assert own is not None
    assert _verdict(alice, action, right_answer(own)) == "correct"
