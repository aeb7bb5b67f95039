"""Fuzzing every route: random and hostile paths, bodies, queries and headers.

Whatever arrives, the site must never answer 500, never show a stack trace,
and never reflect input unescaped: a marker tag sent in any field, header or
path segment must not come back as markup. Routes come from ``app.url_map``,
so a route added later is fuzzed without touching this file. Each draw is
sent as an anonymous learner or as a logged-in instructor, as a form or as a
raw body of any content type, with a valid, a forged or no CSRF token, with
and without ``HX-Request``.

Every route also gets HEAD, OPTIONS and PUT, and
requests with tampered session and learner cookies (a flipped character, a
cut signature, garbage, a huge value); no error response may set a cookie.
Published lesson files are fuzzed too (:mod:`tests.support.lesson_fuzz`: hostile
lessons written into a content folder, their pages and drills requested),
and the same requests go through a real gunicorn (``test_gunicorn_…``),
whose log must show no traceback. Each test is bounded to a few seconds.
"""

from __future__ import annotations

import gzip
import http.client
import itertools
import re
import shutil
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from werkzeug.datastructures import MultiDict

from tests.support.client import csrf_token, token_in
from tests.support.lesson_fuzz import DRILL_IDS, check_page, lessons
from tests.support.live import REPO, copy_content, loadkit, need_gunicorn
from tests.support.site import make_app
from tutor.storage.learner import COOKIE as LEARNER_COOKIE

MARKER = "<x-fuzz-123>"
PASSWORD = "fuzz-instructor-password"
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
    app = make_app(
        copy_content(root / "content"),
        DATABASE_URL=f"sqlite:///{root / 'fuzz.sqlite3'}",
        INSTRUCTOR_PASSWORD=PASSWORD,
        SECRET_KEY=None,
    )
    anonymous, instructor = app.test_client(), app.test_client()
    token = csrf_token(anonymous)
    if "authoring.login" in app.view_functions:
        login = {"password": PASSWORD, "csrf_token": csrf_token(instructor)}
        instructor.post("/author/login", data=login).close()
    return {
        "app": app,
        "clients": {
            "anonymous": (anonymous, token),
            "instructor": (instructor, csrf_token(instructor)),
        },
    }


def _rules(app: Flask, methods: tuple[str, ...] = ("GET", "POST")) -> list[tuple[str, str]]:
    """(rule, method) for every route and each of ``methods`` it accepts."""
    return sorted(
        {
            (rule.rule, method)
            for rule in app.url_map.iter_rules()
            for method in (rule.methods or ())
            if method in methods
        }
    )


# Methods a browser never sends to these routes: each must be a 4xx (or the GET's
# answer, for HEAD), never a crash.
ODD_METHODS = ("HEAD", "OPTIONS", "PUT")


def _all_rules(app: Flask) -> list[tuple[str, str]]:
    """Every route with GET/POST as it accepts them, plus HEAD, OPTIONS and PUT on each."""
    return sorted(
        {*_rules(app), *((rule.rule, m) for rule in app.url_map.iter_rules() for m in ODD_METHODS)}
    )


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
    fields = draw(
        st.lists(
            st.tuples(st.one_of(st.sampled_from(FIELDS), st.text(max_size=12)), text), max_size=8
        )
    )
    headers = {"X-Request-ID": draw(text)[:100].replace("\r", "").replace("\n", "")}
    if draw(st.booleans()):
        headers["HX-Request"] = "true"
    if draw(st.booleans()):
        headers["Accept-Encoding"] = "gzip"
    for name in draw(
        st.lists(st.sampled_from(["HX-Target", "HX-Current-URL", "Referer"]), max_size=2)
    ):
        headers[name] = draw(text)[:200].replace("\r", "").replace("\n", "")
    raw = None
    if method == "POST" and draw(st.integers(0, 3)) == 0:  # a body that is not a form at all
        raw = (
            draw(st.one_of(st.binary(max_size=3000), text.map(str.encode))),
            draw(st.sampled_from(CONTENT_TYPES)),
        )
    return {
        "path": _fill_path(rule, draw),
        "method": method,
        "fields": fields,
        "raw": raw,
        "headers": headers,
        "csrf": draw(st.sampled_from(["valid", "bad", "none"])),
        "who": draw(st.sampled_from(["anonymous", "instructor"])),
        "tamper": draw(st.one_of(st.none(), tampering())),
    }


@st.composite
def tampering(draw: st.DrawFn) -> tuple[str, str, int, str]:
    """(which cookie, how, where, with what): a change to one of the client's real cookies."""
    return (
        draw(st.sampled_from(["session", LEARNER_COOKIE])),
        draw(st.sampled_from(["flip", "cut", "replace", "append", "huge"])),
        draw(st.integers(0, 400)),
        draw(st.sampled_from([*HOSTILE[:12], "a.b.c", "", "."])),
    )


