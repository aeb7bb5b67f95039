"""What storage raises: every database failure reaches a caller as :class:`StorageError`."""

from __future__ import annotations


class StorageError(Exception):
    """The database could not be read or written (read-only, full, down, file replaced)."""


class TooManyLearners(StorageError):
    """This address started more new learners this hour than anyone does (not stored)."""


class AnswersBudgetSpent(StorageError):
    """This learner stored their answers for this hour (:mod:`tutor.storage.budget`)."""
