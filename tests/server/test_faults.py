"""Faults while serving: the database goes read-only, away or full; a lesson file breaks.

In every case the learner still gets the drill graded, a clear Russian
message says what went wrong, no 500 is answered and nothing is half-written
(the stored answers are exactly the ones that were confirmed as saved).
benchmarks/faults.py shows the same against a live gunicorn.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import subprocess
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient
from itsdangerous import URLSafeSerializer

from tests.support.client import HTMX, csrf_token
from tests.support.live import ANSWERS, VERDICT, loadkit
from tests.support.site import make_app
from tutor import storage
from tutor.storage.progress import ProgressStore

NOT_SAVED = "Не удалось сохранить прогресс"
PG_URL = os.environ.get("TEMPAI_TEST_PG_URL")
SECRET = "faults-secret"


def _app(content_dir: Path, url: str) -> Flask:
    return make_app(content_dir, SECRET_KEY=SECRET, DATABASE_URL=url)


class Learner:
    """A test-client learner answering the basics drills; remembers which answers were saved."""

    def __init__(self, client: FlaskClient) -> None:
        self.client = client
        self.token = csrf_token(client)
        self.saved = 0

    def answer(self, drill: str = "nobetan", right: bool = True) -> tuple[bool, str]:
        """Post one answer; returns (saved?, html). Grading must work whatever the storage does."""
        data: dict[str, Any] = {"csrf_token": self.token, "action": "check",
                                "nonce": os.urandom(12).hex()}
        for key, value in ANSWERS[drill][0 if right else 1]:
            data.setdefault(key, []).append(value)
        response = self.client.post(f"/lessons/basics/drills/{drill}", data=data, headers=HTMX)
        html = response.get_data(as_text=True)
        assert response.status_code == 200, html[:400]
        verdict = VERDICT.search(html)
        assert verdict and (verdict.group(1) == "correct") is right
        assert "Traceback" not in html
        saved = NOT_SAVED not in html
        self.saved += saved
        return saved, html

    def learner_id(self) -> str:
        cookie = self.client.get_cookie("tempai_learner")
        assert cookie is not None
        value: str = URLSafeSerializer(SECRET, salt="tempai.learner").loads(cookie.value)
        return value

    def stored(self, url: str) -> int:
        """How many answers the database holds for this learner (read with a fresh store)."""
        store = ProgressStore(url)
        try:
            return len(store.history(self.learner_id()))
        finally:
            store.engine.dispose()


def _store(app: Flask) -> ProgressStore:
    store: ProgressStore = storage.opened_store(app)
    return store


# --- SQLite read-only ---------------------------------------------------------------

def test_a_database_reopened_read_only_still_grades_and_says_progress_was_not_saved(
    content_dir: Path, tmp_path: Path
) -> None:
    path = tmp_path / "progress.sqlite3"
    url = f"sqlite:///{path}"
    app = _app(content_dir, url)
    learner = Learner(app.test_client())
    assert learner.answer()[0]
    store = _store(app)
    store.engine.dispose()
    store.engine = ProgressStore(f"sqlite:///file:{path}?mode=ro&uri=true").engine
    for drill in ("nobetan", "pinfu-ron"):
        saved, html = learner.answer(drill)
        assert not saved and "ответ проверен" in html
    assert learner.stored(url) == learner.saved == 1
    assert sqlite3.connect(path).execute("PRAGMA integrity_check").fetchone() == ("ok",)
    store.engine.dispose()
    store.engine = ProgressStore(url).engine  # writable again: saving resumes
    assert learner.answer()[0] and learner.stored(url) == 2
    store.engine.dispose()


@pytest.mark.skipif(os.geteuid() == 0, reason="root ignores file permissions")
def test_a_database_file_made_read_only_by_chmod_still_grades(
    content_dir: Path, tmp_path: Path
) -> None:
    folder = tmp_path / "db"
    folder.mkdir()
    url = f"sqlite:///{folder / 'progress.sqlite3'}"
    app = _app(content_dir, url)
    learner = Learner(app.test_client())
    assert learner.answer()[0]
    _store(app).engine.dispose()
    for file in folder.iterdir():
        file.chmod(0o444)
    folder.chmod(0o555)
    try:
        assert not learner.answer()[0]
    finally:
        folder.chmod(0o755)
    assert learner.stored(url) == 1


# --- SQLite disk full ---------------------------------------------------------------

def test_a_full_database_answers_with_a_clear_message_and_keeps_what_it_had(
    content_dir: Path, tmp_path: Path
) -> None:
    path = tmp_path / "progress.sqlite3"
    url = f"sqlite:///{path}"
    app = _app(content_dir, url)
    learner = Learner(app.test_client())
    assert learner.answer()[0]
    store = _store(app)
    store.engine.dispose()

    @sa.event.listens_for(store.engine, "connect")
    def _cap(dbapi_conn: Any, _record: Any) -> None:
        # SQLite answers SQLITE_FULL once the file would grow past this many pages.
        pages = dbapi_conn.execute("PRAGMA page_count").fetchone()[0]
        dbapi_conn.execute(f"PRAGMA max_page_count = {pages}")

    outcomes = [learner.answer(d)[0] for d in list(ANSWERS) * 40]
    assert False in outcomes, "the capped database never filled up"
    first_full = outcomes.index(False)
    assert not any(outcomes[first_full:]), "once full, nothing more may be stored"
    assert learner.stored(url) == learner.saved
    assert learner.client.get("/progress").status_code == 200  # reading still works
    store.engine.dispose()


def _can_mount() -> bool:
    return os.geteuid() == 0 and os.path.exists("/bin/mount")


@pytest.fixture
def tiny_disk(tmp_path: Path) -> Iterator[Path]:
    """A real 512 KB file system (tmpfs), so the disk really fills up."""
    target = tmp_path / "tiny"
    target.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=512k", "tmpfs", str(target)],
                          capture_output=True, check=False)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.decode().strip()}")
    try:
        yield target
    finally:
        subprocess.run(["umount", "-l", str(target)], check=False)


@pytest.mark.skipif(not _can_mount(), reason="a real full disk needs root (mount -t tmpfs)")
def test_a_really_full_disk_answers_with_a_clear_message(
    content_dir: Path, tiny_disk: Path
) -> None:
    url = f"sqlite:///{tiny_disk / 'progress.sqlite3'}"
    app = _app(content_dir, url)
    learner = Learner(app.test_client())
    assert learner.answer()[0]
    filler = tiny_disk / "filler"
    with open(filler, "wb", buffering=0) as handle:
        try:
            while True:
                handle.write(b"\0" * 4096)
        except OSError:
            pass  # the disk is full now
    outcomes = [learner.answer(d)[0] for d in list(ANSWERS) * 25]
    assert False in outcomes
    filler.unlink()
    _store(app).engine.dispose()
    assert learner.stored(url) == learner.saved
    assert learner.answer()[0], "with space again, saving resumes"
    _store(app).engine.dispose()


# --- the SQLite file deleted or replaced under the server ---------------------------

def _tables(path: Path) -> list[str]:
    with closing(sqlite3.connect(path)) as conn:
        return [row[0] for row in conn.execute("SELECT name FROM sqlite_master")]


def _swap(path: Path, how: str) -> None:
    """Delete the database file, or put an empty database (an empty restore) in its place."""
    if how == "deleted":
        path.unlink()
    else:
        sqlite3.connect(path.with_name("restored.sqlite3")).close()
        os.replace(path.with_name("restored.sqlite3"), path)


@pytest.mark.parametrize("how", ["deleted", "replaced"])
def test_a_database_file_deleted_or_replaced_while_serving_fails_loudly(
    content_dir: Path, tmp_path: Path, how: str
) -> None:
    """Rule (docs/deployment.md): nothing is reported saved that is not in the file served.

    SQLite keeps writing into an unlinked file, so before, answers went there
    while the page said they were saved; then the server replayed some of them.
    """
    path = tmp_path / "progress.sqlite3"
    app = _app(content_dir, f"sqlite:///{path}")
    learner = Learner(app.test_client())
    assert learner.answer()[0]
    _swap(path, how)
    assert learner.client.get("/healthz").get_json()["db"] == "replaced"
    for drill in ("nobetan", "discard", "pinfu-ron"):
        saved, html = learner.answer(drill)
        assert not saved and NOT_SAVED in html
    assert learner.client.get("/progress").status_code == 503  # reads refuse it too
    if how == "deleted":
        assert not path.exists(), "nothing made a new file behind the operator's back"
    else:
        assert _tables(path) == [], "nothing written into the file put in place"
    _store(app).engine.dispose()


def test_after_a_replaced_file_a_later_write_error_is_still_reported_not_saved(
    content_dir: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The attack: replace the file once, then cause write errors; no answer may read
    «saved» and the log shows no AttributeError (before, a retired connection in the
    list of retired engines turned the error into one, and the answer was reported saved).
    """
    path = tmp_path / "progress.sqlite3"
    app = _app(content_dir, f"sqlite:///{path}")
    learner = Learner(app.test_client())
    assert learner.answer()[0]
    _swap(path, "replaced")
    assert not learner.answer("discard")[0]
    store = _store(app)  # and now every write errors in SQLite as well (read-only)
    store.engine.dispose()
    store.engine = ProgressStore(f"sqlite:///file:{path}?mode=ro&uri=true").engine
    with caplog.at_level(logging.WARNING):
        for drill in ("nobetan", "pinfu-ron", "set-size"):
            assert not learner.answer(drill)[0]
    assert "AttributeError" not in caplog.text
    assert learner.saved == 1 and _tables(path) == []
    store.engine.dispose()


