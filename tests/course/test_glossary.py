"""The glossary: data matches docs/glossary.md, lookup rules, file errors, the /glossary page."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.support.site import make_app
from tutor.course.glossary import GlossaryError, load_glossary, parse_glossary

ROOT = Path(__file__).resolve().parents[2]
GLOSSARY_FILE = ROOT / "content" / "ru" / "glossary.yaml"
# Our spelling notes, kept in the repository: a missing file fails these tests.
SPELLING_NOTES = ROOT / "docs" / "glossary.md"
LESSON_SLUGS = {
    "tiles", "table", "wall", "turn", "winning-hand", "chi-pon", "kan", "riichi", "tsumo-ron",
    "draws", "yaku-1", "yaku-2", "dora", "waits", "furiten", "fu", "points", "violations",
    "game-end", "first-yaku",
    "efficiency", "one-shanten", "speed-and-value", "calling", "riichi-or-dama", "defence",
    "push-or-fold", "all-last",
}

MINIMAL = """\
sections:
  - {id: a, title: "Раздел"}
terms:
  - id: furiten
    term: фуритен
    aliases: [фуритене]
    definition: Запрет на рон.
    section: a
"""


def recommended_terms() -> list[str]:
    """First column of every term table in docs/glossary.md (the recommended spelling)."""
    text = SPELLING_NOTES.read_text(encoding="utf-8")
    section = text.split("## 1.", 1)[1].split("## Расхождения", 1)[0]
    out = []
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and cells[0] and not cells[0].startswith(("Термин", "---")):
            out.append(cells[0])
    return out


@pytest.fixture(scope="module")
def glossary():  # type: ignore[no-untyped-def]
    return load_glossary(GLOSSARY_FILE)


# --- the data -----------------------------------------------------------------


def test_every_recommended_term_is_in_the_glossary_spelled_exactly(glossary) -> None:  # type: ignore[no-untyped-def]
    expected = recommended_terms()
    assert len(expected) > 100
    assert [t.term for t in glossary.terms if not t.course_only] == expected


def test_every_term_points_to_a_course_lesson(glossary) -> None:  # type: ignore[no-untyped-def]
    assert {t.lesson for t in glossary.terms} <= LESSON_SLUGS
    assert all(t.lesson for t in glossary.terms)


def test_definitions_are_one_short_sentence(glossary) -> None:  # type: ignore[no-untyped-def]
    for term in glossary.terms:
        assert term.definition.endswith("."), term.id
        assert len(re.findall(r"[.!?](?:\s|$)", term.definition)) == 1, term.id


def test_definitions_are_our_own_words_not_copied_from_the_notes(glossary) -> None:  # type: ignore[no-untyped-def]
    source = SPELLING_NOTES.read_text(encoding="utf-8")
    copied = [t.id for t in glossary.terms if len(t.definition) > 30 and t.definition in source]
    assert copied == []


def test_definitions_use_no_cjk_characters_a_reader_may_lack_a_font_for(glossary) -> None:  # type: ignore[no-untyped-def]
    assert [t.id for t in glossary.terms if re.search(r"[\u3000-\u9fff]", t.definition)] == []


def test_sections_follow_glossary_md_order(glossary) -> None:  # type: ignore[no-untyped-def]
    assert [s.title for s in glossary.sections][:3] == [
        "Игра, инвентарь, тайлы", "Партия, места, роли", "Стена"]
    assert sum(len(s.terms) for s in glossary.sections) == len(glossary.terms)


def test_every_term_used_in_lessons_is_defined(glossary) -> None:  # type: ignore[no-untyped-def]
    pattern = re.compile(r"\[\[([^\[\]|\n]+?)(?:\|([^\[\]|\n]+?))?\]\]")
    unknown = set()
    for path in (ROOT / "content" / "ru").glob("*.md"):
        for m in pattern.finditer(path.read_text(encoding="utf-8")):
            term = (m.group(2) or m.group(1)).strip()
            if glossary.lookup(term) is None:
                unknown.add(f"{path.name}: {term}")
    assert unknown == set()


# --- lookup -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "term_id"),
    [
        pytest.param("фуритен", "furiten", id="term"),
        pytest.param("Фуритене", "furiten", id="inflected-alias-any-case"),
        pytest.param("мертвая стена", "dead-wall", id="yo-written-as-e"),
        pytest.param("  мёртвой   стены ", "dead-wall", id="extra-spaces"),
        pytest.param("сянпон", "shanpon", id="variant-spelling-from-documents"),
        pytest.param("ура-дора", "uradora", id="hyphenated-variant"),
        pytest.param("минкан", "minkan", id="term-in-brackets"),
    ],
)
def test_lookup_matches_term_or_alias(glossary, text: str, term_id: str) -> None:  # type: ignore[no-untyped-def]
    found = glossary.lookup(text)
    assert found is not None and found.id == term_id


def test_lookup_of_unknown_word_is_none(glossary) -> None:  # type: ignore[no-untyped-def]
    assert glossary.lookup("покер") is None


# --- file errors ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "line", "words"),
    [
        pytest.param(("    section: a", "    section: b"), 4, "Раздела «b»", id="unknown-section"),
        pytest.param(("    definition: Запрет на рон.\n", ""), 4, "definition", id="missing-field"),
        pytest.param(("id: furiten", "id: Фуритен"), 4, "id", id="bad-id"),
        pytest.param(("    section: a", "    section: a\n    colour: red"), 4, "colour",
                     id="unknown-field"),
        pytest.param(("[фуритене]", "[фуритене: x"), 7, "YAML", id="not-yaml"),
    ],
)
def test_mistakes_in_the_file_name_line_in_russian(
    change: tuple[str, str], line: int, words: str
) -> None:
    text = MINIMAL.replace(*change)
    with pytest.raises(GlossaryError) as info:
        parse_glossary(text, "g.yaml")
    assert info.value.file == "g.yaml"
    assert info.value.line == line
    assert words in str(info.value)


def test_one_spelling_cannot_name_two_terms() -> None:
    text = MINIMAL + """\
  - id: other
    term: другое
    aliases: [ФУРИТЕНЕ]
    definition: Что-то другое.
    section: a
