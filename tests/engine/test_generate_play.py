"""The safety and ukeire problems look like real play: pond shape, turn, ponds that agree.

Checked on many seeds through the drill a lesson would build, so the numbers
are the ones the learner sees.
"""

from __future__ import annotations

from statistics import mean

import pytest

from engine.generate import generate
from engine.generate.play import EARLY, early_share
from engine.tiles import parse_tiles
from tutor.drills import Drill, build_drill

SEEDS = range(120)


def _drill(kind: str, level: str, seed: int) -> Drill:
    return build_drill(kind, {"id": "t", **generate(kind, level, seed).params}, 0)


@pytest.fixture(scope="module")
def safety() -> dict[str, list[Drill]]:
    return {level: [_drill("safety", level, s) for s in SEEDS]
            for level in ("novice", "player", "master")}


def test_every_100_percent_safe_tile_is_a_right_answer(
        safety: dict[str, list[Drill]]) -> None:
    """Genbutsu and tiles passed after the riichi are equally safe (review §2 row 1)."""
    for drills in safety.values():
        for d in drills:
            certain = {s.tile for s in d.solution.ranked if s.tier.certain}
            assert certain <= d.solution.correct, d.params


def _middle(tile: int) -> bool:
    return tile < 27 and 2 <= tile % 9 <= 6


def test_ponds_start_with_honours_and_terminals_and_end_with_middle_tiles(
        safety: dict[str, list[Drill]]) -> None:
    ponds = [p for level in safety.values() for d in level
             for p in (d.solution.riichi.pond, *d.solution.ponds)]
    assert mean(early_share(p) for p in ponds) >= 0.5
    early = [t for p in ponds for t in p[:EARLY]]
    late = [t for p in ponds for t in p[EARLY + 2:]]
    assert sum(map(_middle, late)) / len(late) > 2 * sum(map(_middle, early)) / len(early)


def test_the_riichi_comes_at_a_plausible_turn_and_the_ponds_agree(
        safety: dict[str, list[Drill]]) -> None:
    for level, drills in safety.items():
        for d in drills:
            s = d.solution
            at, length = s.riichi.riichi_index + 1, len(s.riichi.pond)
            assert 6 <= at <= 12 and at <= length <= at + 3, (level, d.params)
            # Turn order after the riichi player: the two others have discarded as often
            # as he has, the learner (about to discard) once less.
            assert [len(p) for p in s.ponds] == [length, length, length - 1]
            assert len(s.riichi.passed) == sum(len(p) - (at - 1) for p in s.ponds)


def test_the_same_seed_gives_the_same_table() -> None:
    assert generate("safety", "master", 5) == generate("safety", "master", 5)
    assert generate("safety", "master", 5).params != generate("safety", "master", 6).params


def test_ukeire_problems_show_a_table_of_the_right_size() -> None:
    for level, (low, high) in {"novice": (4, 6), "player": (6, 9), "master": (9, 13)}.items():
        for seed in range(30):
            params = generate("ukeire", level, seed).params
            seen = len(parse_tiles(params["visible"]).kinds)
            # Four ponds of (turn − 1) to turn tiles and one dora indicator.
            assert 4 * (low - 1) + 1 <= seen <= 4 * high + 1, (level, seed)
