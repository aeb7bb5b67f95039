"""A request body the server cannot decode is a 400 with a Russian message, never a 500."""

from __future__ import annotations

import io
import logging

import pytest
from flask import Flask
from gunicorn.http.errors import ChunkMissingTerminator, InvalidChunkSize

from tests.support.client import HTMX
from tutor.web.body import BROKEN_BODY, DRAIN_BYTES, drain


class BrokenChunks(io.RawIOBase):
    """What gunicorn's chunked reader does with a chunk size ``zz``: raises on read."""

    def __init__(self, error: Exception) -> None:
        self.error = error

    def readable(self) -> bool:
        return True

    def read(self, size: int = -1) -> bytes:
        raise self.error

    def readline(self, size: int = -1) -> bytes:
        raise self.error


@pytest.mark.parametrize("error", [
    pytest.param(InvalidChunkSize(b"zz"), id="chunk-size-zz"),
    pytest.param(ChunkMissingTerminator(b"xx"), id="no-chunk-terminator"),
    pytest.param(RuntimeError("any other read failure"), id="other-read-error"),
])
@pytest.mark.parametrize("htmx", [pytest.param(True, id="htmx"), pytest.param(False, id="plain")])
def test_a_body_that_breaks_while_read_is_a_400_without_a_traceback(
    app: Flask, caplog: pytest.LogCaptureFixture, error: Exception, htmx: bool
) -> None:
    caplog.set_level(logging.INFO)
    response = app.test_client().post(
        "/lessons/basics/drills/nobetan", headers={**(HTMX if htmx else {}),
                                                    "Transfer-Encoding": "chunked"},
        content_type="application/x-www-form-urlencoded",
        environ_overrides={"wsgi.input": BrokenChunks(error), "wsgi.input_terminated": True},
    )
    assert response.status_code == 400
    assert BROKEN_BODY in response.get_data(as_text=True)
    assert [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info] == []


@pytest.mark.parametrize("path", ["/lessons/basics/drills/nobetan", "/review"])
def test_a_body_refused_as_too_large_is_read_to_its_end_before_the_answer(
    app: Flask, path: str
) -> None:
    """A 413 leaves no unread bytes behind, so closing the connection does not reset it.

    Unread bytes make the kernel answer the close with a reset, and nginx,
    still forwarding the body, may lose the app's Russian 413 and show a 502.
    """
    body = io.BytesIO(b"x" * 1_000_000)
    response = app.test_client().post(
        path, content_type="application/x-www-form-urlencoded",
        environ_overrides={"wsgi.input": body, "CONTENT_LENGTH": "1000000"},
    )
    assert response.status_code == 413
    assert body.tell() == 1_000_000


def test_the_drain_stops_at_its_bound() -> None:
    body = io.BytesIO(b"x" * (DRAIN_BYTES + 10))
    assert drain({"wsgi.input": body, "CONTENT_LENGTH": str(DRAIN_BYTES + 10)}) == DRAIN_BYTES
    assert drain({"wsgi.input": io.BytesIO(b"x"), "CONTENT_LENGTH": ""}) == 0
