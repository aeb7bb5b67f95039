"""The drill-answer hot path: cheaper, but writing and answering exactly the same.

Rules: the SQLite fast path stores the very row SQLAlchemy's Core INSERT
stores, committed before it returns and holding no lock after, on one
connection per thread; a body
under 1 KB is sent plain, a bigger one gzipped; ``Vary`` names each header once; the session
cookie behaves as Flask's (set when new, only ``Vary: Cookie`` when read, and
a new secret key refuses the old one).
"""

from __future__ import annotations

import datetime as dt
import gzip
import io
import logging
import os
import sqlite3
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask, Response
from flask.testing import FlaskClient

from tests.support.client import HTMX, csrf_token
from tests.support.live import VERDICT
from tutor.storage.answers import INSERT
from tutor.storage.progress import ProgressStore, SaveResult
from tutor.web import compression, security
from tutor.web.compression import MIN_SIZE, add_vary, compress
from tutor.web.errors import CSRF_MESSAGE
from tutor.web.logs import configure_logging
from tutor.web.security import VerifiedCookies

SAVED, DUPLICATE, OVER_BUDGET = SaveResult.SAVED, SaveResult.DUPLICATE, SaveResult.OVER_BUDGET

AT = dt.datetime(2026, 12, 1, 1, 2, 3, 456789, tzinfo=dt.UTC)
ROW = {"nonce": "n", "source": "lesson", "kind": "waits", "problem": "lesson/waits/a",
       "correct": True, "level": None, "lesson": "waits"}


@pytest.fixture
def store(tmp_path: Path) -> Iterator[ProgressStore]:
    s = ProgressStore(f"sqlite:///{tmp_path / 'progress.sqlite3'}")
    s.migrate()
    yield s
    s.engine.dispose()


def _raw_rows(path: Path) -> list[tuple[object, ...]]:
    with sqlite3.connect(path) as conn:
        return conn.execute("SELECT learner_id, nonce, source, kind, level, lesson, problem, "
                            "correct, answered_at FROM answers ORDER BY id").fetchall()


def test_the_sqlite_fast_path_stores_the_row_the_core_insert_stores(
    store: ProgressStore, tmp_path: Path
) -> None:
    assert store.record("fast", at=AT, **ROW) is SAVED  # type: ignore[arg-type]
    with store.engine.begin() as conn:
        conn.execute(INSERT, {"learner_id": "core", "answered_at": AT, **ROW})
    fast, core = _raw_rows(tmp_path / "progress.sqlite3")
    assert fast[1:] == core[1:]  # every column but the learner, byte for byte
    assert fast[7] == 1 and fast[8] == "2026-12-01 01:02:03.456789"
    read_back = {a.problem: a for a in store.history("fast")}
    assert read_back["lesson/waits/a"].answered_at.replace(tzinfo=dt.UTC) == AT


def test_an_answer_is_committed_before_record_returns(store: ProgressStore, tmp_path: Path) -> None:
    assert store.record("a" * 32, at=AT, **ROW) is SAVED  # type: ignore[arg-type]
    # A separate connection (another process would see the same) reads it at once.
    assert len(_raw_rows(tmp_path / "progress.sqlite3")) == 1


def test_a_resent_form_on_the_fast_path_is_refused_and_the_next_answer_still_saves(
    store: ProgressStore, tmp_path: Path
) -> None:
    """Each answer is its own transaction: no write lock outlives ``record``.

    Another process must be able to take the write lock at once (``timeout=0``)
    right after each answer, also after a re-sent form was refused.
    """
    other = sqlite3.connect(tmp_path / "progress.sqlite3", timeout=0, isolation_level=None)
    try:
        for nonce, saved in (("n", SAVED), ("n", DUPLICATE), ("other", SAVED)):
            assert store.record("a", at=AT, **{**ROW, "nonce": nonce}) is saved  # type: ignore[arg-type]
            other.execute("BEGIN IMMEDIATE")  # raises "database is locked" if a writer remains
            other.execute("ROLLBACK")
    finally:
        other.close()
    assert [r[1] for r in _raw_rows(tmp_path / "progress.sqlite3")] == ["n", "other"]


