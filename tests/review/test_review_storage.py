"""The review tables on SQLite and PostgreSQL: the 50-game bound, deletion, positions
that outlive their game, merging at sign-in, export and deletion of a learner's record.

Rules (the game-review part of the project's issue list, «The page: /review»): at
most 50 reviewed games per learner, the oldest dropped; a position made a drill keeps
its own copy; a review belongs to its learner (another learner's id finds nothing);
anonymous reviews join the account at sign-in; the account's export and deletion
include them.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.databases import BACKENDS, migrated_store
from tutor.accounts.merge import merge_learner
from tutor.storage import review as reviews
from tutor.storage.progress import ProgressStore

POSITION = {"id": "position", "mode": "discard", "hand": "123m456p789s1122z5m",
            "situation": "Восток 1."}


@pytest.fixture(params=BACKENDS)
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[ProgressStore]:
    with migrated_store(request.param, tmp_path) as migrated:
        yield migrated


def _add(store: ProgressStore, learner: str, title: str = "партия") -> tuple[int, int]:
    with store.transaction() as conn:
        return reviews.add_game(conn, learner, title=title, format="tenhou6", rules="online",
                                seat=0, log="{}", review={"flags": []})


def test_a_game_is_its_learners_only(store: ProgressStore) -> None:
    game_id, _ = _add(store, "anna")
    with store.transaction() as conn:
        assert reviews.game(conn, "anna", game_id) is not None
        assert reviews.game(conn, "boris", game_id) is None
        assert not reviews.delete_game(conn, "boris", game_id)
        assert reviews.game(conn, "anna", game_id) is not None


def test_at_most_fifty_games_are_kept_the_oldest_dropped(store: ProgressStore) -> None:
    ids = [_add(store, "anna", f"партия {i}")[0] for i in range(reviews.GAMES_KEPT)]
    newest, dropped = _add(store, "anna", "ещё одна")
    assert dropped == 1
    with store.transaction() as conn:
        kept = [row.id for row in reviews.games(conn, "anna")]
        assert len(kept) == reviews.GAMES_KEPT
        assert ids[0] not in kept and newest in kept and ids[1] in kept


def test_a_position_outlives_its_game(store: ProgressStore) -> None:
    game_id, _ = _add(store, "anna")
    with store.transaction() as conn:
        made = reviews.add_position(conn, "anna", game_id, 0, "раздача 1", POSITION)
        assert reviews.add_position(conn, "anna", game_id, 0, "раздача 1", POSITION) == made
        assert reviews.delete_game(conn, "anna", game_id)
        kept = reviews.position(conn, made, "anna")
        assert kept is not None and kept.game_id is None and kept.params == POSITION
        assert reviews.position(conn, made, "boris") is None
        assert [p.id for p in reviews.pending(conn, "anna")] == [made]
        reviews.mark_solved(conn, made, "anna")
        assert reviews.pending(conn, "anna") == []


def test_anonymous_reviews_join_the_account_at_sign_in(store: ProgressStore) -> None:
    game_id, _ = _add(store, "cookie-1")
    with store.transaction() as conn:
        reviews.add_position(conn, "cookie-1", game_id, 2, "раздача 1", POSITION)
        merge_learner(conn, "cookie-1", "account-1")
        assert reviews.game(conn, "account-1", game_id) is not None
        assert reviews.game(conn, "cookie-1", game_id) is None
        assert len(reviews.pending(conn, "account-1")) == 1


def test_merging_keeps_both_bounds(store: ProgressStore,
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reviews, "GAMES_KEPT", 1)
    monkeypatch.setattr(reviews, "POSITIONS_KEPT", 2)
    for learner in ("account-1", "cookie-1"):
        game_id, _ = _add(store, learner)
        with store.transaction() as conn:
            for flag in range(2):
                reviews.add_position(conn, learner, game_id, flag, "раздача 1", POSITION)
    with store.transaction() as conn:
        merge_learner(conn, "cookie-1", "account-1")
        data = reviews.export(conn, "account-1")  # every row, not a bounded listing
        assert len(data["games"]) == 1 and len(data["positions"]) == 2

def test_the_export_holds_the_games_and_deletion_removes_them(store: ProgressStore) -> None:
    game_id, _ = _add(store, "anna")
    with store.transaction() as conn:
        reviews.add_position(conn, "anna", game_id, 0, "раздача 1", POSITION)
        data = reviews.export(conn, "anna")
        assert [g["id"] for g in data["games"]] == [game_id]
        assert data["positions"][0]["position"] == POSITION
        reviews.wipe(conn, "anna")
        assert reviews.export(conn, "anna") == {"games": [], "positions": []}
