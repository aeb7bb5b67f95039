"""Entry point for a production WSGI server: ``gunicorn -c gunicorn.conf.py wsgi:app``.

Reads the plain deployment variables (``SECRET_KEY``, ``INSTRUCTOR_PASSWORD``,
``TRUSTED_PROXIES``) as well as Flask's ``FLASK_*`` ones, so a systemd unit or
a container can use the names the README documents; ``DATABASE_URL`` is read by the progress
store itself. Logs go to stderr as JSON lines (see :mod:`tutor.observability`).
"""

from __future__ import annotations

import os

from tutor import create_app
from tutor.observability import configure_logging

# Plain names win only when the FLASK_-prefixed one is not set.
for _name in ("SECRET_KEY", "INSTRUCTOR_PASSWORD", "TRUSTED_PROXIES"):
    if os.environ.get(_name) and not os.environ.get(f"FLASK_{_name}"):
        os.environ[f"FLASK_{_name}"] = os.environ[_name]

# Production trusts its scan of the lessons for a second instead of a stat() per
# request (tutor/content.py says why); FLASK_CONTENT_RECHECK_SECONDS=0 turns it off.
os.environ.setdefault("FLASK_CONTENT_RECHECK_SECONDS", "1")

configure_logging()
app = create_app()
