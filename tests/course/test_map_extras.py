"""The course map's hook for lessons of higher floors (``add_map_extras``), from the course side.

A provider that raises, returns a broken entry, or whose database is down
must never take the course map down with it: the course's own lessons are
always listed, and a working provider's entries still are.
"""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from tests.support.site import make_app
from tutor.course.lessons import MapEntry, add_map_extras

GOOD = MapEntry("Урок клуба про сброс", "Кратко.", "/club/1", 1, "Урок клуба", 1)


def _raising() -> list[MapEntry]:
    raise RuntimeError("the provider's own bug")


def _broken() -> list[MapEntry]:
    return [MapEntry("Сломанная", "", "/club/2", 0, "", "после первого")]  # type: ignore[arg-type]


def _lessons_shown(client: FlaskClient) -> str:
    response = client.get("/")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert 'href="/lessons/basics"' in html  # the course's own lessons
    return html


def test_a_provider_that_raises_leaves_the_course_map_and_other_providers(
        app: Flask, client: FlaskClient) -> None:
    add_map_extras(app, _raising)
    add_map_extras(app, lambda: [GOOD])
    assert "Урок клуба про сброс" in _lessons_shown(client)


def test_a_provider_with_a_broken_entry_leaves_the_course_map(
        app: Flask, client: FlaskClient) -> None:
    add_map_extras(app, _broken)
    add_map_extras(app, lambda: [GOOD])
    html = _lessons_shown(client)
    assert "Урок клуба про сброс" in html and "Сломанная" not in html


def test_the_course_map_shows_the_lessons_with_the_database_down(content_dir: object) -> None:

    app = make_app(content_dir, SECRET_KEY="t", DATABASE_URL="postgresql://tempai:tempai@127.0.0.1:1/nowhere")
    _lessons_shown(app.test_client())
