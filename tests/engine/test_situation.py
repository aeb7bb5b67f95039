"""Impossible situations: the compatibility table engine.scoring.situation.EXCLUSIONS.

Every row is checked (a situation with exactly its two facts is refused and
the message names both), a few messages are checked word for word, and every
pair of situation flags is either a row of the table or shown possible here
(ALLOWED_FLAG_PAIRS, with a situation that passes), so a new flag cannot be
left out. Sources: the table's own column (seed codes; "" = follows from the
definitions of the two situations).
"""

from __future__ import annotations

import itertools
from dataclasses import fields
from typing import Any

import pytest

from engine.batch import answer
from engine.errors import HandError
from engine.hand import parse_hand
from engine.scoring.situation import (
    EXCLUSIONS,
    OTHER_FACTS,
    SITUATION_FLAGS,
    HandFacts,
    WinSituation,
    check_situation,
    first_situation_problem,
    hand_facts,
    situation_facts,
    situation_problems,
)
from engine.text import messages as msg
from engine.tiles import EAST, SOUTH

# What each fact needs, as (situation fields, hand facts); a flag sets itself.
FACT_SETTINGS: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
    "ron": ({"tsumo": False}, {}),
    "no_riichi": ({"riichi": False, "double_riichi": False}, {}),
    "open": ({}, {"closed": False}),
    "kan": ({}, {"kans": 1}),
    "no_kan": ({}, {"kans": 0}),
    "dealer": ({"seat_wind": EAST}, {}),
    "non_dealer": ({"seat_wind": SOUTH}, {}),
    "win_tile_twice": ({}, {"win_copies": 2}),
}
# What a flag cannot do without (added to the witnesses of allowed pairs).
PREREQUISITES: dict[str, tuple[str, ...]] = {
    "ippatsu": ("riichi",),
    "haitei": ("tsumo",),
    "rinshan": ("tsumo", "kan"),
    "tenhou": ("tsumo", "dealer"),
    "chiihou": ("tsumo",),
}

# Flag pairs that can happen together, each with the reason (checked below:
# a situation with both, plus what each needs, passes).
ALLOWED_FLAG_PAIRS: dict[tuple[str, str], str] = {
    ("riichi", "double_riichi"): "double riichi is a riichi (both flags set, 2 han in all)",
    ("riichi", "ippatsu"): "ippatsu is a win in the go-around after riichi",
    ("riichi", "tsumo"): "riichi, then a win by self-draw",
    ("riichi", "rinshan"): "a closed kan after riichi, won on the replacement tile",
    ("riichi", "chankan"): "a riichi hand can rob a kan",
    ("riichi", "haitei"): "riichi is allowed until four tiles remain (000), so the last draw comes",
    ("riichi", "houtei"): "likewise, the last discard can come after riichi",
    ("double_riichi", "ippatsu"): "ippatsu after a double riichi",
    ("double_riichi", "tsumo"): "double riichi, then tsumo",
    ("double_riichi", "rinshan"): "a closed kan after double riichi",
    ("double_riichi", "chankan"): "robbing a kan after double riichi",
    ("double_riichi", "haitei"): "double riichi, then the last tile of the wall",
    ("double_riichi", "houtei"): "double riichi, then the last discard",
    ("ippatsu", "tsumo"): "the one-shot draw",
    ("ippatsu", "chankan"): "the added tile is robbed before the kan is made: no call completed",
    ("ippatsu", "haitei"): "riichi with four tiles left, the next own draw is the last one",
    ("ippatsu", "houtei"): "riichi late, the last discard within the go-around",
    ("tsumo", "rinshan"): "the replacement tile is the winner's own draw",
    ("tsumo", "haitei"): "haitei is a self-draw",
    ("tsumo", "tenhou"): "tenhou is the dealer's self-draw",
    ("tsumo", "chiihou"): "chiihou is a non-dealer's self-draw",
}


def build(*facts: str) -> tuple[WinSituation, HandFacts]:
    """A situation (ron, non-dealer, closed, no kan by default) where ``facts`` hold."""
    situation: dict[str, Any] = {"seat_wind": SOUTH}
    hand: dict[str, Any] = {}
    for fact in facts:
        if fact in SITUATION_FLAGS:
            situation[fact] = True
        else:
            more_situation, more_hand = FACT_SETTINGS[fact]
            situation.update(more_situation)
            hand.update(more_hand)
    return WinSituation(**situation), HandFacts(**hand)


def witness(a: str, b: str) -> tuple[WinSituation, HandFacts]:
    needed = [f for fact in (a, b) for f in PREREQUISITES.get(fact, ())]
    return build(*needed, a, b)


