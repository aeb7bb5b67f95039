"""Shared by the load and fault scripts and the multi-process tests: a live server and a learner.

- :func:`start_server` runs the production configuration (gunicorn with
  ``gunicorn.conf.py`` and ``wsgi:app``) on a free loopback port, with a
  random SECRET_KEY and a throw-away SQLite database unless told otherwise,
  and waits for ``/healthz``;
- :class:`Learner` is one browser: a keep-alive connection, its cookies, the
  CSRF token from the last page, and the drill forms found on the pages —
  answered with whatever the form offers (grading works the same for right
  and wrong answers);
- :func:`summarise` turns latencies into requests/s and percentiles.

An ``https://`` base (the site behind deploy/nginx.conf on loopback) is
reached over TLS without checking the certificate: it is a throw-away
self-signed one, and the connection never leaves the machine.

Standard library only, so the scripts run in the project's venv as they are.
"""

from __future__ import annotations

import contextlib
import gzip
import http.client
import os
import random
import re
import secrets
import shutil
import socket
import ssl
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit

REPO = Path(__file__).resolve().parent.parent
GUNICORN = Path(sys.executable).parent / "gunicorn"
_PRACTICE = re.compile(r'href="(/practice/[a-z]+/[a-z]+)"')
_LESSON = re.compile(r'href="(/lessons/[a-z0-9-]+)"')


@dataclass
class Server:
    """A gunicorn we started: its URL, process, log file and scratch directory."""

    url: str
    proc: subprocess.Popen[bytes]
    log: Path
    scratch: Path


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_server(env: dict[str, str] | None = None, *, port: int | None = None,
                 timeout: float = 30.0, app: str = "wsgi:app") -> Server:
    """gunicorn as ``make serve`` runs it, on loopback; ``env`` overrides (DATABASE_URL…)."""
    scratch = Path(tempfile.mkdtemp(prefix="tempai-serve-"))
    port = port or free_port()
    full = {k: v for k, v in os.environ.items() if not k.startswith("FLASK_")}
    full.update(SECRET_KEY=secrets.token_hex(32), BIND=f"127.0.0.1:{port}",
                DATABASE_URL=f"sqlite:///{scratch / 'progress.sqlite3'}")
    full.update(env or {})
    log = scratch / "server.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen([str(GUNICORN), "-c", "gunicorn.conf.py", app], cwd=REPO,
                                env=full, stdout=out, stderr=subprocess.STDOUT)
    server = Server(f"http://127.0.0.1:{port}", proc, log, scratch)
    deadline = time.time() + timeout
    while time.time() < deadline:
        if proc.poll() is not None:
            break
        try:
            if get(server.url + "/healthz")[0] == 200:
                return server
        except OSError:
            time.sleep(0.2)
    stop_server(server, keep=True)
    tail = log.read_text(errors="replace")[-3000:]
    raise RuntimeError(f"gunicorn did not start on {server.url}:\n{tail}")


def stop_server(server: Server, *, keep: bool = False) -> None:
    """Stop gunicorn gracefully (SIGTERM, then kill); remove the scratch dir unless ``keep``."""
    if server.proc.poll() is None:
        server.proc.terminate()
        try:
            server.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.proc.kill()
            server.proc.wait()
    if not keep:
        shutil.rmtree(server.scratch, ignore_errors=True)


class TcpProxy:
    """A loopback TCP relay to a database server, which a fault test can cut and restore.

    ``stop()`` closes the listening socket and every relayed connection, as if
    the database server had died; ``start()`` listens again on the same port.
    ``freeze()`` keeps every connection open and accepts new ones but forwards
    nothing, as a hung host or a network partition does; ``thaw()`` resumes.
    """

    def __init__(self, target_host: str, target_port: int, port: int | None = None) -> None:
        self.target = (target_host, target_port)
        self.port = port or free_port()
        self._listener: socket.socket | None = None
        self._open: set[socket.socket] = set()
        self._lock = threading.Lock()
        self._flowing = threading.Event()
        self._flowing.set()

    def freeze(self) -> None:
        self._flowing.clear()

    def thaw(self) -> None:
        self._flowing.set()

    def start(self) -> TcpProxy:
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.port))
        listener.listen(64)
        self._listener = listener
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()
        return self

    def stop(self) -> None:
        listener, self._listener = self._listener, None
        if listener is not None:
            with contextlib.suppress(OSError):
                listener.shutdown(socket.SHUT_RDWR)  # wakes the thread blocked in accept()
            listener.close()
        with self._lock:
            doomed, self._open = list(self._open), set()
        for sock in doomed:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
            sock.close()

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return  # stopped
            try:
                upstream = socket.create_connection(self.target, timeout=5)
            except OSError:
                client.close()
                continue
            upstream.settimeout(None)
            with self._lock:
                self._open.update((client, upstream))
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                self._flowing.wait()
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for sock in (source, sink):
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)


