"""Practice problems a signed-in learner answered right, for the assignments' practice sets.

The aggregates keep solved *lesson* drills only; a practice set needs to know
which of its problems were answered right. This ``on_graded`` subscriber adds
one row (``INSERT … ON CONFLICT DO NOTHING``) to ``practice_solved`` per right
practice answer of a signed-in account — anonymous learners cannot be in a
class, so their answers cost nothing more. Bounded per learner by the
practice problems they solve; read only for the keys of assigned sets.
"""

from __future__ import annotations

import logging

from flask import Flask
from sqlalchemy.dialects import postgresql, sqlite

from tutor import storage
from tutor.accounts.current import current_user
from tutor.drills import GradedEvent, on_graded
from tutor.storage.accounts import practice_solved
from tutor.storage.errors import StorageError

log = logging.getLogger(__name__)


def record_solved(event: GradedEvent) -> None:
    if event.source != "practice" or not event.correct:
        return
    user = current_user()
    problem = event.extra.get("problem")
    if user is None or not isinstance(problem, str):
        return
    try:
        with storage.store().transaction() as conn:
            dialect = postgresql if conn.dialect.name == "postgresql" else sqlite
            conn.execute(dialect.insert(practice_solved)
                         .values(learner_id=user.learner_id, problem=problem[:200])
                         .on_conflict_do_nothing())
    except StorageError:
        log.warning("could not note a solved practice problem", exc_info=True)


def init_app(app: Flask) -> None:
    on_graded(app, record_solved)
