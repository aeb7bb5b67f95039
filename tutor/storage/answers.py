"""The raw answers table: one row per graded answer, per learner.

Schema::

    answers(
        id          INTEGER PRIMARY KEY,     -- autoincrement
        learner_id  VARCHAR(64) NOT NULL,    -- random id from the signed cookie, or an account's
        nonce       VARCHAR(64) NOT NULL,    -- one per rendered question form
        source      VARCHAR(16) NOT NULL,    -- 'lesson' | 'practice' | 'club'
        kind        VARCHAR(32) NOT NULL,    -- drill kind: waits, furiten, fu, ...
        level       VARCHAR(16),             -- practice level, NULL for lessons
        lesson      VARCHAR(100),            -- lesson slug, NULL for practice
        problem     VARCHAR(200) NOT NULL,   -- 'lesson/<slug>/<drill>' or
                                             -- 'practice/<kind>/<level>/<seed>[@<rules>]'
                                             -- (stats.practice_problem_key: under 100 chars)
        correct     BOOLEAN NOT NULL,
        answered_at TIMESTAMP WITH TIME ZONE NOT NULL,
        rule        VARCHAR(64),             -- the rule the diagnosis of a wrong answer
                                             -- named ('fu.pinfu-tsumo'), or NULL
        attempt     SMALLINT,                -- the form's attempt: 1 the first (NULL: before
                                             -- attempts were stored, taken as 1)
        partial     BOOLEAN,                 -- graded «почти» (half credit); NULL: no
        answer      VARCHAR(2000),           -- a wrong answer's fields, JSON [[name, value],
                                             -- ...] (NULL: right, too long, or stored before;
                                             -- a problem given up: [["action", "solution"]])
        graded      VARCHAR(32),             -- what a wrong answer was graded against
                                             -- (tutor.drills.grading.graded_under)
        UNIQUE (learner_id, nonce)           -- a re-sent form is counted once
    )

A wrong answer carries what the learner answered and the fingerprint of the
rule values it was graded under; the trigger copies both onto the pending
mistake (:mod:`tutor.storage.aggregates`), so the mistake can be graded again
after a rule change (:mod:`tutor.storage.regrade`). They travel in the answer's
own ``INSERT``: the kept answer is saved exactly when the answer is.

Triggers on it keep the aggregates (:mod:`tutor.storage.aggregates`) and the
hourly budget (:mod:`tutor.storage.budget`) in the same statement as the row.
"""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy.engine import Connection

metadata = sa.MetaData()
ANSWER_MAX = 2000  # characters of a wrong answer's JSON; a longer one is not kept

answers = sa.Table(
    "answers",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("learner_id", sa.String(64), nullable=False),
    sa.Column("nonce", sa.String(64), nullable=False),
    sa.Column("source", sa.String(16), nullable=False),
    sa.Column("kind", sa.String(32), nullable=False),
    sa.Column("level", sa.String(16)),
    sa.Column("lesson", sa.String(100)),
    sa.Column("problem", sa.String(200), nullable=False),
    sa.Column("correct", sa.Boolean, nullable=False),
    sa.Column("answered_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("rule", sa.String(64)),
    sa.Column("attempt", sa.SmallInteger),
    sa.Column("partial", sa.Boolean),
    sa.Column("answer", sa.String(ANSWER_MAX)),
    sa.Column("graded", sa.String(32)),
    sa.UniqueConstraint("learner_id", "nonce", name="uq_answers_learner_nonce"),
    sa.Index("ix_answers_learner_time", "learner_id", "answered_at", "id"),
)

# Built once: the values travel as parameters, so SQLAlchemy reuses the compiled
# statement instead of building and cache-keying a new one per answer.
INSERT = answers.insert()
COLUMNS = tuple(c.name for c in answers.c if c.name != "id")  # as a row is written


def migrate(conn: Connection) -> None:
    """The first migration step: the answers table."""
    answers.create(conn, checkfirst=True)