def loopback_tls() -> ssl.SSLContext:
    """TLS for our own nginx on loopback: its self-signed certificate is not checked."""
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context


def connect(scheme: str, host: str, port: int | None,
            timeout: float) -> http.client.HTTPConnection:
    """A connection to ``host:port``, over TLS (:func:`loopback_tls`) when ``scheme`` is https."""
    if scheme == "https":
        return http.client.HTTPSConnection(host, port, timeout=timeout, context=loopback_tls())
    return http.client.HTTPConnection(host, port, timeout=timeout)


def get(url: str) -> tuple[int, str]:
    """One plain GET on a fresh connection (status, body)."""
    parts = urlsplit(url)
    conn = connect(parts.scheme, parts.hostname or "127.0.0.1", parts.port, 10)
    try:
        conn.request("GET", parts.path + (f"?{parts.query}" if parts.query else ""))
        response = conn.getresponse()
        return response.status, response.read().decode("utf-8", "replace")
    finally:
        conn.close()


class _Forms(HTMLParser):
    """Every POST form on a page: its action and its fields (name, type, value).

    As a browser with JavaScript sees the page: what ``<noscript>`` holds (a lesson
    drill's form for a browser without it, templates/drills/_frame.html) is skipped.
    """

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[dict[str, Any]] = []
        self._current: dict[str, Any] | None = None
        self._options: list[str] = []
        self._hidden = 0  # open <noscript> elements

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "noscript":
            self._hidden += 1
        if self._hidden:
            return
        if tag == "form" and a.get("method", "get").lower() == "post":
            self._current = {"action": a.get("action", "").split("#")[0], "fields": []}
            self.forms.append(self._current)
        elif tag == "select" and self._current is not None and a.get("name"):
            self._options: list[str] = []  # filled by the <option>s that follow
            self._current["fields"].append((a["name"], "select", "", self._options))
        elif tag == "option" and self._current is not None and a.get("value"):
            self._options.append(a["value"])
        elif tag in ("input", "button") and self._current is not None and a.get("name"):
            limits = (a.get("min", ""), a.get("max", ""), a.get("step", ""))
            self._current["fields"].append((a["name"], a.get("type", tag), a.get("value", ""),
                                            limits))

    def handle_endtag(self, tag: str) -> None:
        if tag == "noscript":
            self._hidden = max(0, self._hidden - 1)
        elif tag == "form" and not self._hidden:
            self._current = None


def page_forms(html: str) -> list[dict[str, Any]]:
    parser = _Forms()
    parser.feed(html)
    return [f for f in parser.forms if f["action"]]


# Plausible typed answers per field (the forms check patterns, not ranges): low, high, step.
TYPED: dict[str, tuple[int, int, int]] = {
    "fu": (20, 110, 10), "han": (1, 13, 1), "shanten": (0, 6, 1),
    "count": (0, 14, 1),  # «сколько простых тайлов»: at most a hand's 14
}


# Whole-game drills (templates/drills/_game.html): fields named by a prefix and the seat.
TYPED_PREFIX: tuple[tuple[str, tuple[int, int, int]], ...] = (
    ("place-", (1, 4, 1)), ("honba", (0, 4, 1)), ("sticks", (0, 4, 1)),
    ("pay-", (-12000, 12000, 100)), ("score-", (0, 50000, 100)), ("result-", (-60, 60, 1)),
)


