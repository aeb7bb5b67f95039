"""Practice generators: valid, answerable, true to their level, reproducible, realistic, fast.

Every generated problem is built into a drill exactly as a lesson block is
(so the engine has an answer for it) and checked against its level's
definition with the engine; the same seed always gives the same problem.
"""

from __future__ import annotations

import functools
import json
import os
import subprocess
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from werkzeug.datastructures import MultiDict

from engine.errors import HandError
from engine.generate import KINDS, LEVELS, generate
from engine.hand import Hand
from engine.shape.blocks import BlockKind, Form
from engine.shape.decompose import decompositions, is_complete
from engine.shape.shanten import shanten
from engine.tiles import dora_from_indicator, is_simple, parse_tiles
from tests.support.levels import GAME_LEVEL_RULES, JUDGEMENT_LEVEL_RULES
from tests.support.practice import right_answer, wrong_answer
from tutor.drills import Drill, build_drill

SEEDS = range(40)
# A call is judged in tens of milliseconds (the Python engine); its levels are measured
# in tests/engine/test_generate_call.py (push: test_generate_judgement.py).
SEEDS_OF = {"call": range(10), "push": range(15)}


# Built once per process: several tests read the same 200 seeds of a kind and level
# (each discard drill ranks every discard), and a Drill is immutable. The tests that
# a seed reproduces call generate() again on purpose.
@functools.cache
def _drill(kind: str, level: str, seed: int) -> Drill:
    problem = generate(kind, level, seed)
    return build_drill(kind, {"id": "task", **problem.params}, 0)


