"""/analyse's danger panel: with a riichi player's pond entered, every tile's deal-in chance.

Read back through the data attributes and compared with engine.table.safety on the
same hand, pond and tiles in sight, so the panel passes only by showing what
the danger model (docs/danger.md) says.
"""

from __future__ import annotations

import re

from flask.testing import FlaskClient

from engine.hand import parse_hand
from engine.melds import parse_meld_text
from engine.table.safety import Riichi, hand_safety
from engine.table.safety_open import OpenHand
from engine.tiles import parse_tiles, tile_code
from tests.support.analyse import page

HAND = "147m258p369s22256z"
ITEM = re.compile(r'data-discard="(\w+)" data-danger="([\d.]+)"')


def test_danger_panel_matches_the_engine_beside_the_ukeire_panel(client: FlaskClient) -> None:
    html = page(client, hand=HAND, opp="9m 1z 4m 2s 8p 3z", opp_at="4", dora="3s")
    assert 'id="danger"' in html and 'id="ukeire"' in html
    shown = [(tile, float(d)) for tile, d in ITEM.findall(html)]
    pond = parse_tiles("9m1z4m2s8p3z").kinds
    found = hand_safety(parse_hand(HAND), (Riichi(pond, 3),), (*parse_tiles("3s").kinds, *pond),
                        parse_tiles("3s").kinds)
    assert shown == [(tile_code(s.tile), round(s.danger, 1)) for s in found]
    assert shown[0] == ("4m", 0.0) and "генбуцу" in html


def test_no_pond_no_panel_and_a_bad_pond_is_a_field_error(client: FlaskClient) -> None:
    assert 'id="danger"' not in page(client, hand=HAND)
    assert 'id="danger"' in page(client, hand=HAND, opp="1z1z1z1z")  # riichi on the last 1z
    bad = page(client, hand=HAND, opp="2z2z")  # three 2z in hand: a fifth copy
    assert 'id="err-opp"' in bad and "четыре" in bad


# A pin flush (or toitoi) reading: Riichi Book 1, ch. 8 «Defense against melded hands».
OPEN = "pon 222p, pon 777p"


def test_an_opponent_with_calls_is_priced_as_the_engine_prices_an_open_hand(
        client: FlaskClient) -> None:
    html = page(client, hand=HAND, open_melds=OPEN, open_pond="1z 9s 4m", dora="3s")
    assert "Против открытой руки: опасность каждого тайла" in html
    shown = [(tile, float(d)) for tile, d in ITEM.findall(html)]
    melds = tuple(parse_meld_text(m) for m in OPEN.split(", "))
    his_pond = parse_tiles("1z9s4m").kinds
    him = OpenHand(melds, his_pond)
    seen = (*parse_tiles("3s").kinds, *his_pond, *(t for m in melds for t in m.tiles))
    found = hand_safety(parse_hand(HAND), (), seen, parse_tiles("3s").kinds, (him,))
    assert shown == [(tile_code(s.tile), round(s.danger, 1)) for s in found]
    assert shown[0] == ("4m", 0.0)  # his genbutsu
    assert dict(shown)["2p"] > dict(shown)["1m"]  # his suit is the danger, not the others


def test_a_riichi_and_an_open_hand_together_and_a_bad_meld_is_a_field_error(
        client: FlaskClient) -> None:
    both = page(client, hand=HAND, opp="9m 1z 4m 2s", open_melds=OPEN, open_pond="1z 9s")
    assert "Против риичи и открытой руки" in both and 'id="danger"' in both
    bad = page(client, hand=HAND, open_melds="pon 234p")
    assert 'id="err-open_melds"' in bad and 'id="danger"' not in bad
