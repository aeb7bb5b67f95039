"""Entry point for a production WSGI server: ``gunicorn -c gunicorn.conf.py wsgi:app``.

The app reads the plain deployment variables (``SECRET_KEY``, ``DATABASE_URL``,
``INSTRUCTOR_PASSWORD``, ``TRUSTED_PROXIES``) as well as Flask's ``FLASK_*``
ones (:data:`tutor.PLAIN_ENV`). Logs go to stderr as JSON lines (see
:mod:`tutor.web.logs`).
"""

from __future__ import annotations

import os
import sys

from tutor import MissingSecretKey, create_app
from tutor.web.logs import configure_logging

# Production trusts its scan of the lessons for a second instead of a stat() per
# request (tutor/course/content.py says why); FLASK_CONTENT_RECHECK_SECONDS=0 turns it off.
os.environ.setdefault("FLASK_CONTENT_RECHECK_SECONDS", "1")

# gunicorn's exit status for "the application failed to load": the master stops
# instead of starting workers that fail the same way again and again.
_APP_LOAD_ERROR = 4

configure_logging()
try:
    app = create_app()
except MissingSecretKey as error:
    error.show()
    sys.exit(_APP_LOAD_ERROR)