def _held(store: ProgressStore) -> object:
    """This thread's connection in the store's SQLite writer."""
    assert store._sqlite is not None
    return store._sqlite._held.conn


def test_each_thread_reuses_one_connection_and_threads_do_not_share(
    store: ProgressStore,
) -> None:
    seen: dict[str, list[int]] = {}

    def answer(name: str) -> None:
        ids = seen.setdefault(name, [])
        for i in range(3):
            store.record(name, at=AT, **{**ROW, "nonce": str(i)})  # type: ignore[arg-type]
            ids.append(id(_held(store)))

    threads = [threading.Thread(target=answer, args=(f"t{i}",)) for i in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert all(len(set(ids)) == 1 for ids in seen.values())
    assert len(store.history("t0")) == len(store.history("t2")) == 3


def test_a_disposed_engine_gives_the_thread_a_fresh_connection(store: ProgressStore) -> None:
    store.record("a", at=AT, **ROW)  # type: ignore[arg-type]
    first = _held(store)
    store.engine.dispose()
    store.record("a", at=AT, **{**ROW, "nonce": "2"})  # type: ignore[arg-type]
    assert _held(store) is not first


# --- gzip and Vary -------------------------------------------------------------------

@pytest.mark.parametrize(("size", "packed"), [(MIN_SIZE - 1, False), (MIN_SIZE, True)])
def test_a_body_under_one_kilobyte_goes_out_plain_and_a_bigger_one_gzipped(
    app: Flask, size: int, packed: bool
) -> None:
    body = ("<p>" + "тайл " * size)[:size].encode()[:size]
    with app.test_request_context(headers={"Accept-Encoding": "gzip"}):
        response = compress(Response(body, mimetype="text/html"))
    assert ("Content-Encoding" in response.headers) is packed
    data = response.get_data()
    assert (gzip.decompress(data) if packed else data) == body
    assert "Accept-Encoding" in response.headers["Vary"]


@pytest.mark.parametrize("level", [compression.LEVEL, 9])
@pytest.mark.parametrize("size", [0, 1, 511, 512, 513, 2500, 16 * 1024, 40_000, 200_000])
def test_gzip_window_fits_the_body_and_loses_nothing(size: int, level: int) -> None:
    """Rule: a small window for a small body; same round trip, no bigger than gzip's own."""
    text = "".join(f"<li>тайл {n % 97} — {n * 7919 % 1000}</li>" for n in range(size))
    body = text.encode()[:size]
    packed = compression.gzip_bytes(body, level)
    assert gzip.decompress(packed) == body
    assert len(packed) <= len(gzip.compress(body, compresslevel=level, mtime=0))


def test_vary_names_each_header_once_and_keeps_the_others() -> None:
    response = Response("x")
    add_vary(response, "Accept-Encoding")
    assert response.headers["Vary"] == "Accept-Encoding"
    response.headers["Vary"] = "HX-Request"
    add_vary(response, "Accept-Encoding")
    add_vary(response, "accept-encoding")
    assert response.headers["Vary"] == "HX-Request, Accept-Encoding"


# --- the session cookie (CSRF secret) ------------------------------------------------

def test_an_answer_that_only_reads_the_session_sets_no_cookie_but_varies_on_it(
    client: FlaskClient,
) -> None:
    token = csrf_token(client)  # the page visit creates the session and its cookie
    response = client.post("/lessons/basics/drills/nobetan", headers=HTMX,
                           data={"csrf_token": token, "tiles": ["3m", "6m"]})
    assert response.status_code == 200
    assert "session=" not in " ".join(response.headers.getlist("Set-Cookie"))
    vary = [v.strip() for v in response.headers["Vary"].split(",")]
    assert "Cookie" in vary and len(vary) == len(set(vary))


def test_the_first_page_sets_the_session_cookie_and_its_token_validates(
    client: FlaskClient,
) -> None:
    page = client.get("/lessons/basics")
    assert "session=" in " ".join(page.headers.getlist("Set-Cookie"))
    token = csrf_token(client)
    ok = client.post("/lessons/basics/drills/nobetan", headers=HTMX,
                     data={"csrf_token": token, "tiles": ["3m", "6m"]})
    assert VERDICT.search(ok.get_data(as_text=True))


@pytest.mark.parametrize("path", ["/lessons/basics/drills/no-such-drill",
                                  "/lessons/no-such-lesson/drills/nobetan"])
def test_a_refused_token_on_an_unknown_drill_answers_404_not_a_crash(
    app: Flask, client: FlaskClient, path: str,
) -> None:
    """The in-place CSRF refusal looks the drill up; none there is the site's 404 page."""
    app.config["PROPAGATE_EXCEPTIONS"] = True  # an escaped exception fails here, not as a 500
    csrf_token(client)
    for headers in (HTMX, {}):
        refused = client.post(path, headers=headers, data={"csrf_token": "forged"})
        assert refused.status_code == 404, path
        assert CSRF_MESSAGE not in refused.get_data(as_text=True)


def test_a_new_secret_key_rejects_the_old_session_and_its_token(
    app: Flask, client: FlaskClient,
) -> None:
    token = csrf_token(client)
    app.config["SECRET_KEY"] = app.secret_key = "rotated-secret"
    refused = client.post("/lessons/basics/drills/nobetan", headers=HTMX,
                          data={"csrf_token": token, "tiles": ["3m", "6m"]})
    assert refused.status_code == 400 and CSRF_MESSAGE in refused.get_data(as_text=True)
    fresh = csrf_token(client)
    ok = client.post("/lessons/basics/drills/nobetan", headers=HTMX,
                     data={"csrf_token": fresh, "tiles": ["3m", "6m"]})
    assert ok.status_code == 200


def test_the_verified_cookie_memo_starts_again_empty_when_full(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Rule: a memo of checked cookies (session and learner) never holds more than its bound."""
    monkeypatch.setattr(security, "VERIFIED_MAX", 3)
    memo = VerifiedCookies[str]()
    for n in range(3):
        memo.remember(f"cookie{n}", f"id{n}")
    assert [memo.get(f"cookie{n}") for n in range(3)] == ["id0", "id1", "id2"]
    memo.remember("cookie3", "id3")
    assert [memo.get(f"cookie{n}") for n in range(4)] == [None, None, None, "id3"]


def test_a_remembered_session_cookie_is_refused_when_altered_expired_or_under_a_new_key(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The verified-cookie memo changes the cost, never the answer."""
    token = csrf_token(client)

    def post() -> int:
        return client.post("/lessons/basics/drills/nobetan", headers=HTMX,
                           data={"csrf_token": token, "tiles": ["3m", "6m"]}).status_code

    assert post() == 200 and post() == 200  # checked, then remembered
    genuine = client.get_cookie("session").value  # type: ignore[union-attr]
    client.set_cookie("session", genuine[:-2] + ("AA" if genuine[-2:] != "AA" else "BB"))
    assert post() == 400
    client.set_cookie("session", genuine)
    assert post() == 200
    app.permanent_session_lifetime = dt.timedelta(seconds=60)
    now = time.time()
    with monkeypatch.context() as later:
        later.setattr(time, "time", lambda: now + 120)
        assert post() == 400  # older than the lifetime: remembered or not, it has expired
    assert post() == 200
    app.config["SECRET_KEY"] = app.secret_key = "rotated-secret"
    assert post() == 400
    page = client.get("/lessons/basics")  # the old session is gone: a new one is started
    assert "session=" in " ".join(page.headers.getlist("Set-Cookie"))


# --- logs ------------------------------------------------------------------------------

def test_json_logging_leaves_the_process_id_for_gunicorns_own_log_format() -> None:
    handler = configure_logging(stream=io.StringIO())
    try:
        record = logging.getLogger("gunicorn.error").makeRecord(
            "gunicorn.error", logging.INFO, __file__, 1, "Worker exiting (pid: %s)", (7,), None)
        line = logging.Formatter("[%(process)d] %(message)s").format(record)
        assert line == f"[{os.getpid()}] Worker exiting (pid: 7)"
    finally:
        if handler is not None and handler.stream is not sys.stderr:
            logging.getLogger().removeHandler(handler)