def _one_suit(hand: str) -> bool:
    kinds = parse_tiles(hand).kinds
    return len({t // 9 for t in kinds}) == 1 and max(kinds) < 27


# Level definitions, checked on the prepared drill (engine answer + parameters).
def _waits_fits(level: str, d: Drill) -> bool:
    n, one_suit, melds = len(d.solution.waits), _one_suit(d.params["hand"]), d.params["melds"]
    return {
        "novice": 1 <= n <= 2 and not one_suit and not melds,
        "player": 2 <= n <= 3,
        "master": n >= 3 and one_suit and not melds,
    }[level]


def _shanten_fits(level: str, d: Drill) -> bool:
    low, high = {"novice": (0, 1), "player": (1, 2), "master": (2, 4)}[level]
    return low <= d.solution.value <= high


def _dora_fits(level: str, d: Drill) -> bool:
    ind = d.params["indicators"]
    if level == "novice":
        return len(ind) == 1 and ind[0] < 27 and ind[0] % 9 != 8
    if level == "player":
        return len(ind) == 1 and (ind[0] >= 27 or ind[0] % 9 == 8)
    return len(ind) >= 2


def _furiten_fits(level: str, d: Drill) -> bool:
    waits = d.solution.result.waits
    by_level = {
        "novice": not d.params["riichi"] and len(waits) <= 2,
        "player": len(waits) >= 2,
        "master": len(waits) >= 3,
    }
    return d.params["tile"] in waits and by_level[level]


def _kans(d: Drill) -> int:
    return sum(m.is_kan for m in d.params["melds"])


def _win_fits(level: str, d: Drill) -> bool:
    closed = not any(m.opened for m in d.params["melds"])
    if level == "novice":
        base = closed and not d.params["melds"]
    elif level == "player":
        base = _kans(d) == 0
    else:
        base = True
    return base and d.solution.yakuman == 0


def _han_fits(level: str, d: Drill) -> bool:
    few = level != "novice" or len(d.solution.yaku) <= 3
    return _win_fits(level, d) and few and len(d.params["dora"]) == 1 + _kans(d)


def _payment_fits(level: str, d: Drill) -> bool:
    p = d.params
    rules = {
        "novice": p["seat"] != 27 and p["honba"] == 0 and p["riichi_sticks"] == 0,
        "player": p["riichi_sticks"] == 0,
        "master": True,
    }
    return _win_fits(level, d) and rules[level]


LEVEL_RULES: dict[str, Callable[[str, Drill], bool]] = {
    "waits": _waits_fits, "shanten": _shanten_fits, "dora": _dora_fits,
    "furiten": _furiten_fits, "fu": _win_fits, "han": _han_fits, "payment": _payment_fits,
}


@pytest.mark.parametrize("kind", [pytest.param(k, id=k) for k in KINDS])
@pytest.mark.parametrize("level", [pytest.param(lv, id=lv) for lv in LEVELS])
def test_every_problem_is_valid_answered_and_fits_its_level(kind: str, level: str) -> None:
    for seed in SEEDS_OF.get(kind, SEEDS):
        drill = _drill(kind, level, seed)  # DrillError here = invalid or unanswerable problem
        assert drill.solution is not None
        assert LEVEL_RULES[kind](level, drill), (kind, level, seed, drill.params)


@pytest.mark.parametrize("kind", [pytest.param(k, id=k) for k in KINDS])
def test_same_seed_gives_the_same_problem_and_seeds_differ(kind: str) -> None:
    first = [generate(kind, "player", s).params for s in range(12)]
    again = [generate(kind, "player", s).params for s in range(12)]
    assert first == again
    distinct = {repr(sorted(p.items())) for p in first}
    assert len(distinct) >= 6, "a dozen seeds must not collapse onto a few problems"


def test_every_kind_of_the_registry_has_a_generator() -> None:
    from tutor.drills import kinds

    assert set(KINDS) <= set(kinds())
    # Lesson-only kinds: choice (facts the engine does not model), count and rule
    # (one fact per question: a generator would only repeat the same few); position
    # (a decision of the learner's own reviewed game, made from its log).
    lesson_only = {"choice", "count", "rule", "position"}
    assert set(kinds()) - set(KINDS) == lesson_only


@pytest.mark.parametrize(
    ("kind", "level", "seed"),
    [
        pytest.param("poker", "novice", 1, id="unknown-kind"),
        pytest.param("waits", "expert", 1, id="unknown-level"),
        pytest.param("waits", "novice", -1, id="negative-seed"),
        pytest.param("waits", "novice", 2**64, id="huge-seed"),
    ],
)
def test_bad_generator_input_is_a_hand_error(kind: str, level: str, seed: int) -> None:
    with pytest.raises(HandError):
        generate(kind, level, seed)


def _blocks_of_winning_hands(kind: str) -> Counter[BlockKind]:
    counts: Counter[BlockKind] = Counter()
    for level in LEVELS:
        for seed in range(30):
            for block in _drill(kind, level, seed).solution.arrangement.decomposition.sets:
                counts[block.kind] += 1
    return counts


def test_winning_hands_look_real_mostly_sequences_some_triplets() -> None:
    counts = _blocks_of_winning_hands("han")
    runs = counts[BlockKind.SHUNTSU]
    total = sum(counts.values())
    assert 0.5 <= runs / total <= 0.9, counts  # real hands: mostly runs, not random soup
    assert counts[BlockKind.KOUTSU] + counts.get(BlockKind.KANTSU, 0) > 0


def test_tenpai_hands_are_not_tile_soup() -> None:
    honours = 0
    tiles = 0
    for seed in range(60):
        kinds = parse_tiles(generate("waits", "novice", seed).params["hand"]).kinds
        honours += sum(t >= 27 for t in kinds)
        tiles += len(kinds)
        assert max(Counter(kinds).values()) <= 4
    assert honours / tiles < 0.2


def _params_types(params: dict[str, Any]) -> set[type]:
    return {type(v) for v in params.values()}


def test_problem_parameters_are_plain_lesson_block_values() -> None:
    for kind in KINDS:
        params = generate(kind, "master", 3).params
        # mappings too: the whole-game kinds give scores by seat, as lesson blocks do
        assert _params_types(params) <= {str, bool, int, list, dict}, (kind, params)


# --- the engine-graded kinds: discard, complete, yaku ---------------------------------
# Each level's definition is checked on the drill the lesson code prepares (its own
# engine answer), not on the generator's bookkeeping, and every problem is graded both
# ways: the answer from the solution is accepted, a wrong one refused.

NEW_KINDS = ("discard", "complete", "yaku")
NEW_SEEDS = range(200)


def _concealed_quad(hand: Hand) -> bool:
    return max(hand.concealed) == 4


def _alone(counts: tuple[int, ...]) -> int:
    """Single tiles with no other tile of their suit within two (single honours too)."""
    def lonely(t: int) -> bool:
        if t >= 27:
            return True
        same_suit = range(t - t % 9, t - t % 9 + 9)
        return not any(counts[u] for u in same_suit if u != t and abs(u - t) <= 2)
    return sum(1 for t, n in enumerate(counts) if n == 1 and lonely(t))


def _discard_fits(level: str, d: Drill) -> bool:
    sol = d.solution
    best, hand = sol.best, sol.hand
    lowest = min(o.shanten for o in sol.options)
    # Master is graded by ukeire among eight kinds or more: fewer of them are plainly wrong.
    if len(sol.others) < (3 if level == "master" else 4) or is_complete(hand) or (
            _concealed_quad(hand)):
        return False
    if level == "novice":
        return (sol.goal == "tenpai" and hand.is_closed and 1 <= len(best) <= 2
                and all(o.tenpai and len(o.draws) <= 2 for o in best))
    if level == "player":  # graded by ukeire: the widest wait among the tenpai discards
        tenpai = [o for o in sol.options if o.tenpai]
        waits = {t for o in tenpai for t in o.draw_tiles}
        return (sol.goal == "ukeire" and 2 <= len(tenpai) <= 4 and len(waits) >= 3
                and _alone(hand.concealed) == 0)
    # Master: graded by ukeire and never «cut the lone tile» (no floater in hand).
    return (sol.goal == "ukeire" and hand.is_closed and lowest in (1, 2)
            and _alone(hand.concealed) == 0)


def _seven_pairs_like(hand: Hand) -> bool:
    """Chiitoitsu or kokushi: its reading, or its closest form when it is not complete."""
    forms = ({d.form for d in decompositions(hand)} if is_complete(hand)
             else set(shanten(hand).best_forms))
    return bool(forms & {Form.CHIITOITSU, Form.KOKUSHI})


def _quad_pairs(hand: Hand) -> bool:
    return sorted(n for n in hand.concealed if n) == [2, 2, 2, 2, 2, 4]


def _complete_fits(level: str, d: Drill) -> bool:
    hands = d.solution.hands
    complete = [h for h in hands if h.complete]
    near = all(h.shanten == 0 or (level == "master" and _quad_pairs(h.hand))
               for h in hands if not h.complete)
    distinct = len({h.hand for h in hands}) == len(hands)
    no_quads = all(not _concealed_quad(h.hand) or _quad_pairs(h.hand) for h in hands)
    base = (len(hands) == (3 if level == "novice" else 4) and 1 <= len(complete) <= 2
            and near and distinct and no_quads and d.solution.pick == "complete")
    if level == "novice":
        return base and all(h.hand.is_closed for h in hands)
    if level == "master":
        return base and any(_seven_pairs_like(h.hand) for h in hands)
    return base


def _yaku_fits(level: str, d: Drill) -> bool:
    sol = d.solution
    if (sol.can_win and sol.result.yakuman) or _concealed_quad(sol.hand):
        return False
    kans = any(m.is_kan for m in d.params["melds"])
    return {
        "novice": sol.hand.is_closed and not d.params["melds"] and sol.rules_name == "online",
        "player": sol.rules_name in ("online", "ema") and not kans,
        "master": True,
    }[level]


LEVEL_RULES.update({"discard": _discard_fits, "complete": _complete_fits, "yaku": _yaku_fits})
LEVEL_RULES.update(GAME_LEVEL_RULES)  # draw, multi_ron, next_hand, final


def _ukeire_fits(level: str, d: Drill) -> bool:
    sol = d.solution
    n, kinds, hidden = sol.result.shanten, len(sol.lines), sol.without_table - sol.value
    return sol.value > 0 and {
        "novice": n in (0, 1) and 1 <= kinds <= 3,
        "player": n == 1 and 3 <= kinds <= 6 and hidden >= 2,
        "master": n in (1, 2) and kinds >= 5 and hidden >= 6,
    }[level]


def _safety_fits(level: str, d: Drill) -> bool:
    """A riichi at the level's turn; at most two right answers; a dangerous tile in hand."""
    sol = d.solution
    turn = sol.riichi.riichi_index + 1
    low, high = {"novice": (6, 9), "player": (6, 12), "master": (7, 12)}[level]
    return (low <= turn <= high and len(sol.correct) <= 2 and sol.ranked[-1].danger >= 5
            and (len(sol.riichis) == 1 or level == "master"))


LEVEL_RULES.update({"ukeire": _ukeire_fits, "safety": _safety_fits})
LEVEL_RULES.update(JUDGEMENT_LEVEL_RULES)  # call, push, riichi, all_last


def _grade(drill: Drill, answer: dict[str, Any]) -> bool:
    return drill.kind.grade(drill, MultiDict(answer)).correct


@pytest.mark.parametrize("kind", [pytest.param(k, id=k) for k in NEW_KINDS])
@pytest.mark.parametrize("level", [pytest.param(lv, id=lv) for lv in LEVELS])
def test_engine_graded_kinds_deal_well_posed_problems_graded_both_ways(kind: str,
                                                                      level: str) -> None:
    for seed in NEW_SEEDS:
        drill = _drill(kind, level, seed)
        assert LEVEL_RULES[kind](level, drill), (kind, level, seed, drill.params)
        assert _grade(drill, right_answer(drill)), (kind, level, seed, "right answer refused")
        assert not _grade(drill, wrong_answer(drill)), (kind, level, seed, "wrong answer taken")


@pytest.mark.parametrize("kind", [pytest.param(k, id=k) for k in NEW_KINDS])
@pytest.mark.parametrize("level", [pytest.param(lv, id=lv) for lv in LEVELS])
def test_engine_graded_kinds_reproduce_their_seed(kind: str, level: str) -> None:
    first = [generate(kind, level, s).params for s in range(25)]
    assert first == [generate(kind, level, s).params for s in range(25)]
    assert len({repr(p) for p in first}) == 25, "25 seeds, 25 different problems"


def _discard_drills(level: str) -> list[Drill]:
    return [_drill("discard", level, s) for s in NEW_SEEDS]


def test_novice_discards_mix_one_and_two_answers_and_not_only_the_lone_honour() -> None:
    drills = _discard_drills("novice")
    answers = Counter(len(d.solution.correct) for d in drills)
    assert answers[1] >= 40 and answers[2] >= 40, answers
    honour_only = sum(d.solution.correct <= frozenset(range(27, 34)) for d in drills)
    assert honour_only < len(drills) / 3, "the odd honour out must not be the usual answer"


def test_master_discards_are_one_and_two_shanten_hands() -> None:
    lowest = Counter(min(o.shanten for o in d.solution.options) for d in _discard_drills("master"))
    assert set(lowest) == {1, 2} and min(lowest.values()) >= 40, lowest


def test_discard_hands_look_real_mostly_number_tiles() -> None:
    honours = tiles = 0
    for level in LEVELS:
        for d in _discard_drills(level)[:80]:
            kinds = parse_tiles(d.params["hand"]).kinds
            honours += sum(t >= 27 for t in kinds)
            tiles += len(kinds)
    assert 0.02 < honours / tiles < 0.15, honours / tiles


def test_master_complete_problems_show_chiitoitsu_kokushi_and_the_four_of_a_kind_trap() -> None:
    seen: Counter[str] = Counter()
    for seed in NEW_SEEDS:
        for h in _drill("complete", "master", seed).solution.hands:
            forms = {d.form for d in decompositions(h.hand)}
            seen["chiitoitsu"] += Form.CHIITOITSU in forms
            seen["kokushi"] += Form.KOKUSHI in forms
            seen["quad trap"] += _quad_pairs(h.hand)
            seen["one suit"] += len({t // 9 for t in parse_tiles(h.hand.to_mpsz()).kinds}) == 1
    assert min(seen.values()) >= 10, seen


def test_player_complete_problems_include_open_hands() -> None:
    opened = sum(any(not h.hand.is_closed for h in _drill("complete", "player", s).solution.hands)
                 for s in NEW_SEEDS)
    assert opened >= 50, opened


@pytest.mark.parametrize("level", [pytest.param(lv, id=lv) for lv in LEVELS])
def test_about_half_of_the_yaku_problems_can_win(level: str) -> None:
    wins = sum(_drill("yaku", level, s).solution.can_win for s in NEW_SEEDS)
    assert 0.35 <= wins / len(NEW_SEEDS) <= 0.65, wins


def test_yaku_problems_teach_open_hands_dora_without_yaku_and_open_tanyao() -> None:
    """Every set plays open tanyao now (EMA 2016 too): open all-simples hands win."""
    seen: Counter[str] = Counter()
    for level in ("player", "master"):
        for seed in NEW_SEEDS:
            d = _drill("yaku", level, seed)
            sol, p = d.solution, d.params
            holds_dora = any(sol.hand.all_counts()[dora_from_indicator(i)] for i in p["dora"])
            seen["open"] += not sol.hand.is_closed
            seen["dora, no yaku"] += holds_dora and not sol.can_win
            seen["open simples"] += (not sol.hand.is_closed and sol.can_win
                                     and _all_simples(sol.hand))
            seen[f"rules {sol.rules_name}"] += 1
    assert seen["open"] >= 120 and min(seen.values()) >= 10, seen


def _all_simples(hand: Hand) -> bool:
    return all(is_simple(t) for t, n in enumerate(hand.all_counts()) if n)


def test_a_seed_gives_the_same_problem_in_another_process_with_another_hash_seed() -> None:
    """Shared URLs must mean the same problem on every server process (no set-order luck)."""
    code = ("import json; from engine.generate import generate; print(json.dumps("
            "[generate(k, lv, s).params for k in ('discard', 'complete', 'yaku') "
            "for lv in ('novice', 'player', 'master') for s in range(5)]))")
    root = Path(__file__).resolve().parents[2]
    outputs = {
        subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                       cwd=root, env={**os.environ, "PYTHONHASHSEED": hash_seed}).stdout
        for hash_seed in ("1", "2")
    }
    here = [generate(k, lv, s).params for k in NEW_KINDS for lv in LEVELS for s in range(5)]
    assert outputs == {json.dumps(here) + "\n"}


def test_master_yaku_problems_have_kans_and_wind_triplets_that_give_no_yaku() -> None:
    seen: Counter[str] = Counter()
    for seed in NEW_SEEDS:
        d = _drill("yaku", "master", seed)
        hand, p = d.solution.hand, d.params
        counts = hand.all_counts()
        guests = [w for w in range(27, 31) if counts[w] >= 3 and w not in (p["seat"], p["round"])]
        seen["kan"] += any(m.is_kan for m in hand.melds)
        seen["guest wind, no yaku"] += bool(guests) and not d.solution.can_win
    assert seen["kan"] >= 20 and seen["guest wind, no yaku"] >= 10, seen
