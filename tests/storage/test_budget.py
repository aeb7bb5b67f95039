"""The hourly budget of stored answers per learner (tutor/storage/budget.py), on both backends.

Beyond the budget an answer is not stored (record says SaveResult.OVER_BUDGET,
the aggregates do not move), other learners and the next hour are unaffected,
a re-sent form is not counted, and the page grades the answer and says in
Russian that it was not saved.
"""

from __future__ import annotations

import datetime as dt
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from flask.testing import FlaskClient

from tests.support.databases import BACKENDS, fresh_database
from tests.support.practice import answer_practice
from tests.support.site import make_app
from tutor import storage
from tutor.accounts.merge import merge_learner
from tutor.storage import budget
from tutor.storage.errors import StorageError
from tutor.storage.migrations import MIGRATIONS
from tutor.storage.progress import ProgressStore, SaveResult

SAVED, DUPLICATE, OVER_BUDGET = SaveResult.SAVED, SaveResult.DUPLICATE, SaveResult.OVER_BUDGET

HOUR = dt.datetime(2026, 12, 1, 10, 0, tzinfo=dt.UTC)


@pytest.fixture(params=BACKENDS)
def url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    with fresh_database(request.param, tmp_path) as made:
        yield made


@pytest.fixture
def store(url: str) -> Iterator[ProgressStore]:
    s = ProgressStore(url)
    s.migrate()
    s.set_answers_per_hour(3)
    yield s
    s.engine.dispose()


def _record(store: ProgressStore, learner: str, at: dt.datetime,
            nonce: str | None = None) -> SaveResult:
    return store.record(learner, nonce=nonce or uuid.uuid4().hex, source="practice", kind="fu",
                        problem="practice/fu/novice/1", correct=True, level="novice", at=at)


def _total(store: ProgressStore, learner: str) -> int:
    overall = store.summary(learner).overall
    return overall.total if overall else 0


def test_the_default_budget_is_in_the_database(url: str) -> None:
    s = ProgressStore(url)
    try:
        s.migrate()
        assert s.answers_per_hour() == budget.ANSWERS_PER_HOUR
    finally:
        s.engine.dispose()


def test_answers_beyond_the_hourly_budget_are_not_stored(store: ProgressStore) -> None:
    alice, bob = uuid.uuid4().hex, uuid.uuid4().hex
    for minute in range(3):
        assert _record(store, alice, HOUR + dt.timedelta(minutes=minute)) is SAVED
    assert _record(store, alice, HOUR + dt.timedelta(minutes=59)) is OVER_BUDGET
    assert _total(store, alice) == 3 and len(store.history(alice)) == 3
    # another learner: own budget
    assert _record(store, bob, HOUR + dt.timedelta(minutes=30)) is SAVED
    # the next hour: a new budget
    assert _record(store, alice, HOUR + dt.timedelta(hours=1)) is SAVED
    assert _total(store, alice) == 4


def test_a_resent_form_is_not_counted_against_the_budget(store: ProgressStore) -> None:
    alice = uuid.uuid4().hex
    assert _record(store, alice, HOUR, nonce="same") is SAVED
    for _ in range(3):
        assert _record(store, alice, HOUR, nonce="same") is DUPLICATE  # a duplicate: rolled back
    assert _record(store, alice, HOUR) is SAVED and _record(store, alice, HOUR) is SAVED
    assert _record(store, alice, HOUR) is OVER_BUDGET


def test_the_budget_can_change_without_a_new_trigger(store: ProgressStore) -> None:
    alice = uuid.uuid4().hex
    for _ in range(3):
        _record(store, alice, HOUR)
    store.set_answers_per_hour(5)
    assert _record(store, alice, HOUR) is SAVED and _record(store, alice, HOUR) is SAVED
    assert _record(store, alice, HOUR) is OVER_BUDGET


