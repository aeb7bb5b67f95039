"""Fuzzing every route: random and hostile paths, bodies, queries and headers.

Whatever arrives, the site must never answer 500, never show a stack trace,
and never reflect input unescaped: a marker tag sent in any field, header or
path segment must not come back as markup. Routes come from ``app.url_map``,
so a route added later is fuzzed without touching this file. Each draw is
sent as an anonymous learner or as a logged-in instructor, as a form or as a
raw body of any content type, with a valid, a forged or no CSRF token, with
and without ``HX-Request``.
"""

from __future__ import annotations

import gzip
import re
from typing import Any
from urllib.parse import quote, urlencode

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from werkzeug.datastructures import MultiDict

from tests.live import copy_content
from tutor import create_app

MARKER = "<x-fuzz-123>"
PASSWORD = "fuzz-instructor-password"
_TOKEN = re.compile(r'name="csrf_token" value="([^"]+)"')
_PARAM = re.compile(r"<(?:([a-z]+)(?:\([^)]*\))?:)?([a-z_]+)>")

HOSTILE = [
    MARKER, f'"><{MARKER[1:]}', f"'{MARKER}", f"javascript:{MARKER}", "../../../etc/passwd",
    "..%2f..%2fetc%2fpasswd", "\x00", "%00", "{{7*7}}", "{% raw %}", "${7*7}", "\r\nX-Evil: 1",
    "‮RTL", "🀄" * 50, "1" * 5000, "-1", "0", "99999999999999999999999", "NaN", "1e309",
    "123m456p789s", "1111m", "5z" * 40, "0m0p0s", "[[x]]", ":123m:", "/// waits", "\\", "'; --",
]
# Real values for path parameters, so the deep handlers run too.
VALID: dict[str, list[str]] = {
    "slug": ["basics", "second", "broken"],
    "drill_id": ["nobetan", "discard", "pinfu-ron", "set-size"],
    "kind": ["waits", "furiten", "fu", "han", "payment", "shanten", "dora"],
    "level": ["novice", "player", "master"],
    "seed": ["1", "42", "9007199254740993"],
    "filename": ["css/site.css", "tiles.svg", "../pyproject.toml"],
}
FIELDS = ["tiles", "fu", "han", "ron", "kinds", "option", "shanten", "yaku", "action", "nonce",
          "source", "password", "confirm", "hand", "melds", "win", "dora", "discards", "riichi",
          "honba", "sticks", "seat", "round", "rules", "by", "mode", "q"]

CONTENT_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data; boundary=zz",
                 "multipart/form-data", "application/json", "text/plain", "x/<x-fuzz-123>",
                 "application/x-www-form-urlencoded; charset=koi8-r"]

text = st.one_of(st.sampled_from(HOSTILE), st.text(max_size=40),
                 st.text(alphabet="0123456789mpsz ", max_size=20),
                 st.builds(lambda n: "x" * n + MARKER, st.integers(0, 70_000)))


