"""What is drawn on each tile face: pure geometry, returned as SVG fragments.

Coordinates are in the tile's own box, 48 × 64 units (the face occupies
y 1–60; the strip below is the tile's thickness). Colour is never written as a
value here, only as a *role* (ink, red, green, blue, face): :func:`paint` wraps
shapes in a group carrying the role's class, which the sprite's stylesheet
maps to a colour per theme (:mod:`tutor.tiles.sprite`). The sprite redraws
these fragments flat (:mod:`tutor.tiles.flatten`), so groups here cost nothing.

Layouts follow the usual Japanese sets: pin coins and sou sticks arranged per
count, a bird for 1 sou, man as numeral over 萬, winds and dragons as one
character. Each ``draw_*`` function returns the drawing of one face.
"""

from __future__ import annotations

from collections.abc import Iterable

from tutor.tiles.glyphs import DRAGONS, MAN, NUMERALS, WINDS, Glyph

W, H = 48, 64
FACE_CY = 30.5

# Role -> (the theme colour's name, as tiles.css calls it; its light value).
ROLES: dict[str, tuple[str, str]] = {
    "k": ("--tile-ink", "#1f2328"),
    "r": ("--tile-red", "#c8241c"),
    "g": ("--tile-green", "#14804a"),
    "b": ("--tile-blue", "#1f4f9a"),
    "f": ("--tile-face", "#fbf8ef"),
}

Point = tuple[float, float]


def num(x: float) -> str:
    """Shortest exact-enough text for a coordinate (keeps the sprite small and stable)."""
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def paint(role: str, shapes: Iterable[str], *, stroke: float | None = None) -> str:
    """Group ``shapes`` under colour ``role``: filled, or stroked ``stroke`` wide.

    Only the role's class: the sprite's stylesheet gives it its colour in both
    themes (a stroked role has no fill), and the sprite's root makes every
    stroke's caps and joins round.
    """
    body = "".join(shapes)
    if not body:
        return ""
    if stroke is None:
        return f'<g class="{role}">{body}</g>'
    return f'<g class="{role}s" stroke-width="{num(stroke)}">{body}</g>'


def circle(cx: float, cy: float, r: float) -> str:
    return f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r)}"/>'


# --- pin: coins ---------------------------------------------------------------

# (centre, radius, colour role) per coin, per face value.
_PIN_LAYOUTS: dict[int, tuple[tuple[Point, float, str], ...]] = {
    2: (((24, 16.5), 10.5, "g"), ((24, 44.5), 10.5, "b")),
    3: (((12, 12), 8, "b"), ((24, 30.5), 8, "r"), ((36, 49), 8, "g")),
    4: tuple(
        ((x, y), 9.5, role)
        for (x, y), role in (((14, 17), "b"), ((34, 17), "g"), ((14, 44), "g"), ((34, 44), "b"))
    ),
    5: (
        ((12.5, 12.5), 8, "b"), ((35.5, 12.5), 8, "g"), ((24, 30.5), 8, "r"),
        ((12.5, 48.5), 8, "g"), ((35.5, 48.5), 8, "b"),
    ),
    6: tuple(((x, y), 7, "g" if y < 20 else "r") for y in (11.5, 32, 49) for x in (15, 33)),
    7: (
        ((10.5, 8.5), 6, "g"), ((24, 15), 6, "g"), ((37.5, 21.5), 6, "g"),
        *(((x, y), 6.5, "r") for y in (36.5, 51) for x in (15.5, 32.5)),
    ),
    8: tuple(((x, y), 6.2, "b") for y in (9.5, 23.2, 37, 50.7) for x in (15, 33)),
    9: tuple(
        ((x, y), 6.3, role)
        for y, role in ((11.5, "b"), (30.5, "r"), (49.5, "g"))
        for x in (10.5, 24, 37.5)
    ),
}


def inset(markup: str, scale: float = 0.88) -> str:
    """Shrink a drawing towards the face centre, leaving a margin inside the frame."""
    shift_x, shift_y = 24 * (1 - scale), FACE_CY * (1 - scale)
    return (
        f'<g transform="matrix({num(scale)} 0 0 {num(scale)} {num(shift_x)} {num(shift_y)})">'
        f"{markup}</g>"
    )


