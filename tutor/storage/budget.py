"""The answers one learner may store per hour, kept by the database itself.

A learner's raw history is trimmed at ``aggregates.RAW_LIMIT``, but one
client could still write answers as fast as the server grades them (about
700 a second), for ever, each write updating the aggregates and, with a new
cookie every time, leaving a new 10,000-row history behind. So each learner
may store at most ``answers_per_hour`` answers per clock hour (of the
answer's time, UTC); beyond that an answer is graded as always but not
stored, and the feedback says so (:class:`AnswersBudgetSpent`).

The limit is data, not code: a row of ``storage_limits``, read by the
trigger on every insert, so every process and server sharing the database
applies the same figure, and changing it needs no new trigger
(:func:`set_limit`; ``ANSWERS_PER_HOUR`` in the app config sets it at start).
The default, :data:`ANSWERS_PER_HOUR`, is one answer a second for a whole
hour: a person thinks for several seconds over each problem, and the load
benchmark's learners stay below it (1,166 answers/s over 50 learners in
docs/performance.md is about 23 a second each; the 80 s of a default run give
under 2,000 even if one learner answered in every phase at that rate).

Together with the new-learner limit (``aggregates.NEW_LEARNERS_PER_HOUR``
per address and hour) this bounds what one address can add to the database
in an hour: new learners × answers per hour, whatever cookies it sends.

How it is checked: a ``BEFORE INSERT`` trigger on ``answers`` — in the same
statement as the answer, so on SQLite the hot path stays one autocommitted
``INSERT`` (:mod:`tutor.storage.database`). It compares the learner's count
for the answer's hour with the limit; over it, the row is skipped
(``RAISE(IGNORE)`` on SQLite, ``RETURN NULL`` on PostgreSQL: the ``INSERT``
reports no row), otherwise the count goes up by one. If the ``INSERT`` then
fails (a re-sent form), the count's update is rolled back with it.

Schema (version 8)::

    learner_budget(
        learner_id  VARCHAR(64) PRIMARY KEY,
        hour        INTEGER NOT NULL,        -- hours since the Unix epoch of the count
        count       INTEGER NOT NULL         -- answers stored in that hour
    )                                        -- one row per learner: the current hour only
    storage_limits(name VARCHAR(64) PRIMARY KEY, value INTEGER NOT NULL)
"""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy.engine import Connection

ANSWERS_PER_HOUR = 3_600
LIMIT_NAME = "answers_per_hour"

metadata = sa.MetaData()

learner_budget = sa.Table(
    "learner_budget", metadata,
    sa.Column("learner_id", sa.String(64), primary_key=True),
    sa.Column("hour", sa.Integer, nullable=False),
    sa.Column("count", sa.Integer, nullable=False),
    sqlite_with_rowid=False,
)

storage_limits = sa.Table(
    "storage_limits", metadata,
    sa.Column("name", sa.String(64), primary_key=True),
    sa.Column("value", sa.Integer, nullable=False),
)

_SQLITE_HOUR = "CAST(strftime('%s', NEW.answered_at) AS INTEGER) / 3600"
_SQLITE = (
    "DROP TRIGGER IF EXISTS answers_budget",
    f"""
CREATE TRIGGER answers_budget BEFORE INSERT ON answers
BEGIN
  SELECT RAISE(IGNORE) WHERE (
    SELECT count FROM learner_budget
    WHERE learner_id = NEW.learner_id AND hour = {_SQLITE_HOUR}
  ) >= (SELECT value FROM storage_limits WHERE name = '{LIMIT_NAME}');
  INSERT INTO learner_budget (learner_id, hour, count)
  VALUES (NEW.learner_id, {_SQLITE_HOUR}, 1)
  ON CONFLICT (learner_id) DO UPDATE SET
    count = CASE WHEN hour = excluded.hour THEN count + 1 ELSE 1 END,
    hour = excluded.hour;
END
""",
)

_POSTGRESQL = (
    f"""
CREATE OR REPLACE FUNCTION tempai_answer_budget() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  this_hour integer := floor(extract(epoch FROM NEW.answered_at) / 3600)::integer;
  allowed integer;
  counted integer;
BEGIN
  SELECT value INTO allowed FROM storage_limits WHERE name = '{LIMIT_NAME}';
  INSERT INTO learner_budget AS b (learner_id, hour, count)
  VALUES (NEW.learner_id, this_hour, 1)
  ON CONFLICT (learner_id) DO UPDATE SET
    count = CASE WHEN b.hour = EXCLUDED.hour THEN b.count + 1 ELSE 1 END,
    hour = EXCLUDED.hour
  RETURNING count INTO counted;
  IF allowed IS NOT NULL AND counted > allowed THEN
    -- not stored: take the count back (the row stays locked by this transaction)
    UPDATE learner_budget SET count = count - 1 WHERE learner_id = NEW.learner_id;
    RETURN NULL;
  END IF;
  RETURN NEW;
END
$$
""",
    "DROP TRIGGER IF EXISTS answers_budget ON answers",
    """
CREATE TRIGGER answers_budget BEFORE INSERT ON answers
FOR EACH ROW EXECUTE FUNCTION tempai_answer_budget()
""",
)


def set_limit(conn: Connection, value: int, name: str = LIMIT_NAME) -> None:
    """Set a storage limit (every process reads it on the next answer)."""
    if conn.execute(sa.select(storage_limits.c.value).where(storage_limits.c.name == name)
                    ).first() is None:
        conn.execute(storage_limits.insert().values(name=name, value=value))
    else:
        conn.execute(storage_limits.update().where(storage_limits.c.name == name)
                     .values(value=value))


def limit(conn: Connection, name: str = LIMIT_NAME) -> int | None:
    found = conn.execute(sa.select(storage_limits.c.value)
                         .where(storage_limits.c.name == name)).scalar()
    return int(found) if found is not None else None


def migrate(conn: Connection) -> None:
    """Version 8: the budget tables, the default limit and the trigger."""
    metadata.create_all(conn, checkfirst=True)
    if limit(conn) is None:
        set_limit(conn, ANSWERS_PER_HOUR)
    for statement in (_SQLITE if conn.dialect.name == "sqlite" else _POSTGRESQL):
        conn.exec_driver_sql(statement)

