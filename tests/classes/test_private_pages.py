"""Pages answered to a signed-in person are never stored (tutor/accounts/current.py).

The security review of December 2026 (finding «private pages are cacheable»):
``/account``, ``/classes``, a class's dashboard and learner page,
``/admin/users``, ``/classes/join`` and lesson pages (with the name in the
menu) carried no ``Cache-Control``, so they stayed in the browser's cache and
history after signing out on a shared computer.
"""

from __future__ import annotations

import pytest
from flask import Flask

from tests.support.classes import World, build


@pytest.fixture
def world(app: Flask) -> World:
    return build(app)


def test_every_page_of_a_signed_in_person_is_private_and_not_stored(world: World) -> None:
    club, carol = world.ids["club"], world.ids["carol"]
    pages = {
        "root": ["/admin/users", "/account", "/classes"],
        "teacher": ["/classes", f"/classes/{club}", f"/classes/{club}/learners/{carol}",
                    "/account", "/lessons/basics", "/"],
        "alice": ["/account", "/classes", f"/classes/join?code={world.code}", "/lessons/basics",
                  "/progress", f"/classes/{club}/sets/2"],
    }
    for who, paths in pages.items():
        client = world.client(who)
        for path in paths:
            response = client.get(path)
            assert response.status_code == 200, (who, path)
            cache = response.headers.get("Cache-Control", "")
            assert "private" in cache and "no-store" in cache, (who, path, cache)
    static = world.client("alice").get("/static/favicon.svg")
    assert static.status_code == 200
    assert "no-store" not in static.headers.get("Cache-Control", "")
    static.close()
