"""Helpers for tests that run the real server: benchmarks/loadkit.py, loaded by path,
and the repository's nginx (deploy/nginx.conf) in front of it.

(``benchmarks/`` is not a package and holds an ``engine.py`` script, so putting
it on ``sys.path`` would shadow the ``engine`` package; loading the one file
by path avoids that.)
"""

from __future__ import annotations

import atexit
import functools
import importlib.util
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

REPO = Path(__file__).resolve().parent.parent.parent
BENCHMARKS = REPO / "benchmarks"
FIXTURE_CONTENT = REPO / "tests" / "fixtures" / "content"
VERDICT = re.compile(r'data-verdict="(correct|incorrect)"')
NGINX_CONFIG = REPO / "deploy" / "nginx.conf"
NGINX_PLACES = ("/usr/sbin/nginx", "/usr/local/sbin/nginx")  # often outside a user's PATH

def suite_deadline() -> dict[str, str]:
    """The suite's database deadline (tests/conftest.py), for a gunicorn sharing PostgreSQL.

    ``loadkit.start_server`` drops ``FLASK_`` variables (a benchmark measures
    production's settings), so a test whose servers share the suite's busy
    PostgreSQL passes this on.
    """
    return {"FLASK_DATABASE_DEADLINE_SECONDS": os.environ["FLASK_DATABASE_DEADLINE_SECONDS"]}


# The basics fixture's drills, each with one right and one wrong answer.
ANSWERS: dict[str, tuple[list[tuple[str, str]], list[tuple[str, str]]]] = {
    "nobetan": ([("tiles", "3m"), ("tiles", "6m")], [("tiles", "3m")]),
    "discard": ([("ron", "no"), ("kinds", "discard")], [("ron", "yes")]),
    "pinfu-ron": ([("fu", "30")], [("fu", "40")]),
    "set-size": ([("option", "3")], [("option", "1")]),
}


def benchmark(filename: str) -> ModuleType:
    """``benchmarks/<filename>``, loaded once by path as ``tempai_<stem>``.

    Leaves ``sys.path`` as it was: ``load.py`` puts its own folder first, where
    ``benchmarks/engine.py`` would shadow the ``engine`` package for every
    later import, and the helpers it imports by their plain names go too.
    """
    name = "tempai_" + Path(filename).stem
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, BENCHMARKS / filename)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        path, modules = list(sys.path), set(sys.modules)
        sys.modules[name] = module  # dataclasses look their module up there
        try:
            spec.loader.exec_module(module)
        except BaseException:
            del sys.modules[name]
            raise
        finally:
            sys.path[:] = path
            for added in set(sys.modules) - modules - {name}:
                if Path(getattr(sys.modules[added], "__file__", None) or "/").parent == BENCHMARKS:
                    del sys.modules[added]
    return sys.modules[name]


def loadkit() -> ModuleType:
    return benchmark("loadkit.py")


def need_gunicorn() -> None:
    if not loadkit().GUNICORN.exists():
        pytest.skip("gunicorn is not installed in this venv (pip install -e .)")


def copy_content(target: Path) -> Path:
    shutil.copytree(FIXTURE_CONTENT, target)
    return target


def need_nginx() -> str:
    """The nginx binary; without one the test skips, except in CI (``CI`` set), where it fails.

    .ci/run installs nginx and sets ``CI=true``: there a missing nginx is a
    broken runner, and a skip would hide that no test went through the proxy.
    """
    found = shutil.which("nginx") or next((p for p in NGINX_PLACES if Path(p).exists()), None)
    if found and shutil.which("openssl"):
        return found
    reason = "nginx and openssl are needed for the proxy (.ci/run installs them)"
    if os.environ.get("CI", "").lower() not in ("", "0", "false"):
        pytest.fail(reason)
    pytest.skip(reason)


@dataclass
class Proxied:
    """gunicorn behind our nginx: the HTTPS address a browser uses, and what stands behind it.

    ``url`` is ``https://127.0.0.1:<port>`` (a throw-away self-signed
    certificate; loadkit's clients do not verify it on loopback);
    ``plain_port`` is nginx's HTTP listener, which only redirects to HTTPS;
    ``server`` is the gunicorn, for its log and for the few tests that must
    reach it directly.
    """

    url: str
    port: int
    plain_port: int
    server: Any
    proc: subprocess.Popen[bytes]
    folder: Path


