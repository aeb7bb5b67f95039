"""The memoised rows of «Мой прогресс» (tutor/progress/table.py) are nobody's in particular.

Rows are remembered by their aggregate values, so two learners with the same
figures get the same markup: it must hold nothing of either learner (no link,
no id, no name), and a wiped learner sees no row however warm the memo is.
"""

from __future__ import annotations

import re
from pathlib import Path

from flask import Flask

from tests.support.practice import answer_practice, form_fields
from tests.support.site import make_app
from tutor.progress import table
from tutor.storage.learner import COOKIE

ROW = re.compile(r'<tr data-kind="fu".*?</tr>', re.S)


def _app(content_dir: Path, tmp_path: Path) -> Flask:
    return make_app(content_dir, SECRET_KEY="t", DATABASE_URL=f"sqlite:///{tmp_path / 'p.sqlite3'}")


def test_two_learners_with_the_same_figures_share_a_row_with_nothing_of_theirs(
        content_dir: Path, tmp_path: Path) -> None:
    app = _app(content_dir, tmp_path)
    rows, cookies = [], []
    for _ in range(2):
        client = app.test_client()
        answer_practice(client, "fu", "novice", 1, True)
        answer_practice(client, "fu", "novice", 2, False)
        page = client.get("/progress").get_data(as_text=True)
        found = ROW.search(page)
        assert found, "the fu row is shown"
        rows.append(found.group(0))
        cookie = client.get_cookie(COOKIE)
        assert cookie is not None
        cookies.append(cookie.value)
    assert rows[0] == rows[1]  # one memoised row for both
    assert cookies[0] != cookies[1]
    for row in rows:
        assert "href" not in row and " id=" not in row
        assert not any(value.split(".")[0] in row for value in cookies)


def test_a_wiped_learner_sees_no_row_from_the_warm_memo(content_dir: Path, tmp_path: Path) -> None:
    app = _app(content_dir, tmp_path)
    client = app.test_client()
    answer_practice(client, "fu", "novice", 1, True)
    assert ROW.search(client.get("/progress").get_data(as_text=True))
    assert table.kind_row.cache_info().currsize > 0
    token = form_fields(client, "/practice/fu/novice/1")["csrf_token"]
    done = client.post("/progress/wipe", data={"csrf_token": token, "confirm": "yes"})
    assert done.status_code == 303
    page = client.get(done.headers["Location"])
    assert page.status_code == 200 and not ROW.search(page.get_data(as_text=True))


def test_the_memo_is_bounded() -> None:
    assert table.kind_row.cache_info().maxsize == table.ROWS_KEPT
    assert table.overall_chart.cache_info().maxsize == table.ROWS_KEPT
