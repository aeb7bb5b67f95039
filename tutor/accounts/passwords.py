"""Password and one-time code hashing: argon2id through argon2-cffi.

argon2id with RFC 9106's low-memory profile (64 MiB, 3 passes) in production;
tests (``app.testing``) use argon2-cffi's cheapest profile so a suite that
registers hundreds of accounts stays quick — the hash format, and so the
code path, is the same. Nothing here logs or returns a clear password.

Recovery and reset codes are random (80 bits from :mod:`secrets`), shown
once, and stored hashed like passwords.
"""

from __future__ import annotations

import secrets

from argon2 import PasswordHasher, profiles
from argon2.exceptions import InvalidHashError, VerificationError
from flask import current_app

MIN_PASSWORD = 8
MAX_PASSWORD = 200
_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read off a screen
_PRODUCTION = PasswordHasher.from_parameters(profiles.RFC_9106_LOW_MEMORY)
_TESTING = PasswordHasher.from_parameters(profiles.CHEAPEST)
# Verified against when the login does not exist, so a missing account costs the same time.
_DUMMY: dict[bool, str] = {}


def _hasher() -> PasswordHasher:
    return _TESTING if current_app.testing else _PRODUCTION


def hash_secret(secret: str) -> str:
    """An argon2id hash of ``secret`` (a password or a code)."""
    return _hasher().hash(secret)


def verify(stored: str | None, given: str) -> bool:
    """Whether ``given`` matches ``stored``; a missing hash still spends the time of one check."""
    hasher = _hasher()
    if not stored:
        dummy = _DUMMY.setdefault(current_app.testing, hasher.hash("not-a-password"))
        stored, given = dummy, given + "\x00"
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
