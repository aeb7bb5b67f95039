"""Password and one-time code hashing: argon2id through argon2-cffi.

argon2id with RFC 9106's low-memory profile (64 MiB, 3 passes) in production;
tests (``app.testing``) use argon2-cffi's cheapest profile so a suite that
registers hundreds of accounts stays quick — the hash format, and so the
code path, is the same. Nothing here logs or returns a clear password.

Recovery and reset codes are random (80 bits from :mod:`secrets`), shown
once, and stored hashed like passwords.

Every hash and verification runs under a per-process bound: at most
:data:`HASHERS` at once, and at most :data:`QUEUED` more waiting, each no
longer than :data:`QUEUE_SECONDS`; a request beyond that gets :class:`Busy`
at once. A flood of sign-ins therefore ties up at most
``HASHERS + QUEUED`` of a worker's threads (gunicorn.conf.py gives it 4),
and lesson pages, which never hash, always find a thread free.
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from argon2 import PasswordHasher, profiles
from argon2.exceptions import InvalidHashError, VerificationError
from flask import current_app

MIN_PASSWORD = 8
MAX_PASSWORD = 200
_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read off a screen
_PRODUCTION = PasswordHasher.from_parameters(profiles.RFC_9106_LOW_MEMORY)
_TESTING = PasswordHasher.from_parameters(profiles.CHEAPEST)
HASHERS = 1  # argon2 runs at once per process (each 64 MiB, about a core for 0.25 s)
QUEUED = 1  # more requests that may wait for a hasher; beyond them: Busy at once
QUEUE_SECONDS = 1.0
# Verified against when the login does not exist, so a missing account costs the
# same work as a real one: one verification, never a hash (made once per profile).
_DUMMY: dict[bool, str] = {}
_dummy_lock = threading.Lock()
_hashing = threading.BoundedSemaphore(HASHERS)
_admitted = 0
_admitted_lock = threading.Lock()


class Busy(Exception):
    """Every hasher of this process is taken and the queue is full: try again shortly."""


def _hasher() -> PasswordHasher:
    return _TESTING if current_app.testing else _PRODUCTION


@contextmanager
def _slot() -> Iterator[None]:
    """One of the process's :data:`HASHERS`, or :class:`Busy` (never an unbounded wait)."""
    global _admitted
    with _admitted_lock:
        if _admitted >= HASHERS + QUEUED:
            raise Busy
        _admitted += 1
    try:
        if not _hashing.acquire(timeout=QUEUE_SECONDS):
            raise Busy
        try:
            yield
        finally:
            _hashing.release()
    finally:
        with _admitted_lock:
            _admitted -= 1


def dummy_hash() -> str:
    """The hash an unknown login is verified against, made once (not on every call)."""
    testing = bool(current_app.testing)
    with _dummy_lock:
        if testing not in _DUMMY:
            _DUMMY[testing] = _hasher().hash(secrets.token_hex(16))
        return _DUMMY[testing]


def hash_secret(secret: str) -> str:
    """An argon2id hash of ``secret`` (a password or a code). Raises :class:`Busy`."""
    with _slot():
        return _hasher().hash(secret)


def verify(stored: str | None, given: str) -> bool:
    """Whether ``given`` matches ``stored``; a missing hash costs the same one verification.

    Raises :class:`Busy` before looking at ``given`` when no hasher is free.
    """
    hasher = _hasher()
    if not stored:
        stored, given = dummy_hash(), given + "\x00"
    with _slot():
        try:
            return hasher.verify(stored, given)
        except (VerificationError, InvalidHashError):
            return False


def needs_rehash(stored: str) -> bool:
    """The hash was made with other parameters than today's (rehash on the next sign-in)."""
    try:
        return _hasher().check_needs_rehash(stored)
    except InvalidHashError:
        return True


def new_code() -> str:
    """A one-time code like ``K7PX-2MQD-9RTA-WX4E`` (16 characters, 80 bits)."""
    raw = "".join(secrets.choice(_CODE_ALPHABET) for _ in range(16))
    return "-".join(raw[i:i + 4] for i in range(0, 16, 4))


def normal_code(text: str) -> str:
    """A code as typed (any case, spaces, dashes or not) in the form :func:`new_code` prints."""
    raw = "".join(c for c in text.upper() if c.isalnum())[:16]
    return "-".join(raw[i:i + 4] for i in range(0, len(raw), 4))


def password_problem(password: str) -> str | None:
    """A Russian reason the new password is refused, or None."""
    if len(password) < MIN_PASSWORD:
        return f"Пароль слишком короткий: нужно не меньше {MIN_PASSWORD} символов."
    if len(password) > MAX_PASSWORD:
        return f"Пароль слишком длинный: не больше {MAX_PASSWORD} символов."
    return None
