"""The instructor's bootstrap password (``INSTRUCTOR_PASSWORD``) under the sign-in policy.

The policy — atomic counts per address and per account, a hold that grows
and ends by itself, tries refused before they are checked — is
:mod:`tutor.accounts.limits`; the one account here is the shared instructor login.
"""

from __future__ import annotations

from sqlalchemy.engine import Connection

from tutor.accounts import limits
from tutor.storage.progress import ProgressStore

ACCOUNT = "account:instructor"


def count_wrong_password(store: ProgressStore, address: str) -> tuple[int, int]:
    """Count one wrong instructor password: (this address's failures, the account's)."""
    return limits.count(store, address, ACCOUNT)


def signed_in(conn: Connection, address: str) -> None:
    """The right password from ``address``: its typos, and the login's, are forgiven."""
    limits.forgive(conn, address, ACCOUNT)
