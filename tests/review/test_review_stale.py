"""A kept review is computed again when the engine's measures or rules changed since.

Rule (docs/review.md, «A kept review»): a review is computed once, at import,
and kept with the fingerprint of what decided it — the thresholds, the rule
set's values and the review's version (:mod:`engine.review.fingerprint`).
When they differ from the engine's now, the page computes the review again
for the one game it shows, keeps it, and the drills made of its flags follow
their decisions.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient

from engine.review import fingerprint as prints
from engine.review import thresholds
from tests.support.client import csrf_token
from tutor import storage
from tutor.storage import review as reviews

LOG = (Path(__file__).parent.parent / "fixtures" / "review" / "one_ron.json").read_text()


def _import(client: FlaskClient) -> int:
    made = client.post("/review", data={"csrf_token": csrf_token(client, "/review"), "log": LOG,
                                        "link": "", "seat": "", "rules": ""})
    assert made.status_code == 303
    found = re.search(r"/review/(\d+)", made.headers["Location"])
    assert found
    return int(found.group(1))


def _kept(app: Flask, game_id: int) -> dict[str, object]:
    with app.app_context(), storage.store().transaction() as conn:
        text = conn.execute(sa.select(reviews.reviewed_games.c.review).where(
            reviews.reviewed_games.c.id == game_id)).scalar_one()
    kept: dict[str, object] = json.loads(text)
    return kept


def _keep(app: Flask, game_id: int, review: dict[str, object], flag: int | None = None) -> None:
    with app.app_context(), storage.store().transaction() as conn:
        conn.execute(reviews.reviewed_games.update().where(
            reviews.reviewed_games.c.id == game_id).values(review=json.dumps(review)))
        if flag is not None:
            conn.execute(reviews.review_positions.update().values(flag=flag))


def test_the_fingerprint_follows_thresholds_rules_and_version(
        monkeypatch: pytest.MonkeyPatch) -> None:
    now = prints.fingerprint("online")
    assert prints.fingerprint("online") == now != prints.fingerprint("ema")
    monkeypatch.setattr(prints, "REVIEW_VERSION", prints.REVIEW_VERSION + 1)
    assert prints.fingerprint("online") != now
    monkeypatch.undo()
    looser = (thresholds.Threshold("ukeire_share", 0.7), *thresholds.THRESHOLDS[1:])
    monkeypatch.setattr(thresholds, "THRESHOLDS", looser)
    assert prints.fingerprint("online") != now


def test_a_stale_review_is_computed_again_on_view_and_kept(app: Flask,
                                                            client: FlaskClient) -> None:
    game_id = _import(client)
    current = _kept(app, game_id)
    assert current["fingerprint"] == prints.fingerprint("online")
    old = {**current, "fingerprint": "0" * 16, "flags": [], "summary": {},
           "summary_text": "0 решений"}
    _keep(app, game_id, old)
    html = client.get(f"/review/{game_id}").get_data(as_text=True)
    assert html.count("data-decision=") == 1 and "1 решение: 1 по эффективности" in html
    assert _kept(app, game_id) == current


def test_a_current_review_is_not_computed_again(app: Flask, client: FlaskClient) -> None:
    game_id = _import(client)
    marked = {**_kept(app, game_id), "summary_text": "как было сохранено"}
    _keep(app, game_id, marked)
    assert "как было сохранено" in client.get(f"/review/{game_id}").get_data(as_text=True)


def test_the_drills_made_of_flags_follow_them_when_recomputed(app: Flask,
                                                                client: FlaskClient) -> None:
    game_id = _import(client)
    made = client.post(f"/review/{game_id}/flags/0/drill",
                       data={"csrf_token": csrf_token(client, "/review")})
    position = made.headers["Location"]
    current = _kept(app, game_id)
    flags = current["flags"]
    assert isinstance(flags, list)
    gone = {**flags[0], "event": 99}  # a decision the engine no longer flags
    _keep(app, game_id, {**current, "fingerprint": "old", "flags": [gone, *flags]}, flag=1)
    html = client.get(f"/review/{game_id}").get_data(as_text=True)
    # the one flag left is the one the drill was made of: its link, not «Решить как задачу»
    assert html.count("data-decision=") == 1 and f'href="{position}"' in html
    with app.app_context(), storage.store().transaction() as conn:
        assert reviews.positions_of_game(conn, _learner_of(app, game_id), game_id) == {
            0: int(position.rsplit("/", 1)[1])}


def _learner_of(app: Flask, game_id: int) -> str:
    with app.app_context(), storage.store().transaction() as conn:
        learner: str = conn.execute(sa.select(reviews.reviewed_games.c.learner_id).where(
            reviews.reviewed_games.c.id == game_id)).scalar_one()
    return learner
