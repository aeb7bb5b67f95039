"""Property tests (hypothesis) for notation, decompositions, waits, shanten and furiten."""

from collections import Counter

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from engine.errors import HandError
from engine.hand import Hand, parse_hand
from engine.shape.decompose import decompositions, is_complete
from engine.shape.furiten import can_ron, check_furiten
from engine.shape.shanten import improving_tiles, shanten
from engine.shape.waits import find_waits
from engine.tiles import parse_tiles, to_mpsz
from tests.support.structure_hands import closed_hands, complete_hands, waiting_hands

FAST = settings(max_examples=300, deadline=None)

notation_text = st.text(alphabet="0123456789mpsz \t-x!ЯZ", max_size=40) | st.text(max_size=30)
tile_kinds = st.integers(min_value=0, max_value=33)


@st.composite
def valid_notation(draw: st.DrawFn) -> str:
    """mpsz for a multiset of at most 14 tiles with ≤4 copies, fives optionally red."""
    kinds = draw(st.lists(tile_kinds, max_size=14).filter(lambda ks: _max_copies(ks) <= 4))
    out = []
    for kind in kinds:
        digit = str(kind % 9 + 1) if kind < 27 else str(kind - 26)
        if digit == "5" and kind < 27 and draw(st.booleans()):
            digit = "0"
        out.append(digit + "mpsz"[kind // 9])
    return "".join(draw(st.permutations(out)))


def _max_copies(kinds: list[int]) -> int:
    return max(Counter(kinds).values(), default=0)


@FAST
@given(notation_text)
def test_parse_tiles_raises_only_hand_error(text: str) -> None:
    try:
        parse_tiles(text)
    except HandError:
        pass


@FAST
@given(valid_notation())
def test_printing_a_parsed_hand_round_trips(text: str) -> None:
    parsed = parse_tiles(text)
    printed = to_mpsz(parsed.kinds, parsed.red)
    again = parse_tiles(printed)
    assert sorted(again.kinds) == sorted(parsed.kinds)
    assert again.red_count == parsed.red_count
    assert to_mpsz(again.kinds, again.red) == printed


@FAST
@given(waiting_hands)
def test_hand_plus_any_wait_is_complete(hand: Hand) -> None:
    result = find_waits(hand)
    for tile in result.waits:
        grown = hand.with_tile(tile)
        assert is_complete(grown) and decompositions(grown)
    for option in result.options:
        assert option.arrangements and option.shapes


@FAST
@given(waiting_hands)
def test_non_wait_never_completes_the_hand_except_karaten(hand: Hand) -> None:
    result = find_waits(hand)
    held = hand.all_counts()
    for tile in range(34):
        grown = hand.with_tile(tile)
        completes = bool(decompositions(grown))
        assert completes == (tile in result.waits or tile in result.karaten)
        assert (tile in result.karaten) == (completes and held[tile] == 4)


@FAST
@given(waiting_hands | closed_hands)
def test_zero_shanten_iff_tenpai_under_the_four_copy_rule(hand: Hand) -> None:
    assert (shanten(hand).minimum == 0) == find_waits(hand).tenpai
    assert shanten(hand).minimum >= 0


@FAST
@given(complete_hands)
def test_complete_hand_is_minus_one_shanten(hand: Hand) -> None:
    assert shanten(hand).minimum == -1


@FAST
@given(waiting_hands | closed_hands, tile_kinds)
def test_a_drawn_tile_never_raises_shanten_and_lowers_it_by_at_most_one(
    hand: Hand, tile: int
) -> None:
    assume(hand.all_counts()[tile] < 4)  # a fifth copy cannot be drawn
    before = shanten(hand).minimum
    after = shanten(hand.with_tile(tile)).minimum
    assert before - 1 <= after <= before


@settings(max_examples=150, deadline=None)
@given(waiting_hands | closed_hands)
def test_improving_tiles_are_the_draws_that_lower_shanten(hand: Hand) -> None:
    before = shanten(hand).minimum
    held = hand.all_counts()
    improving = {i.tile: i.remaining for i in improving_tiles(hand)}
    for tile in range(34):
        lowers = held[tile] < 4 and shanten(hand.with_tile(tile)).minimum < before
        assert (tile in improving) == lowers
        if lowers:
            assert improving[tile] == 4 - held[tile]
    if before == 0:
        assert sorted(improving) == list(find_waits(hand).waits)


@FAST
@given(
    waiting_hands,
    st.lists(tile_kinds, max_size=6),
    st.lists(tile_kinds, max_size=3),
    st.booleans(),
    st.lists(tile_kinds, max_size=6),
)
def test_furiten_reasons_name_only_waits_and_block_every_ron(
    hand: Hand, discards: list[int], missed: list[int], riichi: bool, since: list[int]
) -> None:
    result = check_furiten(
        hand, discards=discards, missed=missed, riichi=riichi, missed_since_riichi=since
    )
    assert result.waits == find_waits(hand).waits
    assert result.furiten <= result.tenpai
    for reason in result.reasons:
        assert reason.tiles and set(reason.tiles) <= set(result.waits)
    for tile in range(34):
        assert can_ron(result, tile) == (tile in result.waits and not result.furiten)
    polluted = set(discards) | set(missed) | (set(since) if riichi else set())
    assert result.furiten == bool(polluted & set(result.waits))


@FAST
@given(notation_text, st.sampled_from([13, 14, None]))
def test_parse_hand_raises_only_hand_error(text: str, size: int | None) -> None:
    try:
        hand = parse_hand(text, size=size)
    except HandError:
        return
    assert hand.size in (13, 14) and max(hand.all_counts()) <= 4
