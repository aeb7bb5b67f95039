"""The answer-independent half of a drill's feedback, rendered once per drill.

Each kind's template has a ``solution(drill)`` macro — the explanation that is
the same for every learner and every answer (the waits drawn block by block,
the fu table, the yaku list, the payments) — and its ``feedback(drill,
verdict)`` macro shows the verdict-specific lines around
``{{ drill_solution(drill) }}``. Rendering that explanation was most of the
cost of grading an answer, so it is kept here per :class:`Drill`
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

And for the verdict-specific half, :func:`drill_feedback`: ``feedback(drill,
verdict)`` depends only on the drill and the verdict (what the learner
answered, as the kind's ``grade`` normalised it), and learners give the same
few answers to a drill over and over — the right one above all. It is kept per
drill and verdict, at most :data:`MAX_ANSWERS` verdicts per drill (a client
inventing answers cannot grow the cache), and only for verdicts made of plain
values (numbers, strings, enums and collections of them), whose key is their
content; anything else is rendered every time.

And for the whole htmx answer, :func:`drill_feedback_area`: the feedback area
a grading request returns wraps that feedback in the verdict title, the
diagnoses (a function of the drill and the verdict too) and the «Попробовать
ещё раз» link. Rendering the wrapper was still the largest part of an answer
after the halves above were kept (a fifth of its server time), so
the finished fragment is kept under the same rules, keyed also by what else
it shows: whether this answer could be saved, and the script root of its links.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable, Mapping
from enum import Enum
from operator import itemgetter
from typing import Any

from flask import g, get_template_attribute, request
from markupsafe import Markup

from tutor.drills.base import Drill, Verdict
from tutor.tiles.render import sprite_url
from tutor.web.compression import repeats

# Verdicts remembered per drill, each as its feedback and its whole area: as
# many entries as 64 feedbacks alone once were, so a client inventing answers
# still cannot grow the memory beyond that (learners give a handful per drill).
MAX_ANSWERS = 32
_Entry = tuple["weakref.ref[Drill]", dict[tuple[Any, ...], Any]]
_cache: dict[int, _Entry] = {}
_lock = threading.RLock()  # a weakref callback may run inside the locked block (GC)


def drill_solution(drill: Drill) -> Markup:
    """The ``solution(drill)`` macro of the drill's kind, rendered once per drill and sprite URL."""
    return _rendered(drill, "solution")


def drill_blank_question(drill: Drill) -> Markup:
    """``question(drill, None)`` — the inputs before any answer — rendered once per drill."""
    return _rendered(drill, "question", None)


def drill_feedback(drill: Drill, verdict: Verdict) -> Markup:
    """``feedback(drill, verdict)`` of the drill's kind, rendered once per drill and verdict."""
    answer = _verdict_key(verdict)
    if answer is None:
        return Markup(get_template_attribute(drill.template, "feedback")(drill, verdict))
    return _rendered(drill, "feedback", verdict, key=("feedback", sprite_url(), answer))


def drill_feedback_area(lesson: Any, drill: Drill, state: Any, extra: Any = None) -> Markup:
    """``feedback_area(lesson, drill, state)`` of ``drills/_frame.html``: an htmx answer.

    Kept per drill, verdict, saved-or-not and script root; an error message
    (``state.error``) or a verdict that is not plain is rendered every time.
    A kept fragment is marked as a repeating body, so its gzip is kept as well
    (:func:`tutor.web.compression.repeats`). ``extra`` is whatever else the
    fragment shows that can change without the drill changing (the caller's
    «next lesson» link when another lesson is added): it joins the key.
    """
    def render() -> str:
        return str(get_template_attribute(_FRAME, "feedback_area")(lesson, drill, state))

    verdict = state.verdict
    answer = _verdict_key(verdict) if state.error is None and verdict is not None else None
    if answer is None:
        return Markup(render())
    failed = bool(g.get("tempai_progress_failed"))
    key = ("area", sprite_url(), request.script_root, lesson.slug, failed, answer, extra)
    repeats()  # the same verdict gives the same bytes: keep their gzip too
    return _kept(drill, key, render)


_FRAME = "drills/_frame.html"


