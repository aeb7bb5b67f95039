"""A class's rule set is its learners' default in practice; lessons keep their own rules.

The problem used (``han``/``player``/1) holds a red five: 3 han under the online
rules, 2 under EMA (no red fives), so the verdict shows which rules graded it.
The same hand is also a lesson drill written for the online rules.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient

from engine.rules.sets import RULESETS
from tests.support.accounts import user_by_login
from tests.support.classes import World, assign, build, create_class, join
from tests.support.client import HTMX
from tests.support.practice import answer_lesson, form_fields, right_answer
from tutor import storage
from tutor.practice.views import _prepare
from tutor.storage.accounts import practice_solved
from tutor.storage.aggregates import learner_mistakes

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


@pytest.fixture
def ema_before_2016(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The European set as before 2016, without open tanyao: some open problems are
    impossible under it. Prepared problems are cached by the rule set's name, so the
    cache is emptied on both sides and no other test sees a problem prepared here."""
    monkeypatch.setitem(RULESETS, "ema", RULESETS["ema"].with_options(open_tanyao=False))
    _prepare.cache_clear()
    yield
    _prepare.cache_clear()


def _han(rules: str | None) -> dict[str, object]:
    drill = _prepare(KIND, LEVEL, SEED, rules)
    assert drill is not None
    return right_answer(drill)


def _verdict(client: FlaskClient, url: str, answer: dict[str, object]) -> str:
    response = client.post(url, data={**form_fields(client, url), **answer}, headers=HTMX)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    return "correct" if 'data-verdict="correct"' in html else "incorrect"


def test_the_answers_differ_under_the_two_rule_sets() -> None:
    assert _han("online") != _han("ema")  # else the tests below could not tell them apart


def test_a_class_member_practises_under_the_class_rules(world: World) -> None:
    alice = world.client("alice")
    page = alice.get(URL).get_data(as_text=True)
    assert 'data-rules="ema"' in page and "Правила: европейские турнирные" in page
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
    assert "rules=fenix" not in page
    page = page[page.index('<ol class="set-list">'):]
    assert page.count("?rules=ema") == 3
    first = page.split('href="/practice/waits/novice/', 1)[1].split('"', 1)[0]
    problem = alice.get(f"/practice/waits/novice/{first}").get_data(as_text=True)
    assert 'data-rules="ema"' in problem


def test_a_lesson_drill_keeps_its_lesson_rules(world: World) -> None:
    alice = world.client("alice")
    assert 'data-rules="ema"' in alice.get(URL).get_data(as_text=True)
    html = answer_lesson(alice, "red-five", "red", True)  # the online answer: 3 han
    assert 'data-verdict="correct"' in html


def test_a_problem_impossible_under_the_class_rules_is_shown_under_its_own(
        world: World, ema_before_2016: None) -> None:
    """Every set plays open tanyao now; a set without it (EMA before 2016, 001-EMA) makes an
    open all-simples problem impossible, and the page shows it under its own rules."""
    seed = next(s for s in range(50) if _prepare("fu", "player", s) is not None
                and _prepare("fu", "player", s, "ema") is None)
    page = world.client("alice").get(f"/practice/fu/player/{seed}").get_data(as_text=True)
    assert 'data-rules="online"' in page
    assert "По европейским турнирным правилам такая задача невозможна" in page


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
        world: World, ema_before_2016: None) -> None:
    seed = next(s for s in range(50) if _prepare("fu", "player", s) is not None
                and _prepare("fu", "player", s, "ema") is None)
    alice = world.client("alice")
    page = alice.get(f"/practice/fu/player/{seed}").get_data(as_text=True)
    action = _action(page)
    assert action.endswith("?rules=ema")  # what was asked for, so the POST falls back alike
    own = _prepare("fu", "player", seed)
    assert own is not None
    assert _verdict(alice, action, right_answer(own)) == "correct"


# --- the rule set is part of the stored problem: sets, mistakes, old rows -------------

SET_URL = re.compile(r'href="/practice/(\w+)/(\w+)/(\d+)\?rules=(\w+)"')