@functools.cache
def _certificate() -> tuple[Path, Path]:
    """A throw-away self-signed certificate for 127.0.0.1, made once per test process."""
    folder = Path(tempfile.mkdtemp(prefix="tempai-tls-"))
    atexit.register(shutil.rmtree, folder, True)
    subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt",
                    "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2",
                    "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
                    "-keyout", str(folder / "key.pem"), "-out", str(folder / "cert.pem")],
                   check=True, capture_output=True)
    return folder / "cert.pem", folder / "key.pem"


def render_nginx_config(folder: Path, app_port: int, port: int, plain_port: int) -> str:
    """deploy/nginx.conf with its placeholders filled in for loopback ports and ``folder``."""
    cert, key = _certificate()
    config = NGINX_CONFIG.read_text(encoding="utf-8")
    for name, value in (("PREFIX", str(folder)), ("APP", f"127.0.0.1:{app_port}"),
                        ("SERVER_NAME", "127.0.0.1"), ("HTTP_PORT", str(plain_port)),
                        ("HTTPS_PORT", str(port)), ("CERT", str(cert)), ("KEY", str(key)),
                        ("STATIC", str(REPO / "static"))):
        config = config.replace(f"@{name}@", value)
    assert not re.search(r"@[A-Z_]+@", config), "a placeholder left unfilled"
    # Loopback only (production listens on every address).
    config = re.sub(r"listen (\d+)", r"listen 127.0.0.1:\1", config)
    if os.geteuid() == 0:  # CI runs as root: nginx's workers may then use this scratch folder
        config = "user root;\n" + config
    return config


def start_nginx(app_port: int, folder: Path) -> Proxied:
    """Our nginx on loopback in front of whatever listens (or not) on ``app_port``."""
    nginx = need_nginx()
    kit = loadkit()
    folder.mkdir(parents=True, exist_ok=True)
    port, plain_port = kit.free_port(), kit.free_port()
    (folder / "nginx.conf").write_text(
        render_nginx_config(folder, app_port, port, plain_port), encoding="utf-8")
    with open(folder / "stderr.log", "wb") as errors:  # why it did not start, if it did not
        proc = subprocess.Popen([nginx, "-p", str(folder), "-c", str(folder / "nginx.conf"),
                                 "-g", "daemon off;"], stderr=errors)
    _wait_for_port(port, proc, folder / "stderr.log")
    return Proxied(f"https://127.0.0.1:{port}", port, plain_port, None, proc, folder)


def start_behind_nginx(env: dict[str, str], folder: Path, *, app: str = "wsgi:app") -> Proxied:
    """gunicorn (``loadkit.start_server`` with ``env`` and ``TRUSTED_PROXIES=1``) behind nginx.

    One nginx per gunicorn, so a test that runs two app processes still
    chooses which one answers. Start it once per module, like the servers.
    """
    need_nginx()  # before gunicorn: a skip should cost nothing
    kit = loadkit()
    server = kit.start_server({"TRUSTED_PROXIES": "1", **env}, app=app)
    try:
        proxied = start_nginx(int(server.url.rsplit(":", 1)[1]), folder)
    except BaseException:
        kit.stop_server(server)
        raise
    proxied.server = server
    return proxied


def stop_behind_nginx(proxied: Proxied) -> None:
    """Stop nginx, then the gunicorn behind it (if :func:`start_behind_nginx` started one)."""
    proxied.proc.terminate()
    try:
        proxied.proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proxied.proc.kill()
        proxied.proc.wait()
    if proxied.server is not None:
        loadkit().stop_server(proxied.server)


def _wait_for_port(port: int, proc: subprocess.Popen[bytes], errors: Path,
                   seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.05)
    proc.kill()
    proc.wait()
    raise RuntimeError(f"nginx did not listen on 127.0.0.1:{port}:\n{errors.read_text()}")
