"""The hand analyser behind ``/analyse`` (blueprint in :mod:`tutor.analyse.views`).

- :mod:`~tutor.analyse.query` — the input as one URL-safe value;
- :mod:`~tutor.analyse.analysis` — what the engine says about it;
- :mod:`~tutor.analyse.readings` — every reading of a winning hand with its value;
- :mod:`~tutor.analyse.builder` — palette and removal links (works without JS);
- :mod:`~tutor.analyse.export` — «Сделать упражнение»: drill blocks for a lesson.
"""
