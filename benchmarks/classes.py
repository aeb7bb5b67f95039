"""The class dashboard with 200 learners × 2,000 answers each: how long one render takes.

Builds a SQLite database (answers inserted through the aggregate trigger,
like real ones), an instructor, a class with a lesson and a practice set
assigned, and 200 members; then renders ``/classes/<id>`` through the Flask
test client and prints the median of several renders. The target:
under 100 ms, since the page reads only aggregates.

    PYTHONPATH=. TEMPAI_ENGINE=python /work/venv/bin/python benchmarks/classes.py
"""

from __future__ import annotations

import datetime as dt
import random
import secrets
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from tutor import create_app, storage  # noqa: E402
from tutor.accounts import passwords, store  # noqa: E402
from tutor.storage.answers import answers  # noqa: E402
from tutor.storage.classes import assignments, classes, memberships  # noqa: E402

LEARNERS = 200
ANSWERS = 2_000
RENDERS = 7
KINDS = ("waits", "fu", "han", "furiten", "shanten")


def build(folder: Path) -> tuple[object, int]:
    app = create_app({"TESTING": True, "SECRET_KEY": "bench",
                      "DATABASE_URL": f"sqlite:///{folder / 'bench.sqlite3'}"})
    rng = random.Random(21)
    start = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
    with app.test_request_context():
        with storage.store().transaction() as conn:
            teacher = store.create(conn, login="teacher", display_name="Teacher",
                                   role="instructor", password_hash=passwords.hash_secret("x"))
            class_id = conn.execute(classes.insert().values(
                owner_id=teacher.id, name="Клуб", rules="online", code="BENCH123",
                created_at=time.time()).returning(classes.c.id)).scalar_one()
            conn.execute(assignments.insert(), [
                {"class_id": class_id, "kind": "lesson", "target": "01-tiles", "count": 1,
                 "seed": 0, "created_at": 0.0},
                {"class_id": class_id, "kind": "practice", "target": "waits/novice",
                 "count": 10, "seed": 1000, "created_at": 0.0}])
        for n in range(LEARNERS):
            with storage.store().transaction() as conn:
                user = store.create(conn, login=f"learner{n}", display_name=f"Ученик {n}",
                                    password_hash="$argon2id$bench")
                conn.execute(memberships.insert().values(class_id=class_id, user_id=user.id,
                                                         joined_at=0.0))
                rows = []
                for i in range(ANSWERS):
                    kind = rng.choice(KINDS)
                    correct = rng.random() < 0.7
                    rows.append({
                        "learner_id": user.learner_id, "nonce": secrets.token_hex(8),
                        "source": "practice", "kind": kind, "level": "novice",
                        "problem": f"practice/{kind}/novice/{rng.randrange(5000)}",
                        "correct": correct, "answered_at": start + dt.timedelta(minutes=i),
                        "rule": None if correct else f"{kind}.bench",
                    })
                conn.execute(answers.insert(), rows)
    return app, int(class_id)


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        began = time.perf_counter()
        app, class_id = build(Path(folder))
        print(f"built {LEARNERS} learners × {ANSWERS} answers in "
              f"{time.perf_counter() - began:.0f} s")
        client = app.test_client()  # type: ignore[attr-defined]
        with client.session_transaction() as session:
            session["account"], session["account_version"] = 1, 0
        url = f"/classes/{class_id}"
        assert client.get(url).status_code == 200  # warm: templates, lessons
        times = []
        for _ in range(RENDERS):
            began = time.perf_counter()
            response = client.get(url)
            times.append((time.perf_counter() - began) * 1000)
            assert response.status_code == 200
        print(f"dashboard /classes/{class_id}: median {statistics.median(times):.1f} ms, "
              f"best {min(times):.1f} ms over {RENDERS} renders "
              f"({len(response.get_data())} bytes)")


if __name__ == "__main__":
    main()
