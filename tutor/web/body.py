"""A request body that breaks while being read is the client's fault: a 400, not a 500.

gunicorn decodes ``Transfer-Encoding: chunked`` itself and raises its own
parse errors (``InvalidChunkSize`` for a chunk size ``zz``, a missing chunk
terminator…) from ``wsgi.input.read``. Those are neither ``OSError`` nor
``ValueError``, so Werkzeug's stream does not take them for a disconnect:
they would reach our 500 handler with an error-level traceback in the log.
:class:`GuardedInput` wraps the server's stream and turns any
failure to read it into a :class:`~werkzeug.exceptions.BadRequest` carrying
a Russian message, which the errors blueprint answers like any other 400.

A view that takes more than the site's ``MAX_CONTENT_LENGTH`` (a game log,
not a drill answer) says so with :func:`larger_body`: the limit is raised for
its requests before anything reads the form (the CSRF check reads it first).

A body refused as too large is still read to its end (up to
:data:`DRAIN_BYTES`) before the answer goes out. gunicorn closes the
connection after such an answer, and a socket closed with unread bytes in
its receive buffer is reset by the kernel: the client (nginx, forwarding a
body it has already buffered) may then lose the 413 and show its own 502.
Behind nginx a body is never larger than its 2 MB, so the drain is bounded
and fast.

Only chunked bodies are wrapped: a body with a ``Content-Length`` is read by
gunicorn's length reader, whose failures (a client gone mid-body) are
``OSError`` and already a 400 in Werkzeug, and the wrapper's Python-level
reads cost an answer about 90 k instructions (``benchmarks/answer_profile.py
--callgrind``: 2449 k without, 2541 k with). Browsers never send chunked
forms, so ordinary answers keep their cost.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import IO, TYPE_CHECKING, Any, TypeVar

from flask import Flask, request
from werkzeug.exceptions import BadRequest, HTTPException

if TYPE_CHECKING:
    from wsgiref.types import StartResponse, WSGIApplication, WSGIEnvironment

BROKEN_BODY = "Тело запроса пришло повреждённым (неверное кодирование): отправьте форму ещё раз."


_T = TypeVar("_T")
_F = TypeVar("_F", bound=Callable[..., Any])
_LIMIT = "max_body_bytes"  # the attribute larger_body puts on a view function
DRAIN_BYTES = 4 * 1024 * 1024  # twice nginx's client_max_body_size (deploy/nginx.conf)
_DRAIN_CHUNK = 64 * 1024


def larger_body(limit: int) -> Callable[[_F], _F]:
    """Let this view take bodies (and form fields) of up to ``limit`` bytes."""

    def mark(view: _F) -> _F:
        setattr(view, _LIMIT, limit)
        return view

    return mark


def _raise_limit_for_view(app: Flask) -> None:
    view = app.view_functions.get(request.endpoint or "")
    limit = getattr(view, _LIMIT, None)
    if isinstance(limit, int):
        request.max_content_length = limit
        request.max_form_memory_size = limit


class GuardedInput:
    """``wsgi.input`` whose read errors become :class:`BadRequest` (HTTP errors pass through)."""

    def __init__(self, stream: IO[bytes]) -> None:
        self._stream = stream

    def _guard(self, read: Callable[..., _T], *args: Any) -> _T:
        try:
            return read(*args)
        except HTTPException:
            raise
        except Exception as exc:  # noqa: BLE001 - any server-side parse error of the body
            raise BadRequest(BROKEN_BODY) from exc

    def read(self, *args: Any) -> bytes:
        return self._guard(self._stream.read, *args)

    def readline(self, *args: Any) -> bytes:
        return self._guard(self._stream.readline, *args)

    def readlines(self, *args: Any) -> list[bytes]:
        return self._guard(self._stream.readlines, *args)

    def __iter__(self) -> Iterator[bytes]:
        return iter(self.readline, b"")

    def close(self) -> None:
        close = getattr(self._stream, "close", None)
        if close is not None:
            self._guard(close)


def drain(environ: WSGIEnvironment) -> int:
    """Read what is left of a ``Content-Length`` body, at most :data:`DRAIN_BYTES`; bytes read.

    gunicorn's ``wsgi.input`` stops at the declared length, so reading to the
    end never waits for more than the client announced; a client gone
    mid-body ends the drain quietly.
    """
    stream = environ.get("wsgi.input")
    if stream is None or not environ.get("CONTENT_LENGTH"):
        return 0
    total = 0
    try:
        while total < DRAIN_BYTES:
            chunk = stream.read(min(_DRAIN_CHUNK, DRAIN_BYTES - total))
            if not chunk:
                break
            total += len(chunk)
    except Exception:  # noqa: BLE001 - the answer is already decided; a broken body ends the drain
        pass
    return total


class GuardBody:
    """WSGI middleware: a chunked request's ``wsgi.input`` guarded; a refused body drained."""

    def __init__(self, app: WSGIApplication) -> None:
        self.app = app

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        if "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower():
            stream = environ.get("wsgi.input")
            if stream is not None and not isinstance(stream, GuardedInput):
                environ["wsgi.input"] = GuardedInput(stream)
        too_large = False

        def note_status(status: str, headers: Any, exc_info: Any = None) -> Any:
            nonlocal too_large
            too_large = status.startswith("413")
            return start_response(status, headers, exc_info)

        answer = self.app(environ, note_status)
        if too_large:
            drain(environ)
        return answer


def init_app(app: Flask) -> None:
    """Wrap the app (once) so a broken body is a 400; honour :func:`larger_body`.

    Called before :mod:`tutor.web.security`, so its limits are set before the
    CSRF check reads the form.
    """
    app.before_request(lambda: _raise_limit_for_view(app))
    if not isinstance(app.wsgi_app, GuardBody):
        app.wsgi_app = GuardBody(app.wsgi_app)  # type: ignore[method-assign]  # Flask documents wrapping wsgi_app; mypy sees a method
