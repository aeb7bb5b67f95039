"""Each studio test on a fresh database: SQLite, and PostgreSQL when TEMPAI_TEST_PG_URL is set.

The world is the classes tests' small school (:mod:`tests.classes.world`):
teacher owns «Клуб» (alice, carol), other owns «Другой» (bob), root is an admin.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.accounts_help import BACKENDS, Site, fresh_database
from tests.classes.world import World, build


@pytest.fixture(params=BACKENDS)
def site(request: pytest.FixtureRequest, content_dir: Path, tmp_path: Path) -> Iterator[Site]:
    with fresh_database(request.param, tmp_path) as url:
        made = Site(content_dir, url)
        yield made
        made.close()


@pytest.fixture
def world(site: Site) -> World:
    return build(site.app())
