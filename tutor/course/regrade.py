"""Pending mistakes graded again when what they were graded against changed.

Each wrong answer is kept with the fingerprint of its rule set's values and of
the drill it answered (:func:`tutor.drills.grading.graded_under`) on its pending mistake
(:mod:`tutor.storage.regrade`). Before a page lists mistakes — «Повторить
ошибки», a class's dashboard, its CSV, a learner's page — :func:`refresh`
compares each mistake with the drill it would be graded against now:

- the same drill under the same values: nothing to do (the common case);
- a rule value changed, the drill's question or answer was corrected under the
  same id (:func:`tutor.drills.grading.drill_fingerprint`), or, for a club
  lesson, a newer version was published: the kept answer is graded again
  through :func:`tutor.drills.grading.answer` (nothing is recorded). Right
  now, or no longer a valid answer, the mistake is retired; still wrong, it
  stays, noted as graded under the new values (and, for a club lesson, moved
  to the new version's key, where the next answer lands); a problem given up
  («Показать решение» before answering) keeps the request as its answer
  (:data:`tutor.drills.grading.GIVEN_UP`), which grades as no answer under any
  values: it stays due, noted as graded under the new ones;
- no answer kept — an answer too long to keep, or a mistake recorded before
  answers were kept, whose fingerprint is unknown too (NULL): whether the
  answer is still wrong cannot be told, so the mistake is retired, except a
  club drill republished unchanged (same solution, same values), which moves
  to the new version. A mistake recorded before answers were kept is thus
  retired on the first page that lists it: it was graded before the rule sets
  were revised to their documents (every set changed values then, the
  European one its open tanyao), and neither its answer nor its values are
  known. Kinds whose verdict reads no rule value cannot be told apart from the
  rest (every drill carries a rule set; a value all sets now share, such as
  open tanyao, shows no difference between them), so none is kept by guess.
  The page says how many were retired (:func:`retired_note`), so nothing
  disappears unexplained.

A course drill that left the course — removed from its lesson, or retired
under a new id because its answer changed (a double-ron drill once graded
under another set's head bump) — has no drill to grade the kept answer
against, and a drill under another key must never grade it: its answer may
be the opposite. So its mistake is retired too (:func:`left_course`), counted
in the same note; the answers themselves stay in the history (the figures per
kind, a class's dashboard and CSV count them). Only when its lesson is still
in the course and reads without problems: a lesson file that failed to read
(a broken deploy) or a slug the course cannot place says nothing about the
drill, and its mistakes wait.

So no learner is left with a mistake they cannot fix.

Bounded: a page pays one query on the pending mistakes (at most
``aggregates.MISTAKES_KEPT`` per learner) and, when club mistakes are among
them, one grouped query for their lessons' newest published versions. Drills
are prepared only for mistakes whose values or version changed — each such
mistake is then noted or retired, so it costs once — and the club lessons'
drills are remembered per process (:data:`CACHE_SIZE` versions). A course
drill that left the course costs two look-ups in the course held in memory
(its key, its lesson's slug) and one ``DELETE`` of its own row, once: retired,
it is not read again.

A lesson drill is found wherever it moved (:meth:`ContentStore.locate`); a
practice problem is prepared again from its key by the function the caller
passes (:func:`tutor.practice.views.prepared`, as the problem's page prepares it;
«Мой прогресс», a floor below practice, passes :func:`lessons_only` and leaves
practice problems to the practice page); a club lesson's drill is built from
the stored source of the version (:func:`tutor.course.content.lesson_drills_only`,
as the published lesson builds it).
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy.engine import Connection
from werkzeug.datastructures import MultiDict

from engine.plural import count_word
from engine.rules.sets import DEFAULT_RULESET
from tutor import storage
from tutor.course.content import lesson_drills_only
from tutor.course.content import store as content_store
from tutor.drills import Drill, grading
from tutor.storage import regrade
from tutor.storage.errors import StorageError
from tutor.storage.regrade import KeptAnswer
from tutor.storage.stats import club_problem_key, parse_club_key, parse_practice_key
from tutor.storage.studio import newest_published, source_of

log = logging.getLogger(__name__)

# (kind, level, seed, rule set or None) -> the practice problem, or None
Prepare = Callable[[str, str, int, str | None], Drill | None]
CACHE_SIZE = 64  # club lesson versions' drills remembered per process
_STORED = Path("draft.md")  # as the published lesson names a stored version's text


def lessons_only(kind: str, level: str, seed: int, rules: str | None) -> Drill | None:
    """A :data:`Prepare` for pages that cannot prepare practice problems: none."""
    return None


def retired_note(count: int) -> str:
    """What a page says when :func:`refresh` retired mistakes ("" for none)."""
    if not count:
        return ""
    done = count_word(count, "ошибка снята", "ошибки сняты", "ошибок снято")
    return (f"{done} с повторения: правила или упражнение изменились, и прежний ответ "
            "теперь верен или его уже не проверить.")


@dataclass(frozen=True)
class Now:
    """What a pending mistake is graded against now: the drill, its key, the drill before."""

    drill: Drill
    problem: str  # the key the mistake is kept under from now on
    before: Drill | None = None  # a club drill of the version answered, when a newer one is out


class _Remembered:
    """A small LRU of one process: few entries, read by several threads."""

    def __init__(self) -> None:
        self._found: OrderedDict[Any, Any] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Any) -> Any:
        with self._lock:
            return self._found.get(key)

    def put(self, key: Any, value: Any) -> None:
        with self._lock:
            self._found[key] = value
            while len(self._found) > CACHE_SIZE:
                self._found.popitem(last=False)


_club_drills = _Remembered()  # (database, lesson id, version) -> {drill id: Drill}


def drill_of(problem: str, prepared: Prepare) -> Drill | None:
    """The drill a lesson or practice key means now; None when it left the course."""
    if problem.startswith("lesson/"):
        found = content_store().locate(problem)
        return found[0].drills[found[1]] if found else None
    parsed = parse_practice_key(problem)
    if parsed is None:
        return None
    return prepared(parsed.kind, parsed.level, parsed.seed, parsed.rules)


def left_course(problem: str) -> bool:
    """A course drill's key no drill of the course claims now, while its lesson reads well.

    False for any other key, for a drill found (wherever it moved), and when the
    key's lesson is not in the course or has problems: then nothing is known.
    """
    if not problem.startswith("lesson/"):
        return False
    course = content_store()
    if course.locate(problem) is not None:
        return False
    slug = problem.split("/")[1]
    lesson = course.get(slug) or course.moved_to(slug)
    return lesson is not None and lesson.ok


def club_drills(conn: Connection, lesson_id: int, version: int) -> Mapping[str, Drill] | None:
    """The drills of one stored club lesson version (None: no such version).

    A stored version never changes; remembered per database (its URL), since
    one process may serve several (the tests do).
    """
    key = (str(conn.engine.url), lesson_id, version)
    found: Mapping[str, Drill] | None = _club_drills.get(key)
    if found is None:
        source = source_of(conn, lesson_id, version)
        if source is None:
            return None
        found = dict(lesson_drills_only(source, _STORED, "урок").drills)
        _club_drills.put(key, found)
    return found


def _practice_unchanged(row: KeptAnswer) -> bool:
    """A practice problem kept under the values its key's rule set has now.

    A practice problem is graded under a named set without overrides: the one
    its key names (the default when it names none) unless the generator drew
    another or the problem fell back to its own. So a fingerprint equal to that
    set's now means nothing changed, told without preparing the problem — a
    generation of several milliseconds per kept mistake, on every page that
    lists them (a class's dashboard reads every member's), beyond what the
    prepared problems' cache holds. Any other fingerprint prepares it. Only the
    rule part is compared: a practice problem is made from its key, not written
    by an author, and a generator that deals another problem for the same key
    shows the learner that problem, which they answer anew.
    """
    parsed = parse_practice_key(row.problem)
    return parsed is not None and row.graded is not None \
        and row.graded[:grading.RULES_PART] == grading.rules_fingerprint(
            parsed.rules or DEFAULT_RULESET.name)


def _club_now(conn: Connection, problem: str, newest: Mapping[int, int]) -> Now | None:
    """A club mistake's drill in the lesson's newest published version.

    None when nothing can be said (the lesson is published nowhere now, or its
    version is gone); a drill the newest version no longer has is a :class:`Now`
    whose ``drill`` is the old one and ``problem`` empty: the mistake retires.
    """
    key = parse_club_key(problem)
    if key is None or key.lesson_id not in newest:
        return None
    version = max(newest[key.lesson_id], key.version)
    before = club_drills(conn, key.lesson_id, key.version)
    if version == key.version:
        drill = before.get(key.drill_id) if before else None
        return Now(drill, problem) if drill is not None else None
    current = club_drills(conn, key.lesson_id, version)
    old = before.get(key.drill_id) if before else None
    drill = current.get(key.drill_id) if current else None
    if drill is None:
        return Now(old, "") if old is not None and current is not None else None
    return Now(drill, club_problem_key(key.lesson_id, version, key.drill_id), old)


def _still_wrong(row: KeptAnswer, now: Now) -> bool:
    """Whether the mistake stands against the drill it would be graded against now."""
    if row.fields:  # a given-up problem's request grades as the solution shown: not right
        verdict = grading.answer(now.drill, MultiDict(list(row.fields))).verdict
        return verdict is not None and not verdict.correct
    # No answer kept: the old verdict stands only where nothing it depended on moved —
    # a club drill republished unchanged under the same values.
    return (now.before is not None and now.before.solution == now.drill.solution
            and row.graded == grading.graded_under(now.drill))


def _settle(conn: Connection, row: KeptAnswer, now: Now) -> bool:
    """Grade one mistake again and store the result; True when it was retired."""
    if now.problem and _still_wrong(row, now):
        regrade.regraded(conn, row.learner_id, row.problem, grading.graded_under(now.drill),
                         now.problem)
        return False
    regrade.retire(conn, row.learner_id, row.problem)
    return True


def refresh(learner_ids: Sequence[str], prepared: Prepare) -> int:
    """Grade again these learners' pending mistakes whose drill changed; how many retired.

    Never raises for the database: a page shows what it has (a failed refresh
    is logged, the mistakes stay as they were).
    """
    try:
        with storage.store().transaction() as conn:
            rows = regrade.kept(conn, learner_ids)
            clubs = [key.lesson_id for row in rows if (key := parse_club_key(row.problem))]
            newest = newest_published(conn, clubs)
            retired = 0
            for row in rows:
                if row.graded is not None and _practice_unchanged(row):
                    continue  # the common case, without generating the problem
                if row.problem.startswith("club/"):
                    now = _club_now(conn, row.problem, newest)
                else:
                    drill = drill_of(row.problem, prepared)
                    if drill is None and left_course(row.problem):
                        regrade.retire(conn, row.learner_id, row.problem)
                        retired += 1
                        continue
                    now = Now(drill, row.problem) if drill is not None else None
                if now is None or (now.problem == row.problem
                                   and grading.graded_under(now.drill) == row.graded):
                    continue
                retired += _settle(conn, row, now)
    except StorageError:
        log.warning("could not grade kept mistakes again", exc_info=True)
        return 0
    return retired