def _number(name: str, limits: tuple[str, str, str], rng: random.Random) -> str:
    """A number the form accepts (its min, max and step, else :data:`TYPED`)."""
    typed = next((r for prefix, r in TYPED_PREFIX if name.startswith(prefix)), None)
    low, high, step = TYPED.get(name, typed or (0, 99, 1))
    try:
        low = int(limits[0]) if limits[0] else low
        high = int(limits[1]) if limits[1] else high
        step = max(1, int(limits[2])) if limits[2] else step
    except ValueError:
        pass
    return str(rng.randrange(low, high + 1, step)) if high >= low else str(low)


def fill(fields: list[tuple[str, str, str, Any]], rng: random.Random) -> list[tuple[str, str]]:
    """A plausible answer: hidden fields kept, one or two choices ticked, numbers guessed."""
    out: list[tuple[str, str]] = []
    choices: dict[str, list[str]] = defaultdict(list)
    for name, kind, value, limits in fields:
        if kind == "hidden":
            out.append((name, value))
        elif kind in ("checkbox", "radio"):
            choices[name].append(value)
        elif kind == "select":  # one of its options (a whole-game step, a seat…)
            out.append((name, rng.choice(limits) if limits else ""))
        elif kind in ("number", "text"):
            out.append((name, _number(name, limits, rng)))
    for name, values in choices.items():
        picked = rng.sample(values, min(len(values), 2 if len(values) > 6 else 1))
        out.extend((name, value) for value in picked)
    out.append(("action", "check"))
    return out


def discover(base: str) -> dict[str, Any]:
    """Lesson pages, their drill forms and the practice pages of a running site."""
    _, home = get(base + "/")
    lessons = sorted(set(_LESSON.findall(home)))
    drills = []
    for path in lessons:
        _, html = get(base + path)
        drills.extend({"lesson": path, **form} for form in page_forms(html)
                      if "/drills/" in form["action"])
    _, practice = get(base + "/practice")
    return {"lessons": lessons, "drills": drills,
            "practice": sorted(set(_PRACTICE.findall(practice)))}


