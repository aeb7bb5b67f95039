"""«Темпай» rules engine: pure Python, no web imports.

Tiles are ints 0–33 (:mod:`engine.tiles`); hands are validated once at the
edge (:mod:`engine.hand`); every result is a frozen dataclass that the site,
the CLI and the batch command render in Russian through :mod:`engine.messages`.
The one exception for bad input is :class:`engine.errors.HandError`.
"""

from engine.errors import HandError

__all__ = ["HandError"]
