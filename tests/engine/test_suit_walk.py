"""The two-walk reading of one suit's winning tiles equals trying every tile in turn."""

from __future__ import annotations

import itertools
import random

import pytest

from engine.shape.decompose import suit_is_complete
from engine.shape.suit_walk import completing_tiles


def _by_trying(part: tuple[int, ...], honors: bool, with_pair: bool) -> tuple[int, ...]:
    """The definition: add each tile and ask the completeness check."""
    return tuple(
        i
        for i in range(len(part))
        if suit_is_complete(part[:i] + (part[i] + 1,) + part[i + 1 :], honors, with_pair)
    )


def _shapes(size: int, most: int, limit: int) -> list[tuple[int, ...]]:
    return [p for p in itertools.product(range(limit + 1), repeat=size) if sum(p) <= most]


@pytest.mark.parametrize(
    ("honors", "size", "most", "limit"),
    [
        pytest.param(False, 9, 7, 4, id="number-suits-up-to-7-tiles"),
        pytest.param(True, 7, 11, 4, id="honours-up-to-11-tiles"),
    ],
)
def test_winning_tiles_of_a_suit_are_exactly_the_tiles_that_complete_it(
    honors: bool, size: int, most: int, limit: int
) -> None:
    for part in _shapes(size, most, limit):
        for with_pair in (False, True):
            assert completing_tiles(part, honors, with_pair) == _by_trying(part, honors, with_pair)


def test_winning_tiles_of_large_number_suits_match_trying_every_tile() -> None:
    # Sizes 8 to 14 with up to four copies (plus a karaten fifth): random, seeded.
    rng = random.Random(11)
    checked = 0
    while checked < 20000:
        part = tuple(rng.choice((0, 0, 1, 1, 2, 3, 4)) for _ in range(9))
        if not 8 <= sum(part) <= 14:
            continue
        checked += 1
        for with_pair in (False, True):
            assert completing_tiles(part, False, with_pair) == _by_trying(part, False, with_pair)


@pytest.mark.parametrize(
    ("part", "with_pair", "tiles"),
    [
        pytest.param((3, 1, 1, 1, 1, 1, 1, 1, 3), True, tuple(range(9)), id="chuuren-nine-sided"),
        pytest.param((0, 0, 1, 1, 1, 1, 0, 0, 0), True, (2, 5), id="3456-nobetan"),
        pytest.param((0, 1, 0, 1, 0, 0, 0, 0, 0), False, (2,), id="kanchan-24-waits-3"),
        pytest.param((1, 1, 0, 0, 0, 0, 0, 0, 0), False, (2,), id="penchan-12-waits-3"),
        pytest.param((2, 0, 0, 0, 0, 0, 2), True, (0, 6), id="shanpon-on-honours"),
        pytest.param((3, 1, 0, 0, 0, 0, 0), True, (1,), id="honour-tanki-beside-a-triplet"),
        pytest.param((1, 1, 0, 0, 0, 0, 0), True, (), id="two-honour-singles-cannot-win"),
    ],
)
def test_named_wait_shapes_of_one_suit(
    part: tuple[int, ...], with_pair: bool, tiles: tuple[int, ...]
) -> None:
    assert completing_tiles(part, len(part) == 7, with_pair) == tiles
