"""Practice problems a signed-in learner answered right, for the assignments' practice sets.

The aggregates keep solved *lesson* drills only; a practice set needs to know
which of its problems were answered right. The answer path
(:mod:`tutor.drills.grading`) adds one row (``INSERT … ON CONFLICT DO
NOTHING``) to ``practice_solved`` per right practice answer of a signed-in
account — anonymous learners cannot be in a class, so their answers cost
nothing more. Bounded per learner by the practice problems they solve; read
only for the keys of assigned sets.
"""

from __future__ import annotations

from sqlalchemy.dialects import postgresql, sqlite

from tutor.storage.database import ProgressStore
from tutor.storage.users import practice_solved


def note_practice_solved(store: ProgressStore, learner_id: str, problem: str) -> None:
    """Mark ``problem`` solved by ``learner_id`` (raises StorageError when the database fails)."""
    with store.transaction() as conn:
        dialect = postgresql if conn.dialect.name == "postgresql" else sqlite
        conn.execute(dialect.insert(practice_solved)
                     .values(learner_id=learner_id, problem=problem[:200])
                     .on_conflict_do_nothing())
