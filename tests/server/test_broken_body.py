"""Malformed request bodies against the real server (gunicorn decodes chunked bodies itself)."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.live import copy_content, loadkit, need_gunicorn
from tutor.web.body import BROKEN_BODY

pytestmark = pytest.mark.server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    # Straight to gunicorn, not through nginx (tests.support.live.start_behind_nginx):
    # these are gunicorn's own chunked decoder and the app's guard behind it. nginx
    # refuses malformed chunks itself, so through it gunicorn would never see them;
    # the guard still matters wherever gunicorn is reached without nginx (BIND=0.0.0.0).
    need_gunicorn()
    root = tmp_path_factory.mktemp("body")
    kit = loadkit()
    env = {"FLASK_CONTENT_DIR": str(copy_content(root / "content")), "WEB_CONCURRENCY": "1",
           "GUNICORN_THREADS": "2"}
    running = kit.start_server(env)
    yield running
    kit.stop_server(running)


def raw_request(url: str, request: bytes) -> bytes:
    """Send bytes as they are over one connection; everything the server answers before closing."""
    host, port = url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as sock:
        sock.sendall(request)
        sock.shutdown(socket.SHUT_WR)
        received = b""
        while chunk := sock.recv(65536):
            received += chunk
    return received


def _post(path: str, body: bytes) -> bytes:
    return (f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
            "Content-Type: application/x-www-form-urlencoded\r\n"
            "Transfer-Encoding: chunked\r\n\r\n").encode() + body


@pytest.mark.parametrize("body", [
    pytest.param(b"zz\r\ntiles=3m\r\n0\r\n\r\n", id="chunk-size-zz"),
    pytest.param(b"8\r\ntiles=3mXX0\r\n\r\n", id="no-chunk-terminator"),
    pytest.param(b"-5\r\nabc\r\n0\r\n\r\n", id="negative-chunk-size"),
])
@pytest.mark.parametrize("path", [pytest.param("/lessons/basics/drills/nobetan", id="drill"),
                                  pytest.param("/practice/waits/novice/1", id="practice")])
def test_gunicorn_answers_a_malformed_chunked_body_with_400_and_logs_no_traceback(
    server: Any, body: bytes, path: str
) -> None:
    before = server.log.read_text(errors="replace")
    answer = raw_request(server.url, _post(path, body))
    status_line = answer.split(b"\r\n", 1)[0]
    assert status_line.startswith(b"HTTP/1.1 400"), answer[:300]
    new_log = server.log.read_text(errors="replace")[len(before):]
    for sign in ("Traceback", '"level": "error"', "[ERROR]"):
        assert sign not in new_log, new_log[-2000:]
    if b"text/html" in answer.split(b"\r\n\r\n", 1)[0]:  # the app's page, not gunicorn's own
        assert BROKEN_BODY in answer.decode("utf-8", "replace")


def test_the_server_log_would_show_a_traceback(server: Any, tmp_path: Path) -> None:
    """Self-check: the log the test reads is the server's (a request line is there)."""
    raw_request(server.url, b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    assert '"path": "/healthz"' in server.log.read_text(errors="replace")
