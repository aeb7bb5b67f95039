"""Folding a browser's anonymous progress into an account, exactly once.

On registering or signing in, the learner id in the browser's cookie (the
progress made before signing in) is merged into the account's learner id,
in one transaction:

- raw answers change owner (``UPDATE``, which fires no insert trigger, so
  nothing is counted again); an answer whose form was already answered under
  the account (the same nonce on both sides) is dropped, and its count taken
  back out of the anonymous side's totals first, so no answer is counted twice;
- per-kind totals, right answers, «почти» and right answers on a later
  attempt are added (exact; a dropped duplicate is taken back out as the
  trigger counted it: only a first attempt in the totals); marks and the
  streak are joined with the side that started later taken as the more recent
  one (``first_id`` is all the aggregates know of order);
- solved drills and solved practice problems are united: a problem solved on
  a first attempt by either side counts as solved first time, otherwise (both
  solved it only on a later attempt, or the one side that has it did) as
  solved later (``later``) — as the trigger joins two answers of one learner;
- pending mistakes are united (for a problem pending on both sides, the later
  one is kept, with its kept answer; its «почти» flag falls back to the
  earlier one's when the later one says nothing, as the trigger does), a
  mistake the other side put right on a first attempt since is no longer due,
  then they are cut to the newest ``MISTAKES_KEPT``;
- the hour's count of stored answers (:mod:`tutor.storage.budget`) moves too:
  the answers moved are kept whatever the budget, and the account's budget
  for the hour counts them;
- reviewed games and the positions made of them change owner (then the
  oldest beyond ``review.GAMES_KEPT`` go);
- the anonymous id is left with nothing, and the raw history is trimmed to
  its bound if the sum passed it.

Bounded: each side's aggregates are at most kinds + 1, ``SOLVED_READ`` and
``MISTAKES_KEPT`` rows; only the ``UPDATE`` of raw answers and one query
for the mistakes put right since touch the history (at most ``RAW_LIMIT`` +
``TRIM_EVERY`` rows per learner).
"""

from __future__ import annotations

from typing import Any, TypedDict

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from tutor.storage import aggregates, budget, review
from tutor.storage.accounts import practice_solved
from tutor.storage.aggregates import (
    MARKS,
    MISTAKES_KEPT,
    RAW_LIMIT,
    SOLVED_READ,
    learner_kinds,
    learner_mistakes,
    learner_solved,
)
from tutor.storage.answers import answers


class _Kind(TypedDict):
    """One row of a learner's per-kind totals, as merging reads and writes it."""

    first_id: int
    total: int
    correct: int
    streak: int
    marks: str
    partial: int  # first attempts graded «почти»
    later: int  # right answers on a later attempt


def _kinds(conn: Connection, learner_id: str) -> dict[str, _Kind]:
    rows = conn.execute(sa.select(learner_kinds).where(learner_kinds.c.learner_id == learner_id))
    return {row.kind: _Kind(first_id=row.first_id, total=row.total, correct=row.correct,
                            streak=row.streak, marks=row.marks, partial=row.partial or 0,
                            later=row.later or 0) for row in rows}


def _joined(older: _Kind, newer: _Kind) -> _Kind:
    newer_streak, newer_total = int(newer["streak"]), int(newer["total"])
    streak = newer_streak + (int(older["streak"]) if newer_streak == newer_total else 0)
    return {
        "first_id": min(int(older["first_id"]), int(newer["first_id"])),
        "total": int(older["total"]) + newer_total,
        "correct": int(older["correct"]) + int(newer["correct"]),
        "streak": streak,
        "marks": (str(older["marks"]) + str(newer["marks"]))[-MARKS:],
        "partial": int(older["partial"]) + int(newer["partial"]),
        "later": int(older["later"]) + int(newer["later"]),
    }


def _drop_duplicates(conn: Connection, source: str, target: str) -> None:
    """Answers of one form under both ids: take them back out of the source's totals, drop them.

    Each is taken out as the aggregate trigger counted it: a first attempt in
    ``total``, ``correct`` and ``partial``, a right later attempt in ``later``.
    """
    twin = sa.select(answers.c.nonce).where(answers.c.learner_id == target)
    dupes = conn.execute(
        sa.select(answers.c.id, answers.c.kind, answers.c.correct, answers.c.attempt,
                  answers.c.partial)
        .where(answers.c.learner_id == source, answers.c.nonce.in_(twin))
    ).all()
    for _id, kind, correct, attempt, partial in dupes:
        first = (attempt or 1) == 1
        for key in (kind, aggregates.ALL):
            conn.execute(
                learner_kinds.update()
                .where(learner_kinds.c.learner_id == source, learner_kinds.c.kind == key)
                .values(total=learner_kinds.c.total - (1 if first else 0),
                        correct=learner_kinds.c.correct - (1 if first and correct else 0),
                        partial=sa.func.coalesce(learner_kinds.c.partial, 0)
                        - (1 if first and partial else 0),
                        later=sa.func.coalesce(learner_kinds.c.later, 0)
                        - (1 if correct and not first else 0))
            )
    if dupes:
        conn.execute(answers.delete().where(answers.c.id.in_([d[0] for d in dupes])))
        conn.execute(learner_kinds.delete().where(
            learner_kinds.c.learner_id == source, learner_kinds.c.total <= 0,
            sa.func.coalesce(learner_kinds.c.later, 0) <= 0))


