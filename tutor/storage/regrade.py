"""What a wrong answer was: read back from the pending mistake to grade it again.

A mistake must stay a mistake the learner can fix. When a rule value changes
(the European set gained open tanyao), an answer that was wrong under the old
value may be right under the new one; left as it was, the learner would be
told to repeat a drill they answered correctly. So each wrong answer row
carries the learner's answer fields and the fingerprint of the rule values
it was graded under (:mod:`tutor.storage.answers`), and the aggregate trigger
copies both onto the pending mistake (``learner_mistakes.answer`` and
``graded``, :mod:`tutor.storage.aggregates`) in the answer's own ``INSERT``:
the kept answer is saved exactly when the answer is, through the same
statement, and a failed save keeps neither. :mod:`tutor.course.regrade`
reads them here, grades the kept answer again through
:func:`tutor.drills.grading.answer` whenever the fingerprint the drill would
be graded under now differs, and retires the mistake or notes the new
fingerprint.

A problem given up («Показать решение» before answering) keeps the request
as its answer (:data:`tutor.drills.grading.GIVEN_UP`), so it is told apart
from an answer too long to keep. A mistake recorded before fingerprints were
kept has ``graded`` NULL (and no answer); :mod:`tutor.course.regrade` decides
what it becomes.

Bounded: :func:`kept` reads the pending mistakes of the learners asked for,
at most ``aggregates.MISTAKES_KEPT`` each, through the learner's key.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from tutor.storage.aggregates import learner_mistakes


@dataclass(frozen=True)
class KeptAnswer:
    """A pending mistake with the answer that made it and what it was graded under.

    ``fields`` is empty when the answer was not kept (too long, or recorded
    before answers were kept); ``graded`` is None when the mistake was recorded
    before fingerprints were kept.
    """

    learner_id: str
    problem: str
    fields: tuple[tuple[str, str], ...]
    graded: str | None


def kept(conn: Connection, learner_ids: Sequence[str]) -> list[KeptAnswer]:
    """The pending mistakes of these learners with their kept answers (MISTAKES_KEPT each)."""
    if not learner_ids:
        return []
    table = learner_mistakes
    query = (sa.select(table.c.learner_id, table.c.problem, table.c.answer, table.c.graded)
             .where(table.c.learner_id.in_(list(learner_ids))))
    found = []
    for learner_id, problem, answer, graded in conn.execute(query):
        found.append(KeptAnswer(learner_id, problem, decoded(answer), graded))
    return found


def decoded(answer: str | None) -> tuple[tuple[str, str], ...]:
    """The answer fields of a stored JSON text (empty when absent or unreadable)."""
    if not answer:
        return ()
    try:
        return tuple((str(name), str(value)) for name, value in json.loads(answer))
    except (ValueError, TypeError):
        return ()


def retire(conn: Connection, learner_id: str, problem: str) -> None:
    """The mistake no longer stands (right under the rules now, or no longer gradable)."""
    conn.execute(learner_mistakes.delete().where(learner_mistakes.c.learner_id == learner_id,
                                                 learner_mistakes.c.problem == problem))


def regraded(conn: Connection, learner_id: str, problem: str, graded: str,
             moved_to: str | None = None) -> None:
    """Still wrong under the rules now: remember that it was graded under them.

    ``moved_to``: the key the mistake is kept under from now on (a club lesson's
    drill in its newer version, where the learner's next answer lands); when a
    mistake is already pending there, that newer one stays and this one goes.
    """
    table = learner_mistakes
    here = sa.and_(table.c.learner_id == learner_id, table.c.problem == problem)
    values: dict[str, str] = {"graded": graded[:32]}
    if moved_to is not None and moved_to != problem:
        taken = conn.execute(sa.select(table.c.problem).where(
            table.c.learner_id == learner_id, table.c.problem == moved_to)).first()
        if taken is not None:
            conn.execute(table.delete().where(here))
            return
        values["problem"] = moved_to[:200]
    conn.execute(table.update().where(here).values(**values))
