"""Production behaviour: /healthz, fingerprinted static files, gzip, JSON logs, the 500 page.

All through the Flask test client; the multi-process and live-server checks
are in test_multiprocess.py and test_faults.py.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import logging
import os
import re
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.support.client import HTMX, Answering
from tests.support.site import make_app
from tutor import storage
from tutor.storage import connection
from tutor.web.assets import LONG_CACHE, SHORT_CACHE
from tutor.web.health import engine_kind
from tutor.web.logs import JsonFormatter

REPO = Path(__file__).resolve().parents[2]
STATIC = REPO / "static"
_STATIC_URL = re.compile(r'(?:href|src)="(/static/[^"#]+)')


def _digest(relative: str) -> str:
    return hashlib.sha256((STATIC / relative).read_bytes()).hexdigest()[:8]


def _static_urls(client: FlaskClient, page: str) -> set[str]:
    html = client.get(page).get_data(as_text=True)
    return {url.replace("&amp;", "&") for url in _STATIC_URL.findall(html)}


# --- /healthz ---------------------------------------------------------------------

def test_healthz_reports_ok_and_a_reachable_database(client: FlaskClient) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.get_json() == {
        "status": "ok", "engine": engine_kind(), "db": "ok", "disk": "ok"}
    assert response.headers["Cache-Control"] == "no-store"


def _app_on(content_dir: Path, path: Path) -> Flask:
    return make_app(content_dir, DATABASE_URL=f"sqlite:///{path}", SECRET_KEY=None)


def test_healthz_checks_the_schema_not_just_select_1(content_dir: Path, tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    app = _app_on(content_dir, path)
    store = storage.opened_store(app)
    with store.engine.begin() as conn:  # a database another version of the code migrated
        conn.exec_driver_sql("UPDATE schema_version SET version = 99")
    assert app.test_client().get("/healthz").get_json()["db"] == "schema"
    store.engine.dispose()


def test_healthz_says_replaced_when_the_sqlite_file_is_swapped(
    content_dir: Path, tmp_path: Path
) -> None:
    path = tmp_path / "progress.sqlite3"
    app = _app_on(content_dir, path)
    sqlite3.connect(tmp_path / "other.sqlite3").close()  # an empty database file
    os.replace(tmp_path / "other.sqlite3", path)
    assert app.test_client().get("/healthz").get_json()["db"] == "replaced"
    storage.opened_store(app).engine.dispose()


def test_healthz_reports_a_full_disk(content_dir: Path, tmp_path: Path,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    app = _app_on(content_dir, tmp_path / "progress.sqlite3")
    monkeypatch.setattr(connection, "LOW_DISK_BYTES", 1 << 62)  # more than any disk has free
    assert app.test_client().get("/healthz").get_json() == {
        "status": "ok", "engine": engine_kind(), "db": "ok", "disk": "low"}
    storage.opened_store(app).engine.dispose()


def test_healthz_never_reads_lessons(client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    import tutor.course.content

    def explode() -> None:
        raise AssertionError("healthz must not touch the lesson store")

    monkeypatch.setattr(tutor.course.content, "store", explode)
    assert client.get("/healthz").get_json()["status"] == "ok"


def test_healthz_says_unavailable_when_the_database_cannot_be_reached(
    content_dir: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.CRITICAL)  # the store logs its failed start; expected here
    url = f"sqlite:///{tmp_path / 'missing-dir' / 'db.sqlite3'}"
    app = make_app(content_dir, DATABASE_URL=url, SECRET_KEY=None)
    response = app.test_client().get("/healthz")
    assert response.status_code == 200
    assert response.get_json() == {
        "status": "ok", "engine": engine_kind(), "db": "unavailable", "disk": "ok"}


# --- fingerprinted static files ---------------------------------------------------

@pytest.mark.parametrize("page", [pytest.param("/", id="home"),
                                  pytest.param("/lessons/basics", id="lesson")])
def test_every_static_url_carries_the_files_content_hash(client: FlaskClient, page: str) -> None:
    urls = _static_urls(client, page)
    assert len(urls) >= 4, urls
    for url in urls:
        path, _, query = url.partition("?")
        relative = path.removeprefix("/static/")
        assert f"v={_digest(relative)}" in query.split("&"), url


def test_the_tile_sprite_url_uses_the_same_hash(client: FlaskClient) -> None:
    """Tiles are the sprite as a CSS background: the page links tile-faces.css by its hash,
    and that file names the sprite by the sprite's own hash (cached for a year, never stale)."""
    html = client.get("/lessons/basics").get_data(as_text=True)
    assert f"/static/css/tile-faces.css?v={_digest('css/tile-faces.css')}" in html
    faces = (REPO / "static" / "css" / "tile-faces.css").read_text(encoding="utf-8")
    assert f"url(../tiles.svg?v={_digest('tiles.svg')})" in faces


