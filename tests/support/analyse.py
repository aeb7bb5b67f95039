"""Reading the analyser's page the way a learner's browser asks for it."""

from __future__ import annotations

from flask.testing import FlaskClient
from werkzeug.test import TestResponse


def get(client: FlaskClient, **args: str) -> TestResponse:
    return client.get("/analyse", query_string=args)


def page(client: FlaskClient, **args: str) -> str:
    response = get(client, **args)
    assert response.status_code == 200
    return response.get_data(as_text=True)
