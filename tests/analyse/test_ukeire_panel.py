"""/analyse's ukeire panel: every discard of a 14-tile hand ranked, a 13-tile hand's count.

The page is read back through its data attributes and compared with
:mod:`engine.shape.ukeire` on the same hand and the same tiles in sight (dora
indicators, own discards and the «visible» field), so the panel can only
pass by showing what the engine says.
"""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from engine.hand import Hand, parse_hand
from engine.melds import parse_meld_text
from engine.shape.ukeire import rank_discards, ukeire
from engine.tiles import parse_tiles, tile_code
from tests.support.analyse import page
from tests.support.client import HTMX
from tutor.analyse.query import Query

TWO_SHAPES = "2356m13p456789s11z"  # 1-shanten after the best cuts, with second order
Row = tuple[str, int, int, str, int | None]
ITEM = re.compile(
    r'data-discard="(\w+)" data-shanten="(-?\d+)" data-count="(\d+)" data-tiles="([\w ]*)"'
    r'(?: data-good="(\d+)")?'
)


def ranked(html: str) -> list[Row]:
    """The panel's discards in page order: tile, shanten, count, improving kinds, good shape."""
    return [
        (tile, int(n), int(count), tiles, int(good) if good else None)
        for tile, n, count, tiles, good in ITEM.findall(html)
    ]


def hand_of(args: dict[str, str]) -> Hand:
    melds = tuple(parse_meld_text(m) for m in Query(**args).meld_texts)
    return parse_hand(args["hand"], melds)


def expected(args: dict[str, str], seen: str) -> list[Row]:
    ranking = rank_discards(hand_of(args), parse_tiles(seen).kinds, quality=True)
    return [
        (tile_code(o.tile), o.shanten, o.count, " ".join(tile_code(i.tile) for i in o.tiles),
         o.quality.good_shape if o.quality else None)
        for o in ranking.options
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("args", "seen"),
    [
        ({"hand": TWO_SHAPES}, ""),
        ({"hand": TWO_SHAPES, "visible": "4m4m7m", "dora": "2p", "discards": "1m"}, "2p1m4m4m7m"),
        ({"hand": "234567m234p22234s"}, ""),  # a complete hand: every discard all the same
        ({"hand": "567m345s88s249s", "melds": "chi 234p", "visible": "1s"}, "1s"),  # a meld
    ],
)
def test_every_discard_of_a_14_tile_hand_is_ranked_as_the_engine_ranks_it(
    client: FlaskClient, args: dict[str, str], seen: str
) -> None:
    rows = ranked(page(client, **args))
    assert rows == expected(args, seen)
    assert len(rows) == len({r[0] for r in rows}) == sum(1 for n in hand_of(args).concealed if n)
    assert [r[1] for r in rows] == sorted(r[1] for r in rows)


def test_the_panel_shows_the_second_order_and_why_the_best_discard_wins(
    client: FlaskClient,
) -> None:
    html = page(client, hand=TWO_SHAPES)
    rows = ranked(html)
    assert all(good is not None for _, n, _, _, good in rows if n == 1)
    best = {r[0]: r for r in rows}
    assert rows[0][2] == best["1p"][2] and best["1p"][4] == 12 > best["2m"][4]
    assert "к темпаю с рянменом ведут 12 тайлов" in html
    assert "но после «1 пин» к темпаю с рянменом ведут 12 тайлов" in html  # why_best, said once
    panel = html[html.index('id="ukeire"') :]
    assert '<details class="ukeire-panel__fold" open>' in panel  # not a win: open


def test_visible_tiles_are_counted_out_and_a_kind_seen_four_times_drops_out(
    client: FlaskClient,
) -> None:
    plain = dict((r[0], r) for r in ranked(page(client, hand=TWO_SHAPES)))
    seen = dict((r[0], r) for r in ranked(page(client, hand=TWO_SHAPES, visible="4m4m4m4m")))
    assert "4m" in plain["1p"][3].split() and "4m" not in seen["1p"][3].split()
    assert seen["1p"][2] == plain["1p"][2] - 4


def test_a_complete_hand_keeps_its_score_and_folds_the_ranking(client: FlaskClient) -> None:
    html = page(client, hand="234567m234p22234s")
    assert 'data-outcome="win"' in html
    assert '<details class="ukeire-panel__fold">' in html
    assert html.index('data-outcome="win"') < html.index('id="ukeire"')


def test_a_13_tile_hand_shows_shanten_improving_tiles_and_count_with_visible_tiles(
    client: FlaskClient,
) -> None:
    args = {"hand": "24m68m456p789s115z", "visible": "3m7m", "dora": "3m"}
    html = page(client, **args)
    want = ukeire(parse_hand(args["hand"]), parse_tiles("3m3m7m").kinds)
    assert (want.shanten, want.count) == (1, 5)
    assert f'data-ukeire="{want.count}"' in html
    assert re.findall(r'<li data-tile="(\w+)">', html) == [tile_code(i.tile) for i in want.tiles]
    assert "1-шантен" in html and "всего 5 копий" in html
    assert 'id="ukeire"' not in html  # no discard to rank


