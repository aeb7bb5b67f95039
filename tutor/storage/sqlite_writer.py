"""The SQLite fast path for the one write on the hot path: an answer, in one C call
(and the read that follows a right answer, on the same connection).

Recording an answer skips SQLAlchemy's Connection/Transaction/execution-context
layers on SQLite: each thread keeps one DB-API connection, made by the
engine's pool (so the engine's ``connect`` events — the pragmas of
:mod:`tutor.storage.connection` — still apply) and then detached from it,
and runs one prepared ``INSERT`` on it in autocommit mode. The values are
converted by the same SQLAlchemy type processors, so the rows are the ones
the Core path would write. The statement is its own transaction, committed
before :meth:`SqliteWriter.insert` returns.

Why autocommit, and why the process lock around it: under 50 saturating
clients a gunicorn worker's threads slept in SQLite about once per answer.
SQLite's busy handler does not wait for a lock to be freed, it retries after
sleeps of 1, 2, 5, 10… ms. With ``INSERT`` then ``COMMIT`` as two calls, the
thread held the database's write lock between them while waiting for the GIL,
so the other threads' INSERTs found it taken and slept. Here the whole
transaction is one C call that never needs the GIL, and the threads of a
process queue on a Python lock, which hands over at once.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Sequence
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.pool import Pool, PoolProxiedConnection

from tutor.storage.answers import COLUMNS, answers
from tutor.storage.errors import StorageError

_INSERT = (f"INSERT INTO answers ({', '.join(COLUMNS)}) "
           f"VALUES ({', '.join('?' for _ in COLUMNS)})")


class _Held(threading.local):
    """This thread's SQLite connection and the pool that made it."""

    pool: Pool | None = None
    conn: PoolProxiedConnection | None = None


class SqliteWriter:
    """Inserts answer rows through one detached connection per thread (module docstring)."""

    def __init__(self, dialect: sa.Dialect) -> None:
        self._held = _Held()
        self._lock = threading.Lock()  # this process's writers, one at a time
        self._processors = _processors(dialect)

    def insert(self, engine: Engine, row: dict[str, Any]) -> int:
        """Write one answer row; the rows the statement stored (0: a trigger skipped it).

        Raises ``sqlite3.IntegrityError`` for a re-sent form and ``sqlite3.Error``
        for the rest (the thread's connection is then dropped: the next call gets
        a fresh one), or :class:`StorageError` if no connection can be made.
        """
        values = [row[name] for name in COLUMNS]
        for index, process in self._processors:
            values[index] = process(values[index])
        with self._lock:
            conn = self._connection(engine)
            try:
                return int(conn.dbapi_connection.execute(_INSERT, values).rowcount)  # type: ignore[union-attr]  # None only once closed
            except sqlite3.IntegrityError:
                raise  # the statement rolled back by itself; the connection is fine
            except sqlite3.Error:
                self.release()  # a fresh connection next time (the file may be fixed)
                raise

    def select(self, engine: Engine, sql: str,
               values: Sequence[Any]) -> list[tuple[Any, ...]] | None:
        """The rows of one read on the connection this thread stores its answers with;
        None when the thread has none yet (the caller reads as any page does).

        For the read that follows an answer (a right one's «решено N из M»): this
        connection's page cache holds the pages the answer just changed, where a
        pooled connection finds the database changed and reads them again from the
        write-ahead log (about 0.5 ms here, a quarter of the answer). Errors as for
        :meth:`insert`. A read needs no turn on the process lock: the connection is
        this thread's alone, and readers never wait for the writer.
        """
        held = self._held
        if held.conn is None or held.pool is not engine.pool:
            return None
        try:
            return list(held.conn.dbapi_connection.execute(sql, values))  # type: ignore[union-attr]  # None only once closed
        except sqlite3.Error:
            self.release()
            raise

    def _connection(self, engine: Engine) -> PoolProxiedConnection:
        """This thread's connection, made by ``engine``'s pool (a new pool: a new one).

        Detached from the pool once made: it belongs to the thread (no pool slot
        taken for ever, nothing for the garbage collector to warn about) and is
        closed when replaced or when the thread ends.
        """
        held = self._held
        pool = engine.pool
        if held.conn is None or held.pool is not pool:
            self.release()
            try:
                conn = engine.raw_connection()
                conn.detach()
                # autocommit (the pool's reset-on-return no longer applies: detached)
                conn.dbapi_connection.isolation_level = None  # type: ignore[union-attr]  # None only once closed
            except SQLAlchemyError as err:
                raise StorageError(err.__class__.__name__) from err
            held.conn, held.pool = conn, pool
        return held.conn

    def release(self) -> None:
        """Close this thread's connection (detached: really closed)."""
        held = self._held
        conn, held.conn, held.pool = held.conn, None, None
        if conn is not None:
            try:
                conn.close()
            except Exception:  # noqa: BLE001 - a broken connection is just dropped
                pass


def _processors(dialect: sa.Dialect) -> Sequence[tuple[int, Callable[[Any], Any]]]:
    """(column index, SQLAlchemy's bind processor) for the answer columns that have one.

    The same conversions the Core ``INSERT`` applies (datetime → SQLite's text
    format, bool → 0/1), so both paths write identical rows.
    """
    pairs = []
    for index, name in enumerate(COLUMNS):
        process = answers.c[name].type.dialect_impl(dialect).bind_processor(dialect)
        if process is not None:
            pairs.append((index, process))
    return tuple(pairs)
