"""Tsumogiri marks in the danger model (engine.table.safety.trap_index), with their source.

Source: D. Chiba, *Riichi Book 1*, ch. 8 «Defense judgement», section «Suji
trap» (cited as RB1): the riichi tile's suji is «at least as dangerous as
non-suji tiles» because a player cuts one tile of a double closed block
(1-3-5) from his hand on the riichi and waits on its suji. A tsumogiri riichi
tile was never part of his hand, so the rule moves to his last tedashi before
the riichi — our reading of RB1's reason, stated in docs/danger.md. Without
marks the model is unchanged (tests/engine/test_safety.py passes as before).
"""

from __future__ import annotations

import pytest

from engine.batch import answer
from engine.errors import HandError
from engine.hand import parse_hand
from engine.review.position import riichis
from engine.table.decision import Opponent
from engine.table.safety import Riichi, SafetyTier, TileSafety, hand_safety, tile_safety, trap_index
from engine.table.view import PondTile
from engine.tiles import parse_tile, parse_tiles
from tests.support.review import decision

# He cut 5m on his fourth discard, then threw the riichi tile 5p.
POND = "1z9s5m5p"
TEDASHI, DRAWN = False, True


def t(code: str) -> int:
    return parse_tile(code).kinds[0]


def judge(tile: str, marks: tuple[bool, ...] = (), pond: str = POND, at: int = 3) -> TileSafety:
    riichi = Riichi(parse_tiles(pond).kinds, at, (), marks)
    return tile_safety(t(tile), riichi, parse_tiles(pond + tile).counts())


def test_without_marks_the_riichi_tile_is_the_trap_as_before() -> None:
    """RB1 «Suji trap»: no marks read the riichi tile as cut from the hand."""
    assert judge("2p").tier is SafetyTier.RIICHI_SUJI
    assert judge("2m").tier is SafetyTier.SUJI_28
    cut = (TEDASHI, TEDASHI, TEDASHI, TEDASHI)
    assert judge("2p", cut) == judge("2p") and judge("2m", cut) == judge("2m")


def test_tsumogiri_riichi_tile_gives_plain_suji_rb1_suji_trap() -> None:
    """RB1 «Suji trap»: the trap comes from a block of his hand; a drawn tile left none."""
    drawn = judge("2p", (TEDASHI, TEDASHI, TEDASHI, DRAWN))
    assert drawn.tier is SafetyTier.SUJI_28
    assert drawn.danger < judge("2p").danger
    assert "цумогири" in drawn.reason and "не ловушка" in drawn.reason


def test_the_trap_moves_to_the_last_tedashi_before_the_riichi_rb1_suji_trap() -> None:
    """RB1 «Suji trap» and «suji of later discards are more dangerous»: the last cut 5m."""
    moved = judge("2m", (TEDASHI, TEDASHI, TEDASHI, DRAWN))
    assert moved.tier is SafetyTier.TEDASHI_SUJI
    assert moved.danger == judge("2p").danger  # priced as the riichi tile's suji was
    assert moved.danger > judge("2m").danger
    assert "последний тедаши" in moved.reason


def test_tsumogiri_discards_before_are_skipped_and_all_drawn_means_no_trap() -> None:
    """The last tedashi is searched backwards; a pond of tsumogiri only leaves no trap."""
    assert trap_index((TEDASHI, TEDASHI, DRAWN, DRAWN), 3) == 1
    assert judge("2m", (TEDASHI, TEDASHI, DRAWN, DRAWN)).tier is SafetyTier.SUJI_28
    assert judge("9s", (TEDASHI, TEDASHI, DRAWN, DRAWN),
                 pond="1z6s5m5p").tier is SafetyTier.TEDASHI_SUJI
    assert trap_index((DRAWN, DRAWN, DRAWN, DRAWN), 3) is None
    assert judge("2m", (DRAWN,) * 4).tier is SafetyTier.SUJI_28
    assert judge("2p", (DRAWN,) * 4).tier is SafetyTier.SUJI_28


def test_marks_after_the_riichi_change_nothing() -> None:
    """After the riichi every discard is tsumogiri by rule: only marks up to the riichi count."""
    pond = POND + "3s"
    plain = Riichi(parse_tiles(pond).kinds, 3)
    marked = Riichi(parse_tiles(pond).kinds, 3, (), (TEDASHI,) * 4 + (DRAWN,))
    seen = parse_tiles(pond + "2p").counts()
    assert tile_safety(t("2p"), marked, seen) == tile_safety(t("2p"), plain, seen)


def test_marks_must_match_the_pond() -> None:
    hand = parse_hand("123m456p789s1122z3z")
    with pytest.raises(HandError, match="цумогири"):
        hand_safety(hand, (Riichi(parse_tiles(POND).kinds, 3, (), (True,)),),
                    parse_tiles(POND).kinds)


# --- the batch kind «safety» and the game review pass the marks --------------------------

SAFETY = {"kind": "safety", "hand": "2467m2467p346678s",
          "riichi": [{"pond": "1z9s5m2z5p", "riichi_index": 4}],
          "visible": "1z9s5m2z5p"}


def test_batch_safety_reads_optional_marks_in_the_same_format() -> None:
    """engine.batch contract: ``tsumogiri`` optional, a boolean per pond tile; same output."""
    plain = answer(SAFETY)["tiles"]
    marked_riichi = {**SAFETY["riichi"][0], "tsumogiri": [False, False, False, True, True]}
    marked = answer({**SAFETY, "riichi": [marked_riichi]})["tiles"]
    assert plain[0]["tile"] == "2m" and marked[0]["tile"] == "2p"
    assert {x["tile"]: x["tier"] for x in marked}["2m"] == "tedashi_suji"
    assert all(set(x) == {"tile", "tier", "reason", "danger"} for x in marked)
    short = {**SAFETY["riichi"][0], "tsumogiri": [True]}
    assert "цумогири" in answer({**SAFETY, "riichi": [short]})["error"]
    wrong = {**SAFETY["riichi"][0], "tsumogiri": [1, 0, 0, 1, 1]}
    assert "error" in answer({**SAFETY, "riichi": [wrong]})


def test_the_review_passes_the_logs_tsumogiri_marks() -> None:
    """engine.review.position.riichis: PondTile.tsumogiri (from tenhou/mjai logs) reaches Riichi."""
    pond = tuple(PondTile(t, tsumogiri=i >= 3, riichi=i == 4)
                 for i, t in enumerate(parse_tiles("1z9s5m2z5p").kinds))
    d = decision("2467m2467p346678s", played="2m",
                 opponents=(Opponent(1, 4, pond, (), ()),))
    (riichi,) = riichis(d)
    assert riichi.tsumogiri == (False, False, False, True, True)
    assert riichi.trap_tile == t("5m")
