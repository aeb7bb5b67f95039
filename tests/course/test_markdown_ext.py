"""Our Markdown extensions, compared as exact HTML on small inputs.

Tiles are drawn by a stand-in renderer here (the real art is tested with
tutor.tiles.render), so these tests pin down only what the extensions do.
"""

from __future__ import annotations

import re

import pytest

from tests.support.markdown import render


@pytest.mark.parametrize(
    ("source", "html"),
    [
        pytest.param(
            "Рука :123m 4p:.", '<p>Рука <span class="t">123m 4p</span>.</p>', id="inline-tiles"
        ),
        pytest.param("Пон :55'5z:", '<p>Пон <span class="t">55\'5z</span></p>', id="sideways"),
        pytest.param("Кан :#11#s:", '<p>Кан <span class="t">#11#s</span></p>', id="face-down"),
        pytest.param("В 10:30: начало", "<p>В 10:30: начало</p>", id="time-is-not-tiles"),
        pytest.param("Внимание: :красный:", "<p>Внимание: :красный:</p>", id="words-are-not-tiles"),
        pytest.param("`:123m:`", "<p><code>:123m:</code></p>", id="code-span-stays-code"),
    ],
)
def test_inline_tiles(source: str, html: str) -> None:
    assert render(source)[0] == html


def test_unparsable_tiles_are_a_problem_with_file_and_line() -> None:
    html, context = render("Строка\n\nПлохо :99z: тут")
    assert html == '<p>Строка</p>\n<p>Плохо <code class="tiles-error">:99z:</code> тут</p>'
    assert [(p.file, p.line) for p in context.problems] == [("l.md", 8)]
    assert context.problems[0].message.startswith("Тайлы «99z»: ")


# The popover of a term: its headword, the definition and the glossary link.
TIP = (
    '<span class="term-tip" id="term-tip-1" popover=""><strong>фуритен</strong> — Запрет на рон. '
    '<a href="/glossary#furiten">В глоссарии</a></span></span></p>'
)


@pytest.mark.parametrize(
    ("source", "html"),
    [
        pytest.param(
            "[[фуритен]]",
            '<p><span class="term-wrap"><button class="term" '
            'popovertarget="term-tip-1" type="button">фуритен</button>'
            + TIP,
            id="term",
        ),
        pytest.param(
            "[[фуритена|фуритен]]",
            '<p><span class="term-wrap"><button class="term" '
            'popovertarget="term-tip-1" type="button">фуритена</button>'
            + TIP,
            id="inflected",
        ),
    ],
)
def test_glossary_terms(source: str, html: str) -> None:
    assert render(source)[0] == html


def test_each_term_opens_its_own_popover() -> None:
    html = render("[[фуритен]] и снова [[фуритен]]")[0]
    assert re.findall(r'popovertarget="([^"]+)"', html) == ["term-tip-1", "term-tip-2"]
    tips = re.findall(r'class="term-tip" id="([^"]+)" popover', html)
    assert tips == ["term-tip-1", "term-tip-2"]


def test_unknown_term_is_a_problem_and_not_a_link() -> None:
    html, context = render("[[нечто]]")
    assert html == '<p><span class="term term-unknown">нечто</span></p>'
    assert [str(p) for p in context.problems] == ["l.md:6: Термина «нечто» нет в глоссарии."]


def test_drill_block_becomes_a_marker_and_keeps_following_line_numbers() -> None:
    html, context = render("Текст\n\n/// demo\nid: one\n///\n\nПосле :99z:")
    assert (
        html
        == '<p>Текст</p>\n<!--drill:one-->\n<p>После <code class="tiles-error">:99z:</code></p>'
    )
    assert list(context.drills) == ["one"]
    assert [p.line for p in context.problems] == [12]


def test_a_lesson_body_comes_in_sections_one_per_second_level_heading() -> None:
    """The browser may skip styling a section far from the screen (site.css): the text
    before the first heading is a section too, a drill marker stays inside its section,
    and a third-level heading does not start one."""
    html, _ = render("Вступление\n\n## Первый\n\nТекст\n\n/// demo\nid: one\n///\n\n"
                     "### Подраздел\n\n## Второй\n\nЕщё", sections=True)
    parts = re.findall(r'<section class="lesson__part">(.*?)</section>', html, re.S)
    assert len(parts) == 3 and html.count("<section") == 3
    assert "Вступление" in parts[0] and "<h2" not in parts[0]
    assert parts[1].lstrip().startswith("<h2") and "<!--drill:one-->" in parts[1]
    assert "<h3" in parts[1] and "Ещё" in parts[2]
    assert "<section" not in render("## Один\n\nТекст")[0]  # fragments stay flat


