"""Tile art: the sprite, the tile tags, the inline syntax, melds, hands and the palette."""

from __future__ import annotations

import gzip
import hashlib
import re
from pathlib import Path

import pytest

from engine.errors import HandError
from engine.hand import parse_hand
from engine.melds import parse_meld
from tests.support.site import make_app, render_text
from tutor.tiles import render as tileart
from tutor.tiles.render import (
    parse_inline,
    render_hand,
    render_inline,
    render_meld,
    render_tiles,
    tile_svg,
)
from tutor.tiles.sprite import (
    DARK,
    FACES_PATH,
    SPRITE_PATH,
    build_faces_css,
    build_sprite,
    drawings,
    grid_ids,
)

ROOT = Path(__file__).resolve().parents[2]
URL = "/s.svg"
ALL_IDS = (
    [f"{v}{s}" for s in "mps" for v in range(1, 10)]
    + [f"{v}z" for v in range(1, 8)]
    + ["0m", "0p", "0s", "back"]
)


def labels(html: str) -> list[str]:
    return re.findall(r'aria-label="([^"]*)"', html)


def hrefs(html: str) -> list[str]:
    """The sprite cell each tile shows (its ``t-…`` class), in order."""
    return re.findall(r'class="tile(?: tile--side)? t-([^"]+)"', html)


# --- the sprite ---------------------------------------------------------------


def test_sprite_draws_every_kind_red_five_and_back() -> None:
    assert sorted(grid_ids()) == sorted(ALL_IDS)
    assert sorted(ident for ident, _ in drawings()) == sorted(set(ALL_IDS) - {"back"})


def test_sprite_is_flat_paths_the_browser_styles_once() -> None:
    """The sprite is a document of its own on every page with tiles: each element is
    styled once, each <use> clone again, so it is paths only, a few per cell."""
    sprite = build_sprite()
    tags = set(re.findall(r"<(\w+)", sprite))
    assert tags == {"svg", "style", "path"}
    assert sprite.count("<path") < 5 * 2 * len(grid_ids())


def test_committed_sprite_is_exactly_what_the_code_draws() -> None:
    assert SPRITE_PATH.read_text(encoding="utf-8") == build_sprite()


def test_committed_faces_stylesheet_is_exactly_what_the_code_writes() -> None:
    assert FACES_PATH.read_text(encoding="utf-8") == build_faces_css()


def test_faces_stylesheet_points_at_the_sprite_with_its_hash_and_a_cell_per_id() -> None:
    css = build_faces_css()
    digest = hashlib.sha256(SPRITE_PATH.read_bytes()).hexdigest()[:8]
    assert f"url(../tiles.svg?v={digest})" in css
    assert re.findall(r"\.t-(\w+) \{ --tile-x: (\d+);", css)[:2] == [("1m", "0"), ("2m", "1")]
    # the corner index is text (at least 10 px in tiles.css), on characters and winds only
    assert '.t-6m { --tile-x: 5; --tile-ix: "6"; }' in css
    assert '.t-2z { --tile-x: 28; --tile-ix: "Ю"; }' in css and ".t-5z { --tile-x: 31; }" in css
    assert ".t-back { --tile-x: 37; }" in css and len(grid_ids()) == 38
    assert ".tiles--fit-42 { --tile-fit: calc((100cqi - 2px) / 42 * 4); }" in css


def test_sprite_draws_each_cell_upright_and_sideways() -> None:
    sprite = build_sprite()
    assert sprite.startswith('<svg xmlns="http://www.w3.org/2000/svg" width="2584" height="116"')
    assert 'transform="translate(104 0) translate(17 5)' in sprite  # 3m's numeral, cell 2
    assert 'transform="translate(136 116) rotate(-90) translate(17 5)' in sprite  # on its side
    # one path per body colour: the strip of all 76 cells, the face of all but the backs
    strip = re.search(r'<path class="tb" d="([^"]+)"', sprite)
    assert strip is not None and strip.group(1).count("M") == 2 * len(grid_ids())
    assert "@media (prefers-color-scheme:dark){.k{fill:#15181c}" in sprite


def test_sprite_is_vector_only_and_small() -> None:
    sprite = build_sprite()
    assert "<image" not in sprite and "data:" not in sprite
    assert len(sprite.encode()) < 90_000
    assert len(gzip.compress(sprite.encode())) < 7_000  # as tutor.web.compression sends it


