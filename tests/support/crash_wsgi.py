"""The production app plus one route that raises — only for test_production's live crash test.

Never imported by the site; gunicorn loads it as ``tests.support.crash_wsgi:app``.
"""

from __future__ import annotations

from wsgi import app


@app.get("/test-crash")
def crash() -> str:
    raise RuntimeError("boom-live <x-crash-marker>")
