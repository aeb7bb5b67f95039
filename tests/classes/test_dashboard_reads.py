"""The dashboard's statements do not grow with the answers per learner (it reads aggregates)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import sqlalchemy as sa
from flask import Flask

from tests.support.classes import World, build
from tests.support.practice import answer_lesson, answer_practice
from tutor import storage


@contextmanager
def _counted(app: Flask) -> Iterator[list[str]]:
    engine = storage.opened_store(app).engine
    seen: list[str] = []

    def count(_conn: object, _cursor: object, statement: str, *_args: object) -> None:
        seen.append(statement)

    sa.event.listen(engine, "before_cursor_execute", count)
    try:
        yield seen
    finally:
        sa.event.remove(engine, "before_cursor_execute", count)


def _dashboard_statements(world: World) -> int:
    with _counted(world.app) as seen:
        response = world.client("teacher").get(f"/classes/{world.ids['club']}")
        assert response.status_code == 200
    return len(seen)


def test_dashboard_statements_do_not_grow_with_answers(app: Flask) -> None:
    world = build(app)
    answer_lesson(world.client("alice"), "basics", "nobetan", True)
    few = _dashboard_statements(world)
    for seed in range(30):
        answer_practice(world.client("alice"), "waits", "novice", seed, seed % 3 == 0)
        answer_practice(world.client("carol"), "fu", "novice", seed, seed % 2 == 0)
    many = _dashboard_statements(world)
    assert many == few
    assert few <= 11  # 10, and the instructor's own review positions for «Задать позицию»
