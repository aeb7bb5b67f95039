"""Tiles in HTML: one empty ``<span class="tile t-5p">`` per tile, painted by CSS.

The pictures live once in ``static/tiles.svg`` (built by
:mod:`tutor.tiles.sprite`), laid out as a grid that the generated
``static/css/tile-faces.css`` shows as each tile's background: a page only
carries ``<span class="tile t-5p" role="img" aria-label="5 пин">``. Not an
``<svg><use>`` per tile: each ``<use>`` clones its symbol into a shadow tree,
and the 1,114 tiles of the waits lesson would cost Chromium about 1.5 s of
style and layout on a throttled phone, where backgrounds take a tenth of
that. Every tile has a Russian text
alternative (``aria-label``) from :func:`engine.tiles.tile_name`.

Public API (also exposed to Jinja by :func:`tutor.tiles.jinja.init_app`, used by
``templates/macros/tiles.html`` and by the lesson Markdown extension):

- :func:`tile_svg` — one tile (kind as int or ``"5p"``/``"0p"``), optionally
  red, sideways (a called tile) or face down;
- :func:`render_tiles` — one group of tiles;
- :func:`render_inline` — the inline lesson syntax ``123m456p 4p`` (see
  ``docs/lesson-format.md``), groups separated by small gaps;
- :func:`render_meld`, :func:`render_hand` — a hand with its melds drawn the
  way they lie on the table;
- the ``palette`` macro (``templates/macros/tiles.html``, laid out by
  :mod:`tutor.tiles.palette`) — the 34-tile multi-select of the "find the
  wait" drill.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from flask import current_app, g, has_request_context, request, url_for
from markupsafe import Markup, escape

from engine.errors import HandError
from engine.hand import Hand
from engine.melds import Meld, MeldKind
from engine.plural import count_word
from engine.text.core import MELD_NAMES
from engine.tiles import (
    FIVES,
    HONOR,
    SUIT_LETTERS,
    Tile,
    parse_tiles,
    tile_code,
    tile_from,
    tile_name,
)
from tutor.tiles.palette import PALETTE_CODES
from tutor.tiles.sprite import MAX_FIT_UNITS, SPRITE_PATH, build_sprite
from tutor.web.assets import static_digest

BACK_LABEL = "тайл рубашкой вверх"
SIDEWAYS_SUFFIX = ", боком"
WIN_LABEL = "выигрышный тайл"
MAX_INLINE_TILES = 60

TileLike = Tile | str

_digest_cache: dict[str, Any] = {}


def _sprite_digest() -> str:
    """Short content hash of the sprite, recomputed only when the file changes.

    For drawing outside a request (tests, the command line) and when the
    site's static folder has no sprite; a request asks :mod:`tutor.web.assets`,
    like every other static file (:func:`sprite_url`).
    """
    try:
        mtime = SPRITE_PATH.stat().st_mtime_ns
        data = SPRITE_PATH.read_bytes() if _digest_cache.get("mtime") != mtime else None
    except OSError:
        mtime, data = None, build_sprite().encode("utf-8")
    if data is not None or "digest" not in _digest_cache:
        payload = data if data is not None else build_sprite().encode("utf-8")
        _digest_cache.update(mtime=mtime, digest=hashlib.sha256(payload).hexdigest()[:8])
    return str(_digest_cache["digest"])


def sprite_url() -> str:
    """URL of the sprite with a content hash, so it may be cached for a long time.

    Worked out once per request (a page or an answer draws many tile groups),
    and built by ``url_for`` once per script root and sprite version: building
    it was a twentieth of an answer's server time. The hash is the
    one :func:`tutor.web.assets.static_digest` gives every static file (so the
    production server does not ``stat`` the sprite on every answer either).
    """
    if not has_request_context():
        return f"/static/tiles.svg?v={_sprite_digest()}"
    url: str | None = g.get("tempai_sprite_url")
    if url is None:
        app = current_app._get_current_object()  # type: ignore[attr-defined]  # a LocalProxy, typed as Flask
        digest = static_digest(app, SPRITE_PATH.name) or _sprite_digest()
        built: dict[tuple[str, str], str] = app.extensions.setdefault(_URLS, {})
        url = built.get((request.script_root, digest))
        if url is None:
            url = url_for("static", filename="tiles.svg", v=digest)
            if len(built) < 16:  # script roots are few; a sprite edit adds one
                built[request.script_root, digest] = url
        g.tempai_sprite_url = url
    return url


_URLS = "tempai.sprite_urls"  # app.extensions key: (script root, digest) -> URL


def _kind_and_red(kind: TileLike, red: bool) -> tuple[Tile, bool]:
    if isinstance(kind, str):
        parsed = parse_tiles(kind)
        if len(parsed.kinds) != 1:
            raise HandError(f"Ожидался один тайл, а записано «{kind}».")
        return parsed.kinds[0], red or parsed.red[0]
    if isinstance(kind, bool) or not isinstance(kind, int) or not 0 <= kind < 34:
        raise HandError(f"Нет такого тайла: «{kind}».")
    return kind, red and kind in FIVES


def tile_svg(
    kind: TileLike | None,
    red: bool = False,
    sideways: bool = False,
    back: bool = False,
    *,
    url: str | None = None,
) -> Markup:
    """One tile. ``kind`` may be ``None`` only for a face-down tile.

    ``url`` is accepted for the callers that pass the sprite's URL along; the
    picture's address now lives in the generated stylesheet (see the module
    docstring), so the tag does not carry it.
    """
    if back or kind is None:
        ident, label = "back", BACK_LABEL
    else:
        tile, is_red = _kind_and_red(kind, red)
        ident = "0" + SUIT_LETTERS[tile // 9] if is_red else tile_code(tile)
        label = tile_name(tile, red=is_red)
    return _tile_markup(label, ident, sideways)


@lru_cache(maxsize=2048)
def _tile_markup(label: str, ident: str, sideways: bool) -> Markup:
    """The tag itself, memoised: pages draw the same few tiles hundreds of times, and
    escaping every field in ``Markup.format`` was the largest cost of a lesson page
    and of a waits answer (measured with ``benchmarks/load.py``)."""
    if sideways:
        return Markup(
            '<span class="tile tile--side t-{}" role="img" aria-label="{}"></span>'
        ).format(ident, label + SIDEWAYS_SUFFIX)
    return Markup('<span class="tile t-{}" role="img" aria-label="{}"></span>').format(ident, label)


@dataclass(frozen=True)
class TileMark:
    """One tile of a group as it is drawn: kind (``None`` face down), red, sideways."""

    kind: Tile | None
    red: bool = False
    sideways: bool = False
    stacked: bool = False  # a second sideways tile on top (added kan)


def _group(marks: Sequence[TileMark], url: str | None, extra: str = "", label: str = "") -> Markup:
    # Plain strings joined once: the tiles are Markup already, and a Markup ``+=`` or
    # ``format`` per tile escaped and copied the growing group again (a new waits
    # answer draws two groups).
    parts: list[str] = []
    i, count = 0, len(marks)
    while i < count:
        mark = marks[i]
        svg: str = tile_svg(mark.kind, mark.red, mark.sideways, mark.kind is None, url=url)
        if i + 1 < count and marks[i + 1].stacked:
            over = marks[i + 1]
            top = tile_svg(over.kind, over.red, True, over.kind is None, url=url)
            svg = f'<span class="tile-stack">{top}{svg}</span>'
            i += 1
        parts.append(svg)
        i += 1
    attrs = f' role="group" aria-label="{escape(label)}"' if label else ""
    return Markup(f'<span class="tile-group{escape(extra)}"{attrs}>{"".join(parts)}</span>')


def _wrap(groups: Iterable[Markup], extra: str = "") -> Markup:
    return Markup(f'<span class="tiles{escape(extra)}">{"".join(groups)}</span>')


def render_tiles(
    kinds: Iterable[TileLike],
    red: int | Sequence[bool] = 0,
    *,
    label: str = "",
    url: str | None = None,
) -> Markup:
    """One group of upright tiles. ``red``: how many fives are red, or a flag per tile."""
    items = [_kind_and_red(k, False) for k in kinds]
    flags = _red_flags([k for k, _ in items], red)
    marks = [TileMark(k, r or was_red) for (k, was_red), r in zip(items, flags, strict=True)]
    return _wrap([_group(marks, url, label=label)])


def _red_flags(kinds: Sequence[Tile], red: int | Sequence[bool]) -> list[bool]:
    if not isinstance(red, int):
        given = list(red)
        if len(given) != len(kinds):
            raise HandError("Флагов красных пятёрок должно быть столько же, сколько тайлов.")
        return given
    # A set has one red five per suit: the first five of each suit turns red.
    flags: list[bool] = []
    left, suits_done = red, set()
    for kind in kinds:
        is_red = bool(left) and kind in FIVES and kind not in suits_done
        flags.append(is_red)
        if is_red:
            suits_done.add(kind)
            left -= 1
    return flags


# --- inline lesson syntax -----------------------------------------------------


def parse_inline(spec: str) -> list[list[TileMark]]:
    """``"3'45p #11#s"`` → groups of :class:`TileMark`; :class:`HandError` if malformed."""
    if not isinstance(spec, str):
        raise HandError("Тайлы записываются строкой, например :123m456p:.")
    text = spec.strip()
    if text.startswith(":") and text.endswith(":") and len(text) > 1:
        text = text[1:-1]
    groups = [_parse_group(g) for g in text.split()]
    if not groups:
        raise HandError("Пустая запись тайлов: между двоеточиями нужны тайлы, например :123m:.")
    if sum(len(g) for g in groups) > MAX_INLINE_TILES:
        raise HandError(f"Слишком много тайлов в одной записи (больше {MAX_INLINE_TILES}).")
    return groups


def _parse_group(group: str) -> list[TileMark]:
    marks: list[TileMark] = []
    pending: list[tuple[str, bool]] = []  # (digit or '#', sideways)
    for ch in group:
        if ch.isdigit() or ch == "#":
            pending.append((ch, False))
        elif ch == "'":
            if not pending or pending[-1][1]:
                raise HandError(
                    f"В «{group}» апостроф (тайл боком) должен стоять сразу после цифры."
                )
            pending[-1] = (pending[-1][0], True)
        elif ch in SUIT_LETTERS:
            if not pending:
                raise HandError(f"В «{group}» перед буквой масти «{ch}» нет ни одной цифры.")
            marks += [_mark(d, ch, side, group) for d, side in pending]
            pending = []
        else:
            raise HandError(
                f"Неизвестный символ «{ch}» в «{group}»: допустимы цифры, буквы m, p, s, z, "
                "апостроф (тайл боком) и # (тайл рубашкой вверх)."
            )
    if pending:
        raise HandError(f"Запись «{group}» должна кончаться буквой масти (m, p, s или z).")
    return marks


def _mark(digit: str, letter: str, sideways: bool, group: str) -> TileMark:
    if digit == "#":
        return TileMark(None, sideways=sideways)
    suit, value = SUIT_LETTERS.index(letter), int(digit)
    if suit == HONOR:
        if not 1 <= value <= 7:
            raise HandError(f"«{digit}z» в «{group}» — нет такого тайла: бывают только 1z–7z.")
        return TileMark(tile_from(value, suit), sideways=sideways)
    if value == 0:
        return TileMark(tile_from(5, suit), red=True, sideways=sideways)
    return TileMark(tile_from(value, suit), sideways=sideways)


def render_inline(spec: str, *, url: str | None = None) -> Markup:
    """Inline lesson tiles: groups separated by spaces, drawn with small gaps."""
    groups = parse_inline(spec)
    href = url  # ignored by tile_svg: the sheet's address is in the stylesheet
    return _wrap([_group(g, href) for g in groups], " tiles--inline")


# --- hands and melds ----------------------------------------------------------

# Position of the sideways tile by the seat the tile came from (1 left, 2 across, 3 right).
_SIDEWAYS_INDEX = {3: {1: 0, 2: 1, 3: 2}, 4: {1: 0, 2: 1, 3: 3}}


def meld_marks(meld: Meld) -> list[TileMark]:
    """How a meld lies on the table: called tile sideways, closed kan with backs at the ends."""
    tiles = list(meld.tiles)
    if meld.kind is MeldKind.CHI and meld.called is not None:
        tiles.remove(meld.called)
        tiles.insert(0, meld.called)
    flags = _red_flags(tiles, meld.red)
    if meld.kind is MeldKind.ANKAN:
        return [TileMark(None) if i in (0, 3) else TileMark(t, r)
                for i, (t, r) in enumerate(zip(tiles, flags, strict=True))]
    # A called set must look called: when the author did not say whose discard it
    # was, draw it as taken from the left (the only seat chi can come from).
    seat = meld.from_seat or 1
    pairs = list(zip(tiles, flags, strict=True))
    if meld.kind is MeldKind.SHOUMINKAN:
        where = _SIDEWAYS_INDEX[3][seat]
        marks = [TileMark(t, r, sideways=i == where) for i, (t, r) in enumerate(pairs[:3])]
        marks.insert(where + 1, TileMark(tiles[3], flags[3], sideways=True, stacked=True))
        return marks
    where = _SIDEWAYS_INDEX[len(tiles)][seat]
    if meld.kind is MeldKind.CHI:
        where = 0  # chi is always called from the left
    return [TileMark(t, r, sideways=i == where) for i, (t, r) in enumerate(pairs)]


def render_meld(meld: Meld, *, url: str | None = None) -> Markup:
    href = url  # ignored by tile_svg: the sheet's address is in the stylesheet
    return _wrap([_group(meld_marks(meld), href, " tile-group--meld", MELD_NAMES[meld.kind.value])])


def render_hand(
    concealed: Hand | str | Iterable[Tile],
    melds: Iterable[Meld] = (),
    win_tile: TileLike | None = None,
    *,
    red: int | None = None,
    win_red: bool = False,
    url: str | None = None,
) -> Markup:
    """Concealed tiles | each meld | the winning tile, as separate groups with gaps.

    ``concealed`` is a :class:`Hand` (its melds are used when ``melds`` is
    empty), mpsz text or tile kinds; ``red`` overrides the count of red fives.
    """
    href = url  # ignored by tile_svg: the sheet's address is in the stylesheet
    meld_list = list(melds)
    if isinstance(concealed, Hand):
        kinds = [k for k, n in enumerate(concealed.concealed) for _ in range(n)]
        reds: int | Sequence[bool] = concealed.red_flags() if red is None else red
        meld_list = meld_list or list(concealed.melds)
    elif isinstance(concealed, str):
        parsed = parse_tiles(concealed)
        pairs = sorted(zip(parsed.kinds, parsed.red, strict=True), key=lambda p: (p[0], not p[1]))
        kinds, reds = [k for k, _ in pairs], [r for _, r in pairs]
    else:
        kinds, reds = sorted(concealed), red or 0
    flags = _red_flags(kinds, reds)
    groups = [_group([TileMark(k, r) for k, r in zip(kinds, flags, strict=True)], href,
                     " tile-group--concealed")]
    groups += [_group(meld_marks(m), href, " tile-group--meld", MELD_NAMES[m.kind.value])
               for m in meld_list]
    marks = [[TileMark(k) for k in kinds], *(meld_marks(m) for m in meld_list)]
    if win_tile is not None:
        tile, is_red = _kind_and_red(win_tile, win_red)
        groups.append(_group([TileMark(tile, is_red)], href, " tile-group--win", WIN_LABEL))
        marks.append([TileMark(tile)])
    return _wrap(groups, f" tiles--hand tiles--fit-{fit_units(marks, win_tile is not None)}")


# Widths in tile heights, as tiles.css draws a hand: upright 3:4, sideways 4:3 and
# the gap between groups. In a hand tiles touch and the winning tile has no extra
# margin (its frame marks it), so 14 tiles fill a 390 px phone at 34 px or more.
_UP, _SIDE, _GROUP_GAP, _WIN_GAP, _TILE_GAP = 0.75, 1.0, 0.22, 0.0, 0.0


def fit_units(groups: Sequence[Sequence[TileMark]], win: bool) -> int:
    """A hand's width in quarter tile heights, for its ``tiles--fit-N`` class.

    tiles.css keeps a hand on one line and shrinks its tiles to fit the width
    of its container (``100cqi / N * 4``): a style attribute would say it
    directly, but the CSP forbids them, so the generated tile-faces.css has
    one rule per N (:func:`tutor.tiles.sprite.build_faces_css`).
    """
    width = _GROUP_GAP * (len(groups) - 1) + (_WIN_GAP if win else 0.0)
    for marks in groups:
        shown = [m for m in marks if not m.stacked]
        width += sum(_SIDE if m.sideways else _UP for m in shown) + _TILE_GAP * len(shown)
    return min(MAX_FIT_UNITS, max(1, math.ceil(width * 4)))


# --- the palette -----------------------------------------------------------------


def render_palette(name: str, selected: Collection[str] = (), disabled: Collection[str] = (),
                   legend: str = "Выберите тайлы") -> Markup:
    """The 34-tile multi-select of the "find the wait" drill (the ``palette`` macro).

    A checkbox named ``name`` per tile code of :data:`tutor.tiles.palette.PALETTE_CODES`,
    wrapped in its ``<label>`` with the tile picture; ``selected`` and ``disabled``
    are tile codes. Joined here as strings: a wrong answer redraws its palette with
    the choice ticked, and the same markup as a template loop (a call into Python
    per tile, each field escaped by Jinja) cost about half of such an answer's
    rendering.
    """
    field = escape(name)
    parts = [f'<fieldset class="palette"><legend class="palette__legend">{escape(legend)}</legend>']
    for title, codes in PALETTE_CODES:
        parts.append(f'<fieldset class="palette__suit"><legend>{escape(title)}</legend>'
                     '<div class="palette__tiles">')
        for code in codes:
            ticked = " checked" if code in selected else ""
            off = " disabled" if code in disabled else ""
            parts.append(f'<label><input type="checkbox" name="{field}" value="{escape(code)}"'
                         f'{ticked}{off}>{_code_tile(code)}</label>')
        parts.append("</div></fieldset>")
    parts.append("</fieldset>")
    return Markup("".join(parts))


@lru_cache(maxsize=64)
def _code_tile(code: str) -> Markup:
    """One palette tile by its code: the same 34 tags on every palette."""
    return tile_svg(code)


# --- the same tiles in words: a template that draws tiles names them too -------------
# («Вы пропустили: [tiles] (1 ман, 4 ман)»), so the words sit beside the drawings.

def tile_names(tiles: Iterable[Tile]) -> str:
    """``1 ман, 4 ман, Восток`` — Russian names, comma-separated."""
    return ", ".join(tile_name(t) for t in tiles)


def tiles_count(n: int) -> str:
    """``3 тайла`` with the right Russian plural."""
    return count_word(n, "тайл", "тайла", "тайлов")