def _set_links(world: World, number: int = 2) -> list[tuple[str, str, int, str]]:
    page = world.client("alice").get(f"/classes/{world.ids['club']}/sets/{number}")
    tasks = page.get_data(as_text=True).split('<ol class="set-list">', 1)[1]
    return [(k, lv, int(s), r) for k, lv, s, r in SET_URL.findall(tasks)]


def _solve(client: FlaskClient, kind: str, level: str, seed: int, ruleset: str) -> None:
    """Answer right on the problem's page under ``?rules=ruleset`` (as the page shows it)."""
    page = client.get(f"/practice/{kind}/{level}/{seed}?rules={ruleset}").get_data(as_text=True)
    shown = re.search(r'data-rules="(\w+)"', page)
    assert shown
    drill = _prepare(kind, level, seed, shown.group(1)) or _prepare(kind, level, seed)
    assert drill is not None
    assert _verdict(client, _action(page), right_answer(drill)) == "correct"


def _states(world: World) -> tuple[list[str], list[str]]:
    """The assignments' states on alice's home page and on her dashboard row."""
    home = world.client("alice").get("/").get_data(as_text=True)
    board = world.client("teacher").get(f"/classes/{world.ids['club']}").get_data(as_text=True)
    row = re.search(r'<tr data-learner="alice">(.*?)</tr>', board, re.S)
    assert row
    return (re.findall(r'data-assignment-state="([^"]+)"', home),
            re.findall(r'data-state="([^"]+)"', row.group(1)))


def _csv_states(world: World) -> str:
    csv = world.client("teacher").get(f"/classes/{world.ids['club']}/export.csv")
    line = next(x for x in csv.get_data(as_text=True).splitlines() if x.startswith("Alice;"))
    return line.rsplit(";", 1)[-1].split(" · ")[0]  # the state, before «решено N из M»


def test_a_set_problem_counts_only_when_solved_under_the_class_rules(world: World) -> None:
    links = _set_links(world)
    assert len(links) == 3 and {r for *_, r in links} == {"ema"}
    alice = world.client("alice")
    for kind, level, seed, _ in links:
        _solve(alice, kind, level, seed, "online")  # the picker switched to the online rules
    assert _states(world) == (["not-started", "not-started"], ["not-started", "not-started"])
    assert _csv_states(world) == "не начато"
    for kind, level, seed, ruleset in links:
        _solve(alice, kind, level, seed, ruleset)
    assert _states(world) == (["not-started", "done"], ["not-started", "done"])
    assert _csv_states(world) == "сделано"


def _stored(world: World, table: str) -> list[str]:
    with world.app.test_request_context():
        with storage.store().transaction() as conn:
            return list(conn.execute(sa.text(
                f"SELECT problem FROM {table} WHERE learner_id = :who ORDER BY problem"),
                {"who": user_by_login(world.app, "alice").learner_id}).scalars())


def test_the_default_rules_keep_the_plain_key_and_old_rows_still_count(world: World) -> None:
    teacher, alice = world.client("teacher"), world.client("alice")
    online, code = create_class(teacher, "Онлайн", rules="online")
    assign(teacher, online, kind="practice", practice_kind="waits", level="novice", count="1")
    assert join(alice, code) == 302
    page = alice.get(f"/classes/{online}/sets/3").get_data(as_text=True)
    seed = int(re.findall(r"/practice/waits/novice/(\d+)\?rules=online", page)[0])
    _solve(alice, "waits", "novice", seed, "online")
    _solve(alice, "waits", "novice", seed, "ema")
    assert _stored(world, "practice_solved") == [f"practice/waits/novice/{seed}",
                                                 f"practice/waits/novice/{seed}@ema"]
    home = alice.get("/").get_data(as_text=True)
    assert re.findall(r'data-assignment-state="([^"]+)"', home)[-1] == "done"
    # a row stored before rule sets were recorded: the plain key, for the online class's set
    with world.app.test_request_context():
        with storage.store().transaction() as conn:
            conn.execute(sa.text("DELETE FROM practice_solved"))
            conn.execute(practice_solved.insert().values(
                learner_id=user_by_login(world.app, "alice").learner_id,
                problem=f"practice/waits/novice/{seed}"))
    home = alice.get("/").get_data(as_text=True)
    assert re.findall(r'data-assignment-state="([^"]+)"', home)[-1] == "done"


