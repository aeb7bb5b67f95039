"""The server behind the repository's nginx configuration (deploy/nginx.conf), on loopback.

The security review of December 2026 (finding «slow clients»): ten
connections sending one header line every 2 s took all of gunicorn's threads
and ``/healthz`` stopped answering. docs/deployment.md puts nginx in front;
this runs a real nginx with exactly deploy/nginx.conf before a real gunicorn
(4 threads) and repeats the attack through it, with a page and an answer, an
oversized body and the client's address passed on. Skipped where nginx is
not installed (.ci/run installs it).
"""

from __future__ import annotations

import http.client
import os
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.client import HTMX, nonce, token_in
from tests.support.live import REPO, copy_content, loadkit, need_gunicorn

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
CONFIG = REPO / "deploy" / "nginx.conf"


def _wait_for_port(port: int, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"nothing listens on 127.0.0.1:{port}")


@pytest.fixture(scope="module")
def proxied(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    need_gunicorn()
    if not Path(NGINX).exists():
        pytest.skip("nginx is not installed (.ci/run installs it)")
    kit = loadkit()
    folder = tmp_path_factory.mktemp("nginx")
    server = kit.start_server({"FLASK_CONTENT_DIR": str(copy_content(folder / "content")),
                               "WEB_CONCURRENCY": "1", "GUNICORN_THREADS": "4",
                               "TRUSTED_PROXIES": "1"})
    port = kit.free_port()
    config = CONFIG.read_text(encoding="utf-8")
    for name, value in (("PREFIX", str(folder)), ("PORT", str(port)),
                        ("APP_PORT", server.url.rsplit(":", 1)[1])):
        config = config.replace(f"@{name}@", value)
    if os.geteuid() == 0:  # CI runs as root: its workers may use this scratch folder
        config = "user root;\n" + config
    (folder / "nginx.conf").write_text(config, encoding="utf-8")
    check = subprocess.run([NGINX, "-t", "-p", str(folder), "-c", str(folder / "nginx.conf")],
                           capture_output=True, text=True, check=False)
    assert check.returncode == 0, check.stderr
    proc = subprocess.Popen([NGINX, "-p", str(folder), "-c", str(folder / "nginx.conf"),
                             "-g", "daemon off;"], stderr=subprocess.DEVNULL)
    try:
        _wait_for_port(port)
        yield {"port": port, "server": server}
    finally:
        proc.terminate()
        proc.wait(timeout=10)
        kit.stop_server(server)


def _request(port: int, method: str, path: str, body: bytes | None = None,
             headers: dict[str, str] | None = None, timeout: float = 5.0) -> tuple[int, Any, str]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request(method, path, body=body, headers=headers or {})
        response = conn.getresponse()
        return response.status, response.headers, response.read().decode("utf-8", "replace")
    finally:
        conn.close()


def test_a_page_and_an_answer_pass_through_nginx(proxied: dict[str, Any]) -> None:
    port = proxied["port"]
    status, headers, page = _request(port, "GET", "/lessons/basics")
    assert status == 200 and "Permissions-Policy" in headers
    cookies = "; ".join(c.split(";", 1)[0] for c in headers.get_all("Set-Cookie") or [])
    form = f"csrf_token={token_in(page)}&nonce={nonce(page)}&fu=30".encode()
    status, _, answer = _request(port, "POST", "/lessons/basics/drills/pinfu-ron", form, {
        "Cookie": cookies, "Content-Type": "application/x-www-form-urlencoded",
        **HTMX})
    assert status == 200 and 'data-verdict="correct"' in answer


def test_an_oversized_body_stops_at_nginx(proxied: dict[str, Any]) -> None:
    status, headers, _ = _request(proxied["port"], "POST", "/lessons/basics/drills/x",
                                  b"x" * 3_000_000,
                                  {"Content-Type": "application/x-www-form-urlencoded"})
    assert status == 413 and "nginx" in headers.get("Server", "")


def test_slow_clients_do_not_starve_the_app_behind_nginx(proxied: dict[str, Any]) -> None:
    """Ten connections trickling headers (more than gunicorn's four threads): /healthz answers."""
    port = proxied["port"]
    slow = [socket.create_connection(("127.0.0.1", port), timeout=5) for _ in range(10)]
    try:
        for sock in slow:
            sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: localhost\r\n")
        answered = []
        for n in range(4):
            for sock in slow:
                sock.sendall(f"X-Slow-{n}: 1\r\n".encode())
            answered.append(_request(port, "GET", "/healthz", timeout=5)[0])
            time.sleep(0.5)
        assert answered == [200] * 4
        direct = _request(int(proxied["server"].url.rsplit(":", 1)[1]), "GET", "/healthz")
        assert direct[0] == 200  # gunicorn's threads were never taken by the slow clients
    finally:
        for sock in slow:
            sock.close()
