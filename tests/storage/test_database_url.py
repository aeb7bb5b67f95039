"""``DATABASE_URL`` that cannot be used: the start-up stops with a Russian message.

Before, an unparseable address or one without a driver stopped it with
SQLAlchemy's English traceback; the message never repeats the password.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor import create_app


@pytest.mark.parametrize("url", ["nonsense://x", "not a url", "postgresql://u:secret@host:port/db",
                                 "mysql://u:secret@localhost/db"])
def test_an_unusable_database_url_stops_start_up_in_russian_without_the_password(
        content_dir: Path, url: str) -> None:
    with pytest.raises(RuntimeError, match="DATABASE_URL не подходит") as refused:
        create_app({"TESTING": True, "CONTENT_DIR": str(content_dir), "DATABASE_URL": url})
    assert "secret" not in str(refused.value)
