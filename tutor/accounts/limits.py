"""Password guessing: over a limit the guess is refused before it is checked.

One policy for every password or code typed on the site — account sign-in,
recovery codes, the current password on the settings page, and the
instructor's bootstrap password (:mod:`tutor.authoring.throttle`):

- **per account**: the first :data:`ACCOUNT_FREE` wrong passwords in
  :data:`ACCOUNT_WINDOW` are free; the fifth and each one after it hold the
  account for a growing time — 30 s, 1, 2, 4, 8 minutes, then
  :data:`MAX_HOLD` (15 minutes) at most — which ends by itself;
- **per address**: :data:`ADDRESS_MAX` wrong passwords in :data:`ADDRESS_WINDOW`
  (30 in 10 minutes), then the address is held until its window ends;
- **in flight**: at most :data:`ACCOUNT_IN_FLIGHT` checks at once for one
  account and :data:`ADDRESS_IN_FLIGHT` from one address, per process — so
  parallel guesses cannot slip past the count before it moves;
- while held, or over the in-flight bound, a try is refused **before** its
  password is looked at, with the same reply (429 and ``Retry-After``)
  whether it would have been right or wrong. The earlier policy delayed only
  wrong answers and answered 429 at once when its waiting slots were full,
  so an instant 429 meant «wrong» and eight parallel clients found a
  password in 26 seconds;
- the owner always has a way in: the recovery code is counted under its own
  account key (:func:`code_key`), so a guesser holding the password sign-in
  does not hold the code path (the address limit still applies to both).

Counts and holds live in the database (:mod:`tutor.storage.throttle`, one
atomic statement per count), so every process and server shares them. The
hashing itself is bounded per process in :mod:`tutor.accounts.passwords`.
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from sqlalchemy.engine import Connection

from tutor.storage import throttle
from tutor.storage.progress import ProgressStore

ACCOUNT_FREE = 4  # wrong passwords for one account before the first hold (the 5th holds)
ACCOUNT_WINDOW = 3600.0  # seconds an account's count lives after its first failure
FIRST_HOLD = 30.0  # seconds the 5th wrong password holds the account; doubles after
MAX_HOLD = 900.0  # 15 minutes: the longest hold
ADDRESS_MAX = 30  # wrong passwords from one address in a window, then held
ADDRESS_WINDOW = 600.0  # 10 minutes
ACCOUNT_IN_FLIGHT = 2  # checks at once for one account, per process
ADDRESS_IN_FLIGHT = 4  # checks at once from one address, per process
REGISTRATIONS = 10  # new accounts tried from one address in a window, then refused
REGISTRATION_WINDOW = 3600.0
WINDOW = max(ACCOUNT_WINDOW, ADDRESS_WINDOW, REGISTRATION_WINDOW)  # how long a row is kept

_flying: Counter[str] = Counter()
_flying_lock = threading.Lock()


class Refused(Exception):
    """Over a limit: the guess was not checked. ``retry_after``: seconds until it may be."""

    def __init__(self, retry_after: float) -> None:
        super().__init__(retry_after)
        self.retry_after = max(1, int(retry_after + 0.999))


def address_key(address: str) -> str:
    return f"address:{address}"


def login_key(login: str) -> str:
    return f"login:{login}"


def code_key(login: str) -> str:
    """The recovery-code path of an account: its own count and hold."""
    return f"code:{login}"


def _hold_key(account: str) -> str:
    return f"hold:{account}"


def hold_seconds(account_failures: int) -> float:
    """How long the account is held after this many wrong passwords (0: not held)."""
    if account_failures <= ACCOUNT_FREE:
        return 0.0
    doublings = min(account_failures - ACCOUNT_FREE - 1, 16)
    return min(MAX_HOLD, FIRST_HOLD * float(2**doublings))


def refusal(conn: Connection, address: str, account: str, now: float) -> float:
    """Seconds until a try for ``account`` from ``address`` may be checked (0: now)."""
    wait = throttle.held_until(conn, _hold_key(account)) - now
    if throttle.failures(conn, address_key(address), now, ADDRESS_WINDOW) >= ADDRESS_MAX:
        started = throttle.held_until(conn, address_key(address))  # the window's start
        wait = max(wait, started + ADDRESS_WINDOW - now)
    return max(0.0, wait)


def count(store: ProgressStore, address: str, account: str) -> tuple[int, int]:
    """Count one wrong password; (this address's failures, the account's) in their windows.

    One transaction: both counters move together, the account is held when
    its count says so, expired counters are dropped.
    """
    now = clock()
    with store.transaction() as conn:
        throttle.forget_expired(conn, now, WINDOW)
        from_address = throttle.count_failure(conn, address_key(address), now, ADDRESS_WINDOW)
        for_account = throttle.count_failure(conn, account, now, ACCOUNT_WINDOW)
        seconds = hold_seconds(for_account)
        if seconds:
            throttle.hold(conn, _hold_key(account), now + seconds)
    return from_address, for_account


def forgive(conn: Connection, address: str, account: str | None = None) -> None:
    """The right password: this address's count, and the account's, start again."""
    throttle.forget(conn, address_key(address))
    if account is not None:
        throttle.forget(conn, account)


@contextmanager
def _in_flight(key: str, most: int, retry: float) -> Iterator[None]:
    with _flying_lock:
        if _flying[key] >= most:
            raise Refused(retry)
        _flying[key] += 1
    try:
        yield
    finally:
        with _flying_lock:
            _flying[key] -= 1
            if not _flying[key]:
                del _flying[key]


def guarded(store: ProgressStore, address: str, account: str, check: Callable[[], bool]) -> bool:
    """Run ``check`` (does the password match?) under the limits; count it if wrong.

    Raises :class:`Refused` *before* calling ``check`` while the account or the
    address is held, or while too many checks for either are already running.
    Raises :class:`tutor.storage.errors.StorageError` when the counts cannot
    be read or kept: nobody may guess while nothing is counted.
    """
    # The hold is read while this check owns its in-flight slots: a request that read
    # "not held" and then waited its turn would otherwise check a password after the
    # account was held (seen with eight parallel guessers on a busy machine).
    with _in_flight(account, ACCOUNT_IN_FLIGHT, 1.0), \
            _in_flight(address_key(address), ADDRESS_IN_FLIGHT, 1.0):
        with store.transaction() as conn:
            wait = refusal(conn, address, account, clock())
        if wait > 0:
            raise Refused(wait)
        if check():
            return True
        count(store, address, account)
        return False


def registration(store: ProgressStore, address: str) -> None:
    """Count one registration from ``address``; :class:`Refused` beyond :data:`REGISTRATIONS`.

    «Этот логин уже занят» tells whether an account exists, so without a bound
    registering was a free way to list the logins.
    """
    counted(store, f"register:{address}", REGISTRATIONS, REGISTRATION_WINDOW)


def counted(store: ProgressStore, key: str, most: int, window: float) -> None:
    """Count one costly request under ``key``; :class:`Refused` beyond ``most`` in ``window``.

    The one rate limit of the site's expensive actions (registering, importing
    a game for review): a counter of :mod:`tutor.storage.throttle` per key,
    whose window starts at its first request.
    """
    now = clock()
    with store.transaction() as conn:
        tried = throttle.count_failure(conn, key, now, window)
        started = throttle.held_until(conn, key)  # the window's start
    if tried > most:
        raise Refused(started + window - now)


def clock() -> float:
    """Wall-clock seconds (the tries are compared across processes and machines)."""
    return time.time()
