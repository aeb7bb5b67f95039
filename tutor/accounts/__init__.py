"""Accounts: optional sign-in that makes a learner's progress follow them.

Anonymous use keeps working exactly as before; an account owns one learner id
(:mod:`tutor.storage.accounts`), and a signed-in request reads and writes that
id's progress (:mod:`tutor.storage.learner`'s resolver hook). Roles are
learner, instructor and admin; sessions are revocable through a per-account
version (:mod:`tutor.storage.sessions`).
"""
