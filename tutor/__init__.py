"""The «Темпай» web site: lessons in Markdown with drills graded by the engine.

:func:`create_app` is the application factory (as in Flask's tutorial): it
loads defaults, then the instance config or the test mapping, then
``FLASK_*`` environment variables, and plugs in each feature blueprint.
"""

from __future__ import annotations

import os
import secrets
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import IO, Any

import click
from flask import Flask
from werkzeug.middleware.proxy_fix import ProxyFix

# The development key is only ever used with FLASK_DEBUG=1 or in tests.
_DEV_SECRET = "dev-only-not-secret"
_REPO_ROOT = Path(__file__).resolve().parent.parent

_SECRET_HELP = (
    "SECRET_KEY не задан, а без него сайт вне режима отладки не запускается: задайте его, "
    "например export SECRET_KEY=\"$(python3 -c 'import secrets; print(secrets.token_hex(32))')\" "
    "(для разработки на своей машине есть make run)."
)


class MissingSecretKey(click.ClickException, RuntimeError):
    """No secret key outside debug and tests: one line in Russian, never a traceback.

    A ``click.ClickException`` so that ``flask run`` prints just its message;
    ``wsgi.py`` prints it the same way for gunicorn.
    """

    def __init__(self) -> None:
        super().__init__(_SECRET_HELP)

    def show(self, file: IO[Any] | None = None) -> None:
        click.echo(f"Ошибка: {self.message}", file=file or sys.stderr)


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    """Build the Flask app; ``test_config`` replaces the instance config (tests)."""
    app = Flask(
        __name__,
        instance_relative_config=True,
        root_path=str(_REPO_ROOT / "tutor"),
        template_folder=str(_REPO_ROOT / "templates"),
        static_folder=str(_REPO_ROOT / "static"),
    )
    app.config.from_mapping(
        SECRET_KEY=None,
        CONTENT_DIR=str(_REPO_ROOT / "content" / "ru"),
        GLOSSARY_PATH=None,  # default: CONTENT_DIR/glossary.yaml
        # A drill answer is a handful of fields; anything bigger is forged.
        MAX_CONTENT_LENGTH=64 * 1024,
        MAX_FORM_PARTS=200,
        WTF_CSRF_TIME_LIMIT=None,  # lessons stay open for hours; the token is tied to the session
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
        SEND_FILE_MAX_AGE_DEFAULT=3600,
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
    else:
        app.config.from_mapping(test_config)
    app.config.from_prefixed_env()
    if test_config is None:
        _read_plain_env(app)
    _require_secret(app)
    _trust_proxies(app)

    _init_extensions(app)
    _register_blueprints(app)
    template_helpers(app)
    return app


# The names the README documents for deployment, read without Flask's prefix
# (``SECRET_KEY=… flask --app tutor run`` works like ``make serve``); a
# ``FLASK_``-prefixed variable or the instance config wins. Tests pass their own
# config and never read these (nor does any module: settings come from app.config).
PLAIN_ENV = ("SECRET_KEY", "DATABASE_URL", "INSTRUCTOR_PASSWORD", "TRUSTED_PROXIES",
             "DATABASE_DEADLINE_SECONDS")


def _read_plain_env(app: Flask) -> None:
    for name in PLAIN_ENV:
        if not app.config.get(name) and os.environ.get(name):
            app.config[name] = os.environ[name]


def _require_secret(app: Flask) -> None:
    if app.config.get("SECRET_KEY"):
        return
    if app.debug or app.testing:
        app.config["SECRET_KEY"] = _DEV_SECRET
        return
    if _is_cli_tool():
        # `flask content check`, `flask routes`…: no request is ever served, so a
        # throw-away key is safe and CI needs no secret to check the course.
        app.config["SECRET_KEY"] = secrets.token_hex(32)
        return
    raise MissingSecretKey()


def _trust_proxies(app: Flask) -> None:
    """Behind nginx, read the client's address and scheme from its X-Forwarded-* headers.

    ``TRUSTED_PROXIES`` is how many proxies stand in front (1 for the README's
    nginx). Without it every request would seem to come from 127.0.0.1, so the
    instructor login's limit on wrong passwords would count all clients as one.
    Off by default: trusting the headers without a proxy would let anyone forge
    their address.
    """
    hops = int(app.config.get("TRUSTED_PROXIES") or 0)
    if hops > 0:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops)  # type: ignore[method-assign]  # Flask documents wrapping wsgi_app; mypy sees a method


