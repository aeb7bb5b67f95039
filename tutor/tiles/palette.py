"""The layout of the 34-tile palette of the "find the wait" drill: its sections, as data.

The palette itself is drawn by :func:`tutor.tiles.render.render_palette` (the
``palette`` macro of ``templates/macros/tiles.html``): real ``<input type="checkbox" name=…
value="5p">`` wrapped in their ``<label>`` together with the tile picture, so
it works with Tab/Space, with a mouse or touch, with a screen reader (the
tile's ``aria-label`` names the checkbox) and with JavaScript switched off.
The input is visually hidden but focusable; ``static/css/tiles.css`` draws the
focus ring and the checked state on the tile next to it. static/js/app.js adds
arrow keys (within a suit, and up/down between suits) that only move focus.
The markup is joined in Python, not by a template loop: a wrong answer redraws
the question with the chosen tiles ticked, and the loop (a call per tile, every
field escaped by Jinja) was half of that answer's rendering. The analyser's builder lays out
its palette links by the same sections (:mod:`tutor.analyse.builder`).
"""

from __future__ import annotations

from engine.tiles import Tile, tile_code

# (legend, tile kinds) in the order the palette shows them; spellings per docs/glossary.md.
PALETTE_SECTIONS: tuple[tuple[str, tuple[Tile, ...]], ...] = (
    ("ман", tuple(range(0, 9))),
    ("пин", tuple(range(9, 18))),
    ("соу", tuple(range(18, 27))),
    ("ветра", tuple(range(27, 31))),
    ("драконы", tuple(range(31, 34))),
)
# The same sections by tile code ("5p"), as the template's checkboxes carry them.
PALETTE_CODES: tuple[tuple[str, tuple[str, ...]], ...] = tuple(
    (legend, tuple(tile_code(kind) for kind in kinds)) for legend, kinds in PALETTE_SECTIONS)
