"""A class's rule set is its learners' default in practice (:mod:`tutor.practice.rules`).

A learner in several classes practises under the rules of the class they
joined most recently: joining is the clearest sign of what they practise for
now, and the practice pages' rule picker (``?rules=``) covers the others; a
class's practice set links to its problems with the class's ``?rules=``, so
the set is solved under its own class's rules in any case. An
anonymous visitor, a learner in no class, or a database that does not answer
leaves practice at the problems' own rules. One indexed query of one row,
asked at most once per request (the practice package keeps the answer).
"""

from __future__ import annotations

from flask import Flask

from tutor import storage
from tutor.accounts.current import current_user
from tutor.classes import store
from tutor.practice import rules
from tutor.storage.errors import StorageError


def class_rules() -> str | None:
    """The rule set of the signed-in learner's most recently joined class, or None."""
    user = current_user()
    if user is None:
        return None
    try:
        with storage.store().transaction() as conn:
            return store.latest_rules(conn, user)
    except StorageError:
        return None


def init_app(app: Flask) -> None:
    rules.set_default(class_rules)
