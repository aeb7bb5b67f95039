"""The fast paths agree with the plain, explained ones.

The scorer compares readings with ints (per-suit table, bit-mask yaku checks,
``fu_total``) and itemises only the reading it shows; the batch reads plain
requests without the general parsers. These tests pin each fast path to the
general code on generated hands and random text, so a speed-up cannot change
an answer quietly.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import fields

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.hand import parse_hand
from engine.rules.sets import get_ruleset
from engine.scoring.readings import SUIT_TABLES, hand_readings
from engine.scoring.score import NoYakuError, ScoreResult, WinSituation, score_hand, score_readings
from engine.shape.decompose import _suit_splits
from engine.tiles import parse_tile
from tests.support import handgen


def _score(line: dict) -> ScoreResult:
    from engine.batch import _fields, situation_from

    fields = _fields(line, "score")
    hand = parse_hand(fields["hand"], fields["melds"], size=14)
    win = parse_tile(fields["win_tile"]).kinds[0]
    return score_hand(hand, win, situation_from(fields), get_ruleset(fields["rules"]))


def test_pairs_in_two_suits_are_no_standard_reading() -> None:
    # 99m 99p 44778899s 22z: four 3n+2 suits, four pairs — only chiitoitsu.
    hand = parse_hand("99m99p44778899s22z", size=14)
    assert hand_readings(hand.concealed)[1] == []
    win = parse_tile("8s").kinds[0]
    result = score_hand(hand, win, WinSituation(riichi=True), get_ruleset("ema"))
    assert [y.id for y in result.yaku] == ["riichi", "chiitoitsu"] and result.fu == 25


@pytest.mark.parametrize("rules", ["online", "ema"])
def test_fu_items_add_up_to_the_compared_fu(rules: str) -> None:
    checked = 0
    for line in handgen.score_lines(seed=4242, count=1500, rules=rules):
        try:
            result = _score(line)
        except NoYakuError:
            continue
        items = result.fu_items
        assert sum(item.fu for item in items) == result.fu_raw, line
        if result.fu_raw not in (0, 25):
            assert result.fu == -(-result.fu_raw // 10) * 10
        checked += 1
    assert checked > 1000


Split = tuple[int, tuple[int, ...], tuple[int, ...]]


def _reference(part: tuple[int, ...], suit: int) -> list[Split]:
    base = suit * 9
    out = []
    for pair, sets in _suit_splits(part, suit == 3):
        seqs = tuple(base + i for kind, i in sets if kind.value == "shuntsu")
        trips = tuple(base + i for kind, i in sets if kind.value == "koutsu")
        out.append((base + pair if pair >= 0 else -1, seqs, trips))
    return out


def test_suit_table_splits_shapes_as_decompose_does() -> None:
    # A seeded sample of one-suit shapes up to 14 tiles, dense ones (many readings) included.
    rng = random.Random(5)
    shapes = [tuple(rng.choice((0, 0, 0, 1, 2, 3, 4)) for _ in range(9)) for _ in range(20000)]
    shapes += [(3, 1, 1, 1, 2, 1, 1, 1, 3), (3, 3, 3, 3, 2, 0, 0, 0, 0), (4, 4, 4, 2) + (0,) * 5]
    for part in shapes:
        if sum(part) > 14 or sum(part) % 3 == 1:
            continue
        _flags, options = SUIT_TABLES[1][part]
        assert [o[:3] for o in options] == _reference(part, 1), part


def test_every_suit_tables_masks_and_peikou_follow_from_its_splits() -> None:
    """Pin and sou take man's options shifted: the masks and peikou must be their own."""
    rng = random.Random(6)
    shapes = [tuple(rng.choice((0, 0, 1, 2, 3, 4)) for _ in range(9)) for _ in range(3000)]
    shapes += [(3, 1, 1, 1, 2, 1, 1, 1, 3), (0, 2, 2, 2, 2, 2, 2, 0, 0), (4, 4, 4, 2) + (0,) * 5]
    for part in shapes:
        if sum(part) > 14 or sum(part) % 3 == 1:
            continue
        for suit in (0, 1, 2):
            for pair, seqs, trips, seq_mask, trip_mask, peikou in SUIT_TABLES[suit][part][1]:
                assert seq_mask == sum({1 << t for t in seqs}), (part, suit)
                assert trip_mask == sum({1 << t for t in trips}), (part, suit)
                assert peikou == sum(seqs.count(t) // 2 for t in set(seqs)), (part, suit)
                assert all(9 * suit <= t < 9 * suit + 9 for t in (*seqs, *trips))
                assert pair == -1 or 9 * suit <= pair < 9 * suit + 9


def test_honour_table_splits_as_decompose_does() -> None:
    for part in itertools.product(range(5), repeat=7):
        if sum(part) > 14 or sum(part) % 3 == 1:
            continue
        assert [o[:3] for o in SUIT_TABLES[3][part][1]] == _reference(part, 3), part


def test_each_reading_result_keeps_its_own_explanation() -> None:
    # 111222333m: triplets or sequences; each scored reading explains itself.
    hand = parse_hand("111222333m45699p", size=14)
    win = parse_tile("3m").kinds[0]
    scored = score_readings(hand, win, WinSituation(tsumo=True), get_ruleset("online"))
    results = [r for _a, r in scored if r is not None]
    assert len(results) >= 2
    for arrangement, result in scored:
        if result is not None:
            assert result.arrangement == arrangement
            assert sum(i.fu for i in result.fu_items) == result.fu_raw


# --- the batch's quick hand parser: the same Hand as parse_hand, or a hand-off -----


def test_quick_hand_equals_parse_hand_on_generated_requests() -> None:
    from engine.batch import _melds, quick_hand

    lines = handgen.waits_lines(11, 500) + handgen.score_lines(12, 500)
    for line in lines:
        size = 14 if line["kind"] == "score" else 13
        melds = _melds(line["melds"])
        quick = quick_hand(line["hand"], melds, size)
        assert quick is not None and quick == parse_hand(line["hand"], melds, size=size), line


@given(st.text(alphabet="0123456789mpsz ", max_size=24), st.sampled_from([13, 14]))
@settings(max_examples=400, deadline=None)
def test_quick_hand_never_accepts_what_parse_hand_refuses(text: str, size: int) -> None:
    from engine.batch import quick_hand

    quick = quick_hand(text, [], size)
    if quick is None:
        return
    assert quick == parse_hand(text, (), size=size)


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("1111123456789m", id="five-copies"),
        pytest.param("123m456p789s1188z", id="honour-8z"),
        pytest.param("123m456p789s11 22z", id="space"),
        pytest.param("0000m123456789p1z", id="four-red-fives"),
        pytest.param("123m456p789s1122", id="digits-without-suit"),
    ],
)
def test_quick_hand_hands_unusual_text_to_parse_hand(text: str) -> None:
    from engine.batch import quick_hand

    assert quick_hand(text, [], 13) is None


