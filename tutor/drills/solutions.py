"""The answer-independent half of a drill's feedback, rendered once per drill.

Each kind's template has a ``solution(drill)`` macro — the explanation that is
the same for every learner and every answer (the waits drawn block by block,
the fu table, the yaku list, the payments) — and its ``feedback(drill,
verdict)`` macro shows the verdict-specific lines around
``{{ drill_solution(drill) }}``. Rendering that explanation was most of the
cost of grading an answer (issue 8), so it is kept here per :class:`Drill`
object.

Why keyed by the object: a :class:`Drill` is immutable and lives in the
content store's cache for as long as its lesson file is unchanged; an edit
(or a glossary change) builds new ``Drill`` objects, so a stale explanation
can never be found. Entries hold the drill by weak reference and disappear
with it (practice and preview drills are built per request). The sprite URL
is part of the key because it is the only request-dependent thing the
explanation contains (its content hash and the script root).

The same holds for a drill's question before anyone answered it
(``question(drill, None)``: the hand and the empty inputs, no CSRF token —
the frame adds that): :func:`drill_blank_question` serves lesson pages, which
draw every drill of the lesson on each view.
"""

from __future__ import annotations

import threading
import weakref
from typing import Any

from flask import get_template_attribute
from markupsafe import Markup

from tutor.drills.base import Drill

_Entry = tuple["weakref.ref[Drill]", dict[tuple[str, str], Markup]]
_cache: dict[int, _Entry] = {}
_lock = threading.RLock()  # a weakref callback may run inside the locked block (GC)


def drill_solution(drill: Drill) -> Markup:
    """The ``solution(drill)`` macro of the drill's kind, rendered once per drill and sprite URL."""
    return _rendered(drill, "solution")


def drill_blank_question(drill: Drill) -> Markup:
    """``question(drill, None)`` — the inputs before any answer — rendered once per drill."""
    return _rendered(drill, "question", None)


def _rendered(drill: Drill, macro: str, *args: Any) -> Markup:
    key = (macro, _sprite_key())
    entry = _cache.get(id(drill))
    if entry is not None and entry[0]() is drill:
        html = entry[1].get(key)
        if html is not None:
            return html
    html = Markup(get_template_attribute(drill.template, macro)(drill, *args))
    with _lock:
        entry = _cache.get(id(drill))
        if entry is None or entry[0]() is not drill:
            entry = (weakref.ref(drill, _forget(id(drill))), {})
            _cache[id(drill)] = entry
        entry[1][key] = html
    return html


def _forget(ident: int) -> Any:
    def callback(ref: weakref.ref[Drill]) -> None:
        with _lock:
            entry = _cache.get(ident)
            if entry is not None and entry[0] is ref:
                del _cache[ident]

    return callback


def _sprite_key() -> str:
    try:
        from tutor.tileart import sprite_url
    except ImportError:  # pragma: no cover - the tile art is part of the site
        return ""
    return sprite_url()
