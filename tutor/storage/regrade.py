"""What a wrong answer was: kept beside the pending mistake so it can be graded again.

A mistake must stay a mistake the learner can fix. When a rule value changes
(the European set gained open tanyao), an answer that was wrong under the old
value may be right under the new one; left as it was, the learner would be
told to repeat a drill they answered correctly. So each stored wrong answer
keeps the learner's answer fields and the fingerprint of the rule set it was
graded under; :mod:`tutor.course.regrade` grades the kept answer again
through :func:`tutor.drills.grading.answer` whenever the fingerprint it
would be graded under now differs, and retires the mistake (right now, or
no longer gradable) or notes the new fingerprint (still wrong).

Schema (the regrade migration)::

    mistake_answers(
        learner_id  VARCHAR(64),             -- PRIMARY KEY (learner_id, problem),
        problem     VARCHAR(200),            -- as learner_mistakes
        answer      VARCHAR(2000) NOT NULL,  -- the answer fields, JSON [[name, value], ...]
        graded      VARCHAR(32) NOT NULL     -- fingerprint of the rules it was graded under
    )

A mistake without a row here (recorded before this table) is kept as it is:
its answer is unknown, and the drill shows its current answer when reopened.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from tutor.storage.aggregates import learner_mistakes

metadata = sa.MetaData()
ANSWER_MAX = 2000  # characters of JSON; a longer answer is not kept (nothing to regrade)

mistake_answers = sa.Table(
    "mistake_answers", metadata,
    sa.Column("learner_id", sa.String(64), primary_key=True),
    sa.Column("problem", sa.String(200), primary_key=True),
    sa.Column("answer", sa.String(ANSWER_MAX), nullable=False),
    sa.Column("graded", sa.String(32), nullable=False),
    sqlite_with_rowid=False,
)


@dataclass(frozen=True)
class KeptAnswer:
    """A pending mistake with the answer that made it and what it was graded under."""

    learner_id: str
    problem: str
    fields: tuple[tuple[str, str], ...]
    graded: str


def migrate(conn: Connection) -> None:
    """The regrade migration step: the kept answers of pending mistakes."""
    metadata.create_all(conn, checkfirst=True)


def keep(conn: Connection, learner_id: str, problem: str,
         fields: Sequence[tuple[str, str]], graded: str) -> None:
    """Remember the answer of a wrong answer just stored (replacing an older one)."""
    text = json.dumps([list(pair) for pair in fields], ensure_ascii=False)
    key = {"learner_id": learner_id, "problem": problem[:200]}
    conn.execute(mistake_answers.delete().filter_by(**key))
    if len(text) <= ANSWER_MAX:
        conn.execute(mistake_answers.insert().values(**key, answer=text, graded=graded[:32]))


def forget(conn: Connection, learner_id: str, problem: str) -> None:
    """The mistake's latest miss has no answer («Показать решение»): an older one is not it."""
    conn.execute(mistake_answers.delete().where(mistake_answers.c.learner_id == learner_id,
                                                mistake_answers.c.problem == problem))


def kept(conn: Connection, learner_ids: Sequence[str]) -> list[KeptAnswer]:
    """The kept answers of these learners' pending mistakes (bounded by MISTAKES_KEPT each)."""
    if not learner_ids:
        return []
    table, pending = mistake_answers, learner_mistakes
    query = (sa.select(table.c.learner_id, table.c.problem, table.c.answer, table.c.graded)
             .join(pending, sa.and_(pending.c.learner_id == table.c.learner_id,
                                    pending.c.problem == table.c.problem))
             .where(table.c.learner_id.in_(list(learner_ids))))
    found = []
    for learner_id, problem, answer, graded in conn.execute(query):
        try:
            fields = tuple((str(name), str(value)) for name, value in json.loads(answer))
        except (ValueError, TypeError):
            fields = ()
        found.append(KeptAnswer(learner_id, problem, fields, graded))
    return found


def retire(conn: Connection, learner_id: str, problem: str) -> None:
    """The mistake no longer stands (right under the rules now, or no longer gradable)."""
    for table in (learner_mistakes, mistake_answers):
        conn.execute(table.delete().where(table.c.learner_id == learner_id,
                                          table.c.problem == problem))


def regraded(conn: Connection, learner_id: str, problem: str, graded: str) -> None:
    """Still wrong under the rules now: remember that it was graded under them."""
    conn.execute(mistake_answers.update()
                 .where(mistake_answers.c.learner_id == learner_id,
                        mistake_answers.c.problem == problem)
                 .values(graded=graded[:32]))