def test_a_13_tile_tenpai_counts_its_winning_tiles(client: FlaskClient) -> None:
    html = page(client, hand="123m456p789s2345s", visible="1s4s")
    want = ukeire(parse_hand("123m456p789s2345s"), parse_tiles("1s4s").kinds)
    assert want.shanten == 0
    assert f'data-ukeire="{want.count}"' in html


@pytest.mark.parametrize(
    ("hand", "best", "count"),
    [
        ("1122m3344p5566s17z", {"1z", "7z"}, 3),  # seven pairs: tenpai on the other honour
        ("19m19p19s12345675z", {"5z"}, 38),  # kokushi, 13-sided: 3 copies each, 5z 2 (one cut)
    ],
)
def test_chiitoitsu_and_kokushi_routes_rank_first(
    client: FlaskClient, hand: str, best: set[str], count: int
) -> None:
    rows = ranked(page(client, hand=hand))
    assert rows == expected({"hand": hand}, "")
    firsts = {r[0] for r in rows if (r[1], r[2]) == (rows[0][1], rows[0][2])}
    assert firsts == best and rows[0][1:3] == (0, count)


@pytest.mark.parametrize(
    ("args", "field"),
    [
        ({"hand": TWO_SHAPES, "visible": "4x"}, "visible"),
        ({"hand": TWO_SHAPES, "visible": "1z1z1z"}, "visible"),  # a fifth 1z
        ({"hand": TWO_SHAPES, "dora": "1z", "discards": "1z1z"}, "discards"),  # the one to blame
        ({"hand": TWO_SHAPES, "dora": "1z1z1z"}, "dora"),
    ],
)
def test_bad_visible_tiles_give_a_russian_message_and_no_500(
    client: FlaskClient, args: dict[str, str], field: str
) -> None:
    html = page(client, **args)
    match = re.search(r'data-error-field="(\w+)"><strong>[^<]+</strong> ([^<]+)</p>', html)
    assert match and match.group(1) == field
    assert re.search("[а-яё]{4}", match.group(2))
    assert 'id="ukeire"' not in html


RED_HAND = "2306m13p456789s11z"  # TWO_SHAPES with its 5m red


@pytest.mark.parametrize(
    ("args", "field"),
    [
        ({"hand": RED_HAND, "visible": "0m"}, "visible"),
        ({"hand": RED_HAND, "dora": "0m"}, "dora"),
        ({"hand": TWO_SHAPES, "discards": "0p", "visible": "0p"}, "visible"),  # the second one
        ({"hand": "2356m13p789s1z", "melds": "pon 055s", "visible": "0s"}, "visible"),
    ],
)
def test_a_second_red_five_of_a_suit_in_sight_is_refused_at_its_field(
    client: FlaskClient, args: dict[str, str], field: str
) -> None:
    # Rule: one red five of each suit in the set (engine.hand.check_red_fives).
    html = page(client, **args)
    match = re.search(r'data-error-field="(\w+)"><strong>[^<]+</strong> ([^<]+)</p>', html)
    assert match and match.group(1) == field, html[:300]
    assert "в комплекте одна" in match.group(2)
    assert 'id="ukeire"' not in html


def test_one_red_five_of_each_suit_in_sight_is_fine_and_a_used_one_is_greyed_out(
    client: FlaskClient,
) -> None:
    html = page(client, hand=RED_HAND, dora="0p", visible="0s", mode="visible")
    assert 'id="ukeire"' in html and "data-error-field" not in html
    for suit in ("ман", "пин", "соу"):  # each suit's red five is placed already
        assert f'aria-label="Добавить к видимым тайлам красная 5 {suit} — нельзя"' in html
    assert 'aria-label="Добавить к видимым тайлам 5 ман"' in html  # plain fives still can


def test_the_palette_adds_to_the_visible_tiles_and_counts_them_as_used(
    client: FlaskClient,
) -> None:
    html = page(client, hand=TWO_SHAPES, visible="1z1z", mode="visible")
    assert 'aria-label="Добавить к видимым тайлам 1 ман"' in html
    # two in the hand, two seen: no fifth East to add
    assert 'aria-label="Добавить к видимым тайлам Восток — нельзя"' in html
    assert '<span class="builder__label">Видимые тайлы</span>' in html
    assert Query(hand=TWO_SHAPES, mode="visible").add_tile(9).visible == "1p"


def test_the_live_fragment_carries_the_panel_and_errors(client: FlaskClient) -> None:
    ok = client.get("/analyse", query_string={"hand": TWO_SHAPES},
                    headers={**HTMX, "HX-Target": "analysis"})  # fmt: skip
    assert ok.status_code == 200 and ranked(ok.get_data(as_text=True))
    bad = client.get("/analyse", query_string={"hand": TWO_SHAPES, "visible": "1z1z1z"},
                     headers={**HTMX, "HX-Target": "analysis"})  # fmt: skip
    assert bad.status_code == 400
    assert 'id="err-visible"' in bad.get_data(as_text=True)
