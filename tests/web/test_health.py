"""``/healthz`` names the rules engine that grades: the compiled build or the Python modules.

`make serve` builds the compiled engine and falls back to Python when the
build fails (Makefile); this field is how an operator sees which one runs.
"""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

import engine


def test_health_names_the_engine_in_use(client: FlaskClient) -> None:
    body = client.get("/healthz").get_json()
    assert body["status"] == "ok"
    assert body["engine"] == ("native" if engine.NATIVE else "python")


@pytest.mark.parametrize(("native", "named"), [(True, "native"), (False, "python")])
def test_health_follows_the_engine_switch(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch, native: bool, named: str
) -> None:
    monkeypatch.setattr(engine, "NATIVE", native)
    assert client.get("/healthz").get_json()["engine"] == named