def test_sprite_colours_are_plain_values_by_class_in_both_themes() -> None:
    """No var() to resolve per element and no colour repeated on each shape."""
    sprite = build_sprite()
    style = re.search(r"<style>(.*)</style>", sprite)
    assert style is not None and "var(" not in sprite
    light, dark = style.group(1).split("@media (prefers-color-scheme:dark)")
    for prop, (role, colour) in {"--tile-ink": ("k", "#1f2328"),
                                 "--tile-face": ("f", "#fbf8ef")}.items():
        assert f".{role}{{fill:{colour}}}" in light and f".{role}{{fill:{DARK[prop]}}}" in dark
    assert ".tk{fill:#2f7d5c;stroke:#9a8d70}" in light and ".tb{fill:#8f8466}" in dark
    assert not re.search(r"<path[^>]* (fill|stroke)=", sprite)


def test_red_five_is_drawn_without_green_or_blue_ink() -> None:
    drawing = dict(drawings())["0s"]
    assert 'class="g"' not in drawing and 'class="r"' in drawing


def test_honours_are_drawn_as_paths_not_font_glyphs() -> None:
    faces = dict(drawings())
    for ident in ("1z", "2z", "3z", "4z", "6z", "7z", "1m"):
        assert "<path" in faces[ident]
    assert not re.search(r"[\u4e00-\u9fff]", build_sprite())


# --- one tile -----------------------------------------------------------------


def test_tile_tag_is_one_empty_span_with_russian_label() -> None:
    assert str(tile_svg("5p", url=URL)) == (
        '<span class="tile t-5p" role="img" aria-label="5 пин"></span>'
    )


@pytest.mark.parametrize(
    ("kind", "red", "ident", "label"),
    [
        pytest.param("0p", False, "0p", "красная 5 пин", id="red-by-notation"),
        pytest.param(22, True, "0s", "красная 5 соу", id="red-by-flag"),
        pytest.param(0, True, "1m", "1 ман", id="only-fives-are-red"),
        pytest.param("1z", False, "1z", "Восток", id="wind"),
        pytest.param(33, False, "7z", "Красный дракон", id="dragon"),
    ],
)
def test_tile_picks_symbol_and_label(kind: int | str, red: bool, ident: str, label: str) -> None:
    html = str(tile_svg(kind, red, url=URL))
    assert hrefs(html) == [ident]
    assert labels(html) == [label]


def test_face_down_tile_says_so() -> None:
    html = str(tile_svg(None, back=True, url=URL))
    assert hrefs(html) == ["back"] and labels(html) == ["тайл рубашкой вверх"]


def test_sideways_tile_is_rotated_in_a_landscape_box() -> None:
    html = str(tile_svg("3p", sideways=True, url=URL))
    assert html == '<span class="tile tile--side t-3p" role="img" aria-label="3 пин, боком"></span>'


@pytest.mark.parametrize("bad", [pytest.param(34, id="int"), pytest.param("8z", id="honour"),
                                 pytest.param("12m", id="two"), pytest.param(True, id="bool")])
def test_bad_tile_raises_hand_error(bad: object) -> None:
    with pytest.raises(HandError):
        tile_svg(bad, url=URL)  # type: ignore[arg-type]


def test_tile_url_carries_content_hash_outside_a_request() -> None:
    assert re.fullmatch(r"/static/tiles\.svg\?v=[0-9a-f]{8}", tileart.sprite_url())


# --- inline syntax ------------------------------------------------------------


def test_inline_groups_split_on_spaces() -> None:
    html = str(render_inline("123m 4p", url=URL))
    assert html.count('class="tile-group"') == 2
    assert hrefs(html) == ["1m", "2m", "3m", "4p"]
    assert html.startswith('<span class="tiles tiles--inline">')


def test_inline_accepts_surrounding_colons() -> None:
    assert hrefs(str(render_inline(":406m:", url=URL))) == ["4m", "0m", "6m"]


def test_inline_apostrophe_turns_the_tile_before_it() -> None:
    marks = parse_inline("55'5z")[0]
    assert [m.sideways for m in marks] == [False, True, False]
    html = str(render_inline("55'5z", url=URL))
    assert labels(html) == ["Белый дракон", "Белый дракон, боком", "Белый дракон"]


def test_inline_hash_is_face_down_and_ignores_the_suit() -> None:
    html = str(render_inline("#11#s", url=URL))
    assert hrefs(html) == ["back", "1s", "1s", "back"]


