"""Per-learner aggregates: what the pages show, kept up to date by the database itself.

Every page used to read a learner's whole history (60–120 ms at 10,000
answers). Now a trigger on ``answers`` updates these tables inside the
``INSERT`` of each answer — the same statement, so the same transaction: an
answer and its aggregates are committed together or not at all, and on SQLite
the hot path stays one autocommitted statement (one C call, see
:mod:`tutor.storage.sqlite_writer`). Pages read only these tables, each query with
a bound that does not depend on the history's length::

    learner_kinds(                           -- one row per learner and drill kind,
        learner_id, kind,                    -- plus kind '*' for all answers together
        first_id    INTEGER,                 -- answers.id of the first one (display order)
        total, correct, streak INTEGER,      -- streak: right answers in a row, up to now
        marks       VARCHAR(200),            -- the latest MARKS answers, '1' right / '0' wrong
        partial     INTEGER,                 -- answers graded «почти» (half credit)
        later       INTEGER                  -- right answers on a later attempt of a form
    )                                        -- rows: kinds + 1 (KINDS_READ bounds the query)
    learner_solved(learner_id, problem,      -- lesson drills answered right at least once
                   later)                    -- later: only on a later attempt, never a first
                                             -- rows: drills of the course (SOLVED_READ)
    learner_mistakes(                        -- problems whose latest answer was wrong
        learner_id, problem, answer_id,      -- answer_id orders them, newest first
        kind, rule,                          -- rule: the diagnosis's rule id, or NULL
        answer, graded,                      -- that answer's fields and grading fingerprint
        partial                              -- the latest first attempt was a «почти»
    )                                        -- at most MISTAKES_KEPT rows per learner
    new_learners(address, hour, count)       -- learners first seen per address and hour

Only a form's first attempt counts in ``total``, ``correct``, ``streak``,
``marks`` and ``partial`` (a learner may try again before the solution is
shown): the figures an instructor reads are first-attempt figures, and a right
answer on a later attempt is counted apart (``later``, «со 2-й попытки»). For
the same reason only a right first attempt takes a problem off the pending
mistakes: a miss put right on the second try stays due for repetition. A
pending mistake remembers whether its latest first attempt was a «почти»
(``partial``; a later attempt's miss leaves the flag as it was), so a class's
practice set counts that task as half, as the per-kind figures do
(:func:`first_score`).

The same trigger bounds the raw history: when a learner's count reaches a
multiple of :data:`TRIM_EVERY`, raw answers beyond the newest :data:`RAW_LIMIT`
are deleted. They are already counted in the aggregates, so every figure stays
exact; only the export loses their details (it says how many were folded).

Migration 3 (:func:`migrate`) creates all this and folds the existing answers
in with the same pure functions the tests check (:func:`fold`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from tutor.storage.answers import ANSWER_MAX
from tutor.storage.classes import add_column

metadata = sa.MetaData()

ALL = "*"  # the learner_kinds row that counts every answer
MARKS = 200  # answers kept per kind as marks (the charts and «последние 20»)
RAW_LIMIT = 10_000  # raw answers kept per learner; older ones are folded
TRIM_EVERY = 500  # how often (in a learner's answers) the raw history is trimmed
MISTAKES_KEPT = 50  # pending mistakes kept per learner, the newest
KINDS_READ = 200  # bounds of the page queries (far above what they can hold)
SOLVED_READ = 5_000
NEW_LEARNERS_PER_HOUR = 1_000  # per client address, across every process

learner_kinds = sa.Table(
    "learner_kinds", metadata,
    sa.Column("learner_id", sa.String(64), primary_key=True),
    sa.Column("kind", sa.String(32), primary_key=True),
    sa.Column("first_id", sa.Integer, nullable=False),
    sa.Column("total", sa.Integer, nullable=False),
    sa.Column("correct", sa.Integer, nullable=False),
    sa.Column("streak", sa.Integer, nullable=False),
    sa.Column("marks", sa.String(MARKS), nullable=False),
    sa.Column("partial", sa.Integer),  # first attempts graded «почти» (NULL: none)
    sa.Column("later", sa.Integer),  # right answers on a later attempt (NULL: none)
    sqlite_with_rowid=False,  # clustered by the key: one page written per update, not two
)

learner_solved = sa.Table(
    "learner_solved", metadata,
    sa.Column("learner_id", sa.String(64), primary_key=True),
    sa.Column("problem", sa.String(200), primary_key=True),
    sa.Column("later", sa.Boolean),  # solved only on a later attempt (NULL: on a first)
    sqlite_with_rowid=False,
)

learner_mistakes = sa.Table(
    "learner_mistakes", metadata,
    sa.Column("learner_id", sa.String(64), primary_key=True),
    sa.Column("problem", sa.String(200), primary_key=True),
    sa.Column("answer_id", sa.Integer, nullable=False),
    sa.Column("kind", sa.String(32), nullable=False),
    sa.Column("rule", sa.String(64)),
    # The wrong answer's fields and grading fingerprint, copied from the answer row
    # (tutor.storage.answers); NULL answer: too long to keep; NULL graded: recorded
    # before fingerprints were kept (tutor.course.regrade decides what those become).
    sa.Column("answer", sa.String(ANSWER_MAX)),
    sa.Column("graded", sa.String(32)),
    sa.Column("partial", sa.Boolean),  # its latest first attempt was a «почти» (NULL: no)
    sa.Index("ix_learner_mistakes_order", "learner_id", "answer_id"),
    sqlite_with_rowid=False,
)

new_learners = sa.Table(
    "new_learners", metadata,
    sa.Column("address", sa.String(64), primary_key=True),
    sa.Column("hour", sa.Integer, primary_key=True),  # hours since the Unix epoch
    sa.Column("count", sa.Integer, nullable=False),
    sa.Index("ix_new_learners_hour", "hour"),
)

# --- the triggers -------------------------------------------------------------------

def _sqlite_triggers() -> tuple[str, ...]:
    """The SQLite triggers, with this module's limits as they are now (tests lower them)."""
    return (
    f"""
CREATE TRIGGER answers_aggregate AFTER INSERT ON answers
BEGIN
  INSERT INTO learner_kinds (learner_id, kind, first_id, total, correct, streak, marks,
                             partial, later)
  SELECT NEW.learner_id, k.kind, NEW.id, f.first, f.first AND NEW.correct,
         f.first AND NEW.correct,
         CASE WHEN NOT f.first THEN '' WHEN NEW.correct THEN '1' ELSE '0' END,
         f.first AND COALESCE(NEW.partial, 0), NEW.correct AND NOT f.first
  FROM (SELECT NEW.kind AS kind UNION ALL SELECT '{ALL}') AS k,
       (SELECT COALESCE(NEW.attempt, 1) = 1 AS first) AS f
  WHERE true
  ON CONFLICT (learner_id, kind) DO UPDATE SET
    total = total + excluded.total,
    correct = correct + excluded.correct,
    streak = CASE WHEN excluded.total = 0 THEN streak
                  WHEN excluded.correct THEN streak + 1 ELSE 0 END,
    marks = substr(marks || excluded.marks, -{MARKS}),
    partial = COALESCE(partial, 0) + excluded.partial,
    later = COALESCE(later, 0) + excluded.later;
  INSERT INTO learner_solved (learner_id, problem, later)
  SELECT NEW.learner_id, NEW.problem, COALESCE(NEW.attempt, 1) > 1
  WHERE NEW.correct AND NEW.source = 'lesson'
  ON CONFLICT (learner_id, problem) DO UPDATE SET
    later = COALESCE(later, 0) AND excluded.later;
  DELETE FROM learner_mistakes
  WHERE NEW.correct AND COALESCE(NEW.attempt, 1) = 1
    AND learner_id = NEW.learner_id AND problem = NEW.problem;
  INSERT INTO learner_mistakes (learner_id, problem, answer_id, kind, rule, answer, graded,
                                partial)
  SELECT NEW.learner_id, NEW.problem, NEW.id, NEW.kind, NEW.rule, NEW.answer, NEW.graded,
         CASE WHEN COALESCE(NEW.attempt, 1) = 1 THEN COALESCE(NEW.partial, 0) END
  WHERE NOT NEW.correct
  ON CONFLICT (learner_id, problem) DO UPDATE SET
    answer_id = excluded.answer_id, kind = excluded.kind, rule = excluded.rule,
    answer = excluded.answer, graded = excluded.graded,
    partial = COALESCE(excluded.partial, partial);
  DELETE FROM learner_mistakes
  WHERE NOT NEW.correct AND learner_id = NEW.learner_id AND answer_id < (
    SELECT answer_id FROM learner_mistakes WHERE learner_id = NEW.learner_id
    ORDER BY answer_id DESC LIMIT 1 OFFSET {MISTAKES_KEPT - 1});
  -- LIMIT 0 unless a first attempt just brought the count to a multiple of TRIM_EVERY:
  -- the scan of the learner's rows is skipped, not filtered row by row
  DELETE FROM answers WHERE id IN (
    SELECT id FROM answers WHERE learner_id = NEW.learner_id
    ORDER BY answered_at DESC, id DESC
    LIMIT CASE WHEN COALESCE(NEW.attempt, 1) = 1
                AND (SELECT total FROM learner_kinds
                     WHERE learner_id = NEW.learner_id AND kind = '{ALL}') % {TRIM_EVERY} = 0
               THEN -1 ELSE 0 END
    OFFSET {RAW_LIMIT});
END
""",
    )


