"""Practice problems of the whole-game kinds (engine/generate/game.py): valid, level, graded.

Each generated problem is prepared by the lesson drill code (so the engine
accepts it), fits its level's row of the table in the module docstring, keeps
the points on the table at four starting scores (000: 30000 for EMA; 003:
25000 for «Феникс»; 002: 30000; the online default 25000), and is graded right
for the engine's answer and wrong for another one. ``GAME_LEVEL_RULES`` is
also used by tests/engine/test_generate.py's check of every kind.
"""

from __future__ import annotations

from collections import Counter

import pytest
from werkzeug.datastructures import MultiDict

from engine.generate import LEVELS, generate
from engine.rules.sets import MultipleRon, get_ruleset
from tests.support.levels import GAME_LEVEL_RULES
from tests.support.practice import right_answer, wrong_answer
from tutor.drills import Drill, build_drill

GAME_KINDS = ("draw", "multi_ron", "next_hand", "final")
SEEDS = range(60)


def _drill(kind: str, level: str, seed: int) -> Drill:
    return build_drill(kind, {"id": "task", **generate(kind, level, seed).params}, 0)


def _grade(drill: Drill, answer: dict[str, object]) -> bool:
    return drill.kind.grade(drill, MultiDict(answer)).correct


@pytest.mark.parametrize("kind", [pytest.param(k, id=k) for k in GAME_KINDS])
@pytest.mark.parametrize("level", [pytest.param(lv, id=lv) for lv in LEVELS])
def test_problems_fit_their_level_and_are_graded_both_ways(kind: str, level: str) -> None:
    for seed in SEEDS:
        drill = _drill(kind, level, seed)
        assert GAME_LEVEL_RULES[kind](level, drill), (kind, level, seed, drill.params)
        assert _grade(drill, right_answer(drill)), (kind, level, seed, "right answer refused")
        assert not _grade(drill, wrong_answer(drill)), (kind, level, seed, "wrong answer taken")


@pytest.mark.parametrize("kind", [pytest.param(k, id=k) for k in GAME_KINDS])
def test_a_seed_always_gives_the_same_problem(kind: str) -> None:
    first = [generate(kind, "master", s).params for s in range(20)]
    assert first == [generate(kind, "master", s).params for s in range(20)]
    assert len({repr(p) for p in first}) >= 15


def test_master_levels_teach_what_the_table_promises() -> None:
    """Nagashi (Tenhou), pao (every set), the 004 triple-ron draw, ties, the end."""
    draws = [_drill("draw", "master", s) for s in SEEDS]
    assert sum(bool(d.params["nagashi"]) for d in draws) >= 10
    rons = [_drill("multi_ron", "master", s) for s in SEEDS]
    assert sum(d.params["pao"] is not None for d in rons) >= 15
    triple = [d for d in rons if len(d.params["winners"]) == 3
              and get_ruleset(d.params["rules"]).multiple_ron is MultipleRon.DOUBLE]
    assert triple and all(not d.solution.winners for d in triple)
    finals = [_drill("final", "master", s) for s in SEEDS]
    assert sum(len(set(d.params["scores"])) == 3 for d in finals) >= 20
    ends = Counter(_drill("next_hand", "master", s).solution.dealer for s in SEEDS)
    assert ends["end"] >= 10 and ends["E"] >= 10 and ends["S"] >= 5, ends


def test_player_draws_use_every_rule_set_and_every_count_of_tenpai() -> None:
    draws = [_drill("draw", "player", s) for s in range(120)]
    assert {d.params["rules"] for d in draws} == {"online", "ema", "jpml", "fenix", "rrc"}
    assert {len(d.params["tenpai"]) for d in draws} == {0, 1, 2, 3, 4}
