"""Wrong passwords at account sign-in: counted atomically, answered after a growing delay.

The same policy as the instructor's bootstrap login (:mod:`tutor.authoring.throttle`,
issue 17), applied per account: every wrong password (or recovery code) is
counted in the database for the client's address and for the login
(:mod:`tutor.storage.throttle`, one atomic statement each, shared by all
processes), and its answer waits longer the more there were — a few tries
free, then 1, 2, 4… seconds up to :data:`MAX_DELAY`. The right password is
never delayed or refused, so guessing cannot lock an account's owner out.
At most :data:`SLEEPERS` answers wait at once per process; the rest are 429.
"""

from __future__ import annotations

import threading
import time

from flask import current_app

from tutor.accounts.store import progress_store
from tutor.storage import throttle

WINDOW = 600.0
ADDRESS_FREE = 3
ACCOUNT_FREE = 10
MAX_DELAY = 8.0  # config LOGIN_MAX_DELAY overrides (tests set 0)
SLEEPERS = 2

_waiting = threading.BoundedSemaphore(SLEEPERS)


def _growing(count: int, free: int) -> float:
    return 0.0 if count <= free else float(2 ** min(count - free - 1, 16))


def delay(address_failures: int, account_failures: int) -> float:
    """Seconds a wrong answer waits given both counts (this one included), capped."""
    value = current_app.config.get("LOGIN_MAX_DELAY")
    cap = MAX_DELAY if value is None else float(value)
    return min(cap, max(_growing(address_failures, ADDRESS_FREE),
                        _growing(account_failures, ACCOUNT_FREE)))


def count_failure(address: str, login: str) -> tuple[int, int]:
    """Count one wrong password for the address and the login; both counts, in one transaction."""
    now = time.time()
    with progress_store().transaction() as conn:
        throttle.forget_expired(conn, now, WINDOW)
        return (throttle.count_failure(conn, f"address:{address}", now, WINDOW),
                throttle.count_failure(conn, f"login:{login}", now, WINDOW))


def succeeded(address: str) -> None:
    """The right password: this address's own typos are forgiven."""
    with progress_store().transaction() as conn:
        throttle.forget(conn, f"address:{address}")


def wait(seconds: float) -> bool:
    """Hold the answer ``seconds``; False when every waiting slot is taken (answer 429)."""
    if seconds <= 0:
        return True
    if not _waiting.acquire(blocking=False):
        return False
    try:
        time.sleep(seconds)
    finally:
        _waiting.release()
    return True
