"""The one way a test makes the site: :func:`make_app`.

Every test app goes through here (tests/test_layout.py allows ``create_app``
only in this module and in the tests of the factory itself), so a setting
every test app needs is added in one place. Defaults: testing mode and a fixed
secret; ``content`` is the course folder the app serves (the fixture course
unless a test gives its own). A setting passed as ``None`` is left unset, so a
test can see what the factory does without it (``SECRET_KEY=None``).

A test app's new SQLite file (no ``DATABASE_URL``, or one naming a file that
does not exist yet) starts as a copy of one migrated once per process
(:func:`migrated_database`): running all the migrations for each app was a
third of making it, and the copy is the file a fresh migration writes (the
app still migrates it: nothing is left to do). ``DATABASE_URL=None`` leaves the
factory its own default (a throw-away file it migrates itself); an existing
file, PostgreSQL and the migration tests' own stores are migrated as always.

Every test app also shares one per-process store of compiled templates
(:class:`CompiledTemplates`): a new app has a new Jinja environment, and
compiling the site's templates again in each of the suite's thousands of apps
was about half of a web test's time. The compiled code is what the app would
compile itself (same source, same environment settings); only the repeated
work goes.
"""

from __future__ import annotations

import atexit
import shutil
import tempfile
from pathlib import Path
from types import CodeType
from typing import Any

from flask import Flask
from jinja2 import Environment
from jinja2.bccache import Bucket, BytecodeCache

from tutor import create_app
from tutor.storage import migrations
from tutor.storage.connection import make_engine

TESTS = Path(__file__).resolve().parent.parent
REPO = TESTS.parent
FIXTURE_CONTENT = TESTS / "fixtures" / "content"
COURSE = REPO / "content" / "ru"
SECRET = "test-secret"


def _compile_settings(env: Environment) -> tuple[Any, ...]:
    """What Jinja's compiler reads from the environment: code compiled under one is
    reused only under equal settings (an unknown filter still fails at compile time)."""
    def named(value: object) -> object:
        return getattr(value, "__qualname__", value)

    return (
        env.block_start_string, env.block_end_string, env.variable_start_string,
        env.variable_end_string, env.comment_start_string, env.comment_end_string,
        env.line_statement_prefix, env.line_comment_prefix, env.trim_blocks,
        env.lstrip_blocks, env.newline_sequence, env.keep_trailing_newline,
        tuple(sorted(env.extensions)), env.optimized, env.is_async,
        named(env.autoescape), named(env.finalize),
        tuple(sorted(env.filters)), tuple(sorted(env.tests)),
    )


class CompiledTemplates(BytecodeCache):
    """Jinja's bytecode cache kept in memory: a template is compiled once per process.

    Jinja checks the template's source checksum itself (a changed file is
    compiled again); the key adds the environment's compile settings.
    """

    def __init__(self) -> None:
        self._code: dict[tuple[tuple[Any, ...], str], tuple[str, CodeType]] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        found = self._code.get((_compile_settings(bucket.environment), bucket.key))
        if found is not None and found[0] == bucket.checksum:
            bucket.code = found[1]

    def dump_bytecode(self, bucket: Bucket) -> None:
        if bucket.code is not None:
            self._code[(_compile_settings(bucket.environment), bucket.key)] = (
                bucket.checksum, bucket.code)


COMPILED_TEMPLATES = CompiledTemplates()


_MIGRATED: list[Path] = []  # the process's migrated file, made on first use


def _throw_away_folder() -> Path:
    folder = Path(tempfile.mkdtemp(prefix="tempai-test-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return folder


def migrated_database(target: Path | None = None) -> str:
    """The URL of a new SQLite file (``target``, else a throw-away one) holding the
    schema as a fresh migration leaves it."""
    if not _MIGRATED:
        template = _throw_away_folder() / "migrated.sqlite3"
        engine = make_engine(f"sqlite:///{template}")
        migrations.migrate(engine)
        engine.dispose()  # the last connection closed: the WAL is written back into the file
        _MIGRATED.append(template)
    copy = target or _throw_away_folder() / "progress.sqlite3"
    shutil.copyfile(_MIGRATED[0], copy)
    return f"sqlite:///{copy}"


def _new_sqlite_file(url: object) -> Path | None:
    """The file a ``sqlite:///path`` URL names, when it does not exist yet (its folder does)."""
    if not isinstance(url, str) or not url.startswith("sqlite:///") or "?" in url:
        return None
    path = Path(url.removeprefix("sqlite:///"))
    return path if path.is_absolute() and not path.exists() and path.parent.is_dir() else None


def make_app(content: Path | str | None = FIXTURE_CONTENT, **config: Any) -> Flask:
    """A test app on ``content`` (``None``: no course folder given) with ``config`` on top."""
    settings: dict[str, Any] = {"TESTING": True, "SECRET_KEY": SECRET}
    if "DATABASE_URL" not in config:
        settings["DATABASE_URL"] = migrated_database()
    elif (new_file := _new_sqlite_file(config["DATABASE_URL"])) is not None:
        migrated_database(new_file)
    if content is not None:
        settings["CONTENT_DIR"] = str(content)
    settings.update(config)
    app = create_app({name: value for name, value in settings.items() if value is not None})
    app.jinja_env.bytecode_cache = COMPILED_TEMPLATES
    return app


def render_text(app: Flask, source: str, **context: Any) -> str:
    """Jinja ``source`` rendered by the site's environment inside a request (its globals).

    For the macros of ``templates/macros`` outside a page, e.g.
    ``{% import "macros/tiles.html" as t %}{{ t.palette("x") }}``.
    """
    with app.test_request_context():
        return app.jinja_env.from_string(source).render(**context)
