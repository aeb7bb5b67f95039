"""Hostile lesson files for the fuzzer: what a careless or malicious author could commit.

:func:`lessons` draws a whole lesson file — a front matter that may be
broken, and a body mixing prose, tile groups right and wrong, glossary
terms, links to anywhere, raw HTML, ``attr_list`` lines that try to add
behaviour, and drill blocks of every kind with random parameters. Whatever
is drawn, the published page must render without a 500, a traceback or an
attribute from outside the allow-list. Hostile attribute values carry
:data:`EVIL`, so a test can find them if they ever reach a tag.
"""

from __future__ import annotations

import re

from hypothesis import strategies as st

EVIL = "fuzz-evil"
MARKER = "<x-fuzz-123>"
KINDS = ["waits", "furiten", "fu", "han", "payment", "shanten", "dora", "complete", "discard",
         "yaku", "count", "rule", "choice", "nosuchkind"]
DRILL_IDS = ["d1", "d2", "d3"]
PARAMS = ["hand", "melds", "win", "by", "riichi", "dora", "discards", "tile", "answer",
          "options", "question", "prompt", "rules", "seat", "round", "goal", "red_fives",
          "expected", "honba", "kind"]
VALUES = ["123m456p789s11z", "3456m123p789s111z", "234m456p678s23455s", "2s", "ron", "tsumo",
          "true", "да", "[4p, 9s]", "1p", "3", "[a, b]", "[[[", "{x: y}", "online", "E",
          MARKER, "'quoted'", "-1", "99999999999999999999", "9z", ""]
# Not href/src: those are allowed (on a link, an image) and checked as URLs instead.
ATTRIBUTES = ["hx-post", "hx-get", "hx-trigger", "onclick", "onload", "style", "data-x",
              "formaction", "srcdoc", "autofocus", "role", "tabindex", "hx-on:click"]
ALLOWED_WITH_EVIL = frozenset({"class", "id", "title"})
_TAG = re.compile(r"<[a-zA-Z][^>]*>")
_ATTR = re.compile(r'([\w:-]+)="([^"]*)"')

tile_text = st.text(alphabet="0123456789mpszqx#' ", min_size=1, max_size=14)
prose = st.one_of(
    st.text(max_size=60).map(lambda t: t.replace("///", "")),
    st.sampled_from(["В 10:30 начинаем.", "Итог: три хана.", "Счёт 3:2.", MARKER,
                     "<script>alert(1)</script>", "<img src=x onerror=alert(1)>",
                     "[[фуритен]]", "[[нечто|неведомое]]", "{{7*7}}", "{% raw %}", "!!! note",
                     "    отступ", "| a | b |\n|---|---|\n| 1 | 2 |", "1. раз\n3. три"]),
    tile_text.map(lambda t: f"Тайлы :{t}: тут."),
    st.sampled_from(["javascript:alert(1)", "//evil.example", "/lessons/nope#x", "#нет",
                     "data:text/html,x", "02-second.md", "/glossary#ribaund", "https://ok"])
    .map(lambda url: f"[ссылка]({url})"),
)


@st.composite
def attr_line(draw: st.DrawFn) -> str:
    """A paragraph, heading or fenced block with an ``attr_list`` of hostile attributes."""
    names = draw(st.lists(st.sampled_from(ATTRIBUTES), min_size=1, max_size=3))
    attrs = " ".join(f'{name}="/{EVIL}"' for name in names)
    extra = draw(st.sampled_from(["", " .note", " #yakor", ' title="t"']))
    where = draw(st.sampled_from(["para", "heading", "fence", "inline", "link"]))
    if where == "para":
        return f"Абзац.\n{{: {attrs}{extra} }}"
    if where == "heading":
        return f"## Раздел {{: {attrs} }}"
    if where == "fence":
        return f"```{{ .python {attrs} }}\nкод\n```"
    if where == "link":
        return f"[ссылка](/lessons/basics){{: {attrs} }}"
    return f"*слово*{{: {attrs} }}"


@st.composite
def drill_block(draw: st.DrawFn) -> str:
    kind = draw(st.sampled_from(KINDS))
    lines = [f"/// {kind}"]
    if draw(st.booleans()):
        lines.append(f"id: {draw(st.sampled_from(DRILL_IDS))}")
    for name in draw(st.lists(st.sampled_from(PARAMS), max_size=5, unique=True)):
        lines.append(f"{name}: {draw(st.sampled_from(VALUES))}")
    if draw(st.integers(0, 5)):  # now and then left unclosed
        lines.append("///")
    return "\n".join(lines)


# Drills that do build, so their answers reach the graders; the prompt carries the marker.
GOOD_DRILLS = [
    "/// waits\nid: {id}\nprompt: Ждёт {marker}\nhand: 3456m123p789s111z\n///",
    "/// furiten\nid: {id}\nhand: 23p456789m123s55z\ndiscards: [4p, 9s]\ntile: 1p\n///",
    "/// fu\nid: {id}\nhand: 234m456p678s23455s\nwin: 2s\nby: ron\nriichi: true\n///",
    "/// choice\nid: {id}\nquestion: Сколько {marker}?\noptions: [\"1\", \"3\"]\nanswer: 2\n///",
]


@st.composite
def good_drill(draw: st.DrawFn) -> str:
    template = draw(st.sampled_from(GOOD_DRILLS))
    return template.format(id=draw(st.sampled_from(DRILL_IDS)), marker=MARKER)


FRONTS = [
    "---\ntitle: Фазз\nslug: {slug}\norder: {order}\nsummary: Случайный урок.\n---\n",
    "---\ntitle: [\nslug: {slug}\n---\n",
    "---\ntitle: Без конца\nslug: {slug}\n",
    "",
    "---\ntitle: Фазз\nslug: {slug}\norder: первый\nsummary: x\nlevel: 3\n---\n",
]


@st.composite
def lessons(draw: st.DrawFn, slug: str, order: int) -> str:
    """A whole lesson file whose slug (when the front matter parses) is ``slug``."""
    front = draw(st.sampled_from(FRONTS)).format(slug=slug, order=order)
    parts = draw(st.lists(st.one_of(prose, attr_line(), drill_block(), good_drill(), good_drill()),
                          min_size=1, max_size=8))
    return front + "\n\n".join(parts) + "\n"


def check_page(html: str, where: str) -> None:
    """No hostile attribute value in any tag except the allow-listed names; no unsafe URL."""
    for tag in _TAG.findall(html):
        for name, value in _ATTR.findall(tag):
            if EVIL in value:
                assert name in ALLOWED_WITH_EVIL, f"{name}={value!r} reached a tag on {where}"
            lowered = value.strip().lower()
            if name in ("href", "src", "action", "hx-post", "hx-get"):
                assert not lowered.startswith(("javascript:", "data:", "//")), (
                    f"unsafe {name}={value!r} on {where}")