def tampered(value: str, how: str, at: int, text: str) -> str:
    """``value`` damaged one way; the result is a valid cookie string (no ; , or space)."""
    at = at % (len(value) + 1)
    if how == "flip" and value:
        at = min(at, len(value) - 1)
        value = value[:at] + ("A" if value[at] != "A" else "B") + value[at + 1 :]
    elif how == "cut":
        value = value[:at]
    elif how == "replace":
        value = text
    elif how == "append":
        value = value + text
    else:
        value = value * 40
    return "".join(ch for ch in value if ch.isascii() and ch.isprintable() and ch not in ";, ")


def _body(response: Any) -> str:
    data = response.get_data()
    if response.headers.get("Content-Encoding") == "gzip":
        data = gzip.decompress(data)
    response.close()
    return data.decode("utf-8", "replace")


# Signing in or out would change who the instructor client is; those go out anonymously.
# The account's sign-in, registration, recovery and sign-out start a fresh session too
# (one browser session: «Выйти» ends the instructor's as well).
_SESSION_ROUTES = (
    "/author/login",
    "/author/logout",
    "/account/login",
    "/account/logout",
    "/account/register",
    "/account/recover",
)


def send(apps: dict[str, Any], req: dict[str, Any]) -> tuple[int, str]:
    who = "anonymous" if req["path"].startswith(_SESSION_ROUTES) else req["who"]
    client, token = apps["clients"][who]
    headers = req["headers"]
    if req.get("tamper"):  # a client of its own: the shared ones keep their real cookies
        headers = {**headers, "Cookie": cookie_header(client, req["tamper"])}
        client = apps["app"].test_client()
    fields = MultiDict(req["fields"])
    if req["csrf"] == "valid":
        fields["csrf_token"] = token
    elif req["csrf"] == "bad":
        fields["csrf_token"] = MARKER
    if req["method"] in ("GET", *ODD_METHODS):
        query = urlencode(list(fields.items(multi=True)))
        response = client.open(f"{req['path']}?{query}", method=req["method"], headers=headers)
        check_cookies(
            response.status_code,
            response.headers.getlist("Set-Cookie"),
            f"{req['method']} {req['path']}",
        )
    elif req.get("raw"):
        body, content_type = req["raw"]
        headers = {**headers, "X-CSRFToken": fields.get("csrf_token", "")}
        response = client.post(req["path"], data=body, content_type=content_type, headers=headers)
    else:
        response = client.post(req["path"], data=fields, headers=headers)
    check_cookies(
        response.status_code,
        response.headers.getlist("Set-Cookie"),
        f"{req['method']} {req['path']}",
    )
    return response.status_code, _body(response)


def cookie_header(client: FlaskClient, tamper: tuple[str, str, int, str]) -> str:
    """The client's real cookies as a ``Cookie`` header, one of them tampered with."""
    name, how, at, text = tamper
    values = []
    for cookie in ("session", LEARNER_COOKIE):
        real = client.get_cookie(cookie)
        value = real.value if real is not None else ""
        values.append(f"{cookie}={tampered(value, how, at, text) if cookie == name else value}")
    return "; ".join(values)


def check_cookies(status: int, set_cookies: list[str], where: str) -> None:
    """An error response never mints, replaces or deletes a cookie."""
    assert status < 400 or set_cookies == [], f"{status} set a cookie on {where}"


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
                req = {
                    "path": path,
                    "method": method,
                    "fields": fields,
                    "csrf": "valid",
                    "who": who,
                    "headers": {"HX-Request": "true"},
                }
                check(*send(apps, req), f"{method} {path} as {who}")


def test_the_fuzzer_sees_every_route(apps: dict[str, Any]) -> None:
    found = {rule for rule, _ in _rules(apps["app"])}
    assert {"/", "/lessons/<slug>", "/lessons/<slug>/drills/<drill_id>", "/healthz"} <= found
    if "authoring.preview" in apps["app"].view_functions:  # the instructor really is logged in
        client, _ = apps["clients"]["instructor"]
        response = client.get("/author/preview")
        response.close()
        assert response.status_code == 200


@settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_random_requests_never_500_never_trace_never_reflect(
    apps: dict[str, Any], data: st.DataObject
) -> None:
    req = data.draw(requests(_all_rules(apps["app"])))
    status, body = send(apps, req)
    check(status, body, f"{req['method']} {req['path']} {req['fields'][:3]}")


def test_the_marker_check_can_fail() -> None:
    with pytest.raises(AssertionError):
        check(200, f"<p>{MARKER}</p>", "self-test")
    check(200, "<p>&lt;x-fuzz-123&gt;</p>", "self-test")


