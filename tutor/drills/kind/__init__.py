"""The drill kinds, one module each (discovered by :func:`tutor.drills.kinds`).

A kind is one module here and one template ``templates/drills/<name>.html``
(the contract is in :mod:`tutor.drills.base`). A kind imports the shared
toolkit (:mod:`tutor.drills.base`, :mod:`tutor.drills.params`,
:mod:`tutor.drills.explain`, :mod:`tutor.drills.scoring`,
:mod:`tutor.drills.game_parts`), never another kind.
"""
