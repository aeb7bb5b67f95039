"""Tile size and time zone settings (learner-and-instructor review, December 2026).

The tile size is remembered in the account or, for an anonymous learner, in a
cookie, and it works without JavaScript: it is a class on <html> the CSS reads.
"""

from __future__ import annotations

import calendar
import re

from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from tests.support.accounts import register, sign_in, user_by_login
from tests.support.client import csrf_token

HTML = re.compile(r"<html[^>]*>")


def _save(client: FlaskClient, **fields: str) -> TestResponse:
    return client.post("/settings", data={"csrf_token": csrf_token(client, "/settings"), **fields})


def test_an_anonymous_learner_keeps_the_size_in_a_cookie(app: Flask) -> None:
    client = app.test_client()
    found = HTML.search(client.get("/").get_data(as_text=True))
    assert found and found.group(0) == '<html lang="ru">'
    response = _save(client, tile_size="large")
    assert response.status_code == 302
    cookie = response.headers["Set-Cookie"]
    assert cookie.startswith("tempai_tiles=large;") and "HttpOnly" in cookie
    page = client.get("/settings").get_data(as_text=True)
    assert '<html lang="ru" class="tiles-large">' in page and "Тайлы: крупные." in page
    assert 'value="large" checked' in page
    assert "Часовой пояс" not in page  # no stored times for an anonymous learner


def test_a_signed_in_learner_keeps_size_and_zone_in_the_account(app: Flask) -> None:
    phone = app.test_client()
    register(phone, "alice")
    assert _save(phone, tile_size="xlarge", time_zone="Asia/Novosibirsk").status_code == 302
    alice = user_by_login(app, "alice")
    assert (alice.tile_size, alice.time_zone) == ("xlarge", "Asia/Novosibirsk")
    desktop = app.test_client()  # another device: no cookie, the account brings the size
    assert sign_in(desktop, "alice") == 302
    found = HTML.search(desktop.get("/").get_data(as_text=True))
    assert found and 'class="tiles-xlarge"' in found.group(0)
    assert "tempai_tiles" not in (desktop.get("/settings").headers.get("Set-Cookie") or "")


def test_a_value_off_the_list_is_refused(app: Flask) -> None:
    client = app.test_client()
    assert _save(client, tile_size="huge").status_code == 400
    register(client, "bob")
    assert _save(client, tile_size="large", time_zone="Mars/Olympus").status_code == 400


def test_studio_times_are_in_the_account_zone_not_utc(app: Flask) -> None:
    from tutor.studio.views import studio_time

    register(app.test_client(), "carol")
    moment = float(calendar.timegm((2026, 12, 2, 12, 4, 0)))  # 12:04 UTC
    with app.test_request_context():
        assert studio_time(moment).endswith(", 15:04")  # Moscow for anyone by default
        assert "UTC" not in studio_time(moment)
