"""The allow-list for the author preview's HTML (nh3, i.e. Ammonia).

The preview renders Markdown typed into a form, so its HTML is untrusted even
though the lesson pipeline already escapes raw HTML: everything the page shows
goes through :func:`sanitise`. The list keeps what a lesson needs — text,
tables, notes, our tile SVG (``<use>`` may point only at our sprite) and the
drill forms with the few htmx attributes our own templates set, each checked
against the value they must have, and every attribute a published lesson may
carry — and drops everything else: scripts, event handlers, ``style``,
frames, objects, ``javascript:``/``data:`` URLs. The lesson's part of the
list (tags, attributes, URL schemes) is :mod:`tutor.course.markdown.allowlist`,
which the content check reads too, so the preview shows what the site will
and the check reports what this drops.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import nh3

from tutor.course.markdown.allowlist import (
    ALLOWED,
    ANYWHERE,
    CONTENT_DROPPED_TAGS,
    LESSON_TAGS,
    TEMPLATE_TAGS,
    URL_SCHEMES,
)

# The lesson's tags and URL schemes are shared with the content check
# (tutor.course.markdown.allowlist), so the check reports exactly what this drops.
TAGS = LESSON_TAGS | TEMPLATE_TAGS

_GLOBAL = {
    "class", "id", "title", "role", "tabindex", "lang", "aria-label", "aria-labelledby",
    "aria-describedby", "aria-live", "aria-hidden", "aria-pressed", "data-drill-kind",
    "data-drill-id", "data-verdict", "data-autofocus", "data-say",
}
ATTRIBUTES: dict[str, set[str]] = {
    "*": _GLOBAL,
    "a": {"href"},
    "img": {"src", "alt"},
    "ol": {"start"},
    "th": {"scope", "colspan", "rowspan", "align"},
    "td": {"colspan", "rowspan", "align"},
    "form": {"action", "method", "hx-post", "hx-target", "hx-swap", "hx-disabled-elt"},
    "input": {
        "type", "name", "value", "checked", "disabled", "required", "min", "max", "step",
        "inputmode", "pattern", "maxlength", "autocomplete", "placeholder", "size",
        "hx-swap-oob",  # an answer's fragment moves its form's attempt field on
    },
    "button": {"type", "name", "value", "disabled", "formnovalidate", "popovertarget"},
    "span": {"popover"},  # a glossary term's definition (tutor/course/markdown/terms.py)
    "label": {"for"},
    "select": {"name", "required"},
    "option": {"value", "selected"},
}
for _tag, _names in ALLOWED.items():  # every attribute a published lesson may carry
    ATTRIBUTES.setdefault(_tag, set()).update(_names)
_GLOBAL.update(ANYWHERE)

_DRILL_TARGET = re.compile(r"^#fb-[a-z0-9-]+$")
_SWAPS = frozenset({"innerHTML", "outerHTML"})
_DISABLED = frozenset({"find button[value=check], find button[value=solution]"})


def _checked(tag: str, attribute: str, value: str, post_prefix: str) -> str | None:
    """The value when it is one our templates would write, else None (dropped)."""
    rules: dict[tuple[str, str], Callable[[str], bool]] = {
        ("form", "action"): lambda v: v.startswith(post_prefix),
        ("form", "hx-post"): lambda v: v.startswith(post_prefix),
        ("form", "hx-target"): lambda v: bool(_DRILL_TARGET.match(v)),
        ("form", "hx-swap"): lambda v: v in _SWAPS,
        ("form", "hx-disabled-elt"): lambda v: v in _DISABLED,
        ("form", "method"): lambda v: v.lower() == "post",
        ("input", "type"): lambda v: v.lower() in {"hidden", "checkbox", "radio", "text", "number"},
        ("input", "hx-swap-oob"): lambda v: v == "true",
        ("button", "type"): lambda v: v.lower() in {"submit", "button"},
    }
    rule = rules.get((tag, attribute))
    if rule is None:
        return value
    return value if rule(value) else None


def sanitise(html: str, post_prefix: str) -> str:
    """``html`` with only the allow-listed tags, attributes and values left.

    ``post_prefix`` is the only URL drill forms may post to (the preview's
    grading endpoint), so no form in the preview can post anywhere else.
    """
    return nh3.clean(
        html,
        tags=set(TAGS),
        clean_content_tags=set(CONTENT_DROPPED_TAGS),
        attributes={tag: set(names) for tag, names in ATTRIBUTES.items()},
        attribute_filter=lambda tag, name, value: _checked(tag, name, value, post_prefix),
        url_schemes=set(URL_SCHEMES),
        link_rel="noopener noreferrer",
        strip_comments=True,
    )