@given(st.text(alphabet="0123456789mpsz ", max_size=24))
@settings(max_examples=400, deadline=None)
def test_quick_kinds_is_parse_tiles_or_hands_off(text: str) -> None:
    from engine.batch import quick_kinds
    from engine.tiles import parse_tiles

    kinds = quick_kinds(text)
    if kinds is not None:
        assert kinds == parse_tiles(text).kinds


def test_greedy_suit_check_agrees_with_the_enumerating_splitter() -> None:
    from engine.shape.decompose import suit_is_complete

    rng = random.Random(8)
    shapes = [tuple(rng.choice((0, 0, 0, 1, 1, 2, 3, 4)) for _ in range(9)) for _ in range(20000)]
    shapes += [(3, 1, 1, 1, 1, 1, 1, 1, 3), (0, 2, 2, 2, 2, 2, 2, 2, 0), (2,) + (0,) * 8]
    for part in shapes:
        for with_pair in (False, True):
            need = 2 if with_pair else 0
            splits = _suit_splits(part, False) if sum(part) % 3 == need else ()
            expected = any((pair >= 0) == with_pair for pair, _sets in splits)
            assert suit_is_complete(part, False, with_pair) is expected, (part, with_pair)


def test_batch_situation_is_the_constructed_value() -> None:
    from engine.batch import _fields, situation_from
    from engine.scoring.situation import WinSituation

    for line in handgen.score_lines(13, 200):
        f = _fields(line, "score")
        fast = situation_from(f)
        built = WinSituation(**{field.name: getattr(fast, field.name) for field in fields(fast)})
        assert type(fast) is WinSituation and fast == built and hash(fast) == hash(built)
        assert repr(fast) == repr(built)
        if hasattr(fast, "__dict__"):  # new_situation's shortcut: every field set, nothing more
            assert vars(fast).keys() == vars(built).keys()
