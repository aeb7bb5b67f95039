"""Lesson Markdown: only allow-listed attributes, and mistyped tile groups are errors.

Exact HTML and exact problems (file, line, message) for small inputs, with
the stand-in tile renderer of test_markdown_ext.
"""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import pytest

from tests.support.content import course_with, site
from tests.support.markdown import render
from tutor.authoring.sanitise import sanitise
from tutor.course.markdown.allowlist import (
    ALLOWED,
    ANYWHERE,
    URL_SCHEMES,
    forbidden_scheme,
    url_scheme,
)

NOT_ALLOWED = "в уроке не разрешён (можно только class, id, title): он убран со страницы."


def _problems(source: str) -> list[tuple[int, str]]:
    return [(p.line, p.message) for p in render(source)[1].problems]


@pytest.mark.parametrize(("source", "html", "names"), [
    pytest.param('Абзац\n{: hx-post="/progress/wipe" hx-trigger="load" }', "<p>Абзац</p>",
                 ["hx-post", "hx-trigger"], id="htmx-wipe-on-load"),
    pytest.param('## Раздел {: hx-get="/x" }', '<h2 id="раздел">Раздел<a class="headerlink" '
                 'href="#раздел" title="Ссылка на этот раздел">#</a></h2>', ["hx-get"],
                 id="heading"),
    pytest.param('*слово*{: data-x="1" onclick="f()" .ok }', '<p><em class="ok">слово</em></p>',
                 ["data-x", "onclick"], id="inline-element"),
    pytest.param('```{ .python hx-post="/progress/wipe" hx-trigger="load" }\nкод\n```',
                 '<pre><code class="language-python">код\n</code></pre>',
                 ["hx-post", "hx-trigger"], id="fenced-code-block"),
    pytest.param('Абзац\n{: style="color:red" autofocus }', "<p>Абзац</p>",
                 ["style", "autofocus"], id="style-and-flag"),
])
def test_attributes_outside_the_allow_list_are_dropped_and_reported_with_their_line(
    source: str, html: str, names: list[str]
) -> None:
    rendered, context = render(source)
    assert rendered == html
    line = 5 + next(n for n, text in enumerate(source.split("\n"), 1) if "{" in text)
    assert [(p.file, p.line, p.message) for p in context.problems] == [
        ("l.md", line, f"Атрибут «{name}» {NOT_ALLOWED}") for name in names
    ]


def test_allowed_attributes_stay_and_are_no_problem() -> None:
    html, context = render('Абзац\n{: .note #yakor title="Подсказка" }\n\n3. три\n4. четыре\n\n'
                           "| a | b |\n|:--|--:|\n| 1 | 2 |")
    assert context.problems == []
    assert '<p class="note" id="yakor" title="Подсказка">Абзац</p>' in html
    assert '<ol start="3">' in html
    assert '<th align="left">a</th>' in html and '<td align="right">2</td>' in html


def test_each_line_that_writes_a_forbidden_attribute_is_reported() -> None:
    assert _problems('Раз\n{: hx-post="/a" }\n\nДва\n{: hx-post="/b" }') == [
        (7, f"Атрибут «hx-post» {NOT_ALLOWED}"), (10, f"Атрибут «hx-post» {NOT_ALLOWED}"),
    ]


def test_an_unsafe_address_set_through_attributes_is_reported() -> None:
    html, context = render('[x](/lessons/a){: href="javascript:alert(1)" }')
    assert html == "<p><a>x</a></p>"
    assert [(p.line, p.message) for p in context.problems] == [
        (6, "Адрес «javascript:alert(1)»: схема «javascript:» в уроке не разрешена (можно http, "
            "https, mailto, адреса сайта и #якоря): ссылка убрана со страницы."),
    ]


def test_the_allow_list_is_small() -> None:
    assert ANYWHERE == {"class", "id", "title"}
    assert {tag: set(names) for tag, names in ALLOWED.items()} == {
        "a": {"href"}, "img": {"src", "alt"}, "ol": {"start"}, "th": {"align"}, "td": {"align"},
        "button": {"type", "popovertarget"}, "span": {"popover"},  # the glossary popover
    }


# -- mistyped tile groups --------------------------------------------------------------

