"""Classes: an instructor's group of learners, its assignments and its dashboard.

Every query here is scoped: a class is read together with its owner (or a
member), so another instructor's or learner's id finds nothing and the page
answers 404, never data. The dashboard reads the per-learner aggregates
(:mod:`tutor.storage.aggregates`), not the raw answers.
"""
