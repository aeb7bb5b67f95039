"""The danger model against a riichi (engine.table.safety), one rule at a time, with sources.

Sources: genbutsu and riichi furiten are in the seeds ([000] [002]: a riichi
player cannot ron a tile of his own pond; [000] [001] [002] [003]: a winning
tile missed after riichi is furiten to the end of the hand). The order of the
classes: D. Chiba, *Riichi Book 1*, ch. 8, table «Safety ranking» (cited as
RB1) and its «Suji trap» section. The figures: engine.table.safety_rates (the
published table, its source named there). Dora: justanotherjapanesemahjongblog,
«Defence theory (6): Tile risk table» (cited as JAJMB).
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from engine.errors import HandError
from engine.hand import parse_hand
from engine.table import safety
from engine.table.safety import TIERS, Riichi, SafetyTier, TileSafety, hand_safety, tile_safety
from engine.table.safety_rates import CLASSES, RATES, rate
from engine.table.safety_text import suited_reason
from engine.table.safety_waits import analyse, suited_rate
from engine.text import messages as msg
from engine.tiles import parse_tile, parse_tiles


def t(code: str) -> int:
    return parse_tile(code).kinds[0]


def kinds(text: str) -> tuple[int, ...]:
    return parse_tiles(text).kinds


def judge(tile: str, pond: str, seen: str = "", passed: str = "", at: int = 0,
          dora: str = "") -> TileSafety:
    """``tile`` against a riichi declared on pond tile ``at`` (default the first: 1z)."""
    riichi = Riichi(kinds(pond), at, kinds(passed))
    counts = parse_tiles(seen + tile).counts()  # the tile itself is in hand
    return tile_safety(t(tile), riichi, counts, kinds(dora))


POND = "9p1p9s1s9p1p9s1s2p"  # nine discards, the riichi on the first: no man or honour in it


def test_every_class_has_a_russian_name_and_explanation() -> None:
    assert set(msg.SAFETY_TIERS) == set(msg.SAFETY_TIER_NAMES) == {x.value for x in TIERS}


def test_the_published_table_is_data_with_its_source_row_nine() -> None:
    """engine.table.safety_rates reproduces the table; docs/danger.md prints the same figures."""
    assert all(len(row) == len(CLASSES) for row in RATES)
    assert rate("nosuji_5", 9) == 12.8 and rate("suji_19", 9) == 1.8
    assert rate("yakuhai_1", 1) == 0.5 and rate("guest_1", 19) == 2.1


def test_genbutsu_and_passed_are_100_percent_safe_and_equal_seed_000_002() -> None:
    """RB1 «Genbutsu and other absolutely safe tiles»: both are furiten for him."""
    own = judge("5m", "5m9p1z")
    passed = judge("5s", "9p1z", passed="5s")
    assert (own.tier, passed.tier) == (SafetyTier.GENBUTSU, SafetyTier.PASSED)
    assert own.danger == passed.danger == 0.0


def test_honours_safer_with_each_copy_seen_rb1_ranking() -> None:
    """RB1: fourth honour (AAA) > third (AA) > second (A) > first (B)."""
    found = [judge("5z", POND, seen="5z" * k) for k in range(4)]
    assert [f.tier for f in found] == [SafetyTier.HONOR_1, SafetyTier.HONOR_2,
                                       SafetyTier.HONOR_3, SafetyTier.HONOR_4]
    dangers = [f.danger for f in found]
    assert dangers == sorted(dangers, reverse=True) and len(set(dangers)) == 4


def test_last_honour_only_kokushi_and_none_when_kokushi_is_dead_rb1() -> None:
    """RB1: «dangerous only against Thirteen Orphans … when not possible, 100 % safe»."""
    alive = judge("5z", POND, seen="555z")
    dead = judge("5z", POND, seen="555z1111m")
    assert 0 < alive.danger < judge("5z", POND, seen="55z").danger
    assert "кокушимусо" in alive.reason
    assert dead.danger == 0.0 and dead.tier is SafetyTier.HONOR_4


@pytest.mark.parametrize(
    ("tile", "expected"),
    [
        pytest.param("1m", SafetyTier.OPEN_19, id="terminal"),
        pytest.param("2m", SafetyTier.OPEN_28, id="two"),
        pytest.param("3m", SafetyTier.OPEN_37, id="three"),
        pytest.param("5m", SafetyTier.OPEN_456, id="five"),
    ],
)
def test_non_suji_numbers_are_four_classes(tile: str, expected: SafetyTier) -> None:
    assert judge(tile, POND).tier is expected


def test_non_suji_danger_grows_terminal_2_8_3_7_4_6_rb1() -> None:
    """RB1: CC non-suji terminal < DDD 2/8 < DD 3/7 < D 4-6 (each step adds a wait shape)."""
    dangers = [judge(x, POND).danger for x in ("9m", "8m", "7m", "6m")]
    assert dangers == sorted(dangers) and len(set(dangers)) == 4


def test_suji_by_number_rb1() -> None:
    """RB1: suji terminal (A+) < suji 4-6 (BBB) < suji 2/8 (BB+) < suji 3/7 (BB-)."""
    pond = "1z4m6m5m1p7p"  # suji: 1m 7m (4m), 3m 9m (6m), 2m 8m (5m), 4p (1p 7p)
    one, nine = judge("1m", pond), judge("9m", pond)
    four, two, three = judge("4p", pond), judge("2m", pond), judge("3m", pond)
    assert (one.tier, four.tier, two.tier, three.tier) == (
        SafetyTier.SUJI_19, SafetyTier.SUJI_456, SafetyTier.SUJI_28, SafetyTier.SUJI_37)
    assert one.danger == nine.danger < four.danger < two.danger < three.danger


def test_suji_needs_both_sides_for_456_and_half_suji_sits_between() -> None:
    """RB1 table «suji tiles»: a 4 needs both 1 and 7; with one it is half-suji."""
    half = judge("4m", "1z1m")
    assert half.tier is SafetyTier.HALF_SUJI
    assert judge("4m", "1z1m7m").danger < half.danger < judge("4m", "1z").danger


def test_passed_tile_gives_suji_too() -> None:
    """riichi.wiki «Suji»: any tile discarded after the riichi without ron makes suji."""
    assert judge("5s", "9p1z", passed="2s8s").tier is SafetyTier.SUJI_456


def test_riichi_tile_suji_is_as_dangerous_as_non_suji_rb1_suji_trap() -> None:
    """RB1 «Suji trap»: suji of the riichi tile is at least as dangerous as non-suji."""
    trap = judge("2m", "1z5m", at=1)
    assert trap.tier is SafetyTier.RIICHI_SUJI
    assert trap.danger >= judge("2m", "1z").danger
    early = judge("2m", "5m1z", at=1)  # the same 5m thrown before the riichi: real suji
    assert early.tier is SafetyTier.SUJI_28 and early.danger < trap.danger
    assert "тайл риичи" in trap.reason


def test_kabe_closes_a_side_like_suji_no_chance_terminal_beats_suji_3_7() -> None:
    """RB1 «No chance»: four 8s visible — only shanpon or tanki can wait on 9 (review §2 row 6)."""
    nine = judge("9m", POND, seen="8888m")
    assert nine.tier is SafetyTier.NO_CHANCE
    assert nine.danger < judge("3m", "1z6m").danger  # suji 3/7


def test_walls_on_both_sides_leave_only_pair_waits_and_none_when_all_seen_rb1() -> None:
    """RB1: 4444 and 6666 visible — a 5 is only shanpon/tanki; with all 5s seen, 100 % safe."""
    pair = judge("5m", POND, seen="4444m6666m")
    assert pair.tier is SafetyTier.NO_CHANCE and "канчан" not in pair.reason
    dead = judge("5m", POND, seen="4444m6666m555m")
    assert dead.tier is SafetyTier.NO_WAIT and dead.danger == 0.0


def test_one_chance_between_suji_and_non_suji_jajmb_rb1() -> None:
    """JAJMB: one-chance «roughly between non suji-pai and suji-pai»; RB1 ranks it likewise."""
    one = judge("1m", POND, seen="222m")
    assert one.tier is SafetyTier.ONE_CHANCE
    assert judge("1m", "1z4m").danger < one.danger < judge("1m", POND).danger


def test_dora_and_its_neighbours_raise_danger_jajmb() -> None:
    """JAJMB: dora 1.5–1.6× (simple), 1.8–1.9× (terminal/honour); next to it +10 %."""
    plain = judge("5m", POND).danger
    assert judge("5m", POND, dora="5m").danger == pytest.approx(plain * 1.55)
    assert judge("6m", POND, dora="5m").danger == pytest.approx(judge("6m", POND).danger * 1.1)
    assert judge("1z", POND, dora="1z").danger > 1.8 * judge("1z", POND).danger


def test_danger_grows_with_the_riichi_players_discards() -> None:
    """The published table is by turn: later riichi, more waits are live."""
    assert judge("5m", "1z2z3z4z").danger < judge("5m", POND * 2).danger


def test_several_riichi_combine_as_one_minus_product() -> None:
    hand = parse_hand("4m56789p123s1234z")
    first = Riichi(kinds("1z1p"), 0)
    second = Riichi(kinds("2z9p"), 0)
    visible = kinds("1z1p2z9p")
    one = {s.tile: s for s in hand_safety(hand, (first,), visible)}
    two = {s.tile: s for s in hand_safety(hand, (second,), visible)}
    both = {s.tile: s for s in hand_safety(hand, (first, second), visible)}
    for tile in both:
        p, q = one[tile].danger / 100, two[tile].danger / 100
        assert both[tile].danger == pytest.approx((1 - (1 - p) * (1 - q)) * 100)
    assert both[t("1z")].reason.startswith("против риичи №2: ")  # genbutsu for the first only


def test_hand_safety_orders_by_danger_then_tile() -> None:
    hand = parse_hand("123m456p789s1115z")
    result = hand_safety(hand, (Riichi(kinds("4m8p"), 0),), kinds("4m8p"))
    keys = [(round(r.danger, 1), r.tile) for r in result]
    assert keys == sorted(keys)


_CODE = re.compile(r"\b[0-9][mpsz]\b")


def test_reasons_name_tiles_in_words_and_never_repeat_a_label() -> None:
    hand = parse_hand("1479m258p369s2255z")
    riichi = Riichi(kinds("9m1z4m2s"), 3, kinds("5p"))
    for s in hand_safety(hand, (riichi,), kinds("9m1z4m2s5p2z"), kinds("2s")):
        assert not _CODE.search(s.reason), s.reason
        words = s.reason.split("; ")
        assert len(words) == len(set(words)), s.reason


def test_reason_lists_the_waits_that_remain() -> None:
    reason = judge("3s", POND).reason
    assert reason == ("возможны: рянмен 4-5 соу, канчан 2-4 соу, пенчан 1-2 соу, шанпон, "
                      "танки")


@pytest.mark.parametrize(
    ("riichi", "visible", "needle"),
    [
        pytest.param(Riichi((0,), 3), "1m", "Номер тайла риичи", id="riichi-index-out-of-pond"),
        pytest.param(Riichi((0, 1), 1), "1m", "видимые", id="pond-not-in-visible"),
        pytest.param(Riichi((0,), 0), "1m1111p", "четыре", id="five-copies-with-hand"),
    ],
)
def test_bad_input_is_a_hand_error(riichi: Riichi, visible: str, needle: str) -> None:
    with pytest.raises(HandError, match=needle):
        hand_safety(parse_hand("123m456p789s1p123z"), (riichi,), kinds(visible))


def test_no_riichi_is_an_error() -> None:
    with pytest.raises(HandError, match="риичи"):
        hand_safety(parse_hand("123m456p789s1p123z"), (), ())


def test_docs_danger_reproduces_the_table_and_names_the_sources() -> None:
    """docs/danger.md (Russian) prints every row of engine.table.safety_rates.RATES."""
    text = (Path(__file__).parents[2] / "docs" / "danger.md").read_text(encoding="utf-8")
    for turn, row in enumerate(RATES, 1):
        cells = " | ".join(f"{x:.1f}".replace(".", ",") for x in row)
        assert f"| {turn} | {cells} |" in text
    for name in ("mahjong-helper", "Riichi Book 1", "justanotherjapanesemahjongblog"):
        assert name in text


def test_a_price_reads_only_the_copies_it_is_kept_by() -> None:
    """tile_safety keeps each price by copies_read: counts outside it must not change the price.

    Random counts, changed one kind at a time: whenever copies_read stays the
    same, the price computed afresh (no kept prices) is the same, and the
    kept one equals it — with and without tsumogiri marks and dora.
    """
    rng = random.Random(5)
    for _ in range(300):
        pond = tuple(rng.sample(range(34), rng.randint(3, 12)))
        marks = tuple(rng.random() < 0.4 for _ in pond) if rng.random() < 0.5 else ()
        riichi = Riichi(pond, rng.randrange(len(pond)), (rng.randrange(34),), marks)
        seen = [rng.choice((0, 0, 1, 2, 3, 4)) for _ in range(34)]
        dora = (rng.randrange(34),)
        for tile in range(34):
            other = list(seen)
            other[rng.randrange(34)] = rng.choice((0, 1, 2, 3, 4))
            if safety.copies_read(tile, tuple(other)) != safety.copies_read(tile, tuple(seen)):
                continue
            fresh = safety._tile_safety(tile, riichi, tuple(other))
            assert fresh == safety._tile_safety(tile, riichi, tuple(seen))
            kept = tile_safety(tile, riichi, tuple(seen), dora)
            assert tile_safety(tile, riichi, tuple(other), dora) == kept
            safety._PRICES.clear()
            assert tile_safety(tile, riichi, tuple(other), dora) == kept


def test_waits_read_alike_are_priced_alike() -> None:
    """suited_price keeps a price by _waits_key: waits with one key must have one class, one
    reason and one rate (random ponds and counts, every suited tile)."""
    rng = random.Random(7)
    priced: dict[tuple[int, ...], tuple[SafetyTier, str, float]] = {}
    for _ in range(400):
        safe = frozenset(rng.sample(range(27), rng.randint(0, 10)))
        trap = rng.choice((None, rng.randrange(27)))
        seen = tuple(rng.choice((0, 0, 1, 2, 3, 4)) for _ in range(34))
        drawn = rng.choice((None, rng.randrange(27)))
        turn = rng.randint(1, 19)
        for tile in range(27):
            waits = analyse(tile, safe, trap, seen, tedashi=rng.random() < 0.3, drawn_riichi=drawn)
            price = (safety.suited_tier(waits), suited_reason(waits, ""), suited_rate(waits, turn))
            assert priced.setdefault(safety._waits_key(waits, turn), price) == price
