"""How far one answer travels through ``tutor/``: the figure docs/architecture.md walks.

Rule (docs/architecture.md, «Путь ответа»): the first, uncached htmx answer
of a new anonymous learner to the first drill of ``/lessons/waits`` enters at
most :data:`MAX_MODULES` modules of ``tutor/`` and makes at most
:data:`MAX_HOPS` hops between its packages. A module is a file under
``tutor/`` that receives a ``call`` event under :func:`sys.setprofile`; a hop
is two consecutive such calls whose package (the first folder under
``tutor/``) differs; frames outside ``tutor/`` are ignored.

Print the figure and the path with
``python -m pytest -s -p no:randomly -n 0 tests/web/test_answer_figure.py``.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path
from types import FrameType
from typing import Any

import pytest
from flask import Flask

from tests.support.client import HTMX, token_in
from tests.support.site import make_app

REPO = Path(__file__).resolve().parents[2]
TUTOR = str(REPO / "tutor") + "/"
COURSE = REPO / "content" / "ru"
# A wrong first answer keeps the learner's answer for re-grading in the answer's
# own row (one INSERT, no second connection) and redraws the question with the
# chosen tiles marked by tutor/tiles/render.py, already on the path for the tiles:
# neither adds a module. 15 modules, 16 hops when this was written.
MAX_MODULES = 15
MAX_HOPS = 20
_DRILL = re.compile(r'id="drill-([a-z0-9-]+)" data-drill-kind="waits"')


@pytest.fixture(scope="module")
def app() -> Iterator[Flask]:
    yield make_app(COURSE, SECRET_KEY="test-secret")


def _calls(app: Flask) -> list[str]:
    """The ``tutor/`` file of each call event of the answer, in order."""
    client = app.test_client()
    page = client.get("/lessons/waits").get_data(as_text=True)
    token = token_in(page)
    first = _DRILL.search(page)
    assert first, "the waits lesson must open with a waits drill"
    client.delete_cookie("tempai_learner")  # a new anonymous learner answers
    seen: list[str] = []

    def profile(frame: FrameType, event: str, _arg: Any) -> None:
        if event == "call" and frame.f_code.co_filename.startswith(TUTOR):
            seen.append(frame.f_code.co_filename[len(TUTOR):])

    sys.setprofile(profile)
    try:
        response = client.post(f"/lessons/waits/drills/{first.group(1)}",
                               data={"csrf_token": token, "tiles": ["1m"]}, headers=HTMX)
    finally:
        sys.setprofile(None)
    assert response.status_code == 200 and 'data-verdict="' in response.get_data(as_text=True)
    return seen


def _package(path: str) -> str:
    return path.split("/")[0] if "/" in path else "tutor"


def test_one_answer_stays_within_the_figure(app: Flask) -> None:
    calls = _calls(app)
    modules = list(dict.fromkeys(calls))
    packages = [_package(path) for path in calls]
    path = [packages[0]] + [b for a, b in zip(packages, packages[1:], strict=False) if a != b]
    hops = len(path) - 1
    print(f"\n{len(modules)} modules, {hops} hops")
    print(" → ".join(path))
    print("\n".join(modules))
    assert len(modules) <= MAX_MODULES, f"{len(modules)} modules: {modules}"
    assert hops <= MAX_HOPS, f"{hops} hops: {' → '.join(path)}"
