"""URL converters: ``<id:…>`` for database ids, bounded to what the id columns hold.

An unbounded ``<int:…>`` let ``/classes/99999999999999999999`` reach the
database: PostgreSQL refused the number (an error turned into 503, then 500)
and SQLite's driver overflowed (500). Ids are positive and fit a 32-bit
``INTEGER`` column on both databases, so anything else is no page: 404
before any view runs.
"""

from __future__ import annotations

from typing import Any

from flask import Flask
from werkzeug.routing import IntegerConverter, Map

MAX_ID = 2**31 - 1  # PostgreSQL INTEGER; SQLite ids of this site never get near it


class IdConverter(IntegerConverter):
    """Digits only (no sign, at most ten of them), 1 to :data:`MAX_ID`."""

    regex = r"\d{1,10}"

    def __init__(self, url_map: Map, *args: Any, **kwargs: Any) -> None:
        super().__init__(url_map, min=1, max=MAX_ID)


def init_app(app: Flask) -> None:
    """Register ``id`` before any blueprint's rules are built."""
    app.url_map.converters["id"] = IdConverter
