"""Reference pages generated from data: the glossary (``/glossary``).

The glossary page reads the same ``glossary.yaml`` as the ``[[термин]]`` links in
lessons, so the page and the tooltips cannot disagree. :func:`init_app` (called
by ``create_app`` for this optional module) registers the blueprint and the
tile renderers for templates.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Blueprint, Flask, abort, current_app, render_template, url_for
from werkzeug.routing import BuildError

from tutor.course.content import store
from tutor.course.glossary import Glossary, GlossaryError, load_glossary

bp = Blueprint("reference", __name__)

# Shown when the glossary file is broken: the content check names the line.
BROKEN_GLOSSARY = "Глоссарий сейчас недоступен: в его файле ошибка. Мы уже чиним."


def glossary_path() -> Path:
    """``GLOSSARY_PATH`` if set, else ``CONTENT_DIR/glossary.yaml``."""
    configured = current_app.config.get("GLOSSARY_PATH")
    if configured:
        return Path(configured)
    return Path(current_app.config["CONTENT_DIR"]) / "glossary.yaml"


def _lesson_titles() -> dict[str, str] | None:
    """Slug → title of every lesson that exists, or ``None`` if lessons cannot be listed."""
    try:
        return {lesson.slug: lesson.title for lesson in store().lessons()}
    except Exception:  # noqa: BLE001 - the glossary page must not depend on lessons working
        return None


def lesson_link(slug: str | None, known: dict[str, str] | None) -> str | None:
    """URL of the lesson that teaches a term; ``None`` if there is no such page yet."""
    if not slug or (known is not None and slug not in known):
        return None
    try:
        return url_for("lessons.lesson", slug=slug)
    except BuildError:
        return None


@bp.get("/glossary")
def glossary() -> str:
    try:
        data: Glossary = load_glossary(glossary_path())
    except GlossaryError as exc:
        current_app.logger.error("glossary: %s", exc.where())
        abort(503, description=BROKEN_GLOSSARY)
    known = _lesson_titles()
    links = {t.id: lesson_link(t.lesson, known) for t in data.terms}
    return render_template("course/glossary.html", glossary=data, links=links, titles=known or {})


def init_app(app: Flask | Any) -> None:
    app.register_blueprint(bp)
