"""The one exception type the engine raises for bad input.

Every public function that takes notation or a hand raises :class:`HandError`
(a ``ValueError``) with a precise Russian message; nothing else escapes. The
site shows ``str(err)`` to people and the batch command puts it in
``{"error": ...}`` for programs.
"""

from __future__ import annotations


class HandError(ValueError):
    """Invalid tiles, melds or situation; ``str()`` is a Russian message for people."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