class Learner:
    """One browser: a keep-alive connection, cookies, a CSRF token; records every latency."""

    def __init__(self, base: str, site: dict[str, Any], seed: int) -> None:
        parts = urlsplit(base)
        self.scheme = parts.scheme
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self.site = site
        self.rng = random.Random(seed)
        self.cookies: dict[str, str] = {}
        self.token = ""
        self.conn: http.client.HTTPConnection | None = None
        self.samples: dict[str, list[tuple[float, bool]]] = defaultdict(list)
        self.last_body = ""
        self.last_headers: http.client.HTTPMessage | None = None
        # (id(form), variant) → filled, URL-encoded answer fields
        self._answers: dict[tuple[int, int], str] = {}

    def request(self, name: str, method: str, path: str, body: list[tuple[str, str]] | None = None,
                htmx: bool = False, *, raw_body: bytes | None = None,
                keep_body: bool = True, extra_headers: dict[str, str] | None = None) -> int:
        """Send one request, record (latency ms, ok); a broken connection counts as an error.

        ``raw_body`` is an already encoded form. With ``keep_body=False`` the
        response is read off the connection but not unzipped, decoded or searched
        for a CSRF token (a drill answer's fragment holds none): the client's own
        work per request is then about the same for an answer as for /healthz,
        since it shares the server's two cores. ``extra_headers`` are sent as given.
        """
        headers = {"Accept-Encoding": "gzip", "Connection": "keep-alive"}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if htmx:
            headers["HX-Request"] = "true"
        data = raw_body if raw_body is not None else (
            urlencode(body).encode() if body is not None else None)
        if data is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            # As a browser does (Referrer-Policy: same-origin); over HTTPS the
            # CSRF check wants it.
            headers["Referer"] = f"{self.scheme}://{self.host}:{self.port}{path}"
        headers.update(extra_headers or {})
        started = time.perf_counter()
        try:
            if self.conn is None:
                self.conn = connect(self.scheme, self.host, self.port, 30)
            self.conn.request(method, path, body=data, headers=headers)
            response = self.conn.getresponse()
            raw = response.read()
            status = response.status
        except (OSError, http.client.HTTPException):
            self.close()
            self.samples[name].append(((time.perf_counter() - started) * 1000, False))
            return 0
        self.samples[name].append(((time.perf_counter() - started) * 1000,
                                   status == 200 and bool(raw)))
        self.last_headers = response.msg
        for cookie in response.msg.get_all("Set-Cookie") or []:
            key, _, rest = cookie.partition("=")
            self.cookies[key.strip()] = rest.split(";", 1)[0]
        if not keep_body:
            return status
        if response.getheader("Content-Encoding") == "gzip":
            raw = gzip.decompress(raw)
        self.last_body = raw.decode("utf-8", "replace")
        found = re.search(r'name="csrf_token" value="([^"]+)"', self.last_body)
        if found:
            self.token = found.group(1)
        return status

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None

    def healthz(self) -> int:
        return self.request("healthz", "GET", "/healthz", keep_body=False)

    def start(self) -> int:
        """Open a lesson that has drills: the GET that gives the cookies and the CSRF token."""
        lessons = sorted({form["lesson"] for form in self.site["drills"]}) or self.site["lessons"]
        return self.request("lesson", "GET", self.rng.choice(lessons))

    def open_lesson(self) -> int:
        return self.request("lesson", "GET", self.rng.choice(self.site["lessons"]))

    def answer_drill(self, form: dict[str, Any] | None = None, *, keep_body: bool = True) -> int:
        """POST one answer to a drill (a random one by default) with this learner's CSRF token.

        The answer fields are filled three ways per form and learner (:func:`fill`,
        URL-encoded once each; with ``site["answers"] == "shared"`` the same three
        ways for every learner); every answer still gets a fresh nonce, so the
        server grades and stores each one.
        """
        form = form or self.rng.choice(self.site["drills"])
        key = (id(form), self.rng.randrange(3))  # a few different answers per drill
        encoded = self._answers.get(key)
        if encoded is None:
            # site["answers"] == "shared" (load.py --answers shared): every learner fills a
            # drill the same three ways, as people converge on the right answer and a few
            # common mistakes; by default each learner invents its own three.
            shared = self.site.get("answers") == "shared"
            rng = random.Random(f"{form['action']}/{key[1]}") if shared else self.rng
            fields = [(k, v) for k, v in fill(form["fields"], rng)
                      if k not in ("csrf_token", "nonce")]
            encoded = self._answers[key] = urlencode(fields)
        body = f"{encoded}&{urlencode({'csrf_token': self.token})}&nonce={secrets.token_hex(12)}"
        return self.request("drill", "POST", form["action"], htmx=True, raw_body=body.encode(),
                            keep_body=keep_body)

    def practice(self) -> int:
        page = f"{self.rng.choice(self.site['practice'])}/{self.rng.randrange(1, 2**40)}"
        if self.request("practice_get", "GET", page) != 200:
            return 0
        forms = page_forms(self.last_body)
        if not forms:
            return 0
        body = [(k, v) for k, v in fill(forms[0]["fields"], self.rng) if k != "nonce"]
        body.append(("nonce", secrets.token_hex(12)))
        return self.request("practice_post", "POST", forms[0]["action"] or page, body, htmx=True,
                            keep_body=False)

    def act(self, mix: tuple[tuple[str, int], ...]) -> int:
        names, weights = zip(*mix, strict=True)
        choice = self.rng.choices(names, weights)[0]
        if choice == "lesson":
            return self.open_lesson()
        if choice == "practice" and self.site["practice"]:
            return self.practice()
        return self.answer_drill(keep_body=False)


def percentile(sorted_values: list[float], share: float) -> float:
    if not sorted_values:
        return 0.0
    index = min(len(sorted_values) - 1, max(0, round(share * len(sorted_values)) - 1))
    return sorted_values[index]


def summarise(samples: list[tuple[float, bool]], elapsed: float) -> dict[str, Any]:
    """Count, requests/s, p50/p95/p99 (ms) and errors of one request type."""
    latencies = sorted(ms for ms, _ in samples)
    return {
        "count": len(samples), "rps": len(samples) / elapsed if elapsed else 0.0,
        "p50": percentile(latencies, 0.50), "p95": percentile(latencies, 0.95),
        "p99": percentile(latencies, 0.99), "errors": sum(not ok for _, ok in samples),
    }
