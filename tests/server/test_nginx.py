"""What a proxy can get wrong, through the repository's nginx (deploy/nginx.conf) on loopback.

Every live-server test in tests/server/ already runs through this nginx
(``tests.support.live.start_behind_nginx``); this module checks what differs
behind it. The client's address for per-address limits comes from nginx, not
from a header the client wrote; the scheme and host the browser used reach
the app (Secure cookies, HSTS, same-origin CSRF check, the HTTP→HTTPS
redirect); bodies over the app's limits get a Russian answer whichever side
refuses them; static files come from nginx, gzipped and cached; a dead app
is a Russian page too. And the security review of December 2026 (finding
«slow clients»): ten connections sending one header line every 2 s took all
of gunicorn's threads, and ``/healthz`` stopped answering — through nginx
it keeps answering.
"""

from __future__ import annotations

import gzip
import hashlib
import http.client
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from tests.support import live
from tests.support.client import HTMX
from tests.support.live import (
    REPO,
    Proxied,
    copy_content,
    loadkit,
    need_gunicorn,
    need_nginx,
    start_behind_nginx,
    start_nginx,
    stop_behind_nginx,
)
from tutor.accounts import limits
from tutor.storage.progress import ProgressStore
from tutor.storage.throttle import login_throttle

pytestmark = pytest.mark.server
RUSSIAN_413 = "Слишком много данных"  # nginx's own page (deploy/nginx.conf)
APP_413 = "Слишком большой ответ"  # the app's (tutor/web/errors.py)


@pytest.fixture(scope="module")
def proxied(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Proxied]:
    need_gunicorn()
    folder = tmp_path_factory.mktemp("nginx")
    site = start_behind_nginx({"FLASK_CONTENT_DIR": str(copy_content(folder / "content")),
                               "WEB_CONCURRENCY": "1", "GUNICORN_THREADS": "4"},
                              folder / "nginx")
    try:
        yield site
    finally:
        stop_behind_nginx(site)


def _request(port: int, method: str, path: str, body: bytes | None = None,
             headers: dict[str, str] | None = None, *, scheme: str = "https",
             timeout: float = 5.0) -> tuple[int, http.client.HTTPMessage, bytes]:
    conn = loadkit().connect(scheme, "127.0.0.1", port, timeout)
    try:
        conn.request(method, path, body=body, headers=headers or {})
        response = conn.getresponse()
        return response.status, response.msg, response.read()
    finally:
        conn.close()


def _browser(proxied: Proxied) -> Any:
    learner = loadkit().Learner(proxied.url, {}, 0)
    assert learner.request("lesson", "GET", "/lessons/basics") == 200
    return learner


def _app_log(proxied: Proxied) -> str:
    time.sleep(0.2)  # let the worker flush its access lines
    return str(proxied.server.log.read_text(errors="replace"))


# --- scheme, host and the client's address ------------------------------------------

def test_a_page_and_an_answer_pass_over_https_with_secure_cookies(proxied: Proxied) -> None:
    learner = _browser(proxied)
    try:
        headers = learner.last_headers
        cookies = headers.get_all("Set-Cookie") or []
        assert cookies and all("Secure" in c for c in cookies), cookies
        assert headers["Strict-Transport-Security"] and "Permissions-Policy" in headers
        rid = headers["X-Request-ID"]
        assert len(rid) == 32 and f'"request_id": "{rid}"' in _app_log(proxied)  # nginx's id
        # The app's CSRF check compares the Referer with the host:port the browser used.
        body = [("csrf_token", learner.token), ("nonce", "n" * 24), ("fu", "30")]
        status = learner.request("drill", "POST", "/lessons/basics/drills/pinfu-ron", body,
                                 htmx=True)
        assert status == 200 and 'data-verdict="correct"' in learner.last_body
    finally:
        learner.close()


def test_plain_http_is_sent_to_https_on_the_same_host_and_port(proxied: Proxied) -> None:
    status, headers, _ = _request(proxied.plain_port, "GET", "/lessons/basics?x=1",
                                  headers={"X-Forwarded-Proto": "https"}, scheme="http")
    assert status == 301
    assert headers["Location"] == f"{proxied.url}/lessons/basics?x=1"
    assert "Set-Cookie" not in headers  # nothing reached the app over plain HTTP


def _failures(proxied: Proxied) -> dict[str, int]:
    store = ProgressStore(f"sqlite:///{proxied.server.scratch / 'progress.sqlite3'}")
    try:
        with store.transaction() as conn:
            rows = conn.execute(sa.select(login_throttle.c.key, login_throttle.c.failures))
            return {key: int(count) for key, count in rows if key.startswith("address:")}
    finally:
        store.engine.dispose()


def test_a_forged_forwarded_for_does_not_change_the_address_that_is_counted(
    proxied: Proxied,
) -> None:
    """A wrong password with made-up X-Forwarded-For and X-Real-IP counts for the real client.

    Per-address limits (wrong passwords, registrations, game imports) read
    ``request.remote_addr``; behind nginx that is the one address nginx saw.
    """
    learner = loadkit().Learner(proxied.url, {}, 1)
    try:
        assert learner.request("form", "GET", "/account/login") == 200
        body = [("csrf_token", learner.token), ("login", "nobody-here"),
                ("password", "неверный-пароль")]
        status = learner.request("login", "POST", "/account/login", body, extra_headers={
            "X-Forwarded-For": "198.51.100.2, 203.0.113.8", "X-Real-IP": "203.0.113.9"})
        assert status in (400, 403), learner.last_body[:300]
    finally:
        learner.close()
    assert _failures(proxied) == {limits.address_key("127.0.0.1"): 1}