@pytest.mark.parametrize(
    "spec",
    [
        pytest.param("123", id="no-suit"),
        pytest.param("m", id="no-digits"),
        pytest.param("12x", id="unknown-letter"),
        pytest.param("'1m", id="apostrophe-first"),
        pytest.param("1''m", id="double-apostrophe"),
        pytest.param("8z", id="no-such-honour"),
        pytest.param("", id="empty"),
        pytest.param("1m" * 61, id="too-many"),
    ],
)
def test_bad_inline_spec_raises_hand_error_in_russian(spec: str) -> None:
    with pytest.raises(HandError) as info:
        render_inline(spec, url=URL)
    assert re.search("[а-я]", str(info.value))


# --- melds and hands ----------------------------------------------------------


@pytest.mark.parametrize(
    ("seat", "turned"),
    [pytest.param(1, 0, id="left-first"), pytest.param(2, 1, id="across-middle"),
     pytest.param(3, 2, id="right-last")],
)
def test_pon_turns_the_tile_from_the_seat_it_came_from(seat: int, turned: int) -> None:
    marks = tileart.meld_marks(parse_meld("pon", "777p", from_seat=seat))
    assert [m.sideways for m in marks] == [i == turned for i in range(3)]


def test_chi_puts_the_called_tile_first_and_sideways() -> None:
    html = str(render_meld(parse_meld("chi", "345s", called="4s", from_seat=1), url=URL))
    assert hrefs(html) == ["4s", "3s", "5s"]
    assert labels(html)[1] == "4 соу, боком"
    assert labels(html)[0] == "чи"


def test_closed_kan_shows_backs_at_both_ends() -> None:
    html = str(render_meld(parse_meld("ankan", "9999s"), url=URL))
    assert hrefs(html) == ["back", "9s", "9s", "back"]


def test_added_kan_stacks_a_second_sideways_tile() -> None:
    html = str(render_meld(parse_meld("shouminkan", "5555z", from_seat=3), url=URL))
    assert html.count("tile--side") == 2 and html.count("tile-stack") == 1


def test_called_meld_without_seat_is_drawn_as_taken_from_the_left() -> None:
    """A pon must still look called when the author did not say whose discard it was."""
    html = str(render_meld(parse_meld("pon", "555z"), url=URL))
    assert html.count("tile--side") == 1
    assert html.index("tile--side") < html.index("t-5z")
    assert "tile--side" not in str(render_meld(parse_meld("ankan", "5555z"), url=URL))


def test_hand_draws_concealed_melds_and_winning_tile_as_groups() -> None:
    hand = parse_hand("23m406p99s", [parse_meld("pon", "111z", from_seat=2),
                                  parse_meld("chi", "789s", called="7s", from_seat=1)], size=13)
    html = str(render_hand(hand, win_tile="1m", url=URL))
    assert re.findall(r'class="tile-group([^"]*)"', html) == [
        " tile-group--concealed", " tile-group--meld", " tile-group--meld", " tile-group--win"]
    assert hrefs(html) == [
        "2m", "3m", "4p", "0p", "6p", "9s", "9s", "1z", "1z", "1z", "7s", "8s", "9s", "1m"]
    assert 'aria-label="выигрышный тайл"' in html


@pytest.mark.parametrize(
    ("concealed", "melds", "win", "units"),
    [
        # 13 upright tiles, touching: 13 × 0.75 = 9.75 tile heights → 39 quarters.
        pytest.param("123456789m1234p", [], None, 39, id="thirteen"),
        # + the winning tile in its own group: gap 0.22 and 0.75 → 10.72 → 43.
        pytest.param("123456789m1234p", [], "5p", 43, id="fourteen"),
        # 7 concealed (5.25) + pon, one sideways (2 × 0.75 + 1), chi (same), 2 gaps: 10.69 → 43.
        pytest.param("1234567m", [("pon", "555z"), ("chi", "789s")], None, 43, id="melds"),
    ],
)
def test_hand_carries_its_width_for_the_one_line_fit(
    concealed: str, melds: list[tuple[str, str]], win: str | None, units: int
) -> None:
    called = [parse_meld(kind, tiles) for kind, tiles in melds]
    html = str(render_hand(concealed, called, win, url=URL))
    assert html.startswith(f'<span class="tiles tiles--hand tiles--fit-{units}">')


def test_hand_from_text_keeps_red_fives() -> None:
    assert hrefs(str(render_hand("505m", url=URL))) == ["0m", "5m", "5m"]


def test_a_parsed_hand_draws_its_red_five_in_its_own_suit() -> None:
    # A plain 5m and the red 5p: a count of red fives used to turn the 5m red instead.
    hand = parse_hand("05m0p123456789s1z", size=13)
    drawn = hrefs(str(render_hand(hand, url=URL)))
    assert drawn[:4] == ["0m", "5m", "0p", "1s"]
    assert hrefs(str(render_hand(parse_hand("5m0p123456789s11z", size=13), url=URL)))[:2] == [
        "5m", "0p"]


