"""Each classes test on a fresh database: SQLite, and PostgreSQL when TEMPAI_TEST_PG_URL is set."""

from tests.support.accounts import app, site  # noqa: F401 (fixtures)
