"""Fingerprinted static files: a content hash in every URL, and a year-long cache for it.

Every static URL a template writes with ``static_url('css/site.css')`` gets
``?v=<hash>`` (the first 8 hex digits of the file's SHA-256, the same digest
:mod:`tutor.tiles.render` puts on the sprite), so a changed file gets a new
URL and browsers may keep the old one for a year without ever revalidating. A
request whose ``v`` matches the file on disk is answered with
``Cache-Control: public, max-age=31536000, immutable``; one without ``v`` or
with a stale one (a page cached from before a deploy) gets a short lifetime,
so it cannot pin an outdated file. Both are done only for static files — by
the function the template calls and by the static view itself — rather than
by a ``url_defaults`` hook and an ``after_request`` handler, which would run
for every URL and every response of every page.

Hashes are cached by path, mtime and size: a file is read once per change,
not per page. Query strings keep the file names stable, so nginx can serve
``static/`` directly (see the README) and the same URLs work there too.

Each lookup is one ``stat``; on the production server (``wsgi.py``: the
``CONTENT_RECHECK_SECONDS`` in :mod:`tutor.web.settings`, 1 s) a file's hash found less than that
long ago is used without one. A page names a handful of static files, and
under gunicorn's threads every ``stat`` hands the GIL to another thread and
waits to get it back (:mod:`tutor.course.content` has the figures).
"""

from __future__ import annotations

import hashlib
import os
import stat
import time
from functools import lru_cache

from flask import Flask, Response, current_app, request, url_for
from werkzeug.security import safe_join

from tutor.web.settings import recheck_seconds

LONG_CACHE = "public, max-age=31536000, immutable"
SHORT_CACHE = "public, max-age=300"
VERSION_ARG = "v"


@lru_cache(maxsize=256)
def _file_digest(path: str, mtime_ns: int, size: int) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 16), b""):
            digest.update(block)
    return digest.hexdigest()[:8]


_RECENT = "tempai.static_digests"  # app.extensions: filename -> (time.monotonic(), hash)
RECENT_MAX = 1024  # names remembered per app (then all forgotten at once)


def static_digest(app: Flask, filename: str) -> str | None:
    """Short content hash of a file in ``static/``; None if there is no such file."""
    trust = recheck_seconds(app)
    now = time.monotonic()
    if trust:
        recent: dict[str, tuple[float, str]] = app.extensions.setdefault(_RECENT, {})
        known = recent.get(filename)
        if known is not None and 0 <= now - known[0] < trust:
            return known[1]
    if not app.static_folder:
        return None
    path = safe_join(app.static_folder, filename)
    if path is None:
        return None
    try:
        found = os.stat(path)
    except (OSError, ValueError):  # ValueError: a NUL in the name (OPTIONS /static/%00)
        return None
    if not stat.S_ISREG(found.st_mode):
        return None
    digest = _file_digest(path, found.st_mtime_ns, found.st_size)
    if trust:
        # Only names of files that exist; spellings of one file ("./x.css") are few
        # on our pages, and a client inventing them only refills the memo.
        if len(recent) >= RECENT_MAX:
            recent.clear()
        recent[filename] = (now, digest)
    return digest


def static_url(filename: str) -> str:
    """``url_for('static', …)`` with the file's hash (``?v=…``); the templates' ``static_url``."""
    digest = static_digest(current_app, filename)
    if digest is None:
        return url_for("static", filename=filename)
    return url_for("static", filename=filename, v=digest)  # VERSION_ARG


def _cache_headers(response: Response) -> Response:
    """Long cache only for the exact current version of the file."""
    if response.status_code not in (200, 304):
        return response
    filename = str((request.view_args or {}).get("filename", ""))
    wanted = request.args.get(VERSION_ARG)
    current = static_digest(current_app, filename)
    fresh = wanted is not None and wanted == current
    response.headers["Cache-Control"] = LONG_CACHE if fresh else SHORT_CACHE
    response.headers.pop("Expires", None)
    return response


def init_app(app: Flask) -> None:
    """Give the static files their cache headers (and no other response: pages pay nothing)."""
    def static(filename: str) -> Response:
        return _cache_headers(app.send_static_file(filename))

    app.view_functions["static"] = static
