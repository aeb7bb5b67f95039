"""The real course (content/ru) meets the course's numbers and language rules.

The lessons are loaded through the site's own loader (``tutor.course.content``), so
what is checked here is exactly what a learner gets.

How words are counted: the lesson body after the front matter, without drill
blocks (``/// kind`` … ``///``), fenced code, inline code and inline tiles
(``:123m:``); a glossary link counts its shown text. A word is any
whitespace-separated token with at least one letter, so table rules, numbers
and arrows are not words, but table cells and headings are.

Spelling (one spelling per term) is checked by the site itself,
``tutor/course/spelling.py``; its tests are ``tests/course/test_spelling.py``.

First use: the first time a lesson uses a glossary term in prose (headings,
admonition titles, drills and code are not prose) it must be a ``[[…]]`` link
to that term. Terms that are everyday words (рука, ход, игрок …) and aliases
that are ordinary Russian too («тройка», «ставка», «закрыта») are not checked.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from tests.support.site import make_app
from tutor.course.content import Lesson, split_front_matter, store
from tutor.course.glossary import Glossary, normalize

COURSE = Path(__file__).resolve().parents[2] / "content" / "ru"
FILES = sorted(path.name for path in COURSE.glob("[0-9]*.md"))

MIN_LESSONS, MIN_WORDS, MAX_WORDS, MIN_LESSON_DRILLS = 18, 600, 2000, 3
MIN_DRILLS = 60
MIN_BY_KIND = {"waits": 15, "furiten": 15, "fu": 15}

# Glossary terms that are everyday words of every lesson: linking them each time is noise.
EVERYDAY_TERMS = frozenset({"hand", "turn", "game", "tile", "call", "discard"})
# Aliases that are also ordinary Russian (or another sense): not a use of the term.
AMBIGUOUS = frozenset(
    normalize(word)
    for word in (
        "ко; закрыта; открыта; рука закрыта; рука открыта; руку открытой; кость; кости; фишка; "
        "фишки; точки; круги; символы; бамбук; бамбуки; палочки; ставка; ставки; ставку; тройка; "
        "тройки; последовательность; последовательности; последовательностью; комбинация; "
        "четвёрка; сдача; последний сброс; не в темпае; условия победы; японский риичи"
    ).split("; ")
)

DRILL_BLOCK = re.compile(r"^///[ \t]*[a-z_]+[ \t]*\n.*?^///[ \t]*$", re.M | re.S)
FENCE = re.compile(r"^(```|~~~).*?^\1[^\n]*$", re.M | re.S)
CODE_SPAN = re.compile(r"`[^`\n]*`")
TILES = re.compile(r":[0-9#][0-9#'mpsz ]*[mpsz]:")
NOT_PROSE_LINE = re.compile(r"^(?:#{1,6} |!!! ).*$", re.M)
# The Novosibirsk club «Фуритен» is a name, not a use of the rule.
CLUB_NAME = re.compile(r"«(?:Фуритен|Феникс)[а-я]*»")
TERM_LINK = re.compile(r"\[\[([^\[\]|\n]+?)(?:\|([^\[\]|\n]+?))?\]\]")
LETTER = re.compile(r"[^\W\d_]")


def _blank(text: str, start: int, end: int, fill: str = " ") -> str:
    """``text`` with ``[start, end)`` replaced by ``fill`` (newlines kept, offsets unchanged)."""
    return text[:start] + re.sub(r"[^\n]", fill, text[start:end]) + text[end:]


def prose(body: str) -> tuple[str, list[tuple[int, int, str]]]:
    """The body with everything but prose blanked, and the links as (start, end, term).

    A link ``[[shown|term]]`` keeps only ``shown`` in place; its span covers it.
    """
    for pattern in (DRILL_BLOCK, FENCE, CODE_SPAN, TILES, NOT_PROSE_LINE, CLUB_NAME):
        for match in list(pattern.finditer(body)):
            body = _blank(body, *match.span())
    links = []
    for match in list(TERM_LINK.finditer(body)):
        # «¦» (not a space) so that no spelling can run across a link's edge
        body = _blank(body, match.start(), match.start(1), "¦")
        body = _blank(body, match.end(1), match.end(), "¦")
        links.append((match.start(1), match.end(1), (match.group(2) or match.group(1)).strip()))
    return body, links


def word_count(body: str) -> int:
    """Words of prose, as defined in the module docstring."""
    return sum(1 for token in prose(body)[0].split() if LETTER.search(token))


def body_of(name: str) -> str:
    return split_front_matter((COURSE / name).read_text(encoding="utf-8"))[1]


def term_pattern(glossary: Glossary) -> tuple[re.Pattern[str], dict[str, str]]:
    """One regex over every checked spelling (longest first) and spelling -> term id."""
    owner: dict[str, str] = {}
    for term in glossary.terms:
        if term.id in EVERYDAY_TERMS:
            continue
        for spelling in (term.term, *term.aliases):
            key = normalize(spelling)
            if key not in AMBIGUOUS and not re.search(r"[(),/]", key):
                owner[key] = term.id
    parts = [r"\s+".join(map(re.escape, key.split())) for key in sorted(owner, key=len)[::-1]]
    return re.compile(r"(?<![\w-])(?:" + "|".join(parts) + r")(?![\w-])"), owner


def unlinked_first_uses(body: str, glossary: Glossary) -> list[tuple[int, int, str]]:
    """``(start, end, term id)`` of each term whose first prose use is not a link to it."""
    text, links = prose(body)
    lowered = text.lower().replace("ё", "е")
    pattern, owner = term_pattern(glossary)
    resolved = [(s, e, glossary.lookup(t)) for s, e, t in links]
    seen: set[str] = set()
    missing = []
    for match in pattern.finditer(lowered):
        term_id = owner[" ".join(match.group(0).split())]
        link = next((t for s, e, t in resolved if s <= match.start() < e), None)
        if link is not None and link.id != term_id:
            continue  # part of another term's link text («ветра места» is not «ветер»)
        if term_id in seen:
            continue
        seen.add(term_id)
        if link is None:
            missing.append((match.start(), match.end(), term_id))
    return missing


# --- the course as the site loads it -----------------------------------------


@pytest.fixture(scope="module")
def loaded() -> tuple[dict[str, Lesson], Glossary]:
    app = make_app(COURSE, SECRET_KEY="t")
    with app.app_context():
        lessons = {lesson.path.name: lesson for lesson in store().lessons()}
        glossary = store().glossary()
    assert glossary is not None, "content/ru/glossary.yaml must load"
    return lessons, glossary


@pytest.fixture(scope="module")
def lessons(loaded: tuple[dict[str, Lesson], Glossary]) -> dict[str, Lesson]:
    return loaded[0]


@pytest.fixture(scope="module")
def glossary(loaded: tuple[dict[str, Lesson], Glossary]) -> Glossary:
    return loaded[1]


def test_course_has_at_least_18_lessons(lessons: dict[str, Lesson]) -> None:
    assert len(lessons) >= MIN_LESSONS
    assert sorted(lesson.order for lesson in lessons.values())[:MIN_LESSONS] == list(
        range(1, MIN_LESSONS + 1)
    )


@pytest.mark.parametrize("name", FILES)
def test_lesson_loads_without_problems(lessons: dict[str, Lesson], name: str) -> None:
    assert [str(problem) for problem in lessons[name].problems] == []


@pytest.mark.parametrize("name", FILES)
def test_lesson_is_600_to_2000_words_of_prose(name: str) -> None:
    assert MIN_WORDS <= word_count(body_of(name)) <= MAX_WORDS


@pytest.mark.parametrize("name", FILES)
def test_lesson_has_at_least_3_drills(lessons: dict[str, Lesson], name: str) -> None:
    assert len(lessons[name].drills) >= MIN_LESSON_DRILLS


def test_course_has_60_drills_and_15_of_each_core_kind(lessons: dict[str, Lesson]) -> None:
    kinds = Counter(d.kind.name for lesson in lessons.values() for d in lesson.drills.values())
    assert sum(kinds.values()) >= MIN_DRILLS
    short = {kind: kinds[kind] for kind, least in MIN_BY_KIND.items() if kinds[kind] < least}
    assert short == {}, f"too few drills of these kinds: {short}"


def test_every_drill_has_an_answer_computed_by_the_engine(lessons: dict[str, Lesson]) -> None:
    unanswered = [
        f"{name}: {drill.id}"
        for name, lesson in lessons.items()
        for drill in lesson.drills.values()
        if drill.solution is None
    ]
    assert unanswered == []


@pytest.mark.parametrize("name", FILES)
def test_lesson_html_has_no_raw_markup_left(lessons: dict[str, Lesson], name: str) -> None:
    """A ``[[shown|term]]`` inside a table row is split by the pipe and shows as text."""
    html = "".join(part for part in lessons[name].parts if isinstance(part, str))
    leftovers = re.findall(r".{0,30}(?:\[\[|\]\]|^///).{0,30}", html, re.M)
    assert leftovers == []


# --- first use of a term links to the glossary --------------------------------


def test_first_use_check_sees_unlinked_and_linked_uses(glossary: Glossary) -> None:
    body = "## Фуритен\n\nРука в [[фуритене]], и снова фуритен. Ждём шанпон.\n"
    found = [(body[s:e], term) for s, e, term in unlinked_first_uses(body, glossary)]
    assert found == [("шанпон", "shanpon")]
    assert word_count("Рука :123m: и `код`\n/// waits\nid: x\n///\n[[фуритена|фуритен]]") == 3


@pytest.mark.parametrize("name", FILES)
def test_first_use_of_each_glossary_term_is_a_link(glossary: Glossary, name: str) -> None:
    text = (COURSE / name).read_text(encoding="utf-8")
    body = split_front_matter(text)[1]
    first_line = text.count("\n", 0, len(text) - len(body)) + 1
    missing = [
        f"{name}:{first_line + body.count(chr(10), 0, start)}: «{body[start:end]}» → [[{term}]]"
        for start, end, term in unlinked_first_uses(body, glossary)
    ]
    assert missing == []


COURSE_ONLY_LINKS = {
    "05-winning-hand.md": ("shanten",),
    "15-waits.md": ("nobetan", "entotsu", "karaten"),
    "18-points.md": ("haneman", "baiman", "sanbaiman", "kiriage", "kazoe-yakuman"),
}


@pytest.mark.parametrize("name", sorted(COURSE_ONLY_LINKS))
def test_course_only_terms_are_linked_where_taught(glossary: Glossary, name: str) -> None:
    """Terms the documents lack (шантен, нобетан …) are explained by the glossary link."""
    linked = {
        term.id
        for _, _, shown in prose(body_of(name))[1]
        if (term := glossary.lookup(shown)) is not None
    }
    assert set(COURSE_ONLY_LINKS[name]) - linked == set()


def test_the_retired_drills_left_the_course_and_their_lessons_read_well(
        lessons: dict[str, Lesson]) -> None:
    """content/ru/retired-drills.txt (docs/lesson-format.md «Перенос упражнений»): no drill
    claims a retired key, and each key's lesson is in the course without problems — what
    tutor/course/regrade.py needs to retire the learners' pending mistakes on it."""
    text = (COURSE / "retired-drills.txt").read_text(encoding="utf-8")
    retired = [key for line in text.splitlines() if (key := line.split("#", 1)[0].strip())]
    assert "tsumo-ron/head-bump-fenix" in retired  # answer changed: now double-ron-both-win
    claimed = {key for lesson in lessons.values() for key in lesson.problem_keys.values()}
    by_slug = {lesson.slug: lesson for lesson in lessons.values()}
    for key in retired:
        slug = key.split("/")[0]
        assert f"lesson/{key}" not in claimed and by_slug[slug].ok, key