def draw_pin(value: int, red: bool = False) -> str:
    """Coins: each a coloured disc, a face-coloured ring and a coloured centre."""
    if value == 1:
        return _big_coin()
    coins = [(cx, cy, r, "r" if red else role) for (cx, cy), r, role in _PIN_LAYOUTS[value]]
    # No two coins of a face overlap, so each layer of a coin (disc, ring, centre)
    # is drawn for every coin at once, a colour at a time: the same picture, and
    # the sprite joins each colour of a layer into one path (tutor.tiles.flatten).
    roles = sorted({role for *_, role in coins})
    return inset(
        "".join(paint(role, [circle(cx, cy, r) for cx, cy, r, c in coins if c == role])
                for role in roles)
        + paint("f", [circle(cx, cy, r * 0.68) for cx, cy, r, _ in coins])
        + "".join(paint(role, [circle(cx, cy, r * 0.42) for cx, cy, r, c in coins if c == role])
                  for role in roles)
    )


def _big_coin() -> str:
    cx, cy = 24, FACE_CY
    petals = [
        circle(cx + 11.2 * dx, cy + 11.2 * dy, 2.1)
        for dx, dy in ((1, 0), (0.707, 0.707), (0, 1), (-0.707, 0.707),
                       (-1, 0), (-0.707, -0.707), (0, -1), (0.707, -0.707))
    ]
    return (
        paint("g", [circle(cx, cy, 19)])
        + paint("f", [circle(cx, cy, 16.2)])
        + paint("b", petals)
        + paint("r", [circle(cx, cy, 8)])
        + paint("f", [circle(cx, cy, 5)])
        + paint("r", [circle(cx, cy, 2.6)])
    )


# --- sou: bamboo sticks -----------------------------------------------------


def _stick(cx: float, cy: float, h: float, angle: float = 0) -> str:
    """One bamboo stick with a joint in the middle, centred on (cx, cy)."""
    w = 6.4
    top = cy - h / 2
    turn = f' transform="rotate({num(angle)} {num(cx)} {num(cy)})"' if angle else ""
    return (
        f'<path{turn} d="M{num(cx - w / 2)} {num(top + 1.5)}'
        f"q{num(w / 2)} -2.6 {num(w)} 0v{num(h / 2 - 2.2)}h-{num(w)}z"
        f"M{num(cx - w / 2)} {num(cy + 0.7)}h{num(w)}v{num(h / 2 - 2.2)}"
        f'q-{num(w / 2)} 2.6 -{num(w)} 0z"/>'
    )


def _stick_vein(cx: float, cy: float, h: float, angle: float = 0) -> str:
    """The light line down each half of a stick that makes it read as bamboo."""
    turn = f' transform="rotate({num(angle)} {num(cx)} {num(cy)})"' if angle else ""
    top, bottom = cy - h / 2 + 2.6, cy + h / 2 - 2.6
    return (
        f'<path{turn} d="M{num(cx)} {num(top)}V{num(cy - 1.9)}'
        f'M{num(cx)} {num(cy + 1.9)}V{num(bottom)}"/>'
    )


# (centre x, centre y, angle, red?) per stick, with one stick height per face value.
_SOU_LAYOUTS: dict[int, tuple[float, tuple[tuple[float, float, float, bool], ...]]] = {
    2: (21, ((24, 17, 0, False), (24, 44.5, 0, False))),
    3: (21, ((24, 17, 0, False), (15, 44.5, 0, False), (33, 44.5, 0, False))),
    4: (21, tuple((x, y, 0, False) for y in (17, 44.5) for x in (14, 34))),
    5: (21, (
        (11, 17, 0, False), (37, 17, 0, False), (24, 30.5, 0, True),
        (11, 44.5, 0, False), (37, 44.5, 0, False),
    )),
    6: (21, tuple((x, y, 0, False) for y in (17, 44.5) for x in (11, 24, 37))),
    7: (16, (
        (24, 10.5, 0, True),
        *((x, y, 0, False) for y in (30, 49) for x in (11, 24, 37)),
    )),
    8: (20, (
        (10, 17, 16, False), (18.5, 17, -16, False), (29.5, 17, 16, False), (38, 17, -16, False),
        (10, 44.5, -16, False), (18.5, 44.5, 16, False), (29.5, 44.5, -16, False),
        (38, 44.5, 16, False),
    )),
    9: (16, tuple((x, y, 0, x == 24) for y in (12, 30.5, 49) for x in (11, 24, 37))),
}


