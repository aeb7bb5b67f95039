"""The one way a test makes the site: :func:`make_app`.

Every test app goes through here (tests/test_layout.py allows ``create_app``
only in this module and in the tests of the factory itself), so a setting
every test app needs is added in one place. Defaults: testing mode and a fixed
secret; ``content`` is the course folder the app serves (the fixture course
unless a test gives its own). A setting passed as ``None`` is left unset, so a
test can see what the factory does without it (``SECRET_KEY=None``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Flask

from tutor import create_app

TESTS = Path(__file__).resolve().parent.parent
REPO = TESTS.parent
FIXTURE_CONTENT = TESTS / "fixtures" / "content"
COURSE = REPO / "content" / "ru"
SECRET = "test-secret"


def make_app(content: Path | str | None = FIXTURE_CONTENT, **config: Any) -> Flask:
    """A test app on ``content`` (``None``: no course folder given) with ``config`` on top."""
    settings: dict[str, Any] = {"TESTING": True, "SECRET_KEY": SECRET}
    if content is not None:
        settings["CONTENT_DIR"] = str(content)
    settings.update(config)
    return create_app({name: value for name, value in settings.items() if value is not None})


def render_text(app: Flask, source: str, **context: Any) -> str:
    """Jinja ``source`` rendered by the site's environment inside a request (its globals).

    For the macros of ``templates/macros`` outside a page, e.g.
    ``{% import "macros/tiles.html" as t %}{{ t.palette("x") }}``.
    """
    with app.test_request_context():
        return app.jinja_env.from_string(source).render(**context)