def test_the_page_grades_but_says_the_answer_was_not_saved(url: str, content_dir: Path) -> None:
    app = make_app(content_dir, SECRET_KEY="test", DATABASE_URL=url, ANSWERS_PER_HOUR=2)
    client: FlaskClient = app.test_client()
    try:
        for seed in (1, 2):
            html = answer_practice(client, "fu", "novice", seed, True)
            assert 'data-verdict="correct"' in html and "не сохранён" not in html
        html = answer_practice(client, "fu", "novice", 3, True)
        assert 'data-verdict="correct"' in html  # still graded
        assert ("Ответ проверен, но не сохранён: за этот час сохранено уже 2 ответа" in html)
        assert "Не удалось сохранить прогресс" not in html  # not a database failure
    finally:
        storage.opened_store(app).engine.dispose()


def _app_with(content_dir: Path, url: str, value: object) -> ProgressStore:
    app = make_app(content_dir, SECRET_KEY="test", DATABASE_URL=url, ANSWERS_PER_HOUR=value)
    store: ProgressStore = storage.opened_store(app)
    return store


@pytest.mark.parametrize("value", [0, -5, "0", "-1", "abc", "много", 2.5, True, 2**31, "1e99",
                                   [3], {"n": 3}])
def test_a_bad_answers_per_hour_stops_start_up_in_russian(
        value: object, content_dir: Path, tmp_path: Path) -> None:
    with pytest.raises(RuntimeError, match="ANSWERS_PER_HOUR должно быть целым числом"):
        _app_with(content_dir, f"sqlite:///{tmp_path / 'p.sqlite3'}", value)


def test_a_bad_answers_per_hour_from_the_environment_stops_start_up(
        monkeypatch: pytest.MonkeyPatch, content_dir: Path, tmp_path: Path) -> None:
    monkeypatch.setenv("FLASK_ANSWERS_PER_HOUR", "тысяча")
    with pytest.raises(RuntimeError, match="задано 'тысяча'"):
        make_app(content_dir, DATABASE_URL=f"sqlite:///{tmp_path / 'p.sqlite3'}", SECRET_KEY=None)


@pytest.mark.parametrize(("value", "stored"), [(7, 7), ("12", 12), (40.0, 40), ("", 3600),
                                               (None, 3600)])
def test_a_good_or_unset_answers_per_hour_reaches_the_database(
        value: object, stored: int, content_dir: Path, tmp_path: Path) -> None:
    store = _app_with(content_dir, f"sqlite:///{tmp_path / 'p.sqlite3'}", value)
    try:
        assert store.answers_per_hour() == stored
    finally:
        store.engine.dispose()


def test_exactly_the_limit_is_stored_and_the_next_is_not(store: ProgressStore) -> None:
    alice = uuid.uuid4().hex
    last = HOUR + dt.timedelta(minutes=59, seconds=59, microseconds=999_999)
    assert _record(store, alice, HOUR) is SAVED and _record(store, alice, HOUR) is SAVED
    assert _record(store, alice, last) is SAVED  # the third of three, in the hour's last instant
    assert _record(store, alice, last) is OVER_BUDGET
    # the next hour starts at 11:00
    assert _record(store, alice, HOUR + dt.timedelta(hours=1)) is SAVED
    assert _total(store, alice) == 4


def _budget_rows(store: ProgressStore, learner: str) -> list[tuple[int, int]]:
    with store.transaction() as conn:
        rows = conn.execute(sa.select(budget.learner_budget.c.hour, budget.learner_budget.c.count)
                            .where(budget.learner_budget.c.learner_id == learner)).all()
    return [(int(hour), int(count)) for hour, count in rows]