@pytest.mark.parametrize(("source", "spec"), [
    pytest.param("Рука :123q456p: тут", "123q456p", id="wrong-suit-letter"),
    pytest.param("Рука :123m456p9: тут", "123m456p9", id="digits-without-suit"),
    pytest.param("Рука :123m 45: тут", "123m 45", id="second-group"),
    pytest.param("Пон :55'5x: тут", "55'5x", id="sideways-wrong-letter"),
])
def test_a_mistyped_tile_group_is_a_problem_with_its_line(source: str, spec: str) -> None:
    html, context = render("Строка\n\n" + source)
    assert f":{spec}:" in html  # still text on the page, but the check fails
    assert [(p.file, p.line) for p in context.problems] == [("l.md", 8)]
    assert context.problems[0].message.startswith(f"Тайлы «{spec}»: ")


@pytest.mark.parametrize("source", [
    pytest.param("Встреча в 10:30, потом в 11:45:00.", id="times"),
    pytest.param("Итог: три хана. Внимание: :красный:", id="words-after-colons"),
    pytest.param("Счёт 3:2 в пользу Юга, 16:9: экран.", id="scores-and-ratios"),
    pytest.param("Адрес https://example.org:8080/x и время 10:30am.", id="url-and-port"),
    pytest.param("Пример `:123q:` в коде.", id="code-span"),
    pytest.param("Рука :123m:2p: и :1m:", id="adjacent-good-groups"),
])
def test_prose_with_colons_is_not_a_tile_group(source: str) -> None:
    assert render(source)[1].problems == []


# -- what reaches the HTML -------------------------------------------------------------

class Markup(HTMLParser):
    """Every address a browser would follow or load, and every event handler, as markup."""

    def __init__(self) -> None:
        super().__init__()
        self.schemes: list[str] = []
        self.handlers: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name.startswith("on"):
                self.handlers.append(f"{tag}[{name}]")
            scheme = url_scheme(value or "") if name in ("href", "src", "action") else None
            if scheme is not None:
                self.schemes.append(scheme)


def assert_neutral(html: str) -> None:
    """No javascript:/data:/vbscript: address and no on… attribute in ``html``'s markup."""
    found = Markup()
    found.feed(html)
    assert found.handlers == []
    assert set(found.schemes) <= URL_SCHEMES, found.schemes


UNSAFE_SOURCES = [
    "[x](javascript:alert(1))", "[x](JavaScript:alert(1))", "[x](vbscript:msgbox(1))",
    "[x](data:text/html;base64,PHNjcmlwdD4=)", "![x](data:image/png;base64,AAAA)",
    "![x](javascript:alert(1))", "[x](java&#115;cript:alert(1))", "[x](&#106;avascript:alert(1))",
    "[x]: javascript:alert(1)\n\n[ссылка][x]", '[x](/lessons/a){: href="javascript:alert(1)" }',
    '<a href="javascript:alert(1)">x</a>', '<b onclick="alert(1)">x</b>',
    "<img src=x onerror=alert(1)>", '<script>alert(1)</script>', '<iframe src="https://x">',
    '*x*{: onclick="alert(1)" }',
]


@pytest.mark.parametrize("source", UNSAFE_SOURCES)
def test_each_unsafe_case_is_neutral_in_the_lesson_and_after_the_sanitiser(source: str) -> None:
    html, context = render(source)
    assert context.problems, "the check must name it"
    assert_neutral(html)
    assert_neutral(sanitise(html, "/preview/"))
    assert_neutral(sanitise(source, "/preview/"))  # nh3 alone, were raw HTML not escaped


def test_the_check_and_the_sanitiser_keep_the_same_schemes() -> None:
    """An address the check lets through survives nh3, and one it forbids does not."""
    for url in ("https://a.example/x", "http://a.example", "mailto:a@b.example", "/lessons/fu",
                "#якорь", "../x", "?a=1", "javascript:x", "data:,x", "vbscript:x", "ftp://a",
                "tel:1", "JAVA&#83;CRIPT:x"):
        kept = 'href="' in sanitise(f'<a href="{url}">x</a>', "/preview/")
        assert kept == (forbidden_scheme(url) is None), url


@pytest.mark.parametrize("fixture", [
    "10-link-javascript.md", "10-link-vbscript.md", "10-image-data.md",
    "10-html-link-javascript.md", "10-html-script.md", "10-html-event-handler.md",
])
def test_a_broken_lesson_page_carries_no_unsafe_markup(tmp_path: Path, fixture: str) -> None:
    content = course_with(tmp_path, fixture)
    slug = fixture.removeprefix("10-").removesuffix(".md")
    page = site(content).test_client().get(f"/lessons/{slug}")
    assert page.status_code == 200
    assert_neutral(page.get_data(as_text=True))