def _merge_kinds(conn: Connection, source: str, target: str) -> int:
    mine, theirs = _kinds(conn, target), _kinds(conn, source)
    for kind, row in theirs.items():
        if kind in mine:
            older, newer = sorted((mine[kind], row), key=lambda r: int(r["first_id"]))
            merged = _joined(older, newer)
            conn.execute(learner_kinds.update().where(learner_kinds.c.learner_id == target,
                                                      learner_kinds.c.kind == kind)
                         .values(**merged))
        else:
            conn.execute(learner_kinds.insert().values(learner_id=target, kind=kind, **row))
    conn.execute(learner_kinds.delete().where(learner_kinds.c.learner_id == source))
    kinds = _kinds(conn, target)
    return int(kinds[aggregates.ALL]["total"]) if aggregates.ALL in kinds else 0


def _unite(conn: Connection, table: sa.Table, source: str, target: str) -> None:
    """Solved problems of both: first time on either side is first time (``later`` off).

    ``later`` is NULL or false for a problem solved on a first attempt, true
    for one solved only on a later attempt; the union is their AND, as the
    trigger joins a learner's own answers. Reads at most ``SOLVED_READ`` rows a
    side and writes at most as many.
    """
    def solved(learner_id: str) -> dict[str, bool]:
        return {problem: bool(later) for problem, later in conn.execute(
            sa.select(table.c.problem, table.c.later)
            .where(table.c.learner_id == learner_id).limit(SOLVED_READ))}

    theirs, mine = solved(source), solved(target)
    missing = [{"learner_id": target, "problem": problem, "later": later}
               for problem, later in theirs.items() if problem not in mine]
    if missing:
        conn.execute(table.insert(), missing)
    # solved later here, first time there: first time
    earlier = [{"p": problem} for problem, later in theirs.items()
               if not later and mine.get(problem)]
    if earlier:
        conn.execute(table.update()
                     .where(table.c.learner_id == target, table.c.problem == sa.bindparam("p"))
                     .values(later=False), earlier)
    conn.execute(table.delete().where(table.c.learner_id == source))


def _put_right_since(conn: Connection, target: str,
                     mistakes: dict[str, dict[str, Any]]) -> list[str]:
    """Mistakes the other side answered right on a first attempt after them (no longer due).

    Within one learner the trigger takes such a mistake off; across the two it
    can only be told from the raw answers, all the target's by now. One query
    over at most ``2 * MISTAKES_KEPT`` problems in the learner's kept history.
    """
    if not mistakes:
        return []
    right = conn.execute(
        sa.select(answers.c.problem, sa.func.max(answers.c.id))
        .where(answers.c.learner_id == target, answers.c.problem.in_(list(mistakes)),
               answers.c.correct, sa.func.coalesce(answers.c.attempt, 1) == 1)
        .group_by(answers.c.problem))
    return [problem for problem, last in right if last > mistakes[problem]["answer_id"]]


def _merge_mistakes(conn: Connection, source: str, target: str) -> None:
    """The newest pending mistakes of both, each with its kept answer, fingerprint and «почти»."""
    table = learner_mistakes
    rows: dict[str, dict[str, Any]] = {}
    for learner_id in (target, source):
        for row in conn.execute(
            sa.select(table.c.problem, table.c.answer_id, table.c.kind, table.c.rule,
                      table.c.answer, table.c.graded, table.c.partial)
            .where(table.c.learner_id == learner_id)
        ).mappings():
            found = rows.get(row["problem"])
            if found is None or found["answer_id"] < row["answer_id"]:
                newer = dict(row)
                if found is not None and newer["partial"] is None:
                    # a later attempt's miss leaves the «почти» of the last first one
                    newer["partial"] = found["partial"]
                rows[row["problem"]] = newer
            elif found["partial"] is None:
                found["partial"] = row["partial"]
    conn.execute(table.delete().where(table.c.learner_id.in_([source, target])))
    for problem in _put_right_since(conn, target, rows):
        del rows[problem]
    kept = sorted(rows.values(), key=lambda row: int(row["answer_id"]),
                  reverse=True)[:MISTAKES_KEPT]
    if kept:
        conn.execute(table.insert(), [{**row, "learner_id": target} for row in kept])


def merge_learner(conn: Connection, source: str | None, target: str) -> None:
    """Move everything of learner ``source`` into ``target`` (no-op when they are one)."""
    if not source or source == target:
        return
    _drop_duplicates(conn, source, target)
    conn.execute(answers.update().where(answers.c.learner_id == source).values(learner_id=target))
    total = _merge_kinds(conn, source, target)
    _unite(conn, learner_solved, source, target)
    _unite(conn, practice_solved, source, target)
    _merge_mistakes(conn, source, target)
    budget.merge(conn, source, target)
    review.merge(conn, source, target)
    if total > RAW_LIMIT:
        aggregates.trim(conn, target)
