"""Shanten and the four-copy rule at every distance from tenpai.

Rule (engine.shape.waits, the batch contract): a tile the hand holds four
of, melds included, cannot be drawn, so no block may need a fifth copy; the
engine applied it at tenpai only (karaten), and shanten came out too low for
hands with quads, most visibly honour quads. Checked here: hands of that kind
with exact values; the definition itself on generated hands (shanten n: some
draw of a tile with a copy left, plus a discard, reaches n - 1 and none
reaches n - 2; tenpai is exactly find_waits' tenpai; the improving tiles are
exactly the draws that lower it, never none); and the ``mahjong`` package on
hands where the rule cannot matter to it.
"""

from __future__ import annotations

import json
import random

import pytest
from mahjong.shanten import Shanten

from engine.hand import Hand, parse_hand
from engine.melds import Meld, MeldKind
from engine.shape.decompose import is_complete
from engine.shape.shanten import (
    chiitoitsu_shanten,
    exhausted_tiles,
    improving_tiles,
    kokushi_shanten,
    shanten,
    standard_shanten,
)
from engine.shape.shanten.exact import FREE_CAPS, exact_standard, free_table, suit_table
from engine.shape.shanten.shapes import shape_standard
from engine.shape.waits import find_waits
from engine.tiles import to_mpsz
from tests.support import handgen, oracle


def codes(tiles: object) -> str:
    return to_mpsz(tiles)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("hand", "standard", "was"),
    [
        # Three honour quads and a single: 111z 222z 333z and a 4z pair still leave a
        # fourth set to build from nothing (3 tiles) plus the pair's tile: 4 draws.
        pytest.param("1111222233334z", 3, 2, id="three-honour-quads-and-a-single"),
        pytest.param("1111222233z456m", 2, 1, id="two-honour-quads-a-pair-and-a-set"),
        pytest.param("111122223333z4m", 3, 2, id="three-honour-quads-and-a-man"),
        pytest.param("1111z2222z123m45p", 2, 1, id="honour-quads-cannot-be-pair-and-set"),
        pytest.param("11112222z123456m", 1, 0, id="fourteen-tiles-with-two-honour-quads"),
        pytest.param("11112222333344z", 2, 1, id="fourteen-tiles-all-honour-quads"),
    ],
)
def test_honour_quads_are_counted_with_the_four_copy_rule(
    hand: str, standard: int, was: int
) -> None:
    """An honour quad is a set and a dead single, never a set and a pair."""
    result = shanten(parse_hand(hand))
    assert result.standard == standard != was
    assert result.minimum == min(standard, result.chiitoitsu or 99, result.kokushi or 99)


def test_a_quad_cannot_wait_on_a_fifth_copy_one_step_out() -> None:
    """1-shanten by shape, but the 2z pair's triplet and the 1z tanki need fifth copies."""
    hand = parse_hand("1111z2222z123m45p")
    assert shanten(hand).minimum == 2
    assert codes(exhausted_tiles(hand)) == "12z"
    assert 0 < len(improving_tiles(hand)) and all(i.remaining for i in improving_tiles(hand))


def test_a_fourth_copy_in_a_meld_binds_too() -> None:
    """Melds hold copies as well: 333m and 666m are called, one 3m and one 6m are left.

    12m and 24m both wait on 3m, 45m would need 3m or 6m: the shape reads
    1-shanten, but there is one 3m to draw, so it is 2.
    """
    melds = [Meld(MeldKind.PON, (5, 5, 5)), Meld(MeldKind.PON, (2, 2, 2))]
    hand = parse_hand("122477m6p", melds)
    assert shanten(hand).standard == 2
    assert standard_shanten(hand.concealed, 2) == 1  # the concealed tiles alone: shape only
    assert standard_shanten(hand.concealed, 2, hand.all_counts()) == 2


def test_karaten_at_tenpai_is_still_one_shanten() -> None:
    """The earlier rule is a special case: 1111m waits only on a fifth 1m."""
    hand = parse_hand("1111m234p567s789s")
    assert shanten(hand).minimum == 1 and not find_waits(hand).tenpai
    assert codes(exhausted_tiles(hand)) == "1m"