def test_a_kind_with_its_own_rules_counts_under_any_choice(world: World) -> None:
    teacher, alice = world.client("teacher"), world.client("alice")
    assign(teacher, world.ids["club"], kind="practice", practice_kind="yaku", level="novice",
           count="1")
    page = alice.get(f"/classes/{world.ids['club']}/sets/3").get_data(as_text=True)
    seed = int(re.findall(r"/practice/yaku/novice/(\d+)\?rules=ema", page)[0])
    _solve(alice, "yaku", "novice", seed, "online")  # the problem's rules are its own
    assert _stored(world, "practice_solved") == [f"practice/yaku/novice/{seed}"]
    assert _states(world)[1][-1] == "done"


def test_a_mistake_reopens_under_the_rules_it_was_missed_under(world: World) -> None:
    alice, teacher = world.client("alice"), world.client("teacher")
    wrong = {"han": "1"} if _han("ema").get("han") != "1" else {"han": "5"}
    assert _verdict(alice, URL, wrong) == "incorrect"  # under the class's EMA
    assert alice.get("/practice/retry").headers["Location"] == f"{URL}?rules=ema"
    _, code = create_class(teacher, "Онлайн", rules="online")
    assert join(alice, code) == 302  # her default is online now: the mistake was under EMA
    assert alice.get("/practice/retry").headers["Location"] == f"{URL}?rules=ema"
    assert _verdict(alice, f"{URL}?rules=fenix", wrong) == "incorrect"
    assert alice.get("/practice/retry").headers["Location"] == f"{URL}?rules=fenix"
    index = alice.get("/practice").get_data(as_text=True)
    assert f'href="{URL}?rules=fenix"' in index and f'href="{URL}?rules=ema"' in index
    assert _stored(world, "learner_mistakes") == [f"practice/{KIND}/{LEVEL}/{SEED}@ema",
                                                  f"practice/{KIND}/{LEVEL}/{SEED}@fenix"]
    learner = teacher.get(f"/classes/{world.ids['club']}/learners/{world.ids['alice']}")
    assert f'href="{URL}?rules=ema"' in learner.get_data(as_text=True)
    board = teacher.get(f"/classes/{world.ids['club']}").get_data(as_text=True)
    assert f'href="{URL}?rules=ema"' in board  # the class's most missed, under its rules
    assert _verdict(alice, f"{URL}?rules=ema", _han("ema")) == "correct"
    assert alice.get("/practice/retry").headers["Location"] == f"{URL}?rules=fenix"


GARBAGE = ["practice/han/player/1@nonsense", "practice/han/player/1@online",
           "practice/han/player/1@", "practice/han/player/x", "practice/han/player/-1",
           "practice/han/player/1/2", "practice/han/player/\u0661", "practice/nope/player/1",
           "practice/han/nope/1", f"practice/han/player/{2**60}", "practice/han/player/1@EMA",
           "practice//player/1", "lesson/nope/nope", "practice/han/player/1@ema@ema"]


def test_garbage_keys_in_the_stored_mistakes_are_skipped_without_an_error(
        world: World) -> None:
    alice_id = user_by_login(world.app, "alice").learner_id
    with world.app.test_request_context():
        with storage.store().transaction() as conn:
            conn.execute(learner_mistakes.insert(), [
                {"learner_id": alice_id, "problem": key, "answer_id": 1000 + i, "kind": "han"}
                for i, key in enumerate(GARBAGE)])
    alice, teacher = world.client("alice"), world.client("teacher")
    assert alice.get("/practice/retry").headers["Location"] == "/practice"
    index = alice.get("/practice")
    assert index.status_code == 200 and "/practice/han/player/1?" not in index.get_data(
        as_text=True)
    for url in ("/", "/progress", URL):
        assert alice.get(url).status_code == 200, url
    for url in (f"/classes/{world.ids['club']}",
                f"/classes/{world.ids['club']}/learners/{world.ids['alice']}",
                f"/classes/{world.ids['club']}/export.csv"):
        assert teacher.get(url).status_code == 200, url