# --- bodies -------------------------------------------------------------------------

def test_a_body_over_the_apps_limit_is_refused_by_the_app_in_russian(proxied: Proxied) -> None:
    """Between the app's limits and nginx's 2 MB the app answers, with its own message."""
    for path in ("/lessons/basics/drills/pinfu-ron", "/review"):  # 64 kB; a game log 528 kB
        status, _, page = _request(proxied.port, "POST", path, b"x" * 1_000_000,
                                   {"Content-Type": "application/x-www-form-urlencoded"})
        assert status == 413 and APP_413 in page.decode(), path


@pytest.mark.parametrize("htmx", [pytest.param(False, id="page"), pytest.param(True, id="htmx")])
def test_a_body_over_nginxs_limit_gets_a_russian_page_from_nginx(
    proxied: Proxied, htmx: bool
) -> None:
    status, headers, page = _request(
        proxied.port, "POST", "/review", b"x" * 3_000_000,
        {"Content-Type": "application/x-www-form-urlencoded", **(HTMX if htmx else {})})
    text = page.decode()
    assert status == 413 and APP_413 not in text
    assert RUSSIAN_413 in text and "2 МБ" in text and "Request Entity" not in text
    assert "charset=utf-8" in headers["Content-Type"]


def test_a_dead_app_is_a_russian_page_not_nginxs_bad_gateway(tmp_path: Path) -> None:
    nobody = loadkit().free_port()  # nothing listens there
    dead = start_nginx(nobody, tmp_path / "nginx")
    try:
        status, headers, page = _request(dead.port, "GET", "/lessons/basics")
    finally:
        stop_behind_nginx(dead)
    assert status == 503 and headers["Retry-After"] == "30"
    assert "Попробуйте через минуту" in page.decode() and "Bad Gateway" not in page.decode()


# --- static files and compression ---------------------------------------------------

def test_static_files_come_from_nginx_gzipped_and_cached_by_their_hash(proxied: Proxied) -> None:
    css = REPO / "static" / "css" / "site.css"
    digest = hashlib.sha256(css.read_bytes()).hexdigest()[:8]
    path = f"/static/css/site.css?v={digest}"
    status, headers, body = _request(proxied.port, "GET", path,
                                    headers={"Accept-Encoding": "gzip"})
    assert status == 200 and headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(body) == css.read_bytes()
    assert "immutable" in headers["Cache-Control"] and "Accept-Encoding" in headers["Vary"]
    _, short, _ = _request(proxied.port, "GET", "/static/css/site.css")
    assert short["Cache-Control"] == "public, max-age=300"
    assert "/static/css/site.css" not in _app_log(proxied)  # gunicorn never saw them


def test_a_page_is_gzipped_once_by_the_app_and_passed_through(proxied: Proxied) -> None:
    status, headers, body = _request(proxied.port, "GET", "/lessons/basics",
                                     headers={"Accept-Encoding": "gzip"})
    assert status == 200 and headers["Content-Encoding"] == "gzip"
    assert "Основы для тестов" in gzip.decompress(body).decode()


# --- slow clients -------------------------------------------------------------------

def test_slow_clients_do_not_starve_the_app_behind_nginx(proxied: Proxied) -> None:
    """Ten connections trickling headers (more than gunicorn's four threads): /healthz answers."""
    tls = loadkit().loopback_tls()
    slow = [tls.wrap_socket(socket.create_connection(("127.0.0.1", proxied.port), timeout=5))
            for _ in range(10)]
    try:
        for sock in slow:
            sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        answered = []
        for n in range(4):
            for sock in slow:
                sock.sendall(f"X-Slow-{n}: 1\r\n".encode())
            answered.append(_request(proxied.port, "GET", "/healthz")[0])
            time.sleep(0.5)
        assert answered == [200] * 4
        # gunicorn's threads were never taken by the slow clients: asked directly, it answers.
        direct = _request(int(proxied.server.url.rsplit(":", 1)[1]), "GET", "/healthz",
                          scheme="http")
        assert direct[0] == 200
    finally:
        for sock in slow:
            sock.close()


# --- a machine without nginx --------------------------------------------------------

@pytest.mark.parametrize(("ci", "outcome"), [pytest.param("true", pytest.fail.Exception, id="ci"),
                                             pytest.param("", pytest.skip.Exception, id="laptop")])
def test_without_nginx_a_laptop_skips_and_ci_fails(
    monkeypatch: pytest.MonkeyPatch, ci: str, outcome: type[BaseException]
) -> None:
    """In CI a skip would hide that no live-server test went through the proxy."""
    monkeypatch.setattr(live.shutil, "which", lambda name: None)
    monkeypatch.setattr(live, "NGINX_PLACES", ())
    monkeypatch.setenv("CI", ci)
    with pytest.raises(outcome, match="nginx"):
        need_nginx()