def test_chiitoitsu_keeps_its_rule_a_quad_is_one_pair() -> None:
    """engine.shape.shanten: seven different pairs; four of a kind is one pair only."""
    assert chiitoitsu_shanten(parse_hand("1111223344556p").concealed) == 2
    assert kokushi_shanten(parse_hand("1111z19m19p19s2345z", size=14).concealed) == 1


# --- the definition, on generated hands ---------------------------------------


def quad_hand(rng: random.Random, size: int = 13) -> Hand:
    """Hands full of quads (often honours), sometimes with a called set."""
    counts = [0] * 34
    melds: list[Meld] = []
    if rng.random() < 0.3:
        kind = rng.randrange(34)
        melds.append(Meld(MeldKind.PON, (kind,) * 3))
        counts[kind] += 3
    kinds = range(27, 34) if rng.random() < 0.5 else range(34)
    for kind in rng.sample(kinds, rng.choice((1, 2, 3))):
        if counts[kind] == 0 and sum(counts) + 4 <= size:
            counts[kind] = 4
    while sum(counts) < size:  # meld tiles included
        kind = rng.randrange(34)
        if counts[kind] < 4:
            counts[kind] += 1
    for meld in melds:
        counts[meld.tiles[0]] -= 3
    return Hand(tuple(counts), tuple(melds))


def sample_hands(count: int, seed: int) -> list[Hand]:
    rng = random.Random(seed)
    lines = handgen.shanten_lines(seed=seed, count=count)
    hands = [parse_hand(line["hand"], line["melds"], size=13) for line in lines]
    return hands + [quad_hand(rng) for _ in range(count)]


def drawable(hand: Hand) -> list[int]:
    held = hand.all_counts()
    return [t for t in range(34) if held[t] < 4]


@pytest.mark.parametrize("seed", [1701, 1702])
def test_shanten_is_the_number_of_draws_to_tenpai(seed: int) -> None:
    """n = 0 is find_waits' tenpai; n > 0: a draw (copy left) and a discard reach n - 1, none less.

    The 14-tile shanten is the best discard's (or -1 when complete), so the
    13-tile property is checked through it; together they are the step count.
    """
    for hand in sample_hands(60, seed):
        n = shanten(hand).minimum
        assert (n == 0) == find_waits(hand).tenpai, hand
        after = {t: shanten(hand.with_tile(t)).minimum for t in drawable(hand)}
        assert min(after.values()) == n - 1, hand
        improving = [i.tile for i in improving_tiles(hand)]
        assert improving == [t for t, m in after.items() if m < n] and improving, hand
        for t in list(after)[::5]:  # the 14-tile value is the best discard's
            grown = hand.with_tile(t)
            if is_complete(grown):
                assert after[t] == -1
                continue
            discards = {k for k in range(34) if grown.concealed[k]}
            assert after[t] == min(shanten(grown.without_tile(k)).minimum for k in discards)


def test_exhausted_tiles_are_held_four_times_and_would_help() -> None:
    for hand in sample_hands(40, 1703):
        held = hand.all_counts()
        assert all(held[t] == 4 for t in exhausted_tiles(hand))


# --- against the mahjong package, where the four-copy rule cannot matter to it --------


def four_copy_case(hand: Hand) -> bool:
    """A kind held four times (melds included), or meld copies the package cannot see.

    The package reads only the concealed counts, so its answer is ours with
    the melds' copies forgotten (``standard_shanten`` without ``held``).
    """
    held = hand.all_counts()
    return max(held) == 4 or standard_shanten(hand.concealed, len(hand.melds)) != shanten(
        hand
    ).standard