def test_odd_methods_and_tampered_cookies_are_drawn(apps: dict[str, Any]) -> None:
    """The widened fuzzer really sends them: every route with HEAD, OPTIONS and PUT."""
    methods = {method for _, method in _all_rules(apps["app"])}
    assert methods == {"GET", "POST", "HEAD", "OPTIONS", "PUT"}
    assert tampered("abc.def", "flip", 0, "") == "Abc.def"
    assert tampered("abc.def", "cut", 3, "") == "abc"
    assert tampered("abc", "replace", 0, "a; b") == "ab"


@pytest.mark.parametrize("method", ODD_METHODS)
def test_odd_methods_on_a_lesson_and_a_drill(apps: dict[str, Any], method: str) -> None:
    client, _ = apps["clients"]["anonymous"]
    for path in ("/lessons/basics", "/lessons/basics/drills/nobetan", "/author/login"):
        response = client.open(path, method=method)
        response.close()
        expected = {"HEAD": {200, 302, 405}, "OPTIONS": {200}, "PUT": {405}}[method]
        assert response.status_code in expected, (method, path, response.status_code)


_lesson_numbers = itertools.count(100)


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_hostile_published_lessons_render_pages_and_drills_safely(
    apps: dict[str, Any], data: st.DataObject
) -> None:
    """A lesson file as a careless or hostile author writes it, then its page and drills."""
    number = next(_lesson_numbers)
    slug = f"fuzz-{number}"
    source = data.draw(lessons(slug, number), label="lesson")
    path = Path(apps["app"].config["CONTENT_DIR"]) / f"{number}-{slug}.md"
    path.write_text(source, encoding="utf-8")
    try:
        client, _ = apps["clients"][data.draw(st.sampled_from(["anonymous", "instructor"]))]
        for page in (f"/lessons/{slug}", "/", "/progress"):
            response = client.get(page)
            status, body = response.status_code, _body(response)
            check(status, body, f"GET {page}")
            check_page(body, f"GET {page}")
        for drill in DRILL_IDS:
            fields = data.draw(st.lists(st.tuples(st.sampled_from(FIELDS), text), max_size=6))
            req = {
                "path": f"/lessons/{slug}/drills/{drill}",
                "method": "POST",
                "fields": [
                    *fields,
                    ("action", data.draw(st.sampled_from(["check", "solution", "x"]))),
                ],
                "csrf": "valid",
                "who": "anonymous",
                "headers": data.draw(st.sampled_from([{}, {"HX-Request": "true"}])),
            }
            status, body = send(apps, req)
            check(status, body, f"POST {req['path']}")
            check_page(body, f"POST {req['path']}")
    finally:
        path.unlink()


def test_the_lesson_page_check_can_fail() -> None:
    with pytest.raises(AssertionError):
        check_page('<p hx-post="/fuzz-evil">x</p>', "self-test")
    with pytest.raises(AssertionError):
        check_page('<a href="javascript:alert(1)">x</a>', "self-test")
    check_page('<p class="fuzz-evil">hx-post="/fuzz-evil"</p>', "self-test")


# -- through a real gunicorn -----------------------------------------------------------

LIVE_EXAMPLES = 60
_LOG_SIGNS = ("Traceback", '"level": "error"', "[ERROR]")
_BROKEN_CHUNKS = [
    b"zz\r\nabc\r\n0\r\n\r\n",
    b"5\r\nabcXY0\r\n\r\n",
    b"-1\r\n\r\n",
    b"ffffffffffffffffff\r\n",
    b"3;\x00\r\nabc\r\n0\r\n\r\n",
]


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """One gunicorn (1 worker, 2 threads) on a fixture course it re-reads on every request."""
    need_gunicorn()
    kit = loadkit()
    content = copy_content(tmp_path_factory.mktemp("live-fuzz") / "content")
    shutil.copy(REPO / "content" / "ru" / "yaku-examples.yaml", content)
    server = kit.start_server(
        {
            "FLASK_CONTENT_DIR": str(content),
            "WEB_CONCURRENCY": "1",
            "GUNICORN_THREADS": "2",
            "FLASK_CONTENT_RECHECK_SECONDS": "0",
            "INSTRUCTOR_PASSWORD": PASSWORD,
        }
    )
    status, headers, body = _live_request(server.url, "GET", "/lessons/basics", {}, None)
    cookies = dict(c.split(";", 1)[0].split("=", 1) for c in headers.get_all("Set-Cookie") or [])
    assert status == 200 and set(cookies) == {"session", LEARNER_COOKIE}
    state = {
        "server": server,
        "content": content,
        "cookies": cookies,
        "token": token_in(body),
        "log_seen": 0,
    }
    yield state
    kit.stop_server(server)


