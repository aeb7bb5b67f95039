"""Practice of the whole-game kinds (draw, multi_ron, next_hand, final) at every level.

A problem URL carries its seed; the page shows the engine's problem, an
answer is graded by the same drill code as in a lesson (htmx: the feedback
fragment; a plain form: the whole page), a malformed answer is a Russian 400
in place, and the index describes each level.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from engine.generate import LEVELS
from tests.support.client import HTMX
from tests.support.practice import answer_practice, form_fields
from tests.support.site import make_app

GAME_KINDS = ("draw", "multi_ron", "next_hand", "final")
# The itemised explanation each kind always shows.
EXPLAINED = {
    "draw": "Штраф за нотен при ничьей (всего)",
    "multi_ron": "Правила, по которым это посчитано",
    "next_hand": "Очки по игрокам",
    "final": "Очки возврата (от них считается итог)",
}


@pytest.fixture
def app(content_dir: Path, tmp_path: Path) -> Flask:
    return make_app(
        content_dir, SECRET_KEY="test", DATABASE_URL=f"sqlite:///{tmp_path / 'progress.sqlite3'}"
    )


@pytest.mark.parametrize("kind", [pytest.param(k, id=k) for k in GAME_KINDS])
@pytest.mark.parametrize("level", [pytest.param(lv, id=lv) for lv in LEVELS])
def test_answered_wrong_then_right_at_every_level(
    client: FlaskClient, kind: str, level: str
) -> None:
    page = client.get(f"/practice/{kind}/{level}/17").get_data(as_text=True)
    assert f'data-drill-kind="{kind}"' in page
    wrong = answer_practice(client, kind, level, 17, right=False)
    assert 'data-verdict="incorrect"' in wrong and "<html" not in wrong
    assert EXPLAINED[kind] in wrong and "pay-table__wrong" in wrong
    right = answer_practice(client, kind, level, 17, right=True)
    assert 'data-verdict="correct"' in right


@pytest.mark.parametrize("kind", [pytest.param(k, id=k) for k in GAME_KINDS])
def test_without_javascript_the_whole_page_comes_back(client: FlaskClient, kind: str) -> None:
    html = answer_practice(client, kind, "player", 5, right=True, htmx=False)
    assert "<html" in html and 'data-verdict="correct"' in html


@pytest.mark.parametrize("kind", [pytest.param(k, id=k) for k in GAME_KINDS])
def test_a_forged_answer_is_a_russian_400(client: FlaskClient, kind: str) -> None:
    url = f"/practice/{kind}/master/3"
    data = {
        **form_fields(client, url),
        "pay-E": "1e9",
        "score-E": "1e9",
        "result-E": "1e9",
        "place-E": "x",
    }
    response = client.post(url, data=data, headers=HTMX)
    assert response.status_code == 400
    assert 'data-verdict="error"' in response.get_data(as_text=True)


def test_the_index_describes_the_levels_of_the_game_kinds(client: FlaskClient) -> None:
    html = client.get("/practice").get_data(as_text=True)
    for title in (
        "Расчёт после ничьей",
        "Кто выиграл и сколько",
        "Следующая раздача",
        "Итог партии",
    ):
        assert title in html
    assert "нагаси манган" in html and "пао и прерванная ничья" in html
