"""The learner's path through the course: which drills are solved, where to continue.

Progress is keyed by a drill's stable identity, ``lesson/<slug>/<drill id>``
(:func:`tutor.storage.stats.lesson_problem_key`): the slug comes from the
lesson's front matter, the drill id from its ``/// kind`` block — neither
depends on the file name or the lesson's place in the course, so renumbering
lessons (``order``) or renaming files keeps every learner's progress. A slug
change or a split is declared in the new lesson's front matter
(``moved_from: [old-slug]``): a drill then counts as solved when it was solved
under any of the lesson's slugs, old or new. The content check makes sure no
old slug disappears unannounced and no two lessons could claim the same key
(:mod:`tutor.course.checks`).

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
    """What the path needs of a lesson: its slug, its former slugs, its drill ids in order."""

    slug: str
    drill_ids: tuple[str, ...]
    moved_from: tuple[str, ...] = ()


@dataclass(frozen=True)
class ContinuePoint:
    """Where a returning learner goes on: lesson number (1-based), drill number in it."""

    lesson_number: int
    slug: str
    drill_number: int
    drill_id: str


def drill_keys(lesson: LessonDrills, drill_id: str) -> tuple[str, ...]:
    """Every stored key that means this drill: under its slug, then under each former one."""
    return tuple(lesson_problem_key(slug, drill_id) for slug in (lesson.slug, *lesson.moved_from))


def solved_drills(lesson: LessonDrills, solved: Collection[str]) -> frozenset[str]:
    """The ids of this lesson's drills the learner has answered right at least once."""
    return frozenset(d for d in lesson.drill_ids
                     if any(key in solved for key in drill_keys(lesson, d)))


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

