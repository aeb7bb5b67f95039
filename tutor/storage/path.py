"""The learner's path through the course: which drills are solved, where to continue.

Progress is keyed by a drill's stable identity, ``lesson/<slug>/<drill id>``
(:func:`tutor.storage.stats.lesson_problem_key`), fixed when the drill is first
published: the slug of its first lesson and its id then. Neither depends on
the file name or the lesson's place in the course, so renumbering lessons
(``order``) or renaming files keeps every learner's progress. A drill that
moves to another lesson (a split) carries its identity in its block
(``moved_from: old-slug`` or ``moved_from: old-slug/old-id``); a lesson
renamed as a whole says ``moved_from: [old-slug]`` in its front matter, and
its drills keep their keys under the old slug (:func:`drill_key`). Each drill
has exactly one key, so its answers — solved marks, mistakes waiting for
repetition, class assignments — are all recorded and read under it, wherever
it sits now. The content check makes sure no published slug disappears
unannounced and no two drills claim the same key (:mod:`tutor.course.identity`).

Every function here is pure and works on the set of keys the store returns
from its aggregates (:meth:`tutor.storage.progress.ProgressStore.solved_lessons`:
one query, bounded by ``aggregates.SOLVED_READ``), so a page costs the same
whatever the learner's history.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from tutor.storage.stats import lesson_problem_key


@dataclass(frozen=True)
class LessonDrills:
    """What the path needs of a lesson: its slug, its drill ids in order and their keys.

    ``keys`` holds each drill's stored key in the order of ``drill_ids``; left
    empty, a drill's key is the one under the lesson's own slug.
    """

    slug: str
    drill_ids: tuple[str, ...]
    keys: tuple[str, ...] = ()

    def key(self, index: int) -> str:
        return self.keys[index] if self.keys else lesson_problem_key(self.slug,
                                                                     self.drill_ids[index])


@dataclass(frozen=True)
class ContinuePoint:
    """Where a returning learner goes on: lesson number (1-based), drill number in it."""

    lesson_number: int
    slug: str
    drill_number: int
    drill_id: str


def drill_key(slug: str, drill_id: str, lesson_moved_from: Sequence[str] = (),
              drill_moved_from: str | None = None) -> str:
    """The one key a drill's answers are stored under.

    ``drill_moved_from`` (the drill block's ``moved_from``) names where the
    drill was first published: ``old-slug`` (same id) or ``old-slug/old-id``.
    Otherwise a renamed lesson's drills stay under the slug it was first
    published with (the first of its ``moved_from``), and the others under
    the lesson's slug.

    >>> drill_key("shapes", "two-kanchan", drill_moved_from="efficiency")
    'lesson/efficiency/two-kanchan'
    >>> drill_key("shapes", "kanchans", drill_moved_from="efficiency/two-kanchan")
    'lesson/efficiency/two-kanchan'
    >>> drill_key("first-steps", "nobetan", lesson_moved_from=("basics",))
    'lesson/basics/nobetan'
    """
    if drill_moved_from:
        origin, _, origin_id = drill_moved_from.partition("/")
        return lesson_problem_key(origin, origin_id or drill_id)
    return lesson_problem_key(lesson_moved_from[0] if lesson_moved_from else slug, drill_id)


def solved_drills(lesson: LessonDrills, solved: Collection[str]) -> frozenset[str]:
    """The ids of this lesson's drills the learner has answered right at least once."""
    return frozenset(d for i, d in enumerate(lesson.drill_ids) if lesson.key(i) in solved)


def first_unsolved(
    lessons: Sequence[LessonDrills], solved: Collection[str]
) -> ContinuePoint | None:
    """Where to continue: the first unsolved drill from the furthest lesson the learner reached.

    «Furthest reached» is the last lesson in course order with a solved drill;
    its first unsolved drill comes first, then the following lessons', then
    (a learner who skipped something and finished the end) the earlier ones'.
    None for a learner who solved nothing yet (they start from lesson 1) or
    everything.
    """
    done = [solved_drills(lesson, solved) for lesson in lessons]
    reached = max((i for i, ids in enumerate(done) if ids), default=None)
    if reached is None:
        return None
    order = [*range(reached, len(lessons)), *range(reached)]
    for index in order:
        lesson = lessons[index]
        for number, drill_id in enumerate(lesson.drill_ids, 1):
            if drill_id not in done[index]:
                return ContinuePoint(index + 1, lesson.slug, number, drill_id)
    return None

