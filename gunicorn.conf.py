"""gunicorn settings for ``make serve`` (all overridable from the environment).

Threads, not only processes: a request spends part of its time waiting on the
database (SQLite's fsync, PostgreSQL's round trip), so a few threads per
worker keep the CPU busy, while one worker per core sidesteps the GIL for the
rendering and grading work. Defaults suit a 2-core machine: 2 workers × 4
threads. No ``preload_app``: each worker opens its own database connections
after the fork (a pooled connection must never be shared between processes).
"""

from __future__ import annotations

import os

bind = os.environ.get("BIND", "127.0.0.1:8000")
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
threads = int(os.environ.get("GUNICORN_THREADS", "4"))
worker_class = "gthread"
# Browsers and nginx reuse connections; keep them a little while.
keepalive = int(os.environ.get("GUNICORN_KEEPALIVE", "5"))
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
graceful_timeout = 20
# Requests are logged by the app itself as JSON lines (tutor/web/logs.py);
# gunicorn's own log carries only start/stop and worker events.
accesslog = None
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOGLEVEL", "info")
# Behind nginx on the same host: trust its X-Forwarded-* headers from loopback only.
forwarded_allow_ips = "127.0.0.1,::1"
wsgi_app = "wsgi:app"
# Several servers may run on one host (tests, blue/green deploys); the runtime
# control socket would be shared by path, and nothing here uses it.
control_socket_disable = True


def post_worker_init(worker: object) -> None:
    """Parse and render every lesson before the worker takes its first request.

    A cold worker renders the whole course on its first lesson request (about
    0.7 s on this machine); warming up here keeps that out of learners' waits
    after every (re)start.
    """
    app = getattr(worker, "wsgi", None)
    if app is None or not hasattr(app, "app_context"):
        return
    from tutor.course.content import store

    with app.app_context():
        store().lessons()
