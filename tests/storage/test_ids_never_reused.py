"""Ids of accounts, classes and studio lessons are never given out again, also after migrating.

Rule (tutor/storage/accounts.py): SQLite without ``AUTOINCREMENT`` hands the id
of the newest deleted row to the next insert, so a new account inherited a
deleted instructor's classes. Version 12 rebuilds those tables with it, and
starts each counter above every id still named anywhere (a class of a
deleted owner keeps his id in ``owner_id``).
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
import sqlalchemy as sa

from tutor.storage import migrations
from tutor.storage.accounts import users
from tutor.storage.classes import classes
from tutor.storage.progress import ProgressStore
from tutor.storage.studio import club_lessons

OLD_VERSION = 11  # the last version before ids were kept from reuse


def _user(conn: sa.Connection, login: str) -> int:
    return int(conn.execute(users.insert().values(
        login=login, display_name=login, password_hash="x", role="instructor",
        learner_id=login, disabled=False, created_at=time.time()).returning(users.c.id))
        .scalar_one())


def _old_database(path: Path, monkeypatch: pytest.MonkeyPatch) -> ProgressStore:
    """A database as version 11 made it: its tables without AUTOINCREMENT."""
    with monkeypatch.context() as old:
        old.setattr(migrations, "MIGRATIONS", migrations.MIGRATIONS[:OLD_VERSION])
        old.setattr(migrations, "SCHEMA_VERSION", OLD_VERSION)
        for table in (users, classes, club_lessons):
            old.setitem(table.dialect_options["sqlite"], "autoincrement", False)
        store = ProgressStore(f"sqlite:///{path}")
        store.migrate()
    return store


def test_migrating_an_old_database_stops_reuse_of_a_deleted_accounts_id(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = _old_database(tmp_path / "old.sqlite3", monkeypatch)
    try:
        with store.engine.begin() as conn:
            assert "AUTOINCREMENT" not in conn.exec_driver_sql(
                "SELECT sql FROM sqlite_master WHERE name = 'users'").scalar_one()
            _user(conn, "first")
            gone = _user(conn, "teacher")
            conn.execute(classes.insert().values(owner_id=gone, name="Клуб", rules="ema",
                                                 code="ABCD1234", created_at=time.time()))
            conn.execute(users.delete().where(users.c.id == gone))
            assert _user(conn, "probe") == gone  # the old schema gives it again…
            conn.execute(users.delete().where(users.c.id == gone))
        assert store.migrate() == migrations.SCHEMA_VERSION
        with store.engine.begin() as conn:
            assert _user(conn, "newcomer") > gone  # …the migrated one never does
            logins = [row.login for row in conn.execute(sa.select(users.c.login))]
            assert logins == ["first", "newcomer"]
            indexes = {row[0] for row in conn.exec_driver_sql(
                "SELECT name FROM sqlite_master WHERE type = 'index'")}
            assert {"ix_classes_owner_id", "ix_club_lessons_owner_id"} <= indexes
            for table in ("users", "classes", "club_lessons"):
                assert "AUTOINCREMENT" in conn.exec_driver_sql(
                    "SELECT sql FROM sqlite_master WHERE name = ?", (table,)).scalar_one()
    finally:
        store.engine.dispose()


def test_a_new_database_never_reuses_ids_either(tmp_path: Path) -> None:
    store = ProgressStore(f"sqlite:///{tmp_path / 'new.sqlite3'}")
    try:
        store.migrate()
        with store.engine.begin() as conn:
            gone = _user(conn, "teacher")
            conn.execute(users.delete().where(users.c.id == gone))
            assert _user(conn, "newcomer") > gone
    finally:
        store.engine.dispose()
