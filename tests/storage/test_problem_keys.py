"""Practice problem keys: the plain key for the default rules, ``@<rules>`` otherwise."""

from __future__ import annotations

import pytest

from tutor.storage.stats import PracticeKey, parse_practice_key, practice_problem_key

MAX_SEED = 2**53  # the largest practice seed (tutor.practice.views.MAX_SEED)


def test_the_default_rules_keep_the_key_stored_before_rule_sets_were_recorded() -> None:
    assert practice_problem_key("han", "player", 4) == "practice/han/player/4"
    assert practice_problem_key("han", "player", 4, "online") == "practice/han/player/4"
    assert practice_problem_key("han", "player", 4, "ema") == "practice/han/player/4@ema"


@pytest.mark.parametrize("rules", [None, "ema", "jpml", "fenix"])
def test_a_key_reads_back_as_what_made_it(rules: str | None) -> None:
    key = practice_problem_key("multi_ron", "master", MAX_SEED - 1, rules)
    assert parse_practice_key(key) == PracticeKey("multi_ron", "master", MAX_SEED - 1, rules)
    assert len(key) < 200  # answers.problem, learner_mistakes.problem, practice_solved.problem


@pytest.mark.parametrize("key", [
    "", "practice", "practice/han/player", "practice/han/player/", "practice/han/player/x",
    "practice/han/player/-1", "practice/han/player/1.5", "practice/han/player/\u0661",
    "practice/han/player/1/2", "practice/han/player/1@", "practice/han/player/1@online",
    "practice/han/player/1@nonsense", "practice/han/player/1@EMA", "practice/han/player/1@ema@ema",
    "practice/han/player/1 ", "practice/han/player/1\n", "practice//player/1",
    f"practice/han/player/{10**20}", "lesson/basics/nobetan", "practice/han/player/1@ema/x",
])
def test_anything_else_is_not_a_practice_key(key: str) -> None:
    assert parse_practice_key(key) is None