def _postgresql_triggers() -> tuple[str, ...]:
    """The PostgreSQL trigger function and trigger (the limits as for SQLite)."""
    return (
    f"""
CREATE OR REPLACE FUNCTION tempai_answer_aggregate() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  is_first boolean := COALESCE(NEW.attempt, 1) = 1;
  mark varchar(1) := CASE WHEN NOT is_first THEN '' WHEN NEW.correct THEN '1' ELSE '0' END;
  counts integer := CASE WHEN is_first THEN 1 ELSE 0 END;
  right_one integer := CASE WHEN is_first AND NEW.correct THEN 1 ELSE 0 END;
  near_one integer := CASE WHEN is_first AND COALESCE(NEW.partial, false) THEN 1 ELSE 0 END;
  later_one integer := CASE WHEN NEW.correct AND NOT is_first THEN 1 ELSE 0 END;
  counted integer;
BEGIN
  -- the '{ALL}' row is updated last by every answer of the learner, and locks
  -- the learner's later statements behind it: no deadlock between two tabs
  INSERT INTO learner_kinds AS k (learner_id, kind, first_id, total, correct, streak, marks,
                                  partial, later)
  VALUES (NEW.learner_id, NEW.kind, NEW.id, counts, right_one, right_one, mark, near_one,
          later_one),
         (NEW.learner_id, '{ALL}', NEW.id, counts, right_one, right_one, mark, near_one,
          later_one)
  ON CONFLICT (learner_id, kind) DO UPDATE SET
    total = k.total + EXCLUDED.total,
    correct = k.correct + EXCLUDED.correct,
    streak = CASE WHEN EXCLUDED.total = 0 THEN k.streak
                  WHEN EXCLUDED.correct > 0 THEN k.streak + 1 ELSE 0 END,
    marks = right(k.marks || EXCLUDED.marks, {MARKS}),
    partial = COALESCE(k.partial, 0) + EXCLUDED.partial,
    later = COALESCE(k.later, 0) + EXCLUDED.later;
  IF NEW.correct THEN
    IF NEW.source = 'lesson' THEN
      INSERT INTO learner_solved AS s (learner_id, problem, later)
      VALUES (NEW.learner_id, NEW.problem, NOT is_first)
      ON CONFLICT (learner_id, problem) DO UPDATE SET
        later = COALESCE(s.later, false) AND EXCLUDED.later;
    END IF;
    IF is_first THEN  -- a miss put right on a later attempt stays due for repetition
      DELETE FROM learner_mistakes WHERE learner_id = NEW.learner_id AND problem = NEW.problem;
    END IF;
  ELSE
    INSERT INTO learner_mistakes AS m (learner_id, problem, answer_id, kind, rule, answer,
                                       graded, partial)
    VALUES (NEW.learner_id, NEW.problem, NEW.id, NEW.kind, NEW.rule, NEW.answer, NEW.graded,
            CASE WHEN is_first THEN COALESCE(NEW.partial, false) END)
    ON CONFLICT (learner_id, problem) DO UPDATE SET
      answer_id = EXCLUDED.answer_id, kind = EXCLUDED.kind, rule = EXCLUDED.rule,
      answer = EXCLUDED.answer, graded = EXCLUDED.graded,
      partial = COALESCE(EXCLUDED.partial, m.partial);
    DELETE FROM learner_mistakes
    WHERE learner_id = NEW.learner_id AND answer_id < (
      SELECT answer_id FROM learner_mistakes WHERE learner_id = NEW.learner_id
      ORDER BY answer_id DESC LIMIT 1 OFFSET {MISTAKES_KEPT - 1});
  END IF;
  SELECT total INTO counted FROM learner_kinds
  WHERE learner_id = NEW.learner_id AND kind = '{ALL}';
  IF is_first AND mod(counted, {TRIM_EVERY}) = 0 THEN
    DELETE FROM answers WHERE id IN (
      SELECT id FROM answers WHERE learner_id = NEW.learner_id
      ORDER BY answered_at DESC, id DESC OFFSET {RAW_LIMIT});
  END IF;
  RETURN NULL;
END
$$
""",
    "DROP TRIGGER IF EXISTS answers_aggregate ON answers",
    """
CREATE TRIGGER answers_aggregate AFTER INSERT ON answers
FOR EACH ROW EXECUTE FUNCTION tempai_answer_aggregate()
""",
    )


