"""Game logs in: recognise the format of a log and read it into a :class:`GameLog`.

The public names of the log layer live here: :func:`read_log`, the event
types and :class:`LogError` (re-exported from :mod:`engine.table.events`).
The format is recognised from the content: a JSON object with ``log`` is
tenhou.net/6 (:mod:`engine.table.log_tenhou`), lines of JSON objects with
``type`` are mjai (:mod:`engine.table.log_mjai`), text starting with ``<``
is Tenhou's mjlog XML (:mod:`engine.table.log_mjlog`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from engine.table.events import (
    Abort,
    Call,
    Discard,
    Draw,
    Event,
    ExhaustiveDraw,
    GameLog,
    HandLog,
    IllegalEvent,
    Kan,
    LogError,
    NewDora,
    Ron,
    Tsumo,
)
from engine.table.log_mjai import read_mjai
from engine.table.log_mjlog import read_mjlog
from engine.table.log_tenhou import read_tenhou
from engine.text import messages as msg

__all__ = [
    "Abort", "Call", "Discard", "Draw", "Event", "ExhaustiveDraw", "GameLog", "HandLog",
    "IllegalEvent", "Kan", "LogError", "NewDora", "Ron", "Tsumo", "read_log",
]  # fmt: skip


def read_log(data: str | bytes | Mapping[str, object]) -> GameLog:
    """Read a tenhou.net/6 object (or its JSON text) or mjai JSON Lines; raises :class:`LogError`.

    >>> read_log('{"name": ["a", "b", "c"], "log": []}')  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    engine.table.events.LogError: Партии на троих не поддерживаются: ...
    """
    if isinstance(data, Mapping):
        return _from_object(data)
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError:
            raise LogError(msg.LOG_NOT_TEXT) from None
    if not isinstance(data, str):
        raise LogError(msg.LOG_NOT_TEXT)
    text = data.strip().lstrip("\ufeff")
    if text.startswith("<"):
        return read_mjlog(text)
    if not text.startswith("{") and not text.startswith("["):
        raise LogError(msg.LOG_UNKNOWN_FORMAT)
    try:
        whole = json.loads(text)
    except ValueError:
        return read_mjai(text)
    if isinstance(whole, Mapping):
        return _from_object(whole)
    if isinstance(whole, list) and whole and all(isinstance(x, Mapping) for x in whole):
        return read_mjai(text)
    raise LogError(msg.LOG_UNKNOWN_FORMAT)


def _from_object(obj: Mapping[str, object]) -> GameLog:
    if "log" in obj:
        return read_tenhou(obj)
    if "type" in obj:  # a single mjai line cannot be a whole game
        return read_mjai(json.dumps(dict(obj)))
    raise LogError(msg.LOG_UNKNOWN_FORMAT)
