"""Seeded problems for «Что нужно в последней раздаче?» (``all_last``).

South 4: four scores that add up with the sticks on the table, the learner's
seat, honba and sticks, one way to win and the place to reach; the answer is
:func:`engine.table.all_last.all_last_needs`'s smallest hand.

Levels (checked by tests/engine/test_generate_all_last.py over 200 problems each):

=========  ================================================================
novice     second place, first to reach, ron off the leader; no honba, no
           sticks, not the dealer
player     one factor more: ron off a third player or tsumo, with honba or
           sticks on the table
master     several: the learner or the leader deals (a tsumo costs the dealer
           double), honba and sticks, second or third place to reach, ties
=========  ================================================================
"""

from __future__ import annotations

import random
from typing import Any

from engine.errors import HandError
from engine.generate.basic import WIND_CODES
from engine.generate.mix import EXTRA, SEAT, chance
from engine.rules.sets import get_ruleset
from engine.table.all_last import FIRST_DEALER, SEATS, Way, all_last_needs
from engine.table.final import ranked

START_TOTAL = 100000
MAX_TRIES = 200
MAX_NOVICE_HAN = 8  # a baiman at most where the level is about reading the gap
# master: the learner deals (one seat in four), two players are level (the tie rule decides)
DEALER_SHARE = 0.25
TIE_SHARE = 0.25


def _scores(rng: random.Random, sticks: int, spread: int) -> list[int]:
    """Four scores in hundreds that add up to the starting total less the sticks."""
    while True:
        cuts = [rng.randint(-spread, spread) // 100 * 100 for _ in range(3)]
        scores = [25000 + c for c in cuts]
        last = START_TOTAL - 1000 * sticks - sum(scores)
        if 0 <= last <= 60000:
            return [*scores, last]


def _candidate(rng: random.Random, level: str, dealer: bool, tie: bool) -> dict[str, Any] | None:
    honba = 0 if level == "novice" else rng.choice((0, 1, 2) if level == "player" else (1, 2, 3, 4))
    sticks = 0 if level == "novice" else rng.choice((0, 1) if level == "player" else (1, 2, 3))
    scores = _scores(rng, sticks, 9000 if level == "novice" else 14000)
    if tie:
        a, b = rng.sample(range(SEATS - 1), 2)
        scores[a] = scores[b]
        scores[3] = START_TOTAL - 1000 * sticks - sum(scores[:3])
        if scores[3] < 0:
            return None
    rules = get_ruleset("online")
    seat = 0 if dealer else rng.randrange(1, SEATS)
    need = all_last_needs(scores, seat, honba, sticks, rules)
    if need.place_now == 1:
        return None
    target = 1 if level != "master" else rng.randint(1, need.place_now - 1)
    leader = ranked(scores, FIRST_DEALER)[0]
    if level == "novice":
        if need.place_now != 2:
            return None
        way = Way(leader)
    else:
        others = [w for w in need.ways if w.ron_from != leader]
        way = rng.choice(others if level == "player" else list(need.ways))
    step = need.smallest(way, target)
    if step is None or (level != "master" and step.han >= MAX_NOVICE_HAN):
        return None
    return {"scores": dict(zip(WIND_CODES, scores, strict=True)), "seat": WIND_CODES[seat],
            "honba": honba, "riichi_sticks": sticks,
            "win": "tsumo" if way.tsumo else WIND_CODES[way.ron_from or 0], "place": target,
            "rules": "online"}


def gen_all_last(rng: random.Random, level: str) -> dict[str, Any]:
    """An all-last situation and the question: the smallest hand of one way to one place.

    Whether the learner deals and whether two players are level are drawn once per
    problem, not per candidate: the candidates thrown away (the learner already first)
    would otherwise tilt the shares the level promises.
    """
    master = level == "master"
    dealer = master and chance(rng, DEALER_SHARE, SEAT)
    tie = master and chance(rng, TIE_SHARE, EXTRA)
    for _ in range(MAX_TRIES):
        params = _candidate(rng, level, dealer, tie)
        if params is not None:
            return params
    raise HandError("Не удалось подобрать ситуацию для этого уровня.")
