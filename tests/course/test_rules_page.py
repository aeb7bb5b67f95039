"""/rules: five rule sets with their documents, the three tables, the legend, citations.

Each set is named by its short Russian name and shows the documents it is
taken from (title and year, or «год не указан»); published values say «не из
исходных документов» and name their document and section, never as a
bracketed citation; values no document states are «наш выбор» with a reason;
the EMA sentences of the seeds older than 2016 are notes «до 2016 года»; no
English beyond the original titles of cited documents; every «[00N]» of a
lesson links to its entry in the list of documents.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from engine.rules.sets import GAME_TABLE_FIELDS, PROCEDURE_TABLE_FIELDS, TABLE_FIELDS
from tests.support.markdown import render
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


def test_five_sets_with_their_documents(page: str) -> None:
    """online: 004 and Tenhou's page; ema: EMA 2016; jpml 002; fenix 003 (and jpml); rrc."""
    sets = re.search(r'<ul class="rules-sets">(.*?)</ul>', page, re.S)
    assert sets
    items = dict(re.findall(r'<li data-ruleset="(\w+)">(.*?)</li>', sets.group(1), re.S))
    assert list(items) == ["online", "ema", "jpml", "fenix", "rrc"]
    assert "[004]" in items["online"] and "天鳳" in items["online"]
    assert "Riichi Competition Rules" in items["ema"] and ", 2016" in items["ema"]
    assert "[002]" in items["jpml"] and "2012" in items["jpml"]
    assert "[003]" in items["fenix"] and "год не указан" in items["fenix"]
    assert "правила и регламенты (версия 1.5)», 2026" in items["rrc"]


def test_published_values_are_named_with_their_section(page: str) -> None:
    """EMA 2016 (revision notes): uma 15000/5000; rules-ru 3.10.1: uma 30000/10000."""
    uma = _row(page, "uma")
    assert "15000 / 5000 / −5000 / −15000" in uma
    assert ("не из исходных документов: Правила Европейской ассоциации маджонга 2016 г., "
            "список изменений") in uma
    assert "30000 / 10000 / −10000 / −30000" in uma
    assert "Регламент российских турниров, версия 1.5, п. 3.10.1" in uma
    assert "rules-table__source--published" in uma
    assert "[EMA" not in uma and "[Tenhou" not in uma


def test_no_english_beyond_document_titles(page: str) -> None:
    """The page is Russian: Latin letters only inside the titles of cited documents."""
    body = re.sub(r"<[^>]+>", " ", page.split("<main", 1)[1].split("</main>", 1)[0])
    from engine.rules.documents import DOCUMENTS

    for doc in DOCUMENTS.values():
        body = body.replace(doc.title, " ").replace(doc.address, " ")
    body = body.replace("Njuse4ka", " ")  # 003's author, as 003 signs itself
    assert not re.findall(r"[A-Za-z]{2,}", body)


def test_pre_2016_sentences_are_notes(page: str) -> None:
    """001-EMA: tanyao closed only — before 2016; EMA 2016 plays open tanyao."""
    ema = _row(page, "open_tanyao").split("</td>")[1]
    assert ema.split("<br>")[0].strip().endswith("да")
    assert "до 2016 года: нет" in ema and "[001-EMA]" in ema


def test_a_seed_value_links_to_the_legend(page: str) -> None:
    """000: a tournament chombo is −20000 at the end of the game."""
    row = _row(page, "chombo_deduction")
    assert '<a class="cite" href="/rules#source-000">[000]</a>' in row
    assert "в документах нет — наш выбор" in row  # online: our choice


def test_values_no_document_states_are_our_choice_with_a_reason(page: str) -> None:
    """002 makes red fives a table agreement with no default: jpml's «off» is our choice."""
    jpml = _row(page, "red_fives").split("</td>")[2]  # columns: online, ema, jpml, fenix, rrc
    assert "в документах нет — наш выбор: 002 делает их договорённостью стола" in jpml


def test_procedure_rows_carry_their_sources(page: str) -> None:
    """Four kans: 000 and EMA 2016 3.3.10 no fifth kan; 002 redeal; 003 different players."""
    row = _row(page, "four_kans")
    assert "пятый кан объявить нельзя, раздача продолжается" in row
    assert "пересдача, если на сброс после четвёртого кана никто не выиграл" in row
    for code in ("000", "002", "003"):
        assert f'href="/rules#source-{code}">[{code}]</a>' in row
    dealing = _row(page, "dealing")
    assert "по 4 тайла до 12, потом дилер берёт 1-й и 5-й тайлы" in dealing


def test_the_legend_names_each_document(page: str) -> None:
    for code, words in (("000", "Европейской ассоциации маджонга"),
                        ("001", "справки программы"), ("002", "правила риичи-маджонга», 2012"),
                        ("003", "«Феникс», Архангельск"), ("004", "онлайн-игры"),
                        ("ema", "2016 edition», 2016"), ("ten", "год не указан"),
                        ("rrc", "версия 1.5 от 20 апреля 2026")):
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
    """A lesson names a rule set by its short Russian name («европейские турнирные», not
    «EMA»); the documents live on /rules."""
    text = (COURSE / name).read_text(encoding="utf-8")
    assert re.findall(CITATION_RE, text) == []
    assert "не из исходных документов" not in text
    assert re.findall(r"\b(?:EMA|JPML|WRC|Tenhou|RRC)\b", text) == []


def test_karaten_means_what_the_glossary_and_the_lesson_say(page: str) -> None:
    """«Каратен» is a wait whose four copies are all in one's own hand (glossary, lesson
    «Ожидания»; course review: one word, one meaning); copies out on the table are not."""
    glossary = (COURSE / "glossary.yaml").read_text(encoding="utf-8")
    assert "все четыре копии которого уже у вас в руке" in glossary
    assert "Каратен — ожидание только на тайл, все 4 копии которого у вас в руке" in _row(
        page, "held_four_tenpai")
    assert "(это не каратен)" in _row(page, "visible_karaten_tenpai")
    assert page.count("аратен") == 2
