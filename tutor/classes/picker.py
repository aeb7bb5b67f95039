"""What the dashboard's assignment forms offer: lessons by number and title, drills by name.

The drill picker lists one lesson's drills at a time (``?drills_of=<slug>``, a
plain GET form, so it works without JavaScript): a course has hundreds of
drills, and an instructor looks for one in the lesson they just taught. The
class's studio lessons come first (``?drills_of=club/<lesson id>``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tutor.classes import club
from tutor.course.content import store as content_store
from tutor.course.drill_names import names_in


@dataclass(frozen=True)
class Picker:
    lessons: list[tuple[str, str]]  # slug, «Урок 14 «Ожидания»»
    chosen: str  # the lesson whose drills are offered
    chosen_title: str
    # the drill's stored key without 'lesson/' (or club/<id>/<drill>), «упр. 3: Найдите…»
    drills: list[tuple[str, str]]
    studio: list[tuple[str, str]] = field(default_factory=list)  # club/<id>, «Урок класса «…»»


def picker(drills_of: str | None, published: club.Published | None = None) -> Picker:
    """The class's studio lessons and the course's, and the drills of ``drills_of``
    (``club/<lesson id>`` for a studio lesson; the first course lesson when unknown)."""
    numbered = [(n, lesson) for n, lesson in enumerate(content_store().lessons(), start=1)
                if not lesson.problems]
    lessons = [(lesson.slug, f"Урок {n} «{lesson.title}»") for n, lesson in numbered]
    by_value = {f"club/{p.lesson_id}": p for p in (published or {}).values()}
    studio = [(value, club.title(p)) for value, p in by_value.items()]
    mine = by_value.get(drills_of or "")
    if mine is not None and mine.drills:
        return Picker(lessons, f"club/{mine.lesson_id}", club.title(mine),
                      [(f"club/{mine.lesson_id}/{d}", name)
                       for d, name in club.drill_names(mine).items()], studio)
    found = next(((n, x) for n, x in numbered if x.slug == drills_of and x.drills),
                 next(((n, x) for n, x in numbered if x.drills), None))
    if found is None:
        return Picker(lessons, "", "", [], studio)
    number, lesson = found
    drills = [(lesson.problem_keys[drill_id].removeprefix("lesson/"), name.short)
              for drill_id, name in names_in(lesson, number).items()]
    return Picker(lessons, lesson.slug, f"Урок {number} «{lesson.title}»", drills, studio)
