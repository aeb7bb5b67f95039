"""The learner's assignments on the home page: their state and due date («до 12 декабря»).

A template global, :func:`my_assignments`, that the course's home template
calls when it exists (the course sits below this package and cannot import
it). For a signed-in learner: their classes (bounded), those classes'
studio lessons and assignments (bounded), and which of the assignments'
problems they solved and have pending — bounded queries; nothing for anyone else.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor import storage
from tutor.accounts.current import current_user
from tutor.classes import club, dashboard, store
from tutor.classes.work import Progress, Work, work
from tutor.course.drill_names import course_numbers
from tutor.storage.errors import StorageError


@dataclass(frozen=True)
class Assigned:
    klass: store.Klass
    work: Work
    progress: Progress

    @property
    def state(self) -> str:
        return self.progress.state

    @property
    def state_name(self) -> str:
        return self.progress.name


def my_assignments() -> list[Assigned]:
    user = current_user()
    if user is None:
        return []
    try:
        with storage.store().transaction() as conn:
            classes = store.joined(conn, user)
            if not classes:
                return []
            by_id = {k.id: k for k in classes}
            numbers = course_numbers()
            published = club.published(conn, list(by_id))
            works = [work(a, numbers, published)
                     for a in store.assignments_of(conn, list(by_id))]
            member = store.Member(user.id, user.login, user.display_name, user.learner_id, 0.0)
            row = dashboard.LearnerRow(member)
            rows = {user.learner_id: row}
            dashboard.read_solved(conn, [user.learner_id], works, rows, published)
            pending = dashboard.pending_among(conn, user.learner_id,
                                              [p for w in works for p in w.problems])
    except StorageError:
        return []
    return [Assigned(by_id[w.assignment.class_id], w,
                     w.progress(row.solved, pending, later=row.solved_later,
                                near={p for p, near in pending.items() if near}))
            for w in works]