def create_triggers(conn: Connection) -> None:
    """The aggregate trigger (which also trims the raw history) for this dialect."""
    if conn.dialect.name == "sqlite":
        conn.exec_driver_sql("DROP TRIGGER IF EXISTS answers_aggregate")
        statements = _sqlite_triggers()
    else:
        statements = _postgresql_triggers()
    for statement in statements:
        conn.exec_driver_sql(statement)


# --- folding a history (the migration, and the tests' reference) ------------------------

@dataclass
class KindFold:
    """One learner_kinds row being built."""

    first_id: int
    total: int = 0
    correct: int = 0
    streak: int = 0
    marks: str = ""

    partial: int = 0
    later: int = 0

    def add(self, correct: bool, attempt: int = 1, partial: bool = False) -> None:
        if attempt > 1:  # a try again: counted apart (module docstring)
            self.later += correct
            return
        self.total += 1
        self.correct += correct
        self.partial += partial
        self.streak = self.streak + 1 if correct else 0
        self.marks = (self.marks + ("1" if correct else "0"))[-MARKS:]


@dataclass
class LearnerFold:
    """Everything the aggregates hold for one learner, built answer by answer."""

    kinds: dict[str, KindFold] = field(default_factory=dict)
    solved: set[str] = field(default_factory=set)
    solved_later: set[str] = field(default_factory=set)  # not (yet) on a first attempt
    mistakes: dict[str, tuple[int, str, str | None]] = field(default_factory=dict)
    near: set[str] = field(default_factory=set)  # pending, the latest first attempt a «почти»

    def add(self, answer_id: int, kind: str, source: str, problem: str, correct: bool,
            rule: str | None = None, attempt: int = 1, partial: bool = False) -> None:
        for key in (kind, ALL):
            self.kinds.setdefault(key, KindFold(answer_id)).add(correct, attempt, partial)
        if correct:
            if source == "lesson":
                if attempt > 1 and problem not in self.solved:
                    self.solved_later.add(problem)
                elif attempt == 1:
                    self.solved_later.discard(problem)
                self.solved.add(problem)
            if attempt == 1:
                self.mistakes.pop(problem, None)
                self.near.discard(problem)
        else:
            self.mistakes[problem] = (answer_id, kind, rule)
            if attempt == 1 and partial:
                self.near.add(problem)
            elif attempt == 1:
                self.near.discard(problem)
            if len(self.mistakes) > MISTAKES_KEPT:
                oldest = min(self.mistakes, key=lambda p: self.mistakes[p][0])
                del self.mistakes[oldest]
                self.near.discard(oldest)


