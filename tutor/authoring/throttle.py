"""The instructor login's answer to wrong passwords: a growing, bounded delay, never a lock-out.

The first limiter refused even the right password (429) after five wrong
ones from an address, and its check-then-record count could be overshot by
parallel requests (issue 17). Now:

- every wrong password is counted atomically in the database twice, for the
  client's address and for the account (:mod:`tutor.storage.throttle`), so
  parallel tries each get their own exact count and all processes share it;
- the response to a wrong password waits :func:`delay` seconds, growing
  with either count (doubling after a few free tries) up to
  :data:`MAX_DELAY`: one client guessing in a loop gets one try per several
  seconds, and so does an attack spread over many addresses (the account's
  count);
- the right password is never delayed and never refused, so nobody can lock
  the instructor out by guessing; signing in clears the address's counter.

A waiting response holds one of the worker's threads, so at most
:data:`SLEEPERS` wait at once per process; a wrong password arriving while
they are all busy is answered at once with 429 (it was counted all the
same). A flood of parallel guesses thus costs the site two threads, not all
of them, and the password's length (README: a long random one) does the rest.
"""

from __future__ import annotations

import threading
import time

from flask import current_app
from sqlalchemy.engine import Connection

from tutor.storage import throttle
from tutor.storage.database import ProgressStore

WINDOW = 600.0  # seconds a counter lives after its first failure
ADDRESS_FREE = 3  # wrong passwords from one address before any wait
ACCOUNT_FREE = 10  # wrong passwords for the account (all addresses) before any wait
MAX_DELAY = 8.0  # seconds; config LOGIN_MAX_DELAY overrides (tests set 0)
SLEEPERS = 2  # responses waiting at once, per process
ACCOUNT = "account:instructor"

_waiting = threading.BoundedSemaphore(SLEEPERS)


def address_key(address: str) -> str:
    return f"address:{address}"


def _growing(count: int, free: int) -> float:
    """0 for the first ``free`` failures, then 1, 2, 4, … seconds."""
    return 0.0 if count <= free else float(2 ** min(count - free - 1, 16))


def delay(address_failures: int, account_failures: int, cap: float = MAX_DELAY) -> float:
    """Seconds the answer to a wrong password waits, given both counts (this try included)."""
    wait = max(_growing(address_failures, ADDRESS_FREE), _growing(account_failures, ACCOUNT_FREE))
    return min(cap, wait)


def count_wrong_password(store: ProgressStore, address: str) -> tuple[int, int]:
    """Count one wrong password; returns (this address's failures, the account's) in the window.

    One transaction: both counters move together, expired counters are dropped.
    """
    now = clock()
    with store.transaction() as conn:
        throttle.forget_expired(conn, now, WINDOW)
        from_address = throttle.count_failure(conn, address_key(address), now, WINDOW)
        for_account = throttle.count_failure(conn, ACCOUNT, now, WINDOW)
    return from_address, for_account


def signed_in(conn: Connection, address: str) -> None:
    """The right password from ``address``: its own typos are forgiven (not the account's)."""
    throttle.forget(conn, address_key(address))


def wait(seconds: float) -> bool:
    """Hold the wrong-password answer for ``seconds``; False if all waiting slots are busy."""
    if seconds <= 0:
        return True
    if not _waiting.acquire(blocking=False):
        return False
    try:
        pause(seconds)
    finally:
        _waiting.release()
    return True


def clock() -> float:
    """Wall-clock seconds (the tries are compared across processes and machines)."""
    return time.time()


def pause(seconds: float) -> None:
    """``time.sleep``; a seam for tests, which record the delay instead of waiting."""
    time.sleep(seconds)


def max_delay() -> float:
    """This app's cap on the delay (``LOGIN_MAX_DELAY``, else :data:`MAX_DELAY`)."""
    value = current_app.config.get("LOGIN_MAX_DELAY")
    return MAX_DELAY if value is None else float(value)
