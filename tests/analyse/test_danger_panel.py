"""/analyse's danger panel: with a riichi player's pond entered, every tile's deal-in chance.

Read back through the data attributes and compared with engine.table.safety on the
same hand, pond and tiles in sight, so the panel passes only by showing what
the danger model (docs/danger.md) says.
"""

from __future__ import annotations

import re

from flask.testing import FlaskClient

from engine.hand import parse_hand
from engine.table.safety import Riichi, hand_safety
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
