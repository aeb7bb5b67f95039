"""Hand.suits: concealed counts by suit, the same however the hand was built, never compared."""

from __future__ import annotations

from engine.batch import _melds
from engine.batch.quick_parse import quick_hand
from engine.hand import Hand, parse_hand
from engine.shape.waits import find_waits
from tests.support import handgen


def _sliced(hand: Hand) -> tuple[tuple[int, ...], ...]:
    c = hand.concealed
    return (c[:9], c[9:18], c[18:27], c[27:])


def test_suits_counted_by_the_quick_parser_equal_those_of_the_general_parser() -> None:
    # quick_hand counts suit by suit (Hand.from_suits); parse_hand counts the whole text.
    lines = handgen.waits_lines(21, 400) + handgen.score_lines(22, 400)
    for line in lines:
        size = 14 if line["kind"] == "score" else 13
        quick = quick_hand(line["hand"], _melds(line["melds"]), size)
        assert quick is not None, line
        assert quick.suits == _sliced(parse_hand(line["hand"], line["melds"], size=size)), line


def test_suits_of_a_hand_built_directly_are_computed_from_the_counts() -> None:
    hand = parse_hand("1112345678999m", size=13)
    assert hand.suits == ((3, 1, 1, 1, 1, 1, 1, 1, 3), (0,) * 9, (0,) * 9, (0,) * 7)


def test_suits_do_not_change_equality_hash_or_repr() -> None:
    quick = quick_hand("123m456p789s1122z", [], 13)
    plain = Hand(parse_hand("123m456p789s1122z", size=13).concealed)
    assert quick is not None and quick.suits == plain.suits
    assert quick == plain and hash(quick) == hash(plain) and repr(quick) == repr(plain)


def test_waits_are_the_same_whether_suits_were_filled_or_computed() -> None:
    for line in handgen.waits_lines(23, 400):
        quick = quick_hand(line["hand"], _melds(line["melds"]), 13)
        plain = parse_hand(line["hand"], line["melds"], size=13)
        assert quick is not None
        assert find_waits(quick).waits == find_waits(plain).waits, line


def test_a_tile_taken_out_and_put_back_gives_the_same_hand() -> None:
    """Hand.without_tile is the inverse of with_tile: the discard and the drawn winning tile."""
    hand = parse_hand("123m406p789s1z", ["pon 555z"], size=13)
    less = hand.without_tile(24)  # 7s
    assert sum(less.concealed) == sum(hand.concealed) - 1 and less.concealed[24] == 0
    assert less.melds == hand.melds and less.red == hand.red == 1
    assert less.with_tile(24) == hand
