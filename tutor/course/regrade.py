"""Pending mistakes graded again when the rules they were graded under changed.

Each wrong answer is kept with the fingerprint of its rule set's values
(:func:`tutor.drills.grading.graded_under`, :mod:`tutor.storage.regrade`).
Before a page lists mistakes — «Повторить ошибки», a class's dashboard, its
CSV, a learner's page — :func:`refresh` compares each kept fingerprint with
the one the drill is graded under now. Where a value changed, the kept
answer is graded again through :func:`tutor.drills.grading.answer` (nothing
is recorded): right now, or no longer a valid answer, the mistake is
retired; still wrong, it stays, noted as graded under the new values. So no
learner is left with a mistake they cannot fix. Pages with nothing changed
pay one bounded query (the kept answers join the pending mistakes).

A lesson drill is found wherever it moved (:meth:`ContentStore.locate`); a
practice problem is prepared again from its key by the function the caller
passes (:func:`tutor.practice.views.prepared`, as the problem's page prepares it;
«Мой прогресс», a floor below practice, passes :func:`lessons_only` and leaves
practice problems to the practice page).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence

from werkzeug.datastructures import MultiDict

from engine.rules.sets import DEFAULT_RULESET
from tutor import storage
from tutor.course.content import store as content_store
from tutor.drills import Drill, grading
from tutor.storage import regrade
from tutor.storage.errors import StorageError
from tutor.storage.stats import parse_practice_key

log = logging.getLogger(__name__)

# (kind, level, seed, rule set or None) -> the practice problem, or None
Prepare = Callable[[str, str, int, str | None], Drill | None]


def lessons_only(kind: str, level: str, seed: int, rules: str | None) -> Drill | None:
    """A :data:`Prepare` for pages that cannot prepare practice problems: none."""
    return None


def drill_of(problem: str, prepared: Prepare) -> Drill | None:
    """The drill a stored problem key means now; None when it left the course."""
    if problem.startswith("lesson/"):
        found = content_store().locate(problem)
        return found[0].drills[found[1]] if found else None
    parsed = parse_practice_key(problem)
    if parsed is None:
        return None  # a club lesson's drill: its published version is graded as it was
    return prepared(parsed.kind, parsed.level, parsed.seed, parsed.rules)


def _practice_unchanged(problem: str, graded: str) -> bool:
    """A practice problem kept under the values its key's rule set has now.

    A practice problem is graded under a named set without overrides: the one
    its key names (the default when it names none) unless the generator drew
    another or the problem fell back to its own. So a fingerprint equal to that
    set's now means nothing changed, told without preparing the problem — a
    generation of several milliseconds per kept mistake, on every page that
    lists them (a class's dashboard reads every member's), beyond what the
    prepared problems' cache holds. Any other fingerprint prepares it.
    """
    parsed = parse_practice_key(problem)
    return parsed is not None and graded == grading.rules_fingerprint(
        parsed.rules or DEFAULT_RULESET.name)


def refresh(learner_ids: Sequence[str], prepared: Prepare) -> int:
    """Grade again these learners' kept wrong answers whose rules changed; how many retired.

    Never raises for the database: a page shows what it has (a failed refresh
    is logged, the mistakes stay as they were).
    """
    try:
        with storage.store().transaction() as conn:
            rows = regrade.kept(conn, learner_ids)
            retired = 0
            for row in rows:
                if _practice_unchanged(row.problem, row.graded):
                    continue  # the common case, without generating the problem
                drill = drill_of(row.problem, prepared)
                if drill is None:
                    continue
                now = grading.graded_under(drill)
                if now == row.graded:
                    continue
                verdict = grading.answer(drill, MultiDict(list(row.fields))).verdict
                if verdict is None or verdict.correct:  # no longer gradable, or right now
                    regrade.retire(conn, row.learner_id, row.problem)
                    retired += 1
                else:
                    regrade.regraded(conn, row.learner_id, row.problem, now)
    except StorageError:
        log.warning("could not grade kept mistakes again", exc_info=True)
        return 0
    return retired
