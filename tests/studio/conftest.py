"""Each studio test on a fresh database: SQLite, and PostgreSQL when TEMPAI_TEST_PG_URL is set.

The world is the classes tests' small school (:mod:`tests.support.classes`):
teacher owns «Клуб» (alice, carol), other owns «Другой» (bob), root is an admin.
"""

from __future__ import annotations

import pytest

from tests.support.accounts import Site, site  # noqa: F401 (fixture)
from tests.support.classes import World, build


@pytest.fixture
def world(site: Site) -> World:  # noqa: F811 (the fixture imported above)
    return build(site.app())
