"""Hostile ids in every route answer 4xx, never 5xx (tutor/web/converters.py).

The security review of December 2026 (finding «unhandled input gives 500»):
``/classes/99999999999999999999`` and ``POST /admin/users/<huge>/role``
reached the database — PostgreSQL refused the number, SQLite's driver
overflowed — and the classes' storage-error handler turned its own 503 into
a 500. This walks every route of ``app.url_map`` (a route added later is
walked too) as an admin, on SQLite and on PostgreSQL, with huge, negative,
zero and non-numeric ids.
"""

from __future__ import annotations

import re

import pytest
from flask import Flask

from tests.support.accounts import Site, make_user, sign_in, site  # noqa: F401 (site)
from tests.support.classes import create_class
from tests.support.client import csrf_token
from tutor.classes import store as class_store
from tutor.storage.errors import StorageError

HOSTILE_IDS = ["99999999999999999999", "2147483648", "-1", "0", "abc", "1" * 5000, "１２"]
# Real values for the other path parameters, so each route's own handler runs.
OTHER = {"slug": "basics", "drill_id": "nobetan", "kind": "waits", "level": "novice",
         "filename": "style.css", "ruleset": "ema", "term": "tenpai", "code": "ABCDEFGH"}
_PARAM = re.compile(r"<(?:([a-z]+)(?:\([^)]*\))?:)?([a-z_]+)>")


@pytest.fixture
def school(site: Site) -> Flask:  # noqa: F811 (the fixture imported above)
    """An app on a fresh database: SQLite, and PostgreSQL when TEMPAI_TEST_PG_URL is set."""
    return site.app()


def _paths(app: Flask, value: str) -> list[tuple[str, str]]:
    """Every (method, path) with an id-like parameter, that parameter set to ``value``."""
    found = []
    for rule in app.url_map.iter_rules():
        params = _PARAM.findall(rule.rule)
        ids = [name for converter, name in params if converter in ("int", "id")]
        if not ids:
            continue
        path = rule.rule
        for converter, name in params:
            pattern = re.compile(rf"<(?:{converter}(?:\([^)]*\))?:)?{name}>")
            path = pattern.sub(value if name in ids else OTHER.get(name, "x"), path, count=1)
        for method in sorted((rule.methods or set()) & {"GET", "POST"}):
            found.append((method, path))
    return found


def test_every_route_answers_hostile_ids_without_a_server_error(school: Flask) -> None:
    app = school
    make_user(app, "root", "admin")
    admin = app.test_client()
    assert sign_in(admin, "root") == 302
    create_class(admin, "Клуб")
    csrf = csrf_token(admin, "/classes")
    seen = 0
    for value in HOSTILE_IDS:
        for method, path in _paths(app, value):
            if method == "GET":
                response = admin.get(path)
            else:
                response = admin.post(path, data={"csrf_token": csrf, "role": "admin",
                                                  "disabled": "1"})
            assert response.status_code < 500, (method, path[:80], response.status_code)
            seen += 1
    assert seen > 100  # the walk reached the routes (classes, admin, studio, club, practice)


def test_a_storage_error_on_the_classes_pages_is_a_503(
    school: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    make_user(school, "teacher", "instructor")
    teacher = school.test_client()
    assert sign_in(teacher, "teacher") == 302

    def down(*_args: object) -> object:
        raise StorageError("OperationalError")

    monkeypatch.setattr(class_store, "teaching", down)
    response = teacher.get("/classes")
    assert response.status_code == 503
    assert "База данных сейчас недоступна" in response.get_data(as_text=True)