def _live_request(
    url: str, method: str, path: str, headers: dict[str, str], body: bytes | None
) -> tuple[int, Any, str]:
    host, port = url.removeprefix("http://").split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=20)
    try:
        conn.request(method, path, body=body, headers=headers)
        response = conn.getresponse()
        data = response.read()
        if response.headers.get("Content-Encoding") == "gzip":
            data = gzip.decompress(data)
        return response.status, response.headers, data.decode("utf-8", "replace")
    finally:
        conn.close()


def _latin(value: str) -> str:
    """A header value http.client can send (latin-1, no line breaks)."""
    return "".join(ch for ch in value if 32 <= ord(ch) < 256 and ch != "\x7f")


def send_live(live: dict[str, Any], req: dict[str, Any]) -> tuple[int, str]:
    """``req`` (as :func:`requests` draws it) sent to gunicorn over a fresh connection."""
    real = live["cookies"]
    headers = {name: _latin(value) for name, value in req["headers"].items()}
    if req.get("tamper"):
        name, how, at, text = req["tamper"]
        headers["Cookie"] = "; ".join(
            f"{c}={tampered(v, how, at, text) if c == name else v}" for c, v in real.items()
        )
    elif req["who"] != "none":
        headers["Cookie"] = "; ".join(f"{c}={v}" for c, v in real.items())
    fields = MultiDict(req["fields"])
    if req["csrf"] == "valid":
        fields["csrf_token"] = live["token"]
    elif req["csrf"] == "bad":
        fields["csrf_token"] = MARKER
    query = urlencode(list(fields.items(multi=True)))
    body = None
    path = req["path"]
    if req["method"] in ("GET", "HEAD", "OPTIONS"):
        path = f"{path}?{query}"
    elif req.get("raw"):
        body, headers["Content-Type"] = req["raw"][0], _latin(req["raw"][1])
    else:
        body = query.encode()
        headers["Content-Type"] = "application/x-www-form-urlencoded"
    status, response_headers, text = _live_request(
        live["server"].url, req["method"], path, headers, body
    )
    check_cookies(
        status, response_headers.get_all("Set-Cookie") or [], f"{req['method']} {req['path']}"
    )
    return status, text


def _broken_chunked(live: dict[str, Any], path: str, body: bytes) -> int:
    """A POST whose chunked body the server cannot decode; the status it answered."""
    host, port = live["server"].url.removeprefix("http://").split(":")
    head = (
        f"POST {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
        "Content-Type: application/x-www-form-urlencoded\r\n"
        "Transfer-Encoding: chunked\r\n\r\n"
    ).encode()
    with socket.create_connection((host, int(port)), timeout=20) as sock:
        sock.sendall(head + body)
        sock.shutdown(socket.SHUT_WR)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    return int(answer.split(b" ", 2)[1]) if answer.startswith(b"HTTP/") else 0


def _new_log(live: dict[str, Any]) -> str:
    text = live["server"].log.read_text(errors="replace")
    new, live["log_seen"] = text[live["log_seen"] :], len(text)
    return new


@pytest.mark.server
@settings(
    max_examples=LIVE_EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_gunicorn_survives_odd_methods_tampered_cookies_broken_bodies_and_hostile_lessons(
    apps: dict[str, Any], live: dict[str, Any], data: st.DataObject
) -> None:
    """The fuzzer's requests against the production server; its log must stay clean."""
    req = data.draw(requests(_all_rules(apps["app"])))
    req["who"] = data.draw(st.sampled_from(["learner", "none"]))  # no instructor: no sign-out
    status, body = send_live(live, req)
    check(status, body, f"live {req['method']} {req['path']}")
    what = data.draw(st.integers(0, 5))
    if what == 0:  # a hostile lesson published while the server runs
        number = next(_lesson_numbers)
        slug = f"fuzz-{number}"
        path = live["content"] / f"{number}-{slug}.md"
        path.write_text(data.draw(lessons(slug, number), label="lesson"), encoding="utf-8")
        try:
            for page in (f"/lessons/{slug}", "/"):
                status, body = send_live(
                    live,
                    {
                        **req,
                        "method": "GET",
                        "path": page,
                        "fields": [],
                        "tamper": None,
                        "raw": None,
                    },
                )
                check(status, body, f"live GET {page}")
                check_page(body, f"live GET {page}")
            drill = {
                **req,
                "method": "POST",
                "path": f"/lessons/{slug}/drills/d1",
                "csrf": "valid",
                "who": "learner",
                "tamper": None,
                "raw": None,
            }
            check(*send_live(live, drill), f"live POST {drill['path']}")
        finally:
            path.unlink()
    elif what == 1:
        chunks = data.draw(st.sampled_from(_BROKEN_CHUNKS))
        assert _broken_chunked(live, "/lessons/basics/drills/nobetan", chunks) == 400
    new = _new_log(live)
    for sign in _LOG_SIGNS:
        assert sign not in new, new[-3000:]