def test_the_tile_stylesheet_url_follows_each_requests_script_root(client: FlaskClient) -> None:
    """A mounted site links its stylesheet under its root; the sprite URL inside it is relative."""
    sheet = f"/static/css/tile-faces.css?v={_digest('css/tile-faces.css')}"
    plain = client.get("/lessons/basics").get_data(as_text=True)
    mounted = client.get("/lessons/basics", base_url="http://localhost/club/")
    again = client.get("/lessons/basics").get_data(as_text=True)
    assert f'"{sheet}' in plain and f'"{sheet}' in again
    assert f'"/club{sheet}' in mounted.get_data(as_text=True)


def test_a_fingerprinted_file_is_cached_for_a_year(client: FlaskClient) -> None:
    response = client.get(f"/static/css/site.css?v={_digest('css/site.css')}")
    response.close()
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == LONG_CACHE
    assert "immutable" in LONG_CACHE and "max-age=31536000" in LONG_CACHE


@pytest.mark.parametrize("query", [pytest.param("", id="no-version"),
                                   pytest.param("?v=00000000", id="stale-version"),
                                   pytest.param("?v=%3Cx%3E", id="garbage-version")])
def test_an_unversioned_or_stale_request_gets_a_short_lifetime(
    client: FlaskClient, query: str
) -> None:
    response = client.get(f"/static/css/site.css{query}")
    response.close()
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == SHORT_CACHE
    assert "immutable" not in response.headers["Cache-Control"]


def test_a_changed_file_gets_a_new_url(app: Flask, tmp_path: Path) -> None:
    static = tmp_path / "static"
    static.mkdir()
    (static / "x.css").write_text("a{}")
    app.static_folder = str(static)
    with app.test_request_context():
        from tutor.web.assets import static_url

        first = static_url("x.css")
        (static / "x.css").write_text("b{color:red}")
        os.utime(static / "x.css", ns=(1, 2))  # a different mtime, whatever the clock says
        second = static_url("x.css")
    assert first != second and "v=" in second