def draw_sou(value: int, red: bool = False) -> str:
    if value == 1:
        return inset(_bird(), 0.96)
    height, sticks = _SOU_LAYOUTS[value]
    greens = [_stick(x, y, height, a) for x, y, a, is_red in sticks if not (is_red or red)]
    reds = [_stick(x, y, height, a) for x, y, a, is_red in sticks if is_red or red]
    veins = [_stick_vein(x, y, height, a) for x, y, a, _ in sticks]
    veins_layer = f'<g opacity="0.5">{paint("f", veins, stroke=0.7)}</g>'
    return inset(paint("g", greens) + paint("r", reds) + veins_layer)


def _bird() -> str:
    """1 sou: a perched bird (the traditional emblem), built from simple shapes."""
    tail = [f'<path d="{d}"/>' for d in ("M17 39 Q9 43 6 51", "M19 41 Q14 47 13 55",
                                          "M22 42 Q21 49 21 56")]
    legs = [f'<path d="{d}"/>' for d in ("M28 42 L27 48", "M31 40 L32 48", "M23 48.5 H38")]
    return (
        paint("b", tail, stroke=2.4)
        + paint("r", [circle(6, 52, 2.4), circle(13, 56, 2.4), circle(21, 57, 2.4),
                      '<path d="M27.5 10.5 l-1.5 -6 l5 3.5 z"/>'])
        + paint("k", legs, stroke=1.1)
        + paint("g", ['<ellipse cx="24" cy="30" rx="9.5" ry="13" transform="rotate(25 24 30)"/>',
                      circle(31, 15, 6)])
        + paint("r", ['<path d="M36 13 L44 15.5 L36 18 Z"/>'])
        + paint("f", [circle(32.5, 13.8, 1.6),
                      '<path d="M16.5 26 Q25 23 29.5 32 Q22 35.5 16.5 26 Z"/>'])
        + paint("k", [circle(32.8, 13.8, 0.8)])
    )


# --- characters: man, winds, dragons ----------------------------------------


def glyph(
    strokes: Glyph, box: tuple[float, float, float, float], role: str, weight: float
) -> str:
    """Stroke ``strokes`` (100×100 grid) scaled into ``box`` = (x, y, width, height)."""
    x, y, w, h = box
    sx, sy = w / 100, h / 100
    # Stroke width is given in tile units; divide by the mean scale so it survives it.
    width = weight / ((sx + sy) / 2)
    paths = [f'<path d="{d}"/>' for d in strokes]
    inner = paint(role, paths, stroke=width)
    return f'<g transform="translate({num(x)} {num(y)}) scale({num(sx)} {num(sy)})">{inner}</g>'


def draw_man(value: int, red: bool = False) -> str:
    numeral_role = "r" if red else "k"
    # The numeral keeps clear of the top-left corner, where tiles.css writes the
    # Arabic index (at least 10 px, so it is an HTML overlay, not part of the picture).
    return glyph(NUMERALS[value], (17, 5, 25, 22), numeral_role, 2.9) + glyph(
        MAN, (8, 31, 32, 27), "r", 2.4
    )


def draw_wind(letter: str) -> str:
    return glyph(WINDS[letter], (13, 14, 29, 37), "k", 3.3)  # clear of the index corner


def draw_dragon(name: str) -> str:
    if name == "haku":
        frame = (
            '<rect x="8.5" y="8" width="31" height="45" rx="2.5"/>'
            '<rect x="12" y="11.5" width="24" height="38" rx="1.5"/>'
        )
        return paint("b", [frame], stroke=1.6)
    role = "r" if name == "chun" else "g"
    return glyph(DRAGONS[name], (6, 8, 36, 45), role, 3.3)


