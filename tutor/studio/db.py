"""One database transaction for a studio or club-lesson request, or a Russian 503.

Both blueprints (:mod:`tutor.studio.views`, :mod:`tutor.studio.club`) read and
write through it, so an unavailable database reads the same everywhere and
never becomes a 500.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from flask import abort
from sqlalchemy.engine import Connection

from tutor import storage
from tutor.storage.errors import UNAVAILABLE, StorageError


@contextmanager
def transaction() -> Iterator[Connection]:
    """The store's transaction; a :class:`StorageError` becomes a 503 (:data:`UNAVAILABLE`)."""
    try:
        with storage.store().transaction() as conn:
            yield conn
    except StorageError:
        abort(503, description=UNAVAILABLE)