def test_merging_past_the_budget_keeps_every_answer_and_counts_them_for_the_account(
        store: ProgressStore) -> None:
    anonymous, account = uuid.uuid4().hex, uuid.uuid4().hex
    now = dt.datetime.now(dt.UTC)
    for _ in range(3):
        assert _record(store, anonymous, now) is SAVED  # the anonymous side spent its budget
    assert _record(store, account, now) is SAVED and _record(store, account, now) is SAVED
    with store.transaction() as conn:
        merge_learner(conn, anonymous, account)
    assert _total(store, account) == 5 and len(store.history(account)) == 5  # none lost
    assert _budget_rows(store, anonymous) == []  # the anonymous id is left with nothing
    assert [count for _, count in _budget_rows(store, account)] == [5]
    assert _record(store, account, now) is OVER_BUDGET  # five stored this hour: over three
    # the next hour: a new budget
    assert _record(store, account, now + dt.timedelta(hours=1)) is SAVED


def test_merging_an_older_hour_leaves_the_account_budget_of_this_hour(store: ProgressStore) -> None:
    anonymous, account = uuid.uuid4().hex, uuid.uuid4().hex
    now = dt.datetime.now(dt.UTC)
    for _ in range(3):
        assert _record(store, anonymous, now - dt.timedelta(hours=2)) is SAVED
    assert _record(store, account, now) is SAVED
    with store.transaction() as conn:
        merge_learner(conn, anonymous, account)
    assert _total(store, account) == 4
    assert [count for _, count in _budget_rows(store, account)] == [1]
    assert _record(store, account, now) is SAVED and _record(store, account, now) is SAVED


def test_the_configured_budget_is_written_when_the_database_comes_up_later(
        monkeypatch: pytest.MonkeyPatch, content_dir: Path, tmp_path: Path) -> None:
    real = ProgressStore.migrate

    def down(self: ProgressStore) -> int:
        raise StorageError("OperationalError")

    monkeypatch.setattr(ProgressStore, "migrate", down)
    store = _app_with(content_dir, f"sqlite:///{tmp_path / 'p.sqlite3'}", 2)  # starts anyway
    monkeypatch.setattr(ProgressStore, "migrate", real)
    try:
        alice = uuid.uuid4().hex
        store.ensure_migrated()  # the first answer's call
        assert store.answers_per_hour() == 2
        assert _record(store, alice, HOUR) is SAVED and _record(store, alice, HOUR) is SAVED
        assert _record(store, alice, HOUR) is OVER_BUDGET
    finally:
        store.engine.dispose()


def test_a_database_with_version_8s_trigger_gets_the_whole_second_hour(url: str) -> None:
    s = ProgressStore(url)
    try:
        s.migrate()
        if s.engine.dialect.name == "sqlite":  # put back version 8's rounding trigger
            with s.engine.begin() as conn:
                conn.exec_driver_sql("DROP TRIGGER answers_budget")
                conn.exec_driver_sql(budget._SQLITE[1].replace(
                    "substr(NEW.answered_at, 1, 19)", "NEW.answered_at"))
                before = MIGRATIONS.index(budget.recreate_trigger)  # the version just before it
                conn.exec_driver_sql(f"UPDATE schema_version SET version = {before}")
            assert s.migrate() > before
        s.set_answers_per_hour(1)
        alice = uuid.uuid4().hex
        last = HOUR + dt.timedelta(minutes=59, seconds=59, microseconds=999_900)
        assert _record(s, alice, last) is SAVED
        assert _record(s, alice, HOUR) is OVER_BUDGET  # the same hour, 10:00–11:00
    finally:
        s.engine.dispose()


def test_a_form_resent_after_the_budget_is_spent_is_a_duplicate_not_unsaved(
        store: ProgressStore) -> None:
    alice = uuid.uuid4().hex
    assert _record(store, alice, HOUR, nonce="first") is SAVED
    assert _record(store, alice, HOUR) is SAVED and _record(store, alice, HOUR) is SAVED  # spent
    assert _record(store, alice, HOUR, nonce="first") is DUPLICATE  # stored before: counted once
    assert _record(store, alice, HOUR, nonce="new") is OVER_BUDGET
    assert _total(store, alice) == 3