@pytest.mark.parametrize("seed", [1801, 1802])
def test_shanten_agrees_with_the_mahjong_package_without_four_copies(seed: int) -> None:
    compared = 0
    for i, line in enumerate(handgen.shanten_lines(seed=seed, count=600)):
        hand = parse_hand(line["hand"], line["melds"], size=13)
        if four_copy_case(hand):
            continue
        if i % 3 == 0:  # ukeire: the package's shanten of each draw
            ours_improving = [[t.tile, t.remaining] for t in improving_tiles(hand)]
            assert ours_improving == oracle.improving(line), line
        counts = list(hand.concealed)
        ours = shanten(hand)
        assert ours.standard == Shanten.calculate_shanten_for_regular_hand(counts), line
        if not hand.melds:
            assert ours.chiitoitsu == Shanten.calculate_shanten_for_chiitoitsu_hand(counts)
            assert ours.kokushi == Shanten.calculate_shanten_for_kokushi_hand(counts)
        compared += 1
    assert compared > 400


def test_concealed_quads_agree_with_the_package_too() -> None:
    """Investigated: the package already counts a concealed quad as we now do.

    The disagreements the old engine listed (a head only a concealed quad
    could give, honour quads) were ours; what remains is only what the
    package cannot see, copies in melds.
    """
    rng = random.Random(1804)
    for _ in range(300):
        hand = quad_hand(rng)
        if hand.melds:
            continue
        counts = list(hand.concealed)
        assert shanten(hand).standard == Shanten.calculate_shanten_for_regular_hand(counts), hand


# --- the fast path: the block count where the four-copy rule cannot bind ----------


def test_with_four_copies_usable_and_three_held_a_suit_s_table_has_no_limit() -> None:
    """Why engine.shape.shanten.shapes may be used: caps of 4 never bind below a quad (sampled)."""
    rng = random.Random(1901)
    checked = 0
    while checked < 1500:
        part = tuple(rng.choice((0, 0, 0, 1, 1, 2, 3)) for _ in range(9))
        if not any(part) or sum(part) > 14:
            continue
        assert suit_table(part, (4,) * 9, False) == suit_table(part, (8,) * 9, False), part
        checked += 1


def test_the_table_without_limits_bounds_every_exact_table_from_above() -> None:
    """Why engine.shape.shanten may skip an exact search when the unlimited table does not improve.

    Sampled over dense suits with quads and with caps from melds (0–4 copies usable).
    """
    rng = random.Random(1903)
    checked = 0
    while checked < 1500:
        part = tuple(rng.choice((0, 0, 1, 1, 2, 3, 4)) for _ in range(9))
        if not any(part) or sum(part) > 14:
            continue
        caps = tuple(rng.choice((n, 4, 4, 4)) if n else rng.choice((0, 1, 4, 4)) for n in part)
        exact, free = suit_table(part, caps, False), free_table(part, False)
        assert all(e <= f for e, f in zip(exact, free, strict=True)), (part, caps)
        checked += 1


def test_the_block_count_equals_the_exact_count_without_meld_copies_or_quads() -> None:
    """Also with a number of sets already made, as standard_shanten(counts, melds) asks."""
    rng = random.Random(1902)
    for i in range(1500):
        melds = (0, 0, 0, 1, 2, 3, 4)[i % 7]
        size = 13 + i % 2 - 3 * melds
        counts = [0] * 34
        kinds = range(9) if i % 3 == 0 else range(34)
        while sum(counts) < size:
            kind = rng.choice(kinds)
            if counts[kind] < 3:
                counts[kind] += 1
        exact = exact_standard(tuple(counts), melds, FREE_CAPS)
        assert shape_standard(tuple(counts), melds) == exact, (counts, melds)


def test_the_cli_names_the_exhausted_tiles(capsys: pytest.CaptureFixture[str]) -> None:
    from engine.cli import main

    assert main(["shanten", "1111z2222z123m45p", "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert (answer["standard"], answer["minimum"], answer["exhausted"]) == (2, 2, ["1z", "2z"])
    assert main(["shanten", "1111m234p567s789s"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == (
        "Руку улучшили бы ещё 1m, но все четыре экземпляра уже у вас: их не взять, "
        "поэтому шантен считается без них."
    )
