"""What storage raises: every database failure reaches a caller as :class:`StorageError`."""

from __future__ import annotations

# What a person is told when a page needs the database and it does not answer
# (with a 503): one sentence, so every feature says it the same way.
UNAVAILABLE = "База данных сейчас недоступна, попробуйте через минуту."


class StorageError(Exception):
    """The database could not be read or written (read-only, full, down, file replaced)."""


class TooManyLearners(StorageError):
    """This address started more new learners this hour than anyone does (not stored)."""


class AnswersBudgetSpent(StorageError):
    """This learner stored their answers for this hour (:mod:`tutor.storage.budget`)."""
