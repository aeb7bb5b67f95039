"""PostgreSQL that stops answering must not freeze the site: every wait has a deadline.

A hung database host (or a network partition) used to block every thread on
a pooled connection for ever: the server-side ``statement_timeout`` cannot
fire on a host that is not running, and on a live kernel TCP keeps
acknowledging, so keepalives do not notice either. So the client keeps its
own clock:

- :class:`DeadlineConnection` (a psycopg connection) gives every wait on the
  socket — the pool's pre-ping, each statement, commit, rollback, and the
  connection's start-up — at most the time left until this thread's deadline
  (:func:`deadline`), then closes the connection and raises
  :class:`DeadlineExceeded` (SQLAlchemy treats it as a disconnect);
- :class:`Breaker`: after a deadline was missed, every database call fails at
  once for :data:`COOLDOWN` seconds instead of each request waiting again —
  answers say «не удалось сохранить» immediately, lesson pages render without
  their progress marks; then one call tries again;
- :func:`connect_args`: ``statement_timeout`` (a slow query on a live server),
  TCP keepalives and ``tcp_user_timeout`` (a partition: unacknowledged data
  drops the connection in the kernel) and a connect timeout.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import psycopg
from psycopg import errors, waiting
from psycopg.adapt import AdaptersMap
from psycopg.conninfo import conninfo_attempts, make_conninfo

ANSWER_SECONDS = 1.2  # one store call (checkout, statements, commit) at most
HEALTH_SECONDS = 0.5  # /healthz's own, shorter deadline
COOLDOWN = 2.0  # after a missed deadline, fail at once for this long
STATEMENT_TIMEOUT_MS = 5_000  # server side, for a live but stuck server (locks)
_INTERVAL = 0.1
_WaitTimeout: type[BaseException] = getattr(errors, "_WaitTimeout", TimeoutError)

_local = threading.local()


class DeadlineExceeded(psycopg.OperationalError):
    """The database did not answer before this call's deadline."""


@contextmanager
def deadline(seconds: float | None) -> Iterator[None]:
    """Within the block, this thread's database waits end ``seconds`` from now (None: no limit)."""
    before = getattr(_local, "until", None)
    _local.until = None if seconds is None else time.monotonic() + seconds
    try:
        yield
    finally:
        _local.until = before


def in_deadline() -> bool:
    """Whether this thread is inside a :func:`deadline` block with a limit (a store call)."""
    return getattr(_local, "until", None) is not None


def _remaining() -> float | None:
    until: float | None = getattr(_local, "until", None)
    return None if until is None else max(0.0, until - time.monotonic())


class DeadlineConnection(psycopg.Connection[Any]):
    """A psycopg connection whose every wait ends at the calling thread's deadline."""

    def wait(self, gen: Any, interval: float = _INTERVAL, timeout: float | None = None) -> Any:
        left = _remaining()
        if left is not None:
            timeout = left if timeout is None else min(timeout, left)
        try:
            return super().wait(gen, interval=interval, timeout=timeout)
        except _WaitTimeout as err:
            self.pgconn.finish()  # mid-protocol: the connection cannot be reused
            raise DeadlineExceeded("the database did not answer in time") from err

    def _configure(self, autocommit: bool = False, prepare_threshold: int | None = 5,
                   context: Any = None, row_factory: Any = None,
                   cursor_factory: Any = None) -> DeadlineConnection:
        """What :meth:`psycopg.Connection.connect` sets after connecting, the same way."""
        self._autocommit = bool(autocommit)
        if row_factory:
            self.row_factory = row_factory
        if cursor_factory:
            self.cursor_factory = cursor_factory
        if context:
            self._adapters = AdaptersMap(context.adapters)
        self.prepare_threshold = prepare_threshold
        return self

    @classmethod
    def connect_within(cls, conninfo: str = "", **kwargs: Any) -> DeadlineConnection:
        """Connect like :meth:`psycopg.Connection.connect`, within this thread's deadline.

        (psycopg's own ``connect_timeout`` is whole seconds, at least 2.)
        """
        left = _remaining()
        if left is None:
            return cls.connect(conninfo, **kwargs)
        settings = {k: kwargs.pop(k) for k in _SETTINGS if k in kwargs}
        params = cls._get_connection_params(conninfo, **kwargs)
        failure: BaseException | None = None
        for attempt in conninfo_attempts(params):
            left = _remaining() or 0.0
            if left <= 0:
                break
            try:
                gen = cls._connect_gen(make_conninfo("", **attempt))
                conn: DeadlineConnection = waiting.wait_conn(gen, interval=_INTERVAL, timeout=left)
                return conn._configure(**settings)
            except _WaitTimeout as err:
                failure = err
            except psycopg.Error as err:
                failure = err
        if isinstance(failure, psycopg.Error):
            raise failure
        raise DeadlineExceeded("the database did not accept a connection in time") from failure


_SETTINGS = ("autocommit", "prepare_threshold", "context", "row_factory", "cursor_factory")


def connect_args(options: str | None = None) -> dict[str, Any]:
    """libpq parameters for every pooled connection (see the module docstring).

    ``options``: the URL's own server options, kept before the statement timeout.
    """
    timeout = f"-c statement_timeout={STATEMENT_TIMEOUT_MS}"
    return {
        "connect_timeout": 3,
        "keepalives": 1, "keepalives_idle": 5, "keepalives_interval": 2, "keepalives_count": 2,
        "tcp_user_timeout": 4_000,
        "options": f"{options} {timeout}" if options else timeout,
    }


class Breaker:
    """Open for :data:`COOLDOWN` seconds after a missed deadline; then one call may try."""

    def __init__(self) -> None:
        self._until = 0.0
        self._lock = threading.Lock()

    def open(self) -> None:
        self._until = time.monotonic() + COOLDOWN

    def allows(self) -> bool:
        """True when calls may reach the database (the first after the cooldown re-arms it)."""
        if self._until == 0.0:
            return True
        now = time.monotonic()
        if now < self._until:
            return False
        with self._lock:
            if now < self._until:
                return False
            self._until = now + COOLDOWN  # this call probes; the others keep failing at once
            return True

    def close(self) -> None:
        self._until = 0.0

    @property
    def is_open(self) -> bool:
        return self._until != 0.0
