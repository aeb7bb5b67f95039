"""Gzip for text responses (pages, fragments, CSS, JS, the SVG sprite).

Lesson pages repeat the same tile markup many times, so they compress about
tenfold; this keeps every page with its assets far below the 150 KB budget
without a reverse proxy. Compressed static files are cached by path and
mtime, so htmx is compressed once, not per request.

Bodies under :data:`MIN_SIZE` (1 KB) go out as they are: with its headers
such a body fits in one TCP segment either way, so gzip would only cost
time on both ends (~30 µs here to compress one; about a quarter of the
htmx feedback fragments are this small).

A small body is compressed with a window just big enough for it: zlib's
default 32 KB window (and its 256 KB of hash tables) is set up, cleared and
freed for every call, which was two thirds of the time for a 2–3 KB fragment
(52 → 16 µs here). With a window at least as long as the body, deflate finds
the same matches, so the output is as small.
"""

from __future__ import annotations

import gzip
import os
import zlib
from functools import lru_cache

from flask import Flask, Response, current_app, request
from werkzeug.security import safe_join

COMPRESSIBLE = (
    "text/html",
    "text/css",
    "text/javascript",
    "application/javascript",
    "image/svg+xml",
)
MIN_SIZE = 1024
# Every body is compressed for its own response (a page carries its own CSRF
# token and nonces), at nginx's default level: a lesson page takes 0.32 ms
# instead of 0.87 at level 6, ~20 KB instead of ~15 KB.
LEVEL = 1


def init_app(app: Flask) -> None:
    app.after_request(compress)


@lru_cache(maxsize=64)
def _gzip_file(path: str, mtime_ns: int) -> bytes:
    with open(path, "rb") as handle:
        return gzip.compress(handle.read(), compresslevel=9, mtime=0)


def gzip_bytes(body: bytes, level: int = LEVEL) -> bytes:
    """``body`` as a gzip member (time 0), with a window no bigger than it needs."""
    window = max(9, min(15, (len(body) - 1).bit_length()))  # 2**window >= len(body)
    # A small hash table too for a small body (its setup is most of the time); from
    # 8 KB on, zlib's default one (at level 1 the small one lost a few bytes there).
    packer = zlib.compressobj(level, zlib.DEFLATED, 16 + window, 8 if window >= 14 else 4)
    return packer.compress(body) + packer.flush()


def add_vary(response: Response, header: str) -> None:
    """Add ``header`` to ``Vary`` unless named there already (no HeaderSet round trip)."""
    current = response.headers.get("Vary")
    if not current:
        response.headers["Vary"] = header
    elif header.lower() not in (item.strip().lower() for item in current.split(",")):
        response.headers["Vary"] = f"{current}, {header}"


def _accepts_gzip() -> bool:
    return "gzip" in request.headers.get("Accept-Encoding", "").lower()


def _static_path() -> str | None:
    """File behind a ``static`` request (Flask streams those, so we read the file)."""
    if request.endpoint != "static" or not current_app.static_folder:
        return None
    path = safe_join(current_app.static_folder, (request.view_args or {}).get("filename", ""))
    return path if path is not None and os.path.isfile(path) else None


def compress(response: Response) -> Response:
    """Gzip a 200 text response when the client accepts it."""
    if (
        response.status_code != 200
        or "Content-Encoding" in response.headers
        or response.mimetype not in COMPRESSIBLE
        or not _accepts_gzip()
    ):
        return response
    add_vary(response, "Accept-Encoding")
    path = _static_path()
    if path is not None:
        response.close()
        data = _gzip_file(path, os.stat(path).st_mtime_ns)
    else:
        response.direct_passthrough = False
        body = response.get_data()
        if len(body) < MIN_SIZE:
            return response
        data = gzip_bytes(body)
    response.direct_passthrough = False
    response.set_data(data)
    response.headers["Content-Encoding"] = "gzip"
    etag, weak = response.get_etag()
    if etag:
        response.set_etag(f"{etag}-gzip", weak=bool(weak))
    return response