"""
    with pytest.raises(GlossaryError) as info:
        parse_glossary(text, "g.yaml")
    assert info.value.line == 9 and "фуритен" in str(info.value)


def test_load_rereads_the_file_only_after_it_changes(tmp_path: Path) -> None:
    path = tmp_path / "glossary.yaml"
    path.write_text(MINIMAL, encoding="utf-8")
    first = load_glossary(path)
    assert load_glossary(path) is first
    path.write_text(MINIMAL.replace("Запрет на рон.", "Запрет на рон по своему сбросу."),
                    encoding="utf-8")
    second = load_glossary(path)
    assert second is not first
    assert second.terms[0].definition == "Запрет на рон по своему сбросу."


def test_missing_file_is_a_glossary_error(tmp_path: Path) -> None:
    with pytest.raises(GlossaryError):
        load_glossary(tmp_path / "nope.yaml")


# --- the page -----------------------------------------------------------------


@pytest.fixture()
def site() -> Iterator[Flask]:

    yield make_app(None, SECRET_KEY=None)


@pytest.fixture()
def client(site: Flask) -> FlaskClient:
    return site.test_client()


def test_glossary_page_lists_every_term_with_anchor_romaji_and_lesson(
    client: FlaskClient, glossary  # type: ignore[no-untyped-def]
) -> None:
    response = client.get("/glossary")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert len(re.findall(r'class="glossary__entry" id="', html)) == len(glossary.terms)
    entry = html.split('id="furiten"', 1)[1].split("</div>", 1)[0]
    assert "furiten" in entry and glossary.by_id("furiten").definition in entry
    assert 'href="/lessons/furiten"' in entry
    assert html.count('<h2 id="section-') == len(glossary.sections)
    assert len(response.data) < 100_000  # pages stay light (150 KB with assets)


def test_glossary_page_skips_links_to_lessons_that_do_not_exist(
    site: Flask, tmp_path: Path
) -> None:
    path = tmp_path / "g.yaml"
    path.write_text(MINIMAL.replace("    section: a", "    section: a\n    lesson: no-such"),
                    encoding="utf-8")
    site.config["GLOSSARY_PATH"] = str(path)
    html = site.test_client().get("/glossary").get_data(as_text=True)
    assert 'id="furiten"' in html and "glossary__lesson" not in html


def test_broken_glossary_gives_a_russian_503_not_a_500(site: Flask, tmp_path: Path) -> None:
    path = tmp_path / "g.yaml"
    path.write_text("terms: [", encoding="utf-8")
    site.config["GLOSSARY_PATH"] = str(path)
    response = site.test_client().get("/glossary")
    assert response.status_code == 503
    assert "Глоссарий сейчас недоступен" in response.get_data(as_text=True)