def pair_of(row: tuple[str, str, str]) -> frozenset[str]:
    return frozenset(row[:2])


EXCLUDED = {pair_of(row) for row in EXCLUSIONS}


@pytest.mark.parametrize(
    ("first", "second", "source"), EXCLUSIONS, ids=[f"{a}+{b}" for a, b, _ in EXCLUSIONS]
)
def test_every_exclusion_is_refused_with_both_names_and_its_reason(
    first: str, second: str, source: str
) -> None:
    """Rule: the two facts never hold together (source: the row's seed code, "" = definitions)."""
    situation, hand = build(first, second)
    assert {first, second} <= set(situation_facts(situation, hand))
    problems = situation_problems(situation, hand)
    found = [p for p in problems if (p.first, p.second) == (first, second)]
    assert len(found) == 1
    text = found[0].message
    assert msg.SITUATION_FACT_NAMES[first] in text and msg.SITUATION_FACT_NAMES[second] in text
    assert text.endswith(msg.SITUATION_REASONS[(first, second)])
    assert found[0].source == source in ("", "000", "001", "002", "003", "004")


def test_the_table_has_no_duplicates_and_every_row_a_reason() -> None:
    assert len(EXCLUDED) == len(EXCLUSIONS)
    facts = set(SITUATION_FLAGS) | set(OTHER_FACTS)
    assert all(a in facts and b in facts for a, b, _ in EXCLUSIONS)
    assert set(msg.SITUATION_REASONS) == {(a, b) for a, b, _ in EXCLUSIONS}
    assert set(msg.SITUATION_FACT_NAMES) == facts


def test_every_flag_of_win_situation_is_in_the_table_s_flags() -> None:
    """A new bool field of WinSituation must be classified against every other flag."""
    bools = {f.name for f in fields(WinSituation) if f.type in ("bool", bool)}
    assert bools == set(SITUATION_FLAGS)


def test_every_pair_of_flags_is_excluded_or_shown_possible() -> None:
    allowed = {frozenset(pair) for pair in ALLOWED_FLAG_PAIRS}
    assert not allowed & EXCLUDED
    for a, b in itertools.combinations(SITUATION_FLAGS, 2):
        assert (frozenset((a, b)) in EXCLUDED) != (frozenset((a, b)) in allowed), (a, b)
    assert len(allowed) == 21 and len([p for p in EXCLUDED if p <= set(SITUATION_FLAGS)]) == 34


@pytest.mark.parametrize(("pair", "why"), ALLOWED_FLAG_PAIRS.items(), ids="+".join)
def test_allowed_flag_pairs_pass(pair: tuple[str, str], why: str) -> None:
    situation, hand = witness(*pair)
    assert situation_problems(situation, hand) == (), why


HAND_FACTS = ("ron", "no_riichi", "open", "kan", "no_kan", "dealer", "non_dealer", "win_tile_twice")


@pytest.mark.parametrize("fact", HAND_FACTS)
@pytest.mark.parametrize("flag", SITUATION_FLAGS)
def test_every_flag_against_the_hand_is_excluded_or_possible(flag: str, fact: str) -> None:
    """Each flag against the hand (open, kans, seat, the winning tile): a row, or a passing case."""
    contradictions = {("tsumo", "ron"), ("riichi", "no_riichi"), ("double_riichi", "no_riichi")}
    if (flag, fact) in contradictions or frozenset((flag, fact)) in EXCLUDED:
        situation, hand = build(flag, fact)
        assert situation_problems(situation, hand) or (flag, fact) in contradictions
        return
    situation, hand = witness(flag, fact)
    assert flag in situation_facts(situation, hand) and fact in situation_facts(situation, hand)
    assert situation_problems(situation, hand) == ()


def test_every_impossible_pair_of_facts_is_a_row_of_its_own() -> None:
    """No exclusion is left implied: a pair no situation allows is named in the table."""
    seen: set[frozenset[str]] = set()
    for bits in itertools.product((False, True), repeat=len(SITUATION_FLAGS) + 4):
        flags = dict(zip(SITUATION_FLAGS, bits, strict=False))
        closed, kan, dealer, twice = bits[len(SITUATION_FLAGS):]
        situation = WinSituation(**flags, seat_wind=EAST if dealer else SOUTH)
        hand = HandFacts(closed=closed, kans=int(kan), win_copies=2 if twice else 1)
        if not situation_problems(situation, hand):
            seen.update(map(frozenset, itertools.combinations(situation_facts(situation, hand), 2)))
    by_definition = {
        frozenset(p) for p in (("tsumo", "ron"), ("riichi", "no_riichi"),
                               ("double_riichi", "no_riichi"), ("kan", "no_kan"),
                               ("dealer", "non_dealer"))
    }  # fmt: skip
    every = {frozenset(p) for p in itertools.combinations(SITUATION_FLAGS + OTHER_FACTS, 2)}
    assert every - seen - by_definition == EXCLUDED


