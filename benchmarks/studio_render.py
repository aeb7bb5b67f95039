"""A published studio lesson's first view in a fresh process: rendered again, or read back.

Before the rendering was kept in the database, every app process rendered a
published version again on its first view after a start (the whole check:
Markdown, links, spelling, the drills). Now it builds only the drill blocks
and cuts the stored HTML at their slots (tutor/studio/published.py). This
times both on a lesson of about 95 kB with two drills — near the studio's
limit — best of five, CPU of this process.

    .venv/bin/python benchmarks/studio_render.py
"""

from __future__ import annotations

import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tutor import create_app  # noqa: E402
from tutor.course.content import lesson_drills_only  # noqa: E402
from tutor.studio import check, published  # noqa: E402

DRILLS = """
/// waits
id: club-waits
hand: 23456m456p789s55z
///

/// fu
id: club-fu
hand: 234m456p111s789s55z
win: 8s
by: ron
riichi: true
///
"""


def lesson_text() -> str:
    head = "---\ntitle: Правила клуба\nslug: club-rules\norder: 100\nsummary: Как мы играем.\n---\n"
    body = ("Длинный абзац урока о правилах клуба. " * 40 + "\n\n") * 35
    return head + body + DRILLS


def best(work: Callable[[], object]) -> float:
    times = []
    for _ in range(5):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times) * 1000


def main() -> None:
    folder = Path(tempfile.mkdtemp())
    app = create_app({"TESTING": True, "CONTENT_DIR": str(ROOT / "tests/fixtures/content"),
                      "SECRET_KEY": "bench", "DATABASE_URL": f"sqlite:///{folder / 'b.db'}"})
    with app.test_request_context():
        text = lesson_text()
        kept = published.rendering(check.check_source(text).lesson)
        again = best(lambda: published.rendering(check.check_source(text).lesson))
        stored = best(lambda: published._split(
            lesson_drills_only(text, Path("draft.md"), "урок"), kept.html))
    print(f"lesson of {len(text.encode()):,} bytes, {len(kept.drill_list)} drills")
    print(f"rendered again (before): {again:.1f} ms")
    print(f"stored HTML + drill blocks (now): {stored:.1f} ms")


if __name__ == "__main__":
    main()
