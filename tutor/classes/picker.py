"""What the dashboard's assignment forms offer: lessons by number and title, drills by name.

The drill picker lists one lesson's drills at a time (``?drills_of=<slug>``, a
plain GET form, so it works without JavaScript): a course has hundreds of
drills, and an instructor looks for one in the lesson they just taught.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.course.content import store as content_store
from tutor.course.drill_names import names_in


@dataclass(frozen=True)
class Picker:
    lessons: list[tuple[str, str]]  # slug, «Урок 14 «Ожидания»»
    chosen: str  # the lesson whose drills are offered
    chosen_title: str
    drills: list[tuple[str, str]]  # the drill's stored key without 'lesson/', its name


def picker(drills_of: str | None) -> Picker:
    """The course's lessons, and the drills of ``drills_of`` (the first lesson when unknown)."""
    numbered = [(n, lesson) for n, lesson in enumerate(content_store().lessons(), start=1)
                if not lesson.problems]
    lessons = [(lesson.slug, f"Урок {n} «{lesson.title}»") for n, lesson in numbered]
    found = next(((n, x) for n, x in numbered if x.slug == drills_of and x.drills),
                 next(((n, x) for n, x in numbered if x.drills), None))
    if found is None:
        return Picker(lessons, "", "", [])
    number, lesson = found
    drills = [(lesson.problem_keys[drill_id].removeprefix("lesson/"), name.short)
              for drill_id, name in names_in(lesson, number).items()]
    return Picker(lessons, lesson.slug, f"Урок {number} «{lesson.title}»", drills)
