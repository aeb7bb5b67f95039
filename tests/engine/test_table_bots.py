"""Bot games as a property test of the table: points are kept, every win is scored, logs replay.

The bots (engine/table/bots.py) play through the same table that replays a
log, so for any seed (000: points only change hands between players and the
table): the scores plus the riichi sticks on the table always sum to the
start, every hand ends in a result the engine settled and that paid
someone when it was a win, each hand starts from the scores the last one
left, and reading the written tenhou.net/6 log back and replaying it gives
the same deltas and results (:func:`engine.table.bots.game_problems`). A few
short games run here, whole hanchans under ``-m slow`` (``TEMPAI_BOT_GAMES``,
default 20); thousands run in ``benchmarks/review.py --games 1000``.
"""

from __future__ import annotations

import os

import pytest

from engine.table.bots import game_problems, play_game
from engine.table.decision import decisions
from engine.table.events import Discard
from engine.table.logs import read_log

SETS = ("online", "ema", "jpml", "fenix", "rrc")


@pytest.mark.parametrize(("seed", "rules"), [(1, "online"), (2, "ema"), (3, "jpml")])
def test_short_bot_games_keep_the_points_and_replay_exactly(seed: int, rules: str) -> None:
    assert game_problems(play_game(seed, rules, max_hands=3), rules) == []


def test_the_check_can_fail() -> None:
    game = play_game(4, "online", max_hands=1)
    hand = game["log"][0]  # type: ignore[index]
    result = hand[16]
    result[1] = [d + 100 for d in result[1]]  # a result the engine did not compute
    assert any("replay" in p for p in game_problems(game))


def test_every_discard_of_a_seat_is_a_decision() -> None:
    game = read_log(play_game(5, "online", max_hands=2))
    found = [d for d in decisions(game, 2) if d.action == "discard"]
    discards = [e for h in game.hands for e in h.events if isinstance(e, Discard) and e.seat == 2]
    assert len(found) == len(discards)
    assert all(d.played in d.options for d in found)


@pytest.mark.slow
def test_whole_bot_hanchans() -> None:
    games = int(os.environ.get("TEMPAI_BOT_GAMES", "20"))
    for seed in range(games):
        rules = SETS[seed % len(SETS)]
        assert game_problems(play_game(10_000 + seed, rules), rules) == [], seed