def test_render_tiles_marks_the_first_fives_red() -> None:
    assert hrefs(str(render_tiles([4, 4, 13], red=2, url=URL))) == ["0m", "5m", "0p"]


def test_group_label_is_escaped_and_the_tiles_are_not() -> None:
    """Groups are built as plain strings: the label is escaped by hand, the tiles are Markup."""
    html = render_tiles([0, 4], label='Вы "<b>"', url=URL)
    assert 'aria-label="Вы &#34;&lt;b&gt;&#34;"' in html and "<b>" not in html
    assert html.count('<span class="tile t-') == 2 and hrefs(str(html)) == ["1m", "5m"]
    assert html.startswith('<span class="tiles"><span class="tile-group" role="group"')


# --- palette ------------------------------------------------------------------


PALETTE = '{% import "macros/tiles.html" as t %}{{ t.palette(name, selected, disabled) }}'


def palette(content_dir: Path, name: str, selected: tuple[str, ...] = (),
            disabled: tuple[str, ...] = ()) -> str:
    """The palette macro of templates/macros/tiles.html, as a drill's question draws it."""
    return render_text(make_app(content_dir, SECRET_KEY="t"), PALETTE, name=name,
                       selected=selected, disabled=disabled)


def test_palette_has_34_checkboxes_grouped_by_suit(content_dir: Path) -> None:
    html = palette(content_dir, "waits")
    values = re.findall(r'<input type="checkbox" name="waits" value="([^"]+)"', html)
    assert len(values) == 34 and values[0] == "1m" and values[-1] == "7z"
    assert re.findall(r"<legend>([^<]+)</legend>", html) == [
        "ман", "пин", "соу", "ветра", "драконы"]
    assert html.count("<label><input") == 34 and labels(html)[:2] == ["1 ман", "2 ман"]


def test_palette_marks_selected_and_disabled(content_dir: Path) -> None:
    html = palette(content_dir, "w", selected=("3p", "6p"), disabled=("1z",))
    assert re.findall(r'value="([^"]+)" checked', html) == ["3p", "6p"]
    assert re.findall(r'value="([^"]+)" disabled', html) == ["1z"]


def test_palette_escapes_the_field_name(content_dir: Path) -> None:
    html = palette(content_dir, 'a"><x')
    assert '"><x' not in html


# --- Jinja macros -------------------------------------------------------------


def test_macros_render_through_registered_globals(content_dir: Path) -> None:
    """The tile macros call the globals tutor.template_helpers registers on the site's app."""

    app = make_app(content_dir, SECRET_KEY="t")
    with app.test_request_context():
        page = app.jinja_env.from_string(
            '{% import "macros/tiles.html" as t %}{{ t.tile("5p", sideways=True) }}|'
            '{{ t.tile_group("3\'45p") }}|{{ t.hand("123m", win_tile="4m") }}|{{ t.palette("x") }}'
        ).render()
    tile, group, hand, palette = page.split("|")
    assert labels(tile) == ["5 пин, боком"]
    assert hrefs(group) == ["3p", "4p", "5p"]
    assert "tile-group--win" in hand
    assert palette.count('type="checkbox"') == 34


def test_a_request_takes_the_sprite_hash_from_the_static_files(
    content_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One hash for every static file (tutor.web.assets): the sprite's follows the recheck time."""
    from tutor.web import assets

    static = tmp_path / "static"
    static.mkdir()
    (static / "tiles.svg").write_text("<svg>one</svg>", encoding="utf-8")
    now = [500.0]
    monkeypatch.setattr(assets.time, "monotonic", lambda: now[0])
    app = make_app(content_dir, SECRET_KEY="t", CONTENT_RECHECK_SECONDS=1)
    app.static_folder = str(static)

    def url() -> str:
        with app.test_request_context():
            return tileart.sprite_url()

    first = url()
    assert first.endswith("v=" + assets.static_digest(app, "tiles.svg"))
    (static / "tiles.svg").write_text("<svg>two, longer</svg>", encoding="utf-8")
    now[0] += 0.5
    assert url() == first  # the production server trusts the hash for a second
    now[0] += 1.0
    assert url() != first
    (static / "tiles.svg").unlink()  # no sprite in the folder: the built one's hash
    now[0] += 1.0
    assert url().endswith("v=" + tileart._sprite_digest())
