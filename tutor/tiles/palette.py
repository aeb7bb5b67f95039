"""The 34-tile palette of the "find the wait" drill: checkboxes, no JavaScript needed.

Each tile is a real ``<input type="checkbox" name=… value="5p">`` wrapped in
its ``<label>`` together with the tile picture, so it works with Tab/Space,
with a mouse or touch, with a screen reader (the tile's ``aria-label`` names
the checkbox) and with JavaScript switched off. The input is visually hidden
but focusable; ``static/css/tiles.css`` draws the focus ring and the checked
state on the tile next to it. Wrapping the input in its label needs no ``id``,
so several palettes may share one page. static/js/app.js adds arrow keys
(within a suit, and up/down between suits) that only move focus.
"""

from __future__ import annotations

from collections.abc import Iterable

from markupsafe import Markup

from engine.errors import HandError
from engine.tiles import Tile, parse_tiles, tile_code
from tutor.tiles.render import tile_svg

# (legend, tile kinds) in the order the palette shows them; spellings per docs/glossary.md.
PALETTE_SECTIONS: tuple[tuple[str, tuple[Tile, ...]], ...] = (
    ("ман", tuple(range(0, 9))),
    ("пин", tuple(range(9, 18))),
    ("соу", tuple(range(18, 27))),
    ("ветра", tuple(range(27, 31))),
    ("драконы", tuple(range(31, 34))),
)


def _kinds(tiles: Iterable[Tile | str] | str) -> frozenset[Tile]:
    """Accept kinds, codes (``"5p"``) or one mpsz string (``"14m5p"``)."""
    if isinstance(tiles, str):
        return frozenset(parse_tiles(tiles).kinds)
    out: set[Tile] = set()
    for item in tiles:
        if isinstance(item, str):
            out.update(parse_tiles(item).kinds)
        elif isinstance(item, int) and not isinstance(item, bool) and 0 <= item < 34:
            out.add(item)
        else:
            raise HandError(f"Нет такого тайла: «{item}».")
    return frozenset(out)


def render_palette(
    name: str,
    selected: Iterable[Tile | str] | str = (),
    disabled: Iterable[Tile | str] | str = (),
    *,
    legend: str = "Выберите тайлы",
    url: str | None = None,
) -> Markup:
    """A ``<fieldset>`` of 34 checkboxes named ``name`` with tile codes as values."""
    href = url  # ignored by tile_svg: the sheet's address is in the stylesheet
    chosen, off = _kinds(selected), _kinds(disabled)
    sections = Markup("")
    for title, kinds in PALETTE_SECTIONS:
        items = Markup("").join(
            Markup(
                '<label><input type="checkbox" name="{}" value="{}"{}{}>{}'
                "</label>"
            ).format(
                name,
                tile_code(kind),
                Markup(" checked") if kind in chosen else Markup(""),
                Markup(" disabled") if kind in off else Markup(""),
                tile_svg(kind, url=href),
            )
            for kind in kinds
        )
        sections += Markup(
            '<fieldset class="palette__suit"><legend>{}</legend>'
            '<div class="palette__tiles">{}</div></fieldset>'
        ).format(title, items)
    return Markup('<fieldset class="palette"><legend class="palette__legend">{}</legend>{}'
                  "</fieldset>").format(legend, sections)
