"""The tile renderers as Jinja globals, for ``templates/macros/tiles.html``.

Apart from :mod:`tutor.tiles.render` so that the palette (which draws with
the renderers) and the renderers never import each other.
"""

from __future__ import annotations

from typing import Any

from tutor.tiles.palette import render_palette
from tutor.tiles.render import (
    render_hand,
    render_inline,
    render_meld,
    render_tiles,
    sprite_url,
    tile_svg,
)


def init_app(app: Any) -> None:
    """Expose the renderers to Jinja."""
    app.jinja_env.globals.update(
        tileart_tile=tile_svg,
        tileart_tiles=render_tiles,
        tileart_inline=render_inline,
        tileart_meld=render_meld,
        tileart_hand=render_hand,
        tileart_palette=render_palette,
        tileart_sprite_url=sprite_url,
    )
