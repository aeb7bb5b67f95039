"""Build ``static/tiles.svg``: every tile drawn twice, as a grid, by our code.

Run ``python -m tutor.tiles.sprite`` after changing the drawings; the test
suite regenerates the sprite in memory and fails if the committed file differs,
so the file in git is always exactly what this code draws.

Why a committed file rather than a route: it is served by any static server
(and by Flask's static view) with no Python on the request path, and the site
links it with a content hash in the query string (see
:func:`tutor.tiles.render.sprite_url`), so it can be cached for a long time.

The grid: row one every tile upright (a cell :data:`UP_PITCH` wide), row two
every tile on its side (:data:`SIDE_PITCH`), in the order of :func:`grid_ids`
(``1m`` … ``9m``, ``1p`` …, ``1s`` …, ``1z`` … ``7z``, the red fives
``0m``/``0p``/``0s``, ``back`` for a face-down tile). Pages show a cell of it
as a tile's CSS background (``static/css/tile-faces.css``, also written here:
one ``--tile-x`` per id and the sprite's URL with its content hash), which
costs the browser a fraction of a ``<use>`` per tile (:mod:`tutor.tiles.render`).
The gap between cells keeps a neighbour's edge out of a rounded-off cell.

The sprite is its own document, styled and painted on every page with tiles,
so it is written for the browser's cost: no ``<use>`` and no ``<symbol>`` (each
``<use>`` clone is styled again, and Chromium styles a symbol's contents even
when nothing uses it), every face flattened into a few paths
(:mod:`tutor.tiles.flatten`), the bodies of all cells as one path per colour,
and colours as plain values by class. As an image the sprite cannot see the
page's custom properties, so it carries its own dark-theme values
(:data:`DARK`), chosen by ``prefers-color-scheme``.
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

from tutor.tiles.faces import (
    ROLES,
    H,
    W,
    draw_dragon,
    draw_man,
    draw_pin,
    draw_sou,
    draw_wind,
)
from tutor.tiles.flatten import flat, rect_d

SPRITE_PATH = Path(__file__).resolve().parents[2] / "static" / "tiles.svg"
FACES_PATH = SPRITE_PATH.parent / "css" / "tile-faces.css"
UP_PITCH = 52  # grid cell of an upright tile (48 wide) …
SIDE_PITCH = 68  # … and of a sideways one (64 wide), in sprite units
SIDE_ROW = 68  # top of the sideways row (the upright row is 64 high)
MAX_FIT_UNITS = 96  # widest hand in quarter tile heights (four kans, a pair, the winning tile)

# The dark theme's tile colours (light ones are ROLES' and BODY_ROLES' values);
# the same values as tiles.css's light-dark() pairs.
DARK: dict[str, str] = {
    "--tile-face": "#e4dece", "--tile-side": "#8f8466", "--tile-edge": "#5d5444",
    "--tile-back": "#24604a", "--tile-back-line": "#4f9579", "--tile-ink": "#15181c",
    "--tile-red": "#b81f18", "--tile-green": "#0f6e3e", "--tile-blue": "#1b4589",
}

# Colours of the tile body (not ink): the theme colour's name (as tiles.css calls it)
# and its light value.
BODY_ROLES: dict[str, tuple[str, str]] = {
    "side": ("--tile-side", "#d8cba8"),
    "edge": ("--tile-edge", "#9a8d70"),
    "back": ("--tile-back", "#2f7d5c"),
    "backline": ("--tile-back-line", "#6fb394"),
}

_WIND_INDEX = {"E": "В", "S": "Ю", "W": "З", "N": "С"}


def corner_indices() -> dict[str, str]:
    """The index tiles.css writes in a tile's corner, by id: characters and winds.

    Readers new to the characters depend on it (六 or 八, 東 or 南). It is text,
    not part of the picture, so it stays at least 10 px whatever the tile's size.
    """
    found = {f"{value}m": str(value) for value in range(1, 10)} | {"0m": "5"}
    found |= {f"{i + 1}z": _WIND_INDEX[letter] for i, letter in enumerate(_WIND_LETTERS)}
    return found
_WIND_LETTERS = "ESWN"
_DRAGON_NAMES = ("haku", "hatsu", "chun")


def _rules(colour: dict[str, str], *, dark: bool) -> str:
    """Paint by class, with plain colours (``colour``: custom property name -> value).

    A dark rule only changes colours; ``fill:none`` of the strokes is set once.
    """
    none = "" if dark else "fill:none;"
    rules = [f".{role}{{fill:{colour[prop]}}}.{role}s{{{none}stroke:{colour[prop]}}}"
             for role, (prop, _) in ROLES.items()]
    face, edge = colour[ROLES["f"][0]], colour[BODY_ROLES["edge"][0]]
    rules += [
        f".tb{{fill:{colour[BODY_ROLES['side'][0]]}}}",
        f".tf{{fill:{face};stroke:{edge}}}",
        f".tk{{fill:{colour[BODY_ROLES['back'][0]]};stroke:{edge}}}",
        f".tl{{{none}stroke:{colour[BODY_ROLES['backline'][0]]}}}",
    ]
    return "".join(rules)


def _stylesheet() -> str:
    """Every colour of the sprite, light and dark, by class: one plain value per element.

    The shapes carry only a class (``tutor.tiles.flatten``): no custom property
    to resolve per element, no colour attribute repeated on every path. The dark
    values apply by ``prefers-color-scheme``, which in an image follows the
    page's colour scheme.
    """
    light = {prop: value for prop, value in (*ROLES.values(), *BODY_ROLES.values())}
    return (f"<style>{_rules(light, dark=False)}"
            f"@media (prefers-color-scheme:dark){{{_rules(DARK, dark=True)}}}</style>")


Rect = tuple[float, float, float, float, float]  # x, y, width, height, corner radius

# The tile body: its thickness strip, then the face (or the back) over it.
SIDE_RECT: Rect = (0.5, 2, 47, 61.5, 5)
FACE_RECT: Rect = (0.9, 0.9, 46.2, 59.2, 4.6)
BACK_LINE_RECT: Rect = (5, 5, 38, 51, 3)


def _body_paint(part: str) -> str:
    """Class (and stroke width) of one part of the body; its colours are in the style."""
    width = {"tf": "0.8", "tk": "0.8", "tl": "1"}.get(part)
    return f'class="{part}"' + (f' stroke-width="{width}"' if width else "")


def _body_parts(ident: str) -> list[tuple[str, Rect]]:
    if ident == "back":
        return [("tb", SIDE_RECT), ("tk", FACE_RECT), ("tl", BACK_LINE_RECT)]
    return [("tb", SIDE_RECT), ("tf", FACE_RECT)]


def _placed(rect: Rect, k: int, sideways: bool) -> Rect:
    """``rect`` of a tile moved into grid cell ``k``, upright or turned a quarter left."""
    x, y, w, h, r = rect
    if not sideways:
        return (x + k * UP_PITCH, y, w, h, r)
    # translate(k·SIDE_PITCH, SIDE_ROW + W) rotate(-90) takes (x, y) to (X + y, Y − x)
    return (k * SIDE_PITCH + y, SIDE_ROW + W - x - w, h, w, r)


def _cell(k: int, sideways: bool) -> str:
    """The transform that puts a tile drawing into grid cell ``k``."""
    if sideways:
        return f"translate({k * SIDE_PITCH} {SIDE_ROW + W}) rotate(-90)"
    return f"translate({k * UP_PITCH} 0)" if k else ""


def _bodies(cells: list[tuple[int, str, bool]]) -> str:
    """Every body part of ``cells`` (grid index, id, sideways) as one path per part.

    Cells never overlap, so one path per colour paints all the bodies at once;
    the faces are drawn after, each on its own body.
    """
    parts: dict[str, list[str]] = {"tb": [], "tf": [], "tk": [], "tl": []}
    for k, ident, sideways in cells:
        for part, rect in _body_parts(ident):
            parts[part].append(rect_d(*_placed(rect, k, sideways)))
    return "".join(f'<path {_body_paint(part)} d="{"".join(ds)}"/>'
                   for part, ds in parts.items() if ds)


def drawings() -> list[tuple[str, str]]:
    """(id, face drawing) for every tile that has a face, in a fixed order (see faces)."""
    out: list[tuple[str, str]] = []
    for value in range(1, 10):
        out.append((f"{value}m", draw_man(value)))
    for value in range(1, 10):
        out.append((f"{value}p", draw_pin(value)))
    for value in range(1, 10):
        out.append((f"{value}s", draw_sou(value)))
    for i, letter in enumerate(_WIND_LETTERS):
        out.append((f"{i + 1}z", draw_wind(letter)))
    for i, name in enumerate(_DRAGON_NAMES):
        out.append((f"{i + 5}z", draw_dragon(name)))
    out.append(("0m", draw_man(5, red=True)))
    out.append(("0p", draw_pin(5, red=True)))
    out.append(("0s", draw_sou(5, red=True)))
    return out


def grid_ids() -> list[str]:
    """Ids in grid order: :func:`drawings`, then the face-down tile."""
    return [ident for ident, _ in drawings()] + ["back"]


def grid_size() -> tuple[int, int]:
    """Width and height of the sprite (both rows of the grid), in sprite units."""
    return len(grid_ids()) * SIDE_PITCH, SIDE_ROW + W


def _grid() -> str:
    """Every tile drawn once upright and once on its side: the background cells.

    Drawn out in full, twice, rather than as ``<use>`` of one drawing: a
    ``<use>`` clones what it points at into a shadow tree, which the browser
    styles again for every clone; a flat path is styled once.
    """
    face = dict(drawings())
    cells = [(k, ident, sideways) for sideways in (False, True)
             for k, ident in enumerate(grid_ids())]
    faces = [flat(face[ident], _cell(k, sideways))
             for k, ident, sideways in cells if ident in face]
    return _bodies(cells) + "".join(faces)


def build_sprite() -> str:
    """The whole sprite document as text; deterministic (same code, same bytes)."""
    width, height = grid_size()
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" stroke-linecap="round" stroke-linejoin="round">',
        "<!-- Generated by tutor/tiles/sprite.py; do not edit by hand. -->",
        _stylesheet(),
    ]
    parts.append(_grid())
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def build_faces_css(sprite: str | None = None) -> str:
    """``tile-faces.css``: the sprite as every ``.tile``'s background, one cell per id.

    Sizes are in em: a tile's font size is its height (64 sprite units; tiles.css
    sets it from ``--tile-size``), so a tile scales like the rest of tiles.css
    with no var() in these rules but the cell's ``--tile-x``. The URL
    carries the sprite's content hash (the one :mod:`tutor.web.assets` checks),
    so browsers may keep the picture for a year and get the new one on change.
    """
    data = (sprite if sprite is not None else build_sprite()).encode("utf-8")
    digest = hashlib.sha256(data).hexdigest()[:8]
    width, height = grid_size()
    unit = f"1em / {H}"
    lines = [
        "/* Generated by tutor/tiles/sprite.py; do not edit by hand. */",
        f".tile {{ background: url(../tiles.svg?v={digest}) no-repeat;"
        f" background-size: calc({unit} * {width}) calc({unit} * {height});"
        f" background-position: calc({unit} * {-UP_PITCH} * var(--tile-x)) 0;"
        " print-color-adjust: exact; }",
        f".tile--side {{ background-position: calc({unit} * {-SIDE_PITCH} * var(--tile-x))"
        f" calc({unit} * {-SIDE_ROW}); }}",
    ]
    index = corner_indices()
    lines += [f".t-{ident} {{ --tile-x: {k};" + (f' --tile-ix: "{index[ident]}";' if ident in index
                                                 else "") + " }"
              for k, ident in enumerate(grid_ids())]
    # A hand N quarter tile heights wide fits its container's width (render.fit_units).
    # 2 px spare for rounding: Chromium rounds each tile's box on its own.
    lines += [f".tiles--fit-{n} {{ --tile-fit: calc((100cqi - 2px) / {n} * 4); }}"
              for n in range(1, MAX_FIT_UNITS + 1)]
    return "\n".join(lines) + "\n"


def write_sprite(path: Path = SPRITE_PATH, faces: Path = FACES_PATH) -> Path:
    """Write the sprite and, beside it, the stylesheet that shows its cells."""
    path.parent.mkdir(parents=True, exist_ok=True)
    sprite = build_sprite()
    path.write_text(sprite, encoding="utf-8")
    faces.parent.mkdir(parents=True, exist_ok=True)
    faces.write_text(build_faces_css(sprite), encoding="utf-8")
    return path


if __name__ == "__main__":
    written = write_sprite(Path(sys.argv[1]) if len(sys.argv) > 1 else SPRITE_PATH)
    print(f"{written}: {written.stat().st_size} bytes")
