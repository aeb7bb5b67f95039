"""Structured logs: one JSON line per request, and errors with their traceback.

The access log is written by a small WSGI middleware around the whole app, so
the duration covers everything a client waits for (routing, rendering,
compression, static files) and every response is logged — also the friendly
500 page and the 404s Werkzeug answers before any view runs.

Each request gets an id: the proxy's ``X-Request-ID`` when it looks sane,
otherwise a fresh one. It is echoed in the response's ``X-Request-ID`` header
and attached to every log line written while the request runs, so a crash
in the error log can be matched with its access line (and with what a
learner reports).

No IP address, cookie or query string is logged: the site stores nothing
personal, and a query string may carry a learner's answer.

The app only emits :mod:`logging` records; :func:`configure_logging` (called
by ``wsgi.py``) turns them into JSON lines on stderr for gunicorn and journald.
Every request pays for its access line, so the line is kept cheap:
one reused JSON encoder.
"""

from __future__ import annotations

import json
import logging
import os
import re
import sys
import time
import traceback
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from flask import Flask, has_request_context, request

ACCESS = logging.getLogger("tempai.access")
REQUEST_ID_KEY = "tempai.request_id"
REQUEST_ID_HEADER = "X-Request-ID"
# What a proxy may hand us as a request id; anything else is replaced (log injection).
_SAFE_ID = re.compile(r"[A-Za-z0-9._-]{1,64}")
_PATH_LIMIT = 300

StartResponse = Callable[..., Any]
WsgiApp = Callable[[dict[str, Any], StartResponse], Iterable[bytes]]


def request_id(environ: dict[str, Any]) -> str:
    """The proxy's id when it is safe to log, else a new random one."""
    given = environ.get("HTTP_X_REQUEST_ID", "")
    return given if _SAFE_ID.fullmatch(given) else os.urandom(16).hex()


class RequestLog:
    """WSGI middleware: give each request an id and log one access line when it ends."""

    def __init__(self, app: WsgiApp) -> None:
        self.app = app

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        started = time.perf_counter()
        rid = environ[REQUEST_ID_KEY] = request_id(environ)
        seen: dict[str, Any] = {"status": 500, "bytes": 0}

        def start(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            seen["status"] = int(status.split(" ", 1)[0])
            seen["length"] = next((v for k, v in headers if k.lower() == "content-length"), 0)
            headers.append((REQUEST_ID_HEADER, rid))
            return start_response(status, headers, exc_info)

        body = self.app(environ, start)
        wrapper = environ.get("wsgi.file_wrapper")
        if isinstance(wrapper, type) and isinstance(body, wrapper):
            # A file the server may send with sendfile(): hand it over untouched and log
            # now (the time to open it; the copy itself is the kernel's).
            seen["bytes"] = int(seen.get("length") or 0)
            _log_access(environ, seen, started)
            return body
        return _Logged(body, seen, lambda: _log_access(environ, seen, started))


class _Logged:
    """The response body, passed through; the access line is written when it is closed."""

    def __init__(self, body: Iterable[bytes], seen: dict[str, Any],
                 finish: Callable[[], None]) -> None:
        self.body, self.seen, self.finish = body, seen, finish

    def __iter__(self) -> Iterator[bytes]:
        for chunk in self.body:
            self.seen["bytes"] += len(chunk)
            yield chunk

    def close(self) -> None:
        try:
            close = getattr(self.body, "close", None)
            if close is not None:
                close()
        finally:
            self.finish()


def _log_access(environ: dict[str, Any], seen: dict[str, Any], started: float) -> None:
    path = environ.get("PATH_INFO", "")
    fields = {
        "method": environ.get("REQUEST_METHOD", ""),
        "path": path if len(path) <= _PATH_LIMIT else path[:_PATH_LIMIT] + "…",
        "status": seen["status"],
        "duration_ms": round((time.perf_counter() - started) * 1000, 2),
        "bytes": seen["bytes"],
        "request_id": environ.get(REQUEST_ID_KEY, ""),
        "htmx": environ.get("HTTP_HX_REQUEST") == "true",
    }
    ACCESS.info("request", extra={"access": fields})


def current_request_id() -> str | None:
    """The id of the request being handled, if any."""
    if not has_request_context():
        return None
    value = request.environ.get(REQUEST_ID_KEY)
    return str(value) if value else None


# One encoder for every line (``json.dumps`` with options builds a new one per call).
_ENCODER = json.JSONEncoder(ensure_ascii=False, default=str)


class JsonFormatter(logging.Formatter):
    """A log record as one JSON object; tracebacks go in a field, not over many lines."""

    def format(self, record: logging.LogRecord) -> str:
        data: dict[str, Any] = {
            "ts": round(record.created, 3),
            "level": record.levelname.lower(),
            "logger": record.name,
            "msg": record.getMessage(),
        }
        access = getattr(record, "access", None)
        if isinstance(access, dict):
            data.update(access)
        else:
            data.update(getattr(record, "http", None) or {})
        if record.exc_info and record.exc_info[0] is not None:
            data["error"] = record.exc_info[0].__name__
            data["traceback"] = "".join(traceback.format_exception(*record.exc_info))
        return _ENCODER.encode(data)


def _stamp_request(factory: Callable[..., logging.LogRecord]) -> Callable[..., logging.LogRecord]:
    """Record factory: a record made while a request runs carries its id, method and path.

    Stamped when the record is created, not when it is formatted, so a handler
    that formats later (a queue, a test's capture) still sees the right request.
    """
    def make(*args: Any, **kwargs: Any) -> logging.LogRecord:
        record = factory(*args, **kwargs)
        if has_request_context():
            record.http = {"request_id": current_request_id(), "method": request.method,
                           "path": request.path[:_PATH_LIMIT]}
        return record

    make.tempai_stamp = True  # type: ignore[attr-defined]  # a mark on the function itself
    return make


def _install_record_factory() -> None:
    factory = logging.getLogRecordFactory()
    if not getattr(factory, "tempai_stamp", False):
        logging.setLogRecordFactory(_stamp_request(factory))


def configure_logging(level: int = logging.INFO, stream: Any = None) -> logging.Handler:
    """Send every record (access lines, errors, warnings) to stderr as JSON; idempotent.

    (``logging.logProcesses`` and friends stay on: gunicorn's own log lines
    format ``%(process)d``.)
    """
    root = logging.getLogger()
    for handler in root.handlers:
        if isinstance(handler.formatter, JsonFormatter):
            return handler
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(JsonFormatter())
    root.addHandler(handler)
    root.setLevel(level)
    return handler


def init_app(app: Flask) -> None:
    """Wrap the app in the access-log middleware (once); tag log records with the request."""
    _install_record_factory()
    if not isinstance(app.wsgi_app, RequestLog):
        app.wsgi_app = RequestLog(app.wsgi_app)  # type: ignore[method-assign]  # Flask documents wrapping wsgi_app; mypy sees a method
