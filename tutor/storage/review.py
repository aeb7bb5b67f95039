"""The game review's tables: a learner's reviewed games and the positions made drills of them.

A reviewed game keeps the log as the learner gave it (tenhou.net/6 JSON or
mjai lines) and the review the engine computed when it was imported (JSON):
the page reads it back instead of reviewing a whole game on every view, and
re-reads only the log to draw the table at one step. Every query filters by
``learner_id``, so another learner's id finds nothing.

A position is a drill's own copy of one flagged decision (its parameters as
JSON): deleting the game leaves it (``game_id`` becomes NULL), so a position
outlives the game it came from. ``solved`` is set when it is answered right;
until then it waits in «Повторить ошибки».

Bounded: at most :data:`GAMES_KEPT` games per learner (the oldest dropped on
import) and :data:`POSITIONS_KEPT` positions.

Schema (the reviews step of :data:`tutor.storage.migrations.MIGRATIONS`)::

    reviewed_games(
        id          INTEGER PRIMARY KEY AUTOINCREMENT,  -- never reused: it is in URLs
        learner_id  VARCHAR(64) NOT NULL,    -- an account's learner id or the anonymous cookie's
        created_at  FLOAT NOT NULL,          -- epoch seconds
        title       VARCHAR(200) NOT NULL,   -- the players' names, as the list shows them
        format      VARCHAR(8) NOT NULL,     -- tenhou6 | mjai | mjlog
        rules       VARCHAR(16) NOT NULL,    -- the rule set it was replayed under
        seat        INTEGER NOT NULL,        -- the reviewed seat (0: the first dealer)
        log         TEXT NOT NULL,           -- the log as given
        review      TEXT NOT NULL            -- the review computed at import (JSON)
    )
    review_positions(
        id          INTEGER PRIMARY KEY AUTOINCREMENT,
        learner_id  VARCHAR(64) NOT NULL,
        game_id     INTEGER,                 -- the game it came from; NULL once deleted
        flag        INTEGER NOT NULL,        -- the flag's index in the game's review (-1: a
                                             -- review computed again no longer flags it)
        created_at  FLOAT NOT NULL,
        label       VARCHAR(200) NOT NULL,   -- «Раздача Восток 2, ход 7: сброс»
        params      TEXT NOT NULL,           -- the drill's parameters (JSON): its own copy
        solved      BOOLEAN NOT NULL         -- answered right at least once
    )
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from tutor.storage.classes import assignments, memberships

metadata = sa.MetaData()
GAMES_KEPT = 50  # reviewed games per learner; the oldest goes when a new one comes
POSITIONS_KEPT = 200  # positions per learner; the oldest goes
POSITION_KIND = "position"  # an assignment of one position (tutor.storage.classes)

reviewed_games = sa.Table(
    "reviewed_games", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("learner_id", sa.String(64), nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("title", sa.String(200), nullable=False),
    sa.Column("format", sa.String(8), nullable=False),
    sa.Column("rules", sa.String(16), nullable=False),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("log", sa.Text, nullable=False),
    sa.Column("review", sa.Text, nullable=False),
    sa.Index("ix_reviewed_games_learner", "learner_id", "id"),
    sqlite_autoincrement=True,
)

review_positions = sa.Table(
    "review_positions", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("learner_id", sa.String(64), nullable=False),
    sa.Column("game_id", sa.Integer),
    sa.Column("flag", sa.Integer, nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("label", sa.String(200), nullable=False),
    sa.Column("params", sa.Text, nullable=False),
    sa.Column("solved", sa.Boolean, nullable=False),
    sa.Index("ix_review_positions_learner", "learner_id", "id"),
    sqlite_autoincrement=True,
)


def migrate(conn: Connection) -> None:
    """The migration step: create the review tables."""
    metadata.create_all(conn, checkfirst=True)


@dataclass(frozen=True)
class GameRow:
    """One reviewed game as the list shows it (without its log)."""

    id: int
    title: str
    format: str
    rules: str
    seat: int
    created_at: float


@dataclass(frozen=True)
class Game(GameRow):
    """A reviewed game with its log and stored review."""

    log: str
    review: Mapping[str, Any]


@dataclass(frozen=True)
class Position:
    """A drill made of one flagged decision."""

    id: int
    learner_id: str
    game_id: int | None
    flag: int
    label: str
    params: Mapping[str, Any]
    solved: bool


_LISTED = (reviewed_games.c.id, reviewed_games.c.title, reviewed_games.c.format,
           reviewed_games.c.rules, reviewed_games.c.seat, reviewed_games.c.created_at)


def add_game(conn: Connection, learner_id: str, *, title: str, format: str, rules: str,
             seat: int, log: str, review: Mapping[str, Any]) -> tuple[int, int]:
    """Store a game; returns (its id, how many of the learner's oldest games were dropped)."""
    new_id = conn.execute(reviewed_games.insert().values(
        learner_id=learner_id, created_at=time.time(), title=title[:200], format=format,
        rules=rules, seat=seat, log=log, review=json.dumps(review, ensure_ascii=False),
    )).inserted_primary_key
    assert new_id is not None
    return int(new_id[0]), _drop_oldest(conn, learner_id)


def _drop_oldest(conn: Connection, learner_id: str) -> int:
    kept = (sa.select(reviewed_games.c.id).where(reviewed_games.c.learner_id == learner_id)
            .order_by(reviewed_games.c.id.desc()).limit(GAMES_KEPT))
    old = list(conn.execute(sa.select(reviewed_games.c.id).where(
        reviewed_games.c.learner_id == learner_id, reviewed_games.c.id.not_in(kept))).scalars())
    for game_id in old:
        delete_game(conn, learner_id, int(game_id))
    return len(old)


def games(conn: Connection, learner_id: str) -> list[GameRow]:
    """The learner's games, newest first (at most :data:`GAMES_KEPT`)."""
    query = (sa.select(*_LISTED).where(reviewed_games.c.learner_id == learner_id)
             .order_by(reviewed_games.c.id.desc()).limit(GAMES_KEPT))
    return [GameRow(*row) for row in conn.execute(query)]


def game(conn: Connection, learner_id: str, game_id: int) -> Game | None:
    """The learner's game ``game_id``, or None (another learner's is None too)."""
    row = conn.execute(sa.select(*_LISTED, reviewed_games.c.log, reviewed_games.c.review).where(
        reviewed_games.c.id == game_id, reviewed_games.c.learner_id == learner_id)).first()
    if row is None:
        return None
    return Game(*row[:6], log=row.log, review=json.loads(row.review))


def replace_review(conn: Connection, learner_id: str, game_id: int, review: Mapping[str, Any],
                   moved: Mapping[int, int]) -> None:
    """Keep a review computed again; the positions made of its flags follow them
    (``moved``: old flag index → new, -1 when the decision is no longer flagged)."""
    done = conn.execute(reviewed_games.update().where(
        reviewed_games.c.id == game_id, reviewed_games.c.learner_id == learner_id)
        .values(review=json.dumps(review, ensure_ascii=False)))
    if not done.rowcount:
        return  # deleted meanwhile
    rows = conn.execute(sa.select(review_positions.c.id, review_positions.c.flag).where(
        review_positions.c.learner_id == learner_id, review_positions.c.game_id == game_id))
    for position_id, flag in list(rows):
        target = moved.get(int(flag), -1)
        if target != flag:
            conn.execute(review_positions.update().where(review_positions.c.id == position_id)
                         .values(flag=target))


def delete_game(conn: Connection, learner_id: str, game_id: int) -> bool:
    """Delete the learner's game; its positions stay, without it. False: no such game."""
    deleted = conn.execute(reviewed_games.delete().where(
        reviewed_games.c.id == game_id, reviewed_games.c.learner_id == learner_id))
    if not deleted.rowcount:
        return False
    conn.execute(review_positions.update().where(review_positions.c.game_id == game_id)
                 .values(game_id=None))
    return True


def add_position(conn: Connection, learner_id: str, game_id: int, flag: int, label: str,
                 params: Mapping[str, Any]) -> int:
    """The position of flag ``flag`` of a game as a drill (the same one if made before)."""
    found = conn.execute(sa.select(review_positions.c.id).where(
        review_positions.c.learner_id == learner_id, review_positions.c.game_id == game_id,
        review_positions.c.flag == flag)).scalar()
    if found is not None:
        return int(found)
    new_id = conn.execute(review_positions.insert().values(
        learner_id=learner_id, game_id=game_id, flag=flag, created_at=time.time(),
        label=label[:200], params=json.dumps(params, ensure_ascii=False), solved=False,
    )).inserted_primary_key
    assert new_id is not None
    _trim_positions(conn, learner_id)
    return int(new_id[0])


def _trim_positions(conn: Connection, learner_id: str) -> None:
    """Keep the learner's newest :data:`POSITIONS_KEPT` positions."""
    kept = (sa.select(review_positions.c.id).where(review_positions.c.learner_id == learner_id)
            .order_by(review_positions.c.id.desc()).limit(POSITIONS_KEPT))
    conn.execute(review_positions.delete().where(review_positions.c.learner_id == learner_id,
                                                 review_positions.c.id.not_in(kept)))


def _position(row: Any) -> Position:
    return Position(int(row.id), row.learner_id, row.game_id, int(row.flag), row.label,
                    json.loads(row.params), bool(row.solved))


def position(conn: Connection, position_id: int, learner_id: str,
             user_id: int | None = None) -> Position | None:
    """The position, if it is this learner's or assigned to a class ``user_id`` is in."""
    row = conn.execute(sa.select(review_positions).where(
        review_positions.c.id == position_id)).first()
    if row is None:
        return None
    if row.learner_id == learner_id or (user_id is not None
                                        and _assigned_to(conn, position_id, user_id)):
        return _position(row)
    return None


def assigned_position(conn: Connection, position_id: int) -> Position | None:
    """A position by id alone: for the classes pages, which check the class themselves."""
    row = conn.execute(sa.select(review_positions).where(
        review_positions.c.id == position_id)).first()
    return None if row is None else _position(row)


def _assigned_to(conn: Connection, position_id: int, user_id: int) -> bool:
    query = (sa.select(assignments.c.id)
             .join(memberships, memberships.c.class_id == assignments.c.class_id)
             .where(assignments.c.kind == POSITION_KIND,
                    assignments.c.target == str(position_id),
                    memberships.c.user_id == user_id).limit(1))
    return conn.execute(query).first() is not None


def positions_of_game(conn: Connection, learner_id: str, game_id: int) -> dict[int, int]:
    """Flag index → position id, for the flags of this game already made drills."""
    rows = conn.execute(sa.select(review_positions.c.flag, review_positions.c.id).where(
        review_positions.c.learner_id == learner_id, review_positions.c.game_id == game_id))
    return {int(flag): int(pid) for flag, pid in rows}


def pending(conn: Connection, learner_id: str, limit: int = 10) -> list[Position]:
    """The learner's positions not yet answered right, newest first."""
    rows = conn.execute(sa.select(review_positions).where(
        review_positions.c.learner_id == learner_id, review_positions.c.solved.is_(False))
        .order_by(review_positions.c.id.desc()).limit(limit))
    return [_position(row) for row in rows]


def mark_solved(conn: Connection, position_id: int, learner_id: str) -> None:
    """The owner answered the position right: it leaves «Повторить ошибки»."""
    conn.execute(review_positions.update().where(
        review_positions.c.id == position_id, review_positions.c.learner_id == learner_id)
        .values(solved=True))


def positions_of(conn: Connection, learner_id: str, limit: int = 50) -> list[Position]:
    """The learner's positions, newest first (an instructor assigns them to a class)."""
    rows = conn.execute(sa.select(review_positions).where(
        review_positions.c.learner_id == learner_id)
        .order_by(review_positions.c.id.desc()).limit(limit))
    return [_position(row) for row in rows]


def owned_positions(conn: Connection, learner_id: str, ids: Sequence[int]) -> list[Position]:
    """Of ``ids``, the positions this learner owns (the assignment form checks them)."""
    if not ids:
        return []
    rows = conn.execute(sa.select(review_positions).where(
        review_positions.c.learner_id == learner_id, review_positions.c.id.in_(list(ids))))
    return [_position(row) for row in rows]


# --- the learner's whole record: merge at sign-in, export, deletion -----------------

def merge(conn: Connection, source: str, target: str) -> None:
    """The anonymous browser's games and positions join the account (both then trimmed)."""
    for table in (reviewed_games, review_positions):
        conn.execute(table.update().where(table.c.learner_id == source)
                     .values(learner_id=target))
    _drop_oldest(conn, target)
    _trim_positions(conn, target)


def export(conn: Connection, learner_id: str) -> dict[str, Any]:
    """Everything stored for the learner's reviews, as plain JSON data."""
    games_out = [
        {"id": row.id, "created_at": row.created_at, "title": row.title, "format": row.format,
         "rules": row.rules, "seat": row.seat, "log": row.log}
        for row in conn.execute(sa.select(reviewed_games).where(
            reviewed_games.c.learner_id == learner_id).order_by(reviewed_games.c.id))
    ]
    positions_out = [
        {"id": row.id, "game_id": row.game_id, "label": row.label,
         "position": json.loads(row.params), "solved": bool(row.solved)}
        for row in conn.execute(sa.select(review_positions).where(
            review_positions.c.learner_id == learner_id).order_by(review_positions.c.id))
    ]
    return {"games": games_out, "positions": positions_out}


def wipe(conn: Connection, learner_id: str) -> None:
    """Delete the learner's games and positions (the account is deleted)."""
    for table in (reviewed_games, review_positions):
        conn.execute(table.delete().where(table.c.learner_id == learner_id))