def _rendered(drill: Drill, macro: str, *args: Any, key: tuple[Any, ...] | None = None) -> Markup:
    key = key or (macro, sprite_url())
    return _kept(drill, key, lambda: get_template_attribute(drill.template, macro)(drill, *args))


def kept_for_verdict(drill: Drill, verdict: Verdict, name: str,
                     compute: Callable[[], Any]) -> Any:
    """``compute()`` — a pure function of the drill and the verdict — kept like the feedback.

    For what the progress store needs of a wrong answer (the diagnosis's rule)
    without working it out again for every repeated answer.
    """
    answer = _verdict_key(verdict)
    if answer is None:
        return compute()
    return _kept(drill, (name, answer), compute)


def _kept(drill: Drill, key: tuple[Any, ...], render: Callable[[], Any]) -> Any:
    """``render()`` (Markup if a string), kept under ``key`` in the drill's entry if room."""
    entry = _cache.get(id(drill))
    if entry is not None and entry[0]() is drill:
        html = entry[1].get(key)
        if html is not None:
            return html
    html = render()
    if isinstance(html, str):
        html = Markup(html)
    with _lock:
        entry = _cache.get(id(drill))
        if entry is None or entry[0]() is not drill:
            entry = (weakref.ref(drill, _forget(id(drill))), {})
            _cache[id(drill)] = entry
        # each verdict: its feedback, its area and its diagnoses; + the solution and the blank
        if len(entry[1]) < 3 * MAX_ANSWERS + 2:
            entry[1][key] = html
    return html


def _verdict_key(verdict: Verdict) -> Any:
    """What a verdict's feedback depends on, as a cache key (None: not cacheable).

    Worked out once per request and verdict: a new answer's area and the
    feedback inside it both need it, and for a waits or han answer (lists of
    picked, missed and wrong tiles or yaku) it is not free.
    """
    known = g.get(_KEY_OF)
    if known is not None and known[0] is verdict:
        return known[1]
    key = _plain((verdict.correct, verdict.solution_only, verdict.details))
    setattr(g, _KEY_OF, (verdict, key))
    return key


_KEY_OF = "tempai_verdict_key"  # g: (the verdict, its key)


_SCALARS = (str, int, float, bool, type(None), Enum)
_FLAT = (int, str)  # exact types (not bool, not str subclasses) a list may be keyed by as is
# Collections by type, each turned into a tuple that says which type it was.
_COLLECTIONS: dict[type, Callable[[Any], list[Any]]] = {
    list: list,
    tuple: list,
    set: sorted,
    frozenset: sorted,
}


def _plain(value: Any) -> Any:
    """A hashable key that is equal exactly when the values are equal, or None.

    Only for plain values: their key is their content. An object whose
    identity might show in its output (a default ``repr`` holds an address
    that a later object may reuse) gives None, so it is never cached.
    """
    if isinstance(value, _SCALARS):
        return (type(value).__name__, value)
    if isinstance(value, Mapping):
        items = [(_plain(k), _plain(v)) for k, v in value.items()]
        if any(k is None or v is None for k, v in items):
            return None
        try:  # by the keys' own keys: unique in a mapping, so values are never compared
            ordered = sorted(items, key=itemgetter(0))
        except TypeError:  # keys of one type that do not order (enum members)
            ordered = sorted(items, key=repr)
        return ("mapping", tuple(ordered))
    order = _COLLECTIONS.get(type(value))
    if order is None:
        return None
    try:
        items = order(value)
    except TypeError:  # a set of values that cannot be sorted
        return None
    kinds = {type(v) for v in items}
    if len(kinds) == 1 and (kind := kinds.pop()) in _FLAT:
        # The usual details: tile numbers, yaku ids. One type for all, named once
        # (a three-part key, so never equal to the general two-part form).
        return (type(value).__name__, kind.__name__, tuple(items))
    parts = [_plain(v) for v in items]
    if any(p is None for p in parts):
        return None
    return (type(value).__name__, tuple(parts))


def _forget(ident: int) -> Any:
    def callback(ref: weakref.ref[Drill]) -> None:
        with _lock:
            entry = _cache.get(ident)
            if entry is not None and entry[0] is ref:
                del _cache[ident]

    return callback