def fold(rows: Iterable[tuple[int, str, str, str, bool, str | None]]) -> LearnerFold:
    """One learner's aggregates from (id, kind, source, problem, correct, rule), oldest first."""
    learner = LearnerFold()
    for answer_id, kind, source, problem, correct, rule in rows:
        learner.add(answer_id, kind, source, problem, bool(correct), rule)
    return learner


def _by_learner(conn: Connection) -> Iterator[tuple[str, LearnerFold]]:
    """Every learner's fold, streaming the answers in one ordered pass."""
    query = sa.text(
        "SELECT learner_id, id, kind, source, problem, correct FROM answers "
        "ORDER BY learner_id, answered_at, id"
    )
    current: str | None = None
    learner = LearnerFold()
    for learner_id, answer_id, kind, source, problem, correct in conn.execute(
        query.execution_options(yield_per=2000)
    ):
        if learner_id != current:
            if current is not None:
                yield current, learner
            current, learner = learner_id, LearnerFold()
        learner.add(answer_id, kind, source, problem, bool(correct))
    if current is not None:
        yield current, learner


def _store(conn: Connection, learner_id: str, learner: LearnerFold) -> None:
    conn.execute(learner_kinds.insert(), [
        {"learner_id": learner_id, "kind": kind, "first_id": k.first_id, "total": k.total,
         "correct": k.correct, "streak": k.streak, "marks": k.marks, "partial": k.partial,
         "later": k.later}
        for kind, k in learner.kinds.items()
    ])
    if learner.solved:
        conn.execute(learner_solved.insert(), [
            {"learner_id": learner_id, "problem": p, "later": p in learner.solved_later}
            for p in learner.solved])
    if learner.mistakes:
        conn.execute(learner_mistakes.insert(), [
            {"learner_id": learner_id, "problem": p, "answer_id": a, "kind": k, "rule": r,
             "partial": p in learner.near}
            for p, (a, k, r) in learner.mistakes.items()
        ])