# --- PostgreSQL going away ------------------------------------------------------------

@pytest.mark.skipif(not PG_URL, reason="TEMPAI_TEST_PG_URL not set (.ci/run sets it)")
def test_postgresql_stopping_mid_run_still_grades_and_says_progress_was_not_saved(
    content_dir: Path,
) -> None:
    real = urlsplit(str(PG_URL))
    proxy = loadkit().TcpProxy(real.hostname or "127.0.0.1", real.port or 5432).start()
    via_proxy = real._replace(netloc=f"{real.username}:{real.password}@127.0.0.1:{proxy.port}")
    app = _app(content_dir, via_proxy.geturl())
    try:
        learner = Learner(app.test_client())
        assert learner.answer()[0]
        proxy.stop()  # the database server "dies" with connections open
        for drill in ("nobetan", "discard", "pinfu-ron"):
            saved, html = learner.answer(drill)
            assert not saved and "ответ проверен" in html
        assert learner.client.get("/healthz").get_json()["db"] == "unavailable"
        assert learner.client.get("/lessons/second").status_code == 200
        assert learner.stored(str(PG_URL)) == learner.saved == 1
        proxy.start()  # back: the pool reconnects on the next answer
        assert learner.answer()[0] and learner.stored(str(PG_URL)) == 2
    finally:
        proxy.stop()
        _store(app).engine.dispose()


