"""/rules: the hand, whole-game and table-procedure rows, the legend, citations linked to it.

The game rows (engine.rules.table.game_rule_rows) with published
values marked «не из исходных документов: …» and never a bracketed citation;
a legend of the five documents, values the seeds do not state
marked «в документах нет — наш выбор», the procedural differences of
docs/rulesets.md as rows with their sources, and every «[00N]» of a lesson linked
to its entry in the legend.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from engine.rules.sets import GAME_TABLE_FIELDS, PROCEDURE_TABLE_FIELDS, TABLE_FIELDS
from tests.course.test_markdown_ext import render
from tutor.course.markdown.sources import CITATION_RE


@pytest.fixture
def page(client: FlaskClient) -> str:
    response = client.get("/rules")
    assert response.status_code == 200
    return response.get_data(as_text=True)


def _row(page: str, field: str) -> str:
    match = re.search(rf'<tr data-rule="{field}">(.*?)</tr>', page, re.S)
    assert match, field
    return match.group(1)


def test_every_rule_of_the_three_tables_has_a_row(page: str) -> None:
    for field in (*TABLE_FIELDS, *GAME_TABLE_FIELDS, *PROCEDURE_TABLE_FIELDS):
        _row(page, field)
    for table in ("hand", "game", "procedure"):
        assert f'data-rules-table="{table}"' in page


def test_published_values_are_named_and_never_cited_as_a_seed(page: str) -> None:
    """EMA's uma (EMA 2016) and Tenhou's oka are not from the course documents."""
    uma = _row(page, "uma")
    assert "15000 / 5000 / −5000 / −15000" in uma
    assert "не из исходных документов: EMA Riichi Competition Rules 2016" in uma
    assert "rules-table__source--published" in uma
    assert "[EMA" not in uma and "[Tenhou" not in uma


def test_a_seed_value_links_to_the_legend(page: str) -> None:
    """000: a tournament chombo is −20000 at the end of the game."""
    row = _row(page, "chombo_deduction")
    assert '<a class="cite" href="/rules#source-000">[000]</a>' in row
    assert "в документах нет — наш выбор" in row  # online: our choice


def test_values_the_seeds_do_not_state_are_our_choice(page: str) -> None:
    """000 only names aka-dora: EMA without red fives is the course's choice, not [000]."""
    red = _row(page, "red_fives").split("</td>")
    ema = red[1]  # columns: online, ema, jpml, fenix
    assert "в документах нет — наш выбор" in ema and "[000]" not in ema


def test_procedure_rows_carry_their_sources(page: str) -> None:
    """docs/rulesets.md: four kans (000 no fifth kan; 002 redeal; 003 different players)."""
    row = _row(page, "four_kans")
    assert "пятый кан объявить нельзя, раздача продолжается" in row
    assert "пересдача, если на сброс после четвёртого кана никто не выиграл" in row
    for code in ("000", "002", "003"):
        assert f'href="/rules#source-{code}">[{code}]</a>' in row
    dealing = _row(page, "dealing")
    assert "по 4 тайла до 12, потом дилер берёт 1-й и 5-й тайлы" in dealing


def test_the_legend_names_each_document(page: str) -> None:
    for code, words in (("000", "European Mahjong Association"), ("001", "справки программы"),
                        ("002", "«Фуритен», 2012"), ("003", "«Феникс», Архангельск"),
                        ("004", "онлайн-игры")):
        entry = re.search(rf'<dt id="source-{code}">(.*?)</dd>', page, re.S)
        assert entry and words in entry.group(1), code


def test_lesson_citations_link_to_the_legend() -> None:
    html, _ = render("По [002] и [001-EMA], но не `[000]` и не [ссылка](/rules).")
    assert html == (
        '<p>По <a class="cite" href="/rules#source-002" title="Что это за документ — в списке '
        'источников">[002]</a> и <a class="cite" href="/rules#source-001" title="Что это за '
        'документ — в списке источников">[001-EMA]</a>, но не <code>[000]</code> и не '
        '<a href="/rules">ссылка</a>.</p>'
    )


COURSE = Path(__file__).resolve().parents[2] / "content" / "ru"


@pytest.mark.parametrize("name", sorted(p.name for p in COURSE.glob("[0-9]*.md")))
def test_a_lesson_names_sets_not_source_codes(name: str) -> None:
    """A lesson names a rule set by its Russian name; the documents live on /rules."""
    text = (COURSE / name).read_text(encoding="utf-8")
    assert re.findall(CITATION_RE, text) == []
    assert "не из исходных документов" not in text