def first_score(correct: int, partial: int) -> float:
    """The first attempts' score an instructor reads: a right one 1, a «почти» half.

    One formula for the per-kind figures (the dashboard, the CSV) and a class's
    practice set. Whole scores come back as ``int`` (printed «3», not «3.0»).

    >>> first_score(3, 1), first_score(2, 2)
    (3.5, 3)
    """
    score = correct + partial / 2
    return int(score) if score.is_integer() else score


def migrate_near(conn: Connection) -> None:
    """Version 19: a pending mistake remembers a «почти» of its latest first attempt.

    The rows kept before learn it from the answer they point at, when that one
    was a first attempt (a later attempt's miss cannot tell: NULL, no «почти»).
    """
    add_column(conn, learner_mistakes, "partial")
    conn.execute(sa.text(
        "UPDATE learner_mistakes SET partial = (SELECT a.partial FROM answers a "
        "WHERE a.id = learner_mistakes.answer_id AND COALESCE(a.attempt, 1) = 1)"))
    create_triggers(conn)


def trim(conn: Connection, learner_id: str) -> None:
    """Delete a learner's raw answers beyond the newest :data:`RAW_LIMIT` (already folded)."""
    tail = "LIMIT -1 OFFSET" if conn.dialect.name == "sqlite" else "OFFSET"
    conn.execute(sa.text(
        "DELETE FROM answers WHERE id IN (SELECT id FROM answers WHERE learner_id = :learner "
        f"ORDER BY answered_at DESC, id DESC {tail} {RAW_LIMIT})"
    ), {"learner": learner_id})


def migrate(conn: Connection) -> None:
    """Version 3: the ``rule`` column, the aggregate tables and triggers, the existing answers."""
    if "rule" not in {c["name"] for c in sa.inspect(conn).get_columns("answers")}:
        conn.execute(sa.text("ALTER TABLE answers ADD COLUMN rule VARCHAR(64)"))
    metadata.create_all(conn, checkfirst=True)
    long_ones = []
    for learner_id, learner in _by_learner(conn):
        _store(conn, learner_id, learner)
        if learner.kinds[ALL].total > RAW_LIMIT:
            long_ones.append(learner_id)
    for learner_id in long_ones:  # after the pass: never delete under an open cursor
        trim(conn, learner_id)
    create_triggers(conn)