# --- messages word for word, and the ways in -----------------------------------


def test_houtei_with_chankan_is_refused() -> None:
    """The last discard is not a tile added to a kan (seed 000, kan section)."""
    problem = first_situation_problem(WinSituation(houtei=True, chankan=True), HandFacts())
    assert problem is not None and problem.message == (
        "Так не бывает: «чанкан» и «хотей» вместе. Хотей — рон на последний сброс раздачи, "
        "а тайл, доложенный к пону, не сброс."
    )


def test_rinshan_is_never_haitei() -> None:
    """The replacement tile comes from the dead wall (seed 000), never the last wall tile."""
    situation = WinSituation(tsumo=True, rinshan=True, haitei=True)
    with pytest.raises(HandError) as err:
        check_situation(situation, closed=True, has_kan=True)
    assert err.value.message == (
        "Так не бывает: «риншан кайхо» и «хайтей» вместе. Тайл замены берут из мёртвой стены, "
        "поэтому победа на нём никогда не бывает победой на последнем тайле стены."
    )


def test_rinshan_needs_a_kan() -> None:
    with pytest.raises(HandError) as err:
        check_situation(WinSituation(tsumo=True, rinshan=True), closed=True, has_kan=False)
    assert err.value.message == (
        "Так не бывает: «риншан кайхо» и «рука без кана» вместе. "
        "Тайл замены берут только после кана, а в руке нет кана."
    )


def test_riichi_needs_a_closed_hand() -> None:
    """Seed 000 (riichi section): riichi is declared with a closed hand in tenpai."""
    with pytest.raises(HandError) as err:
        check_situation(WinSituation(riichi=True), closed=False, has_kan=False)
    assert err.value.message == (
        "Так не бывает: «риичи» и «открытая рука» вместе. Риичи объявляют только с закрытой рукой."
    )


def test_chankan_on_a_tile_the_winner_holds_twice() -> None:
    """The robbed tile is the fourth copy (three in the pon it is added to, seed 000)."""
    hand = parse_hand("123p456m789s22s", ["chi:123p"], size=14)  # won on 1p; the chi holds a 1p
    assert hand_facts(hand, 9) == HandFacts(closed=False, kans=0, win_copies=2)
    problem = first_situation_problem(WinSituation(chankan=True), hand_facts(hand, 9))
    assert problem is not None and (problem.first, problem.second) == ("chankan", "win_tile_twice")


def test_all_problems_are_listed_in_table_order() -> None:
    situation = WinSituation(tsumo=True, houtei=True, chankan=True, ippatsu=True)
    problems = situation_problems(situation, HandFacts(closed=False))
    assert [(p.first, p.second) for p in problems] == [
        ("tsumo", "chankan"), ("tsumo", "houtei"), ("chankan", "houtei"),
        ("ippatsu", "no_riichi"), ("ippatsu", "open"),
    ]  # fmt: skip


BATCH = {"kind": "score", "hand": "123m456p789s23455s", "win_tile": "5s"}


@pytest.mark.parametrize(
    ("flags", "names"),
    [
        pytest.param({"houtei": True, "chankan": True}, ("чанкан", "хотей"), id="houtei+chankan"),
        pytest.param(
            {"tsumo": True, "rinshan": True, "haitei": True, "melds": [
                {"type": "ankan", "tiles": "1111z"}], "hand": "123m456p789s55s"},
            ("риншан кайхо", "хайтей"), id="rinshan+haitei",
        ),
        pytest.param({"renhou": True, "riichi": True, "seat_wind": "S"}, ("риичи", "ренхо"),
                     id="riichi+renhou"),
        pytest.param({"tsumo": True, "tenhou": True, "chiihou": True}, ("тенхо", "чихо"),
                     id="tenhou+chiihou"),
    ],
)
def test_the_batch_answers_an_error_naming_both_flags(
    flags: dict[str, Any], names: tuple[str, str]
) -> None:
    line = {**BATCH, **flags}
    if "melds" in flags:
        line["win_tile"] = "5s"
    reply = answer(line)
    assert set(reply) == {"error"}, reply
    assert reply["error"].startswith(f"Так не бывает: «{names[0]}» и «{names[1]}» вместе.")
