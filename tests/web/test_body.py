"""A request body the server cannot decode is a 400 with a Russian message, never a 500."""

from __future__ import annotations

import io
import logging

import pytest
from flask import Flask
from gunicorn.http.errors import ChunkMissingTerminator, InvalidChunkSize

from tests.support.client import HTMX
from tutor.web.body import BROKEN_BODY


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
