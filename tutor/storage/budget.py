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
``INSERT`` (:mod:`tutor.storage.sqlite_writer`). It compares the learner's count
for the answer's hour with the limit; over it, the row is skipped
(``RAISE(IGNORE)`` on SQLite, ``RETURN NULL`` on PostgreSQL: the ``INSERT``
reports no row), otherwise the count goes up by one. If the ``INSERT`` then
fails (a re-sent form), the count's update is rolled back with it.

Schema (version 8; version 11 creates the trigger again, see :func:`recreate_trigger`)::

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

# SQLite's strftime('%s') rounds the fraction of a second (10:59:59.9996 is 11:00:00):
# cut the stored text ("YYYY-MM-DD HH:MM:SS.ffffff", SQLAlchemy's format) to whole
# seconds first, so the hour is the answer's own, as floor() gives on PostgreSQL.
_SQLITE_HOUR = "CAST(strftime('%s', substr(NEW.answered_at, 1, 19)) AS INTEGER) / 3600"
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
    recreate_trigger(conn)


def recreate_trigger(conn: Connection) -> None:
    """Version 10: the trigger as it is now (version 8's SQLite one rounded the seconds)."""
    for statement in (_SQLITE if conn.dialect.name == "sqlite" else _POSTGRESQL):
        conn.exec_driver_sql(statement)



def merge(conn: Connection, source: str, target: str) -> None:
    """Hand ``source``'s count to ``target`` (an anonymous learner signing in).

    The merge moves answers with an ``UPDATE``, which the trigger does not see:
    without this the account would start the hour at its own count alone and
    could store a second full budget in it, and the anonymous id would keep its
    row. Counts of one hour add up; of different hours the later hour's is kept
    (a count is only ever read for the current hour). Two rows at most.
    """
    table = learner_budget
    rows = {learner: (int(hour), int(count)) for learner, hour, count in conn.execute(
        sa.select(table.c.learner_id, table.c.hour, table.c.count)
        .where(table.c.learner_id.in_([source, target])))}
    if source not in rows:
        return
    conn.execute(table.delete().where(table.c.learner_id == source))
    hour, count = rows[source]
    if target not in rows:
        conn.execute(table.insert().values(learner_id=target, hour=hour, count=count))
        return
    own_hour, own_count = rows[target]
    if own_hour == hour:
        values = {"hour": hour, "count": own_count + count}
    elif own_hour < hour:
        values = {"hour": hour, "count": count}
    else:
        return
    conn.execute(table.update().where(table.c.learner_id == target).values(**values))