def test_bad_drill_parameter_points_at_its_own_line() -> None:
    html, context = render("/// demo\nid: one\nbad: 1\n///")
    assert [str(p) for p in context.problems] == ["l.md:8: Параметр «bad»: плохо."]
    assert (
        html
        == '<div class="lesson-problem" role="alert"><p>l.md:8: Параметр «bad»: плохо.</p></div>'
    )


def test_unknown_drill_kind_is_an_error_never_text() -> None:
    html, context = render("/// nope\nid: x\n///")
    assert [str(p) for p in context.problems] == ["l.md:6: Неизвестный вид упражнения «nope»."]
    assert "id: x" not in html


def test_drill_yaml_error_names_the_line() -> None:
    _, context = render("/// demo\nid: [oops\n///")
    assert len(context.problems) == 1
    assert context.problems[0].message.startswith("Параметры упражнения — не YAML")


def test_unclosed_drill_block_is_a_problem() -> None:
    _, context = render("/// demo\nid: x\n")
    assert [str(p) for p in context.problems] == [
        "l.md:6: Блок упражнения «demo» не закрыт строкой ///."
    ]


def test_duplicate_drill_id_is_a_problem() -> None:
    _, context = render("/// demo\nid: a\n///\n\n/// demo\nid: a\n///")
    assert [str(p) for p in context.problems] == ["l.md:10: Упражнение с id «a» в уроке уже есть."]


@pytest.mark.parametrize(
    ("source", "html"),
    [
        pytest.param(
            "<script>alert(1)</script>",
            "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>",
            id="script-block",
        ),
        pytest.param(
            "a <b onclick=x>b</b>", "<p>a &lt;b onclick=x&gt;b&lt;/b&gt;</p>", id="inline-html"
        ),
        pytest.param("[x](javascript:alert(1))", "<p><a>x</a></p>", id="javascript-link"),
        pytest.param("[x](//evil.example/)", "<p><a>x</a></p>", id="protocol-relative-link"),
        pytest.param(
            "[x](/lessons/a#b)", '<p><a href="/lessons/a#b">x</a></p>', id="local-link-kept"
        ),
        pytest.param(
            'Абзац\n{: onclick="x()" style="color:red" .note }',
            '<p class="note">Абзац</p>',
            id="attr-list-handlers",
        ),
    ],
)
def test_raw_html_is_escaped_and_unsafe_attributes_dropped(source: str, html: str) -> None:
    assert render(source)[0] == html


def test_standard_extensions_tables_admonition_toc() -> None:
    html, _ = render(
        '## Раздел\n\n!!! note "Заметка"\n    Текст\n\n| a | b |\n|---|---|\n| 1 | 2 |'
    )
    assert '<h2 id="раздел">Раздел<a class="headerlink" href="#раздел"' in html
    assert (
        '<div class="admonition note">\n<p class="admonition-title">Заметка</p>\n'
        "<p>Текст</p>\n</div>" in html
    )
    assert "<table>" in html and "<td>1</td>" in html


@pytest.mark.parametrize(
    ("source", "html"),
    [
        pytest.param(
            '!!! variants "Как в других правилах"\n    В EMA — **иначе**.',
            '<details class="admonition variants">\n'
            '<summary class="admonition-title">Как в других правилах</summary>\n'
            "<p>В EMA — <strong>иначе</strong>.</p>\n</details>",
            id="titled",
        ),
        pytest.param(
            "!!! variants\n    Текст.",
            '<details class="admonition variants">\n'
            '<summary class="admonition-title">Как в других правилах</summary>\n'
            "<p>Текст.</p>\n</details>",
            id="untitled-gets-a-russian-summary",
        ),
    ],
)
def test_variants_box_is_folded_details_with_a_russian_summary(source: str, html: str) -> None:
    rendered, context = render(source)
    assert rendered == html
    assert context.problems == []


def test_examples_in_code_are_neither_drills_nor_errors() -> None:
    source = (
        "```\n/// demo\nid: shown\n///\n:99z: [[нечто]]\n```\n\nСтрока с `:99z:` и `[[нечто]]`."
    )
    html, context = render(source)
    assert context.problems == [] and context.drills == {}
    assert html == (
        "<pre><code>/// demo\nid: shown\n///\n:99z: [[нечто]]\n</code></pre>\n"
        "<p>Строка с <code>:99z:</code> и <code>[[нечто]]</code>.</p>"
    )
