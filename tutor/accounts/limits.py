"""Wrong passwords: counted atomically, answered after a growing delay, never a lock-out.

One policy for every sign-in — account logins here and the instructor's
bootstrap password (:mod:`tutor.authoring.throttle`):

- every wrong password (or recovery code) is counted in the database twice,
  for the client's address and for the account it was aimed at
  (:mod:`tutor.storage.throttle`, one atomic statement each), so parallel
  tries each get their own exact count and all processes share it;
- the answer waits :func:`delay` seconds, growing with either count — a few
  tries free, then 1, 2, 4… seconds up to :data:`MAX_DELAY` — so one client
  guessing in a loop, or a guess spread over many addresses (the account's
  count), gets one try per several seconds;
- the right password is never delayed or refused, so guessing cannot lock
  the owner out; signing in clears the address's own counter.

A waiting answer holds a worker thread, so at most :data:`SLEEPERS` wait at
once per process; a wrong password arriving while they are all busy is
answered at once with 429 (it was counted all the same).
"""

from __future__ import annotations

import threading
import time

from flask import current_app
from sqlalchemy.engine import Connection

from tutor.storage import throttle
from tutor.storage.progress import ProgressStore

WINDOW = 600.0  # seconds a counter lives after its first failure
ADDRESS_FREE = 3  # wrong passwords from one address before any wait
ACCOUNT_FREE = 10  # wrong passwords for one account (all addresses) before any wait
MAX_DELAY = 8.0  # seconds; config LOGIN_MAX_DELAY overrides (tests set 0)
SLEEPERS = 2  # answers waiting at once, per process

_waiting = threading.BoundedSemaphore(SLEEPERS)


def address_key(address: str) -> str:
    return f"address:{address}"


def login_key(login: str) -> str:
    return f"login:{login}"


def _growing(count: int, free: int) -> float:
    """0 for the first ``free`` failures, then 1, 2, 4, … seconds."""
    return 0.0 if count <= free else float(2 ** min(count - free - 1, 16))


def delay(address_failures: int, account_failures: int, cap: float = MAX_DELAY) -> float:
    """Seconds the answer to a wrong password waits, given both counts (this try included)."""
    wait = max(_growing(address_failures, ADDRESS_FREE), _growing(account_failures, ACCOUNT_FREE))
    return min(cap, wait)


def max_delay() -> float:
    """This app's cap on the delay (``LOGIN_MAX_DELAY``, else :data:`MAX_DELAY`)."""
    value = current_app.config.get("LOGIN_MAX_DELAY")
    return MAX_DELAY if value is None else float(value)


def count(store: ProgressStore, address: str, account: str) -> tuple[int, int]:
    """Count one wrong password; (this address's failures, the account's) in the window.

    One transaction: both counters move together, expired counters are dropped.
    """
    now = clock()
    with store.transaction() as conn:
        throttle.forget_expired(conn, now, WINDOW)
        from_address = throttle.count_failure(conn, address_key(address), now, WINDOW)
        for_account = throttle.count_failure(conn, account, now, WINDOW)
    return from_address, for_account


def forgive(conn: Connection, address: str) -> None:
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
