"""Bring your own game: a log imported, replayed and reviewed by the engine, practised again.

:mod:`tutor.review.views` — the pages; :mod:`tutor.review.intake` — the
import form read; :mod:`tutor.review.tenhou` — a Tenhou link fetched from
tenhou.net only; :mod:`tutor.review.stored` — the review computed at import;
:mod:`tutor.review.board` and :mod:`tutor.review.page` — what the pages draw;
:mod:`tutor.review.position` and :mod:`tutor.review.positions` — a flagged
decision made a drill. The tables: :mod:`tutor.storage.review`.
"""
