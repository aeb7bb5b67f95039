"""The drill tests read what an answer explains: their answers come as a second attempt."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from tests.support.client import Answering


@pytest.fixture
def answer(client: FlaskClient) -> Answering:
    """As the site's ``answer`` fixture, sent as a second attempt: a miss shows its solution."""
    return Answering(client, attempt=2)