# --- lesson files breaking --------------------------------------------------------

BROKEN_LESSONS = [
    pytest.param(b"", id="emptied"),
    pytest.param(b"---\ntitle: [unclosed\nslug: basics\n---\n", id="bad-front-matter"),
    pytest.param(b"\xff\xfe\x00garbage\x80\x81", id="not-utf8"),
    pytest.param(b"---\ntitle: X\nslug: basics\norder: 1\n---\n/// waits\nid: a\nhand: 9999m\n///",
                 id="bad-drill"),
    pytest.param(b"---\ntitle: X\nslug: basics\norder: 1\n---\n" + b"# " * 20000, id="huge-junk"),
]


@pytest.mark.parametrize("content", BROKEN_LESSONS)
def test_a_lesson_corrupted_while_serving_errors_clearly_and_others_serve(
    client: FlaskClient, content_dir: Path, content: bytes
) -> None:
    token = csrf_token(client)
    (content_dir / "01-basics.md").write_bytes(content)
    page = client.get("/lessons/basics")
    html = page.get_data(as_text=True)
    assert page.status_code in (200, 404), page.status_code
    assert "Traceback" not in html
    if page.status_code == 200:  # the lesson's own page, with the error box for its author
        assert "В этом уроке есть ошибки" in html
    else:
        assert "Такого урока нет" in html
    assert client.get("/lessons/second").status_code == 200
    assert client.get("/").status_code == 200
    drill = client.post("/lessons/basics/drills/nobetan", headers=HTMX,
                        data={"csrf_token": token, "tiles": ["3m", "6m"]})
    assert drill.status_code < 500


def test_a_lesson_deleted_while_serving_is_a_russian_404_and_others_serve(
    client: FlaskClient, content_dir: Path
) -> None:
    assert client.get("/lessons/second").status_code == 200
    (content_dir / "02-second.md").unlink()
    gone = client.get("/lessons/second")
    assert gone.status_code == 404 and "Такого урока нет" in gone.get_data(as_text=True)
    assert client.get("/lessons/basics").status_code == 200
    home = client.get("/").get_data(as_text=True)
    assert "/lessons/second" not in home and "/lessons/basics" in home
