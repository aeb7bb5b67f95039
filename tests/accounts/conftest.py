"""Each accounts test on a fresh database: SQLite, and PostgreSQL when TEMPAI_TEST_PG_URL is set."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from tests.accounts_help import BACKENDS, Site, fresh_database


@pytest.fixture(params=BACKENDS)
def site(request: pytest.FixtureRequest, content_dir: Path, tmp_path: Path) -> Iterator[Site]:
    with fresh_database(request.param, tmp_path) as url:
        made = Site(content_dir, url)
        yield made
        made.close()


@pytest.fixture
def app(site: Site) -> Flask:
    return site.app()