def _is_cli_tool() -> bool:
    """Inside a ``flask`` command other than ``run``."""
    context = click.get_current_context(silent=True)
    return context is not None and context.info_name != "run"


def _init_extensions(app: Flask) -> None:
    from htmx_flask import Htmx

    from tutor.course import content
    from tutor.web import body, compression, converters, security

    Htmx(app)
    converters.init_app(app)
    body.init_app(app)
    security.init_app(app)
    compression.init_app(app)
    content.init_app(app)


def _register_blueprints(app: Flask) -> None:
    """Plug in every feature: plumbing first, then the features from the bottom up."""
    from tutor.accounts import views as accounts
    from tutor.analyse import views as analyse
    from tutor.authoring import views as authoring
    from tutor.classes import views as classes
    from tutor.course import answers, handbook, lessons, reference
    from tutor.practice import views as practice
    from tutor.progress import views as progress
    from tutor.review import views as review
    from tutor.storage import init_app as open_storage
    from tutor.storage import opened_store
    from tutor.studio import club
    from tutor.studio import views as studio
    from tutor.web import assets, errors, health, logs

    open_storage(app)  # every feature keeps its tables in the store
    health.init_app(app, opened_store(app).health)
    app.register_blueprint(errors.bp)
    app.register_blueprint(lessons.bp)
    app.register_blueprint(answers.bp)
    for feature in (reference, handbook, practice, progress, accounts,
                    classes, authoring, studio, club, analyse, review, logs, assets):
        if hasattr(feature, "init_app"):
            feature.init_app(app)
        else:
            app.register_blueprint(feature.bp)


def template_helpers(app: Flask) -> None:
    """Every Jinja global, filter and context processor of the site, in one list.

    Registered here, where every package is in reach, so that a reader of a
    template finds what a name means without searching the packages; a
    template of a lower floor may call a helper of a higher one (the course
    pages show the learner's progress) without the lower package importing it.
    """

    from engine.tiles import tile_name
    from tutor.accounts.current import current_user
    from tutor.accounts.preferences import tile_class
    from tutor.authoring.views import problems_count
    from tutor.classes.home import my_assignments
    from tutor.classes.sequence import set_step
    from tutor.course.handbook import cite, ruleset_documents
    from tutor.course.lessons import drills_count, navigation, owned_by, public_problem, rich_text
    from tutor.drills.grading import form_nonce
    from tutor.progress.course_marks import continue_point, lesson_progress, lesson_state
    from tutor.progress.views import count_of
    from tutor.studio.views import studio_time
    from tutor.tiles.render import (
        render_hand,
        render_inline,
        render_meld,
        render_palette,
        render_tiles,
        sprite_url,
        tile_names,
        tile_svg,
        tiles_count,
    )
    from tutor.web.assets import static_url

    app.jinja_env.globals.update(
        static_url=static_url,  # a static file's URL with its content hash
        # drawing tiles (templates/macros/tiles.html)
        tileart_tile=tile_svg,
        tileart_tiles=render_tiles,
        tileart_inline=render_inline,
        tileart_meld=render_meld,
        tileart_hand=render_hand,
        tileart_palette=render_palette,
        tileart_sprite_url=sprite_url,
        tile_name=tile_name,
        tile_names=tile_names,
        # a drill's form: its nonce (tutor.drills.grading)
        form_nonce=form_nonce,
        # the learner: account, progress, assignments
        current_account=current_user,
        lesson_state=lesson_state,
        lesson_progress=lesson_progress,
        continue_point=continue_point,
        my_assignments=my_assignments,
        set_step=set_step,  # a practice problem's place in an assigned set
        tile_class=tile_class,  # the tile size the account chose
        ruleset_documents=ruleset_documents,  # each rule set's documents, under every picker
    )
    app.jinja_env.filters.update(
        rich=rich_text,
        owned_by=owned_by,  # a lesson drill's controls, handed to their form by app.js
        cite=cite,
        public_problem=public_problem,
        tiles_count=tiles_count,
        drills_count=drills_count,
        problems_count=problems_count,
        count_of=count_of,
        studio_time=studio_time,
    )
    app.context_processor(navigation)
