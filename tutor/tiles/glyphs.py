"""Chinese characters of the tiles as stroke geometry, drawn by our own hand.

A browser may have no CJK font, and a tile that depends on one would turn into
empty boxes. So every character the tiles need (一…九, 萬, 東南西北, 中, 發) is
written here as a list of strokes: SVG path data on a 100×100 grid, y down.
The sprite builder scales a glyph into a box and strokes it with round caps,
which reads as a brush-like character at tile sizes. The shapes are simplified
(a tile is about 30 px wide on screen), but keep every stroke a reader of
Chinese expects in its place.
"""

from __future__ import annotations

Glyph = tuple[str, ...]

NUMERALS: dict[int, Glyph] = {
    1: ("M8 54 Q50 46 92 50",),
    2: ("M22 30 Q50 26 78 28", "M8 76 Q50 68 92 72"),
    3: ("M20 18 Q50 14 80 16", "M27 48 Q50 45 73 46", "M8 84 Q50 77 92 81"),
    4: (
        "M12 16 V88",
        "M12 16 H88 V88",
        "M40 18 Q41 52 27 64",
        "M60 18 V56 Q60 64 70 64 H86",
        "M12 86 H88",
    ),
    5: (
        "M16 14 Q50 11 84 13",
        "M46 14 L38 84",
        "M26 46 H72 V84",
        "M6 85 Q50 80 94 82",
    ),
    6: (
        "M46 6 L56 22",
        "M10 36 Q50 32 90 34",
        "M38 50 Q32 72 16 88",
        "M62 50 Q74 68 86 86",
    ),
    7: ("M8 54 L92 40", "M40 8 V78 Q40 90 54 90 H86 V76"),
    8: ("M42 18 Q40 62 8 88", "M58 16 Q62 62 92 84"),
    9: ("M44 8 Q46 62 10 90", "M18 36 H64 Q66 70 66 80 Q66 90 78 90 H92 V76"),
}

MAN: Glyph = (
    # 艹
    "M6 13 H94",
    "M32 3 V25",
    "M68 3 V25",
    # 日 with the stroke that runs down through it
    "M26 31 V55",
    "M26 31 H74 V55",
    "M26 43 H74",
    "M26 55 H74",
    "M50 31 V72",
    # 冂 with 厶 inside
    "M14 97 V63 H86 V90 Q86 97 78 97",
    "M45 71 L33 87 L68 85",
    "M59 77 L69 91",
)

WINDS: dict[str, Glyph] = {
    # 東: 木 crossed by 日
    "E": (
        "M12 18 H88",
        "M26 28 V62",
        "M26 28 H74 V62",
        "M26 45 H74",
        "M26 62 H74",
        "M50 5 V97",
        "M46 64 Q32 82 10 92",
        "M54 64 Q70 82 92 92",
    ),
    # 南
    "S": (
        "M14 14 H86",
        "M50 3 V30",
        "M16 97 V32 H84 V90 Q84 97 76 97",
        "M36 40 L42 50",
        "M64 40 L58 50",
        "M28 57 H72",
        "M30 73 H70",
        "M50 57 V97",
    ),
    # 西
    "W": (
        "M8 12 H92",
        "M16 97 V32 H84 V97",
        "M16 92 H84",
        "M40 12 V50 Q40 62 20 68",
        "M60 12 V58 Q60 66 68 66 H84",
    ),
    # 北
    "N": (
        "M36 6 V94",
        "M12 40 H36",
        "M8 84 L36 70",
        "M64 6 V82 Q64 92 76 92 H94 V78",
        "M64 48 L90 32",
    ),
}

DRAGONS: dict[str, Glyph] = {
    # 中
    "chun": ("M14 26 V68", "M14 26 H86 V68", "M14 68 H86", "M50 3 V97"),
    # 發: 癶 over 弓 and 殳
    "hatsu": (
        "M10 10 H34 L14 34",
        "M22 20 L34 28",
        "M60 4 L54 20",
        "M56 14 H80 L94 30",
        "M74 6 L82 11",
        "M8 36 L44 34",
        "M12 44 H38 V55 H16 V67 H40 Q42 90 26 94",
        "M58 40 Q58 56 50 62",
        "M62 40 H76 V56 Q76 60 84 60 H92",
        "M54 68 H86 Q76 86 52 96",
        "M60 76 Q72 88 94 96",
    ),
}
