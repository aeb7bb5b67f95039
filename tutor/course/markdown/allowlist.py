"""The one allow-list of lesson HTML: URL schemes, tags and attributes, as data.

Two places decide what of an author's text reaches a page: the lesson
pipeline (:mod:`tutor.course.markdown.safety`, which also *reports* what it
drops, so ``flask content check`` and the studio's check fail on it) and the
nh3 sanitiser (:mod:`tutor.authoring.sanitise`, which cleans the preview and
every club lesson). If each kept its own list, a link could pass the check and
vanish on the page without a word. So both read the lists here: the sanitiser
builds its nh3 arguments from them, the check compares against them.

:func:`url_scheme` reads a URL the way a browser and nh3 do (character
references decoded, tabs and line breaks removed, ``JavaScript:`` is
``javascript:``), so ``java&#115;cript:`` is not mistaken for a relative path.
"""

from __future__ import annotations

import html
import re

# What an address may start with; anything without a scheme (/lessons/fu,
# ../x, #якорь, ?a=1) is a path of our own site and allowed.
URL_SCHEMES = frozenset({"http", "https", "mailto"})
SCHEMES_TEXT = "http, https, mailto, адреса сайта и #якоря"

# Tags an author's Markdown makes (text, tables, images): the lesson's tags.
TEXT_TAGS = frozenset({
    "p", "br", "hr", "h1", "h2", "h3", "h4", "h5", "h6", "strong", "em", "b", "i", "code",
    "pre", "blockquote", "ul", "ol", "li", "dl", "dt", "dd", "a", "span", "div", "section",
    "article", "header", "nav", "sup", "sub", "del", "abbr", "small", "caption",
    "details", "summary",  # the folded «Как в других правилах» box (markdown.variants)
})
TABLE_TAGS = frozenset({"table", "thead", "tbody", "tfoot", "tr", "th", "td", "colgroup", "col"})
MEDIA_TAGS = frozenset({"img"})  # Markdown's ![alt](src)
LESSON_TAGS = TEXT_TAGS | TABLE_TAGS | MEDIA_TAGS
# Tags only our own templates write around a lesson (drill forms; tiles are CSS backgrounds):
# the sanitiser keeps them, an author may not write them.
TEMPLATE_TAGS = frozenset({
    "form", "input", "button", "label", "fieldset", "legend", "select", "option",
})
# Tags the sanitiser removes together with their content.
CONTENT_DROPPED_TAGS = frozenset({"script", "style", "iframe", "object", "embed", "template"})

# Attributes a lesson element may carry: these anywhere, plus the few Markdown writes.
ANYWHERE = frozenset({"class", "id", "title"})
ALLOWED: dict[str, frozenset[str]] = {
    "a": frozenset({"href"}),
    "img": frozenset({"src", "alt"}),
    "ol": frozenset({"start"}),
    "th": frozenset({"align"}),
    "td": frozenset({"align"}),
    # the glossary term's popover (tutor.course.markdown.terms): declarative, no script
    "button": frozenset({"type", "popovertarget"}),
    "span": frozenset({"popover"}),
}
URL_ATTRIBUTES = ("href", "src")

_SCHEME = re.compile(r"^([a-z][a-z0-9+.\-]*):")
_INVISIBLE = re.compile(r"[\t\n\r]")  # removed inside a URL by browsers
_EDGES = "".join(map(chr, range(0x21)))  # control characters and space, stripped at the ends


def allowed(tag: str, name: str) -> bool:
    """Whether attribute ``name`` may stay on element ``tag`` of a lesson."""
    return name in ANYWHERE or name in ALLOWED.get(tag, ())


def url_scheme(url: str) -> str | None:
    """The scheme a browser would read in ``url`` (lower case), None for a path of our site."""
    read = _INVISIBLE.sub("", html.unescape(url)).strip(_EDGES).lower()
    match = _SCHEME.match(read)
    return match.group(1) if match else None


def forbidden_scheme(url: str) -> str | None:
    """The scheme of ``url`` when it is not in :data:`URL_SCHEMES`, else None."""
    scheme = url_scheme(url)
    return scheme if scheme is not None and scheme not in URL_SCHEMES else None


def scheme_message(url: str, scheme: str, outcome: str) -> str:
    """«Адрес «javascript:…»: схема «javascript:» не разрешена (можно …): ссылка убрана.»"""
    shown = url if len(url) <= 60 else url[:59] + "…"
    return (f"Адрес «{shown}»: схема «{scheme}:» в уроке не разрешена (можно {SCHEMES_TEXT}): "
            f"{outcome}")
