"""Published club lessons for learners: checked under the current check version, rendered once.

A version is rendered when its check passes — at publish time, in the
author's request — and the rendering is stored beside the check result
(:class:`tutor.studio.store.Rendering`: the sanitised body with an empty slot
for each drill, and the drills' names). A learner's view, in any app process
and after any restart, reads that HTML and renders nothing but the drills'
forms (which carry this request's CSRF token, nonce and the learner's answer).
The drills themselves are built again from the stored source
(:func:`tutor.course.content.lesson_drills_only`: the drill blocks, not the
Markdown), since grading needs them; the Markdown of an untrusted lesson is
rendered only under the check's bounds (:func:`tutor.studio.check.check_source`).
A bounded in-process LRU (:data:`CACHE_SIZE` versions, keyed by
``(lesson id, version)``) spares the rebuilding on the next view.

:func:`usable` is where the recheck happens: a published version whose stored
result was made under another check version (:mod:`tutor.studio.check`), or
that passed before the rendering was stored (a version published before
migration 14), is checked again on its first use, and the new result and
rendering are stored. A version that now fails is hidden from learners and
shows its errors to its author in ``/studio``; nobody gets a 500.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path

from tutor import storage
from tutor.authoring.sanitise import sanitise
from tutor.course.content import DrillSlot, Lesson, lesson_drills_only
from tutor.course.drill_names import plain_question
from tutor.storage.studio import source_of
from tutor.studio import store
from tutor.studio.check import check_source, check_version, front_meta

CACHE_SIZE = 64
_SLOT = '<div class="club-drill-slot" id="slot-{}"></div>'
_NOWHERE = "\x00"  # body HTML has no forms: no prefix is allowed
_STORED = Path("draft.md")  # as the check names the text: the same fallback slug and title


@dataclass(frozen=True)
class Rendered:
    """One version, parsed and rendered: sanitised HTML pieces and drill slots, the drills."""

    lesson: Lesson
    parts: tuple[str | DrillSlot, ...]


_cache: OrderedDict[tuple[int, int], Rendered] = OrderedDict()
_lock = threading.Lock()


def rendering(lesson: Lesson) -> store.Rendering:
    """What is stored for a passing version: the body sanitised once, each drill's place
    kept as an allowed, empty element; each drill's id, kind and question."""
    marked = "".join(_SLOT.format(p.id) if isinstance(p, DrillSlot) else p for p in lesson.parts)
    names = tuple((d.id, d.kind.name, plain_question(d.prompt)) for d in lesson.drills.values())
    return store.Rendering(sanitise(marked, _NOWHERE), names)


def _split(lesson: Lesson, html: str) -> Rendered:
    """The stored HTML cut at its drill slots."""
    parts: list[str | DrillSlot] = []
    for drill_id in lesson.drills:
        slot = _SLOT.format(drill_id)
        before, found, html = html.partition(slot)
        parts.append(before)
        if found:
            parts.append(DrillSlot(drill_id))
    parts.append(html)
    return Rendered(lesson, tuple(parts))


def _remember(key: tuple[int, int], rendered: Rendered) -> Rendered:
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
        return source_of(conn, lesson_id, version)


def recheck(lesson_id: int, version: int) -> bool | None:
    """Check a stored version now and store the result (and, if it passes, its rendering);
    None when the version is gone.

    The check renders the lesson (tens of milliseconds, more on a busy server),
    so it runs between two short transactions, never inside one: a transaction
    has the database deadline of :mod:`tutor.storage.deadline`.
    """
    source = _source(lesson_id, version)
    if source is None:
        return None
    checked = check_source(source)
    kept = rendering(checked.lesson) if checked.ok else None
    with storage.store().transaction() as conn:
        store.store_check(conn, lesson_id, version, check_version(), checked.messages(),
                          len(checked.lesson.drills), kept)
    if kept is not None:
        _remember((lesson_id, version), _split(checked.lesson, kept.html))
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
    """The published version passes the check of this check version (rechecked if stale,
    or if it passed before its rendering was kept)."""
    if publication.check_version == check_version() and (
            publication.rendered or not publication.check_ok):
        return bool(publication.check_ok)
    return bool(recheck(publication.lesson_id, publication.version))


def rendered(publication: store.Publication) -> Rendered | None:
    """The version as stored (the cache, else its stored HTML), or None if unusable.

    Raises :class:`~tutor.storage.errors.StorageError` when the database is away.
    """
    if not usable(publication):
        return None
    key = (publication.lesson_id, publication.version)
    found = cached(key)
    if found is not None:
        return found
    with storage.store().transaction() as conn:
        kept = store.rendering_of(conn, *key)
    if kept is None:
        return None  # deleted, or rechecked by another server meanwhile: the next view
    source, html = kept
    return _remember(key, _split(lesson_drills_only(source, _STORED, "урок"), html))
