"""Published club lessons for learners: checked under the current check version, rendered once.

A version is immutable, so its rendering is kept in a bounded in-process LRU
(:data:`CACHE_SIZE` versions) keyed by ``(lesson id, version)``: a lesson view
reads one publication row and, on a miss only, one source row, then renders
nothing but the drills' forms (which carry this request's CSRF token and
nonce). Every app server keeps its own cache and the database stays the
source, so several servers agree.

:func:`usable` is where the recheck happens: a published version whose stored
result was made under another check version (:mod:`tutor.studio.check`) is
checked again on its first use after a deploy, and the new result is stored.
A version that now fails is hidden from learners and shows its errors to its
author in ``/studio``; nobody gets a 500.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass

from tutor import storage
from tutor.authoring.sanitise import sanitise
from tutor.course.content import DrillSlot, Lesson
from tutor.studio import store
from tutor.studio.check import check_source, check_version, front_meta

CACHE_SIZE = 64
_SLOT = '<div class="club-drill-slot" id="slot-{}"></div>'
_NOWHERE = "\x00"  # body HTML has no forms: no prefix is allowed


@dataclass(frozen=True)
class Rendered:
    """One version, parsed and rendered: sanitised HTML pieces and drill slots, the drills."""

    lesson: Lesson
    parts: tuple[str | DrillSlot, ...]


_cache: OrderedDict[tuple[int, int], Rendered] = OrderedDict()
_lock = threading.Lock()


def _render(lesson: Lesson) -> Rendered:
    """Sanitise the body once, with each drill's place kept as an allowed, empty element."""
    marked = "".join(_SLOT.format(p.id) if isinstance(p, DrillSlot) else p for p in lesson.parts)
    clean = sanitise(marked, _NOWHERE)
    parts: list[str | DrillSlot] = []
    for drill_id in lesson.drills:
        slot = _SLOT.format(drill_id)
        before, found, clean = clean.partition(slot)
        parts.append(before)
        if found:
            parts.append(DrillSlot(drill_id))
    parts.append(clean)
    return Rendered(lesson, tuple(parts))


def remember(key: tuple[int, int], lesson: Lesson) -> Rendered:
    rendered = _render(lesson)
    with _lock:
        _cache[key] = rendered
        _cache.move_to_end(key)
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
    return rendered


def cached(key: tuple[int, int]) -> Rendered | None:
    with _lock:
        found = _cache.get(key)
        if found is not None:
            _cache.move_to_end(key)
        return found


def _source(lesson_id: int, version: int) -> str | None:
    with storage.store().transaction() as conn:
        return store.source_of(conn, lesson_id, version)


def recheck(lesson_id: int, version: int) -> bool | None:
    """Check a stored version now and store the result; None when the version is gone.

    The check renders the lesson (tens of milliseconds, more on a busy server),
    so it runs between two short transactions, never inside one: a transaction
    has the database deadline of :mod:`tutor.storage.deadline`.
    """
    source = _source(lesson_id, version)
    if source is None:
        return None
    checked = check_source(source)
    with storage.store().transaction() as conn:
        store.store_check(conn, lesson_id, version, check_version(), checked.messages(),
                          len(checked.lesson.drills))
    if checked.ok:
        remember((lesson_id, version), checked.lesson)
    return checked.ok


_meta_cache: OrderedDict[tuple[int, int], tuple[str, str]] = OrderedDict()


def title_summary(publication: store.Publication) -> tuple[str, str]:
    """The title and summary written in the published version itself (not the latest save).

    A lesson approved for everyone is shown under the words the admin read:
    a title or summary saved after the approval waits for the next review.
    """
    key = (publication.lesson_id, publication.version)
    with _lock:
        found = _meta_cache.get(key)
    if found is not None:
        return found
    view = cached(key)
    if view is not None:
        meta = (view.lesson.title, view.lesson.summary)
    else:
        source = _source(*key) or ""
        _, title, summary = front_meta(source, publication.title, publication.slug)
        meta = (title, summary)
    with _lock:
        _meta_cache[key] = meta
        while len(_meta_cache) > CACHE_SIZE * 4:
            _meta_cache.popitem(last=False)
    return meta


def usable(publication: store.Publication) -> bool:
    """The published version passes the check of this check version (rechecked if stale)."""
    if publication.check_version == check_version():
        return bool(publication.check_ok)
    return bool(recheck(publication.lesson_id, publication.version))


def rendered(publication: store.Publication) -> Rendered | None:
    """The version rendered (from the cache, else its stored source), or None if unusable.

    Raises :class:`~tutor.storage.errors.StorageError` when the database is away.
    """
    if not usable(publication):
        return None
    key = (publication.lesson_id, publication.version)
    found = cached(key)
    if found is not None:
        return found
    source = _source(*key)
    if source is None:
        return None
    return remember(key, check_source(source).lesson)