def test_the_production_server_trusts_a_files_hash_for_a_second(
    content_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No stat per static URL (each hands the GIL away under gunicorn); a change shows in 1 s."""
    from tutor.web import assets

    static = tmp_path / "static"
    static.mkdir()
    (static / "x.css").write_text("a{}")
    (static / "folder").mkdir()
    now = [100.0]
    monkeypatch.setattr(assets.time, "monotonic", lambda: now[0])
    stats: list[str] = []
    real_stat = assets.os.stat
    def counted_stat(path: object, *args: object, **kwargs: object) -> os.stat_result:
        if str(path).startswith(str(static)):  # os.stat is global: count the static files only
            stats.append(str(path))
        return real_stat(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(assets.os, "stat", counted_stat)
    app = make_app(content_dir, SECRET_KEY="t", CONTENT_RECHECK_SECONDS=1)
    app.static_folder = str(static)
    with app.test_request_context():
        first = assets.static_url("x.css")
        (static / "x.css").write_text("b{color:red}")
        os.utime(static / "x.css", ns=(1, 2))
        now[0] += 0.5
        assert assets.static_url("x.css") == first and len(stats) == 1
        now[0] += 0.5
        second = assets.static_url("x.css")
        assert second != first and len(stats) == 2
        assert assets.static_digest(app, "folder") is None  # a directory is not a file
        assert assets.static_digest(app, "made-up.css") is None
    assert set(app.extensions[assets._RECENT]) == {"x.css"}  # only files that exist are kept
    with app.test_request_context():
        for n in range(assets.RECENT_MAX + 5):  # spellings of one file: the memo stays bounded
            assert assets.static_digest(app, "./" * n + "x.css") == second.split("v=")[1]
    assert len(app.extensions[assets._RECENT]) <= assets.RECENT_MAX


# --- compression ------------------------------------------------------------------

def test_a_lesson_page_is_gzipped_when_the_client_accepts_it(client: FlaskClient) -> None:
    plain = client.get("/lessons/basics")
    packed = client.get("/lessons/basics", headers={"Accept-Encoding": "gzip, br"})
    assert "Content-Encoding" not in plain.headers
    assert packed.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed.headers["Vary"]
    body = gzip.decompress(packed.get_data())
    assert "Основы для тестов" in body.decode()
    assert len(packed.get_data()) < len(plain.get_data()) / 2


def test_an_htmx_feedback_fragment_is_gzipped_too(client: FlaskClient, answer: Answering) -> None:
    response = client.post(
        "/lessons/basics/drills/nobetan",
        data={"csrf_token": answer.token, "tiles": ["3m", "6m"]},
        headers={**HTMX, "Accept-Encoding": "gzip"},
    )
    assert response.status_code == 200
    assert response.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in response.headers["Vary"]
    fragment = gzip.decompress(response.get_data()).decode()
    assert 'data-verdict="correct"' in fragment and "<html" not in fragment


# --- logs -------------------------------------------------------------------------

def _access_records(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == "tempai.access"]


def test_each_request_writes_one_json_access_line(
    client: FlaskClient, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="tempai.access")
    response = client.get("/lessons/basics")
    response.close()
    records = _access_records(caplog)
    assert len(records) == 1
    line = json.loads(JsonFormatter().format(records[0]))
    assert line["method"] == "GET" and line["path"] == "/lessons/basics"
    assert line["status"] == 200 and line["bytes"] == len(response.get_data())
    assert isinstance(line["duration_ms"], float) and line["duration_ms"] >= 0
    assert line["request_id"] == response.headers["X-Request-ID"]


def test_a_404_is_logged_with_its_status(client: FlaskClient,
                                         caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="tempai.access")
    client.get("/no/such/page").close()
    assert [r.access["status"] for r in _access_records(caplog)] == [404]  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("given", "kept"),
    [pytest.param("abc-123.XYZ_9", True, id="proxy-id-kept"),
     pytest.param('x" {"level":"error"}', False, id="injection-replaced"),
     pytest.param("a" * 65, False, id="too-long-replaced")],
)
def test_a_proxys_request_id_is_kept_only_when_safe(
    client: FlaskClient, given: str, kept: bool
) -> None:
    response = client.get("/healthz", headers={"X-Request-ID": given})
    rid = response.headers["X-Request-ID"]
    assert (rid == given) is kept
    assert re.fullmatch(r"[A-Za-z0-9._-]{1,64}", rid)


@pytest.fixture
def crashing_app(content_dir: Path) -> Flask:
    """The site plus one route that raises — registered only here, never in the real app."""
    app = make_app(content_dir, SECRET_KEY=None)

    @app.get("/test-crash")
    def crash() -> str:
        raise RuntimeError("boom <x-crash-marker>")

    return app


@pytest.mark.parametrize("htmx", [pytest.param(False, id="page"), pytest.param(True, id="htmx")])
def test_a_crash_is_logged_with_its_traceback_and_answered_kindly(
    crashing_app: Flask, caplog: pytest.LogCaptureFixture, htmx: bool
) -> None:
    caplog.set_level(logging.INFO)
    response = crashing_app.test_client().get("/test-crash", headers=HTMX if htmx else {})
    response.close()
    body = response.get_data(as_text=True)
    assert response.status_code == 500
    assert "Что-то сломалось на нашей стороне" in body
    assert "Traceback" not in body and "boom" not in body
    assert ("<html" in body) is not htmx

    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(errors) == 1 and errors[0].exc_info is not None
    line = json.loads(JsonFormatter().format(errors[0]))
    assert line["error"] == "RuntimeError"
    assert "Traceback" in line["traceback"] and "boom <x-crash-marker>" in line["traceback"]
    assert line["request_id"] == response.headers["X-Request-ID"]
    assert line["path"] == "/test-crash"
    assert [r.access["status"] for r in _access_records(caplog)] == [500]  # type: ignore[attr-defined]


def test_a_json_log_line_is_one_line_even_with_a_traceback() -> None:
    try:
        raise ValueError("multi\nline")
    except ValueError:
        record = logging.LogRecord("x", logging.ERROR, __file__, 1, "failed", None, sys.exc_info())
    text = JsonFormatter().format(record)
    assert "\n" not in text and json.loads(text)["traceback"].count("\n") >= 2


# --- the production entry point ---------------------------------------------------

def _run_wsgi(env: dict[str, str],
              code: str = "import wsgi; print(wsgi.app.config['SECRET_KEY'])",
              ) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("FLASK_")}
    clean.pop("SECRET_KEY", None)
    return subprocess.run([sys.executable, "-c", code], cwd=REPO, env={**clean, **env},
                          capture_output=True, text=True, timeout=60)


def test_wsgi_reads_a_plain_secret_key(tmp_path: Path) -> None:
    done = _run_wsgi({"SECRET_KEY": "plain-key",
                      "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}"})
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "plain-key"


_RECHECK = ("import wsgi; from tutor.course.content import store\n"
            "with wsgi.app.app_context(): print(store().recheck_seconds)")


@pytest.mark.parametrize(("given", "used"), [(None, "1.0"), ("0", "0.0"), ("2.5", "2.5")])
def test_production_trusts_its_lesson_scan_for_a_second_unless_told_otherwise(
    tmp_path: Path, given: str | None, used: str
) -> None:
    env = {"SECRET_KEY": "k", "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}"}
    if given is not None:
        env["FLASK_CONTENT_RECHECK_SECONDS"] = given
    done = _run_wsgi(env, _RECHECK)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == used


def test_wsgi_refuses_to_start_without_a_secret_key_in_one_russian_line(tmp_path: Path) -> None:
    done = _run_wsgi({"DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}"})
    assert done.returncode == 4  # gunicorn's "app failed to load": the master stops
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("Ошибка: SECRET_KEY не задан"), done.stderr
    assert "Traceback" not in done.stderr


def test_flask_run_without_a_secret_key_says_one_russian_line(tmp_path: Path) -> None:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("FLASK_")}
    clean.pop("SECRET_KEY", None)
    clean["DATABASE_URL"] = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    done = subprocess.run([sys.executable, "-m", "flask", "--app", "tutor", "run", "--port", "1"],
                          cwd=REPO, env=clean, capture_output=True, text=True, timeout=60)
    assert done.returncode != 0
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("Ошибка: SECRET_KEY не задан"), done.stderr


def test_gunicorn_settings_come_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WEB_CONCURRENCY", "3")
    monkeypatch.setenv("GUNICORN_THREADS", "8")
    settings: dict[str, object] = {}
    exec((REPO / "gunicorn.conf.py").read_text(), settings)  # noqa: S102 - our own config file
    assert settings["workers"] == 3 and settings["threads"] == 8
    assert settings["worker_class"] == "gthread"
    assert settings["bind"] == "127.0.0.1:8000"


def test_gunicorn_defaults_suit_two_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("WEB_CONCURRENCY", "GUNICORN_THREADS", "BIND"):
        monkeypatch.delenv(name, raising=False)
    settings: dict[str, object] = {}
    exec((REPO / "gunicorn.conf.py").read_text(), settings)  # noqa: S102
    assert (settings["workers"], settings["threads"]) == (2, 4)


def test_a_new_gunicorn_worker_renders_the_course_before_its_first_request(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    import tutor.course.content

    calls: list[str] = []

    class Recorder:
        def lessons(self) -> list[object]:
            from flask import current_app

            calls.append(current_app.name)
            return []

    monkeypatch.setattr(tutor.course.content, "store", Recorder)
    settings: dict[str, Any] = {}
    exec((REPO / "gunicorn.conf.py").read_text(), settings)  # noqa: S102
    settings["post_worker_init"](type("Worker", (), {"wsgi": app})())
    assert calls == [app.name]


def test_a_file_the_server_can_sendfile_is_passed_through_and_still_logged(
    app: Flask, caplog: pytest.LogCaptureFixture
) -> None:
    """gunicorn uses sendfile() only for its own file wrapper; the access log must not hide it."""
    from werkzeug.wsgi import FileWrapper

    caplog.set_level(logging.INFO, logger="tempai.access")
    captured: dict[str, Any] = {}

    def start_response(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> None:
        captured["status"] = status

    environ = {"REQUEST_METHOD": "GET", "PATH_INFO": "/static/favicon.svg", "SERVER_NAME": "x",
               "SERVER_PORT": "80", "wsgi.url_scheme": "http", "wsgi.file_wrapper": FileWrapper,
               "wsgi.input": io.BytesIO(), "QUERY_STRING": ""}
    body = app.wsgi_app(environ, start_response)
    try:
        assert isinstance(body, FileWrapper)
    finally:
        body.close()  # type: ignore[attr-defined]
    assert captured["status"].startswith("200")
    (record,) = _access_records(caplog)
    assert record.access["bytes"] == (STATIC / "favicon.svg").stat().st_size  # type: ignore[attr-defined]


@pytest.mark.server
def test_under_gunicorn_a_crash_is_one_json_error_line_with_traceback_and_a_kind_page(
    tmp_path: Path,
) -> None:
    """Through nginx, as in production: the error line carries nginx's request id."""
    from tests.support.live import loadkit, need_gunicorn, start_behind_nginx, stop_behind_nginx

    need_gunicorn()
    site = start_behind_nginx({"WEB_CONCURRENCY": "1", "GUNICORN_THREADS": "2"},
                              tmp_path / "nginx", app="tests.support.crash_wsgi:app")
    try:
        conn = loadkit().connect("https", "127.0.0.1", site.port, 10)
        conn.request("GET", "/test-crash")
        response = conn.getresponse()
        body = response.read().decode()
        rid = response.getheader("X-Request-ID")
        conn.close()
        time.sleep(0.3)  # let the worker flush its log lines
        log = site.server.log.read_text()
        lines = [json.loads(x) for x in log.splitlines() if x.startswith("{")]
    finally:
        stop_behind_nginx(site)
    assert response.status == 500 and "Что-то сломалось на нашей стороне" in body
    assert "Traceback" not in body and "boom-live" not in body
    assert rid is not None and re.fullmatch(r"[0-9a-f]{32}", rid)  # nginx's $request_id
    errors = [x for x in lines if x["level"] == "error"]
    assert len(errors) == 1 and errors[0]["request_id"] == rid
    assert "boom-live" in errors[0]["traceback"] and errors[0]["path"] == "/test-crash"
    access = [x for x in lines if x["logger"] == "tempai.access" and x["request_id"] == rid]
    assert [x["status"] for x in access] == [500]