@pytest.fixture(scope="module")
def apps(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """One app for the module (hypothesis reuses it), and clients: anonymous and instructor."""
    root = tmp_path_factory.mktemp("fuzz")
    app = create_app({"TESTING": True, "CONTENT_DIR": str(copy_content(root / "content")),
                      "DATABASE_URL": f"sqlite:///{root / 'fuzz.sqlite3'}",
                      "INSTRUCTOR_PASSWORD": PASSWORD})
    anonymous, instructor = app.test_client(), app.test_client()
    token = _token(anonymous)
    if "authoring.login" in app.view_functions:
        login = {"password": PASSWORD, "csrf_token": _token(instructor)}
        instructor.post("/author/login", data=login).close()
    return {"app": app, "clients": {"anonymous": (anonymous, token),
                                    "instructor": (instructor, _token(instructor))}}


def _token(client: FlaskClient) -> str:
    found = _TOKEN.search(client.get("/lessons/basics").get_data(as_text=True))
    assert found
    return found.group(1)


def _rules(app: Flask) -> list[tuple[str, str]]:
    """(rule, method) for every route and method it accepts."""
    return sorted({(rule.rule, method) for rule in app.url_map.iter_rules()
                   for method in (rule.methods or ()) if method in ("GET", "POST")})


def _fill_path(rule: str, draw: st.DrawFn) -> str:
    def one(match: re.Match[str]) -> str:
        converter, name = match.group(1), match.group(2)
        if draw(st.booleans()) and name in VALID:
            value = draw(st.sampled_from(VALID[name]))
        elif converter == "int":
            value = str(draw(st.integers(-(2**70), 2**70)))
        else:
            value = draw(text)
        return quote(value, safe="/" if converter == "path" else "")
    return _PARAM.sub(one, rule)


@st.composite
def requests(draw: st.DrawFn, rules: list[tuple[str, str]]) -> dict[str, Any]:
    rule, method = draw(st.sampled_from(rules))
    fields = draw(st.lists(st.tuples(st.one_of(st.sampled_from(FIELDS), st.text(max_size=12)),
                                     text), max_size=8))
    headers = {"X-Request-ID": draw(text)[:100].replace("\r", "").replace("\n", "")}
    if draw(st.booleans()):
        headers["HX-Request"] = "true"
    if draw(st.booleans()):
        headers["Accept-Encoding"] = "gzip"
    for name in draw(st.lists(st.sampled_from(["HX-Target", "HX-Current-URL", "Referer"]),
                              max_size=2)):
        headers[name] = draw(text)[:200].replace("\r", "").replace("\n", "")
    raw = None
    if method == "POST" and draw(st.integers(0, 3)) == 0:  # a body that is not a form at all
        raw = (draw(st.one_of(st.binary(max_size=3000), text.map(str.encode))),
               draw(st.sampled_from(CONTENT_TYPES)))
    return {"path": _fill_path(rule, draw), "method": method, "fields": fields, "raw": raw,
            "headers": headers, "csrf": draw(st.sampled_from(["valid", "bad", "none"])),
            "who": draw(st.sampled_from(["anonymous", "instructor"]))}


def _body(response: Any) -> str:
    data = response.get_data()
    if response.headers.get("Content-Encoding") == "gzip":
        data = gzip.decompress(data)
    response.close()
    return data.decode("utf-8", "replace")


# Signing in or out would change who the instructor client is; those go out anonymously.
_SESSION_ROUTES = ("/author/login", "/author/logout")


def send(apps: dict[str, Any], req: dict[str, Any]) -> tuple[int, str]:
    who = "anonymous" if req["path"].startswith(_SESSION_ROUTES) else req["who"]
    client, token = apps["clients"][who]
    fields = MultiDict(req["fields"])
    if req["csrf"] == "valid":
        fields["csrf_token"] = token
    elif req["csrf"] == "bad":
        fields["csrf_token"] = MARKER
    if req["method"] == "GET":
        query = urlencode(list(fields.items(multi=True)))
        response = client.get(f"{req['path']}?{query}", headers=req["headers"])
    elif req.get("raw"):
        body, content_type = req["raw"]
        headers = {**req["headers"], "X-CSRFToken": fields.get("csrf_token", "")}
        response = client.post(req["path"], data=body, content_type=content_type,
                               headers=headers)
    else:
        response = client.post(req["path"], data=fields, headers=req["headers"])
    return response.status_code, _body(response)


def check(status: int, body: str, where: str) -> None:
    # 503 is the progress page's own "storage unavailable"; anything else 5xx is a crash.
    assert status < 500 or status == 503, f"{status} on {where}"
    assert "Traceback" not in body, where
    assert MARKER not in body and "<x-fuzz" not in body, f"unescaped input reflected on {where}"


def test_every_route_survives_hostile_path_parameters_and_fields(apps: dict[str, Any]) -> None:
    """Deterministic pass: each route and method, each hostile string in every place at once."""
    for rule, method in _rules(apps["app"]):
        for value in HOSTILE:
            path = _PARAM.sub(lambda _m, v=value: quote(v, safe=""), rule)
            fields = [(name, value) for name in FIELDS]
            for who in ("anonymous", "instructor"):
                req = {"path": path, "method": method, "fields": fields, "csrf": "valid",
                       "who": who, "headers": {"HX-Request": "true"}}
                check(*send(apps, req), f"{method} {path} as {who}")


def test_the_fuzzer_sees_every_route(apps: dict[str, Any]) -> None:
    found = {rule for rule, _ in _rules(apps["app"])}
    assert {"/", "/lessons/<slug>", "/lessons/<slug>/drills/<drill_id>", "/healthz"} <= found
    if "authoring.preview" in apps["app"].view_functions:  # the instructor really is logged in
        client, _ = apps["clients"]["instructor"]
        response = client.get("/author/preview")
        response.close()
        assert response.status_code == 200


@settings(max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_random_requests_never_500_never_trace_never_reflect(
    apps: dict[str, Any], data: st.DataObject
) -> None:
    req = data.draw(requests(_rules(apps["app"])))
    status, body = send(apps, req)
    check(status, body, f"{req['method']} {req['path']} {req['fields'][:3]}")


def test_the_marker_check_can_fail() -> None:
    with pytest.raises(AssertionError):
        check(200, f"<p>{MARKER}</p>", "self-test")
    check(200, "<p>&lt;x-fuzz-123&gt;</p>", "self-test")

