"""One spelling per term: the variant table of ``tutor/course/spelling.yaml``.

The content check reports a variant in a lesson with its line (the broken
fixture ``10-spelling-variant.md`` in ``test_content_check.py``); here the
table itself, the finder's rules (code, guillemets, ``from_lesson``, glossary
aliases), the real course file by file, and the site's own templates and
Russian strings, which ``flask content check`` does not read.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.text import messages as msg
from tests.support.site import make_app
from tutor.course.content import store
from tutor.course.glossary import Glossary
from tutor.course.spelling import Hit, find_variants, variants

ROOT = Path(__file__).resolve().parents[2]
COURSE = ROOT / "content" / "ru"
LESSONS = sorted(path.name for path in COURSE.glob("[0-9]*.md"))
# What a learner or an author reads besides the course files: templates, the
# site's and the engine's messages, scripts (their comments are English).
SITE_FILES = sorted(
    str(path.relative_to(ROOT))
    for folder, pattern in (
        ("templates", "**/*.html"), ("templates", "**/*.md"), ("tutor", "**/*.py"),
        ("engine", "**/*.py"), ("static/js", "*.js"),
    )
    for path in (ROOT / folder).glob(pattern)
)


@pytest.fixture(scope="module")
def glossary() -> Glossary:
    app = make_app(COURSE, SECRET_KEY="t")
    with app.app_context():
        loaded = store().glossary()
    assert loaded is not None
    return loaded


def test_every_row_points_to_a_glossary_spelling_or_a_yaku_name(glossary: Glossary) -> None:
    yaku_names = set(msg.YAKU_NAMES.values())
    unknown = [v.use for v in variants() if v.use not in yaku_names and not glossary.lookup(v.use)]
    assert unknown == []
    # and no row rejects a spelling the glossary recommends
    rejected = [v.use for v in variants() if find_variants(v.use, 99)]
    assert rejected == []


def test_variants_are_found_with_their_line_and_the_spelling_to_use() -> None:
    text = "Ждём сянпон.\nКан-дора и ура-доры, `рьянмен` в коде.\n```\nтанъяо\n```\nТанъяо.\n"
    assert find_variants(text, 9) == [
        Hit(1, "сянпон", "шанпон"),
        Hit(2, "Кан-дора", "кандора"),
        Hit(2, "ура-доры", "урадора"),
        Hit(6, "Танъяо", "таняо"),
    ]
    assert Hit(2, "Кан-дора", "кандора").message() == (
        "Написание «Кан-дора» — вариант; в курсе пишем «кандора» (глоссарий)."
    )


def test_a_variant_named_in_guillemets_is_not_a_use() -> None:
    assert find_variants("Фу называют «миниочками».", 9) == []
    assert find_variants("Фу «это миниочки».", 9) == [Hit(1, "миниочки", "фу")]


def test_plain_words_count_only_from_the_lesson_that_teaches_the_term() -> None:
    assert find_variants("Тройка драконов.", 2) == []
    assert find_variants("Тройка драконов.", 5) == [Hit(1, "Тройка", "коцу")]
    assert find_variants("Тройка драконов.", None) == []  # not a lesson


def test_solid_and_part_words_are_not_variants() -> None:
    """«кандора», «кан-урадора» and «мёртвая» are the spellings; «урадору» is a case form."""
    assert find_variants("Кандора, кан-урадора, урадору и мёртвая стена.", 9) == []
    assert find_variants("Кан-ура-дора.", 9) == [Hit(1, "Кан-ура-дора", "кан-урадора")]


def test_glossary_aliases_and_comments_are_not_checked() -> None:
    data = "# кан-дора в комментарии\nterm: кандора\naliases: [кан-дора]\ndefinition: ура-дора\n"
    assert find_variants(data, data=True) == [Hit(4, "ура-дора", "урадора")]


@pytest.mark.parametrize("name", LESSONS)
def test_lesson_uses_one_spelling_per_term(name: str) -> None:
    text = (COURSE / name).read_text(encoding="utf-8")
    assert [f"{name}:{h.line}: {h.message()}" for h in find_variants(text, int(name[:2]))] == []


@pytest.mark.parametrize("name", ["glossary.yaml", "yaku-examples.yaml", "АВТОРАМ.md"])
def test_course_data_uses_one_spelling_per_term(name: str) -> None:
    text = (COURSE / name).read_text(encoding="utf-8")
    hits = find_variants(text, data=name.endswith(".yaml"))
    assert [f"{name}:{h.line}: {h.message()}" for h in hits] == []


def test_templates_and_site_strings_use_one_spelling_per_term() -> None:
    assert len(SITE_FILES) > 50
    found = [
        f"{name}:{hit.line}: {hit.message()}"
        for name in SITE_FILES
        for hit in find_variants((ROOT / name).read_text(encoding="utf-8"))
    ]
    assert found == []
