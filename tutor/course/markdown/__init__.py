"""Python-Markdown set-up for lessons: standard extensions plus our own.

Our extensions (inline tiles ``:123m:``, glossary terms ``[[текст|термин]]``,
drill blocks ``/// kind … ///``; source citations ``[002]`` linked to
the legend on ``/rules``) share a :class:`RenderContext` that collects
problems with file and line and the drills found. Raw HTML in a lesson is
escaped, and reported when the allow-list forbids it
(:mod:`tutor.course.markdown.rawhtml`); links may only use the allowed schemes
and only allow-listed attributes (:mod:`tutor.course.markdown.safety`, lists in
:mod:`tutor.course.markdown.allowlist`) survive ``attr_list``. The body comes out in
sections, one per ``##`` heading (:mod:`tutor.course.markdown.sections`).

The context and the line helpers the extensions share live in
:mod:`tutor.course.markdown.context`.
"""

from __future__ import annotations

import markdown
from markdown.extensions.toc import slugify_unicode

from tutor.course.markdown.context import RenderContext, fenced_lines, prose_lines
from tutor.course.markdown.drills import DrillBlockExtension
from tutor.course.markdown.links import LinkCollectExtension
from tutor.course.markdown.rawhtml import RawHtmlExtension
from tutor.course.markdown.safety import SafetyExtension
from tutor.course.markdown.sections import SectionsExtension
from tutor.course.markdown.sources import CitationExtension
from tutor.course.markdown.terms import GlossaryTermExtension
from tutor.course.markdown.tiles import InlineTilesExtension
from tutor.course.markdown.variants import VariantsExtension

__all__ = ["RenderContext", "fenced_lines", "make_markdown", "prose_lines"]


def make_markdown(context: RenderContext, *, sections: bool = False) -> markdown.Markdown:
    """A fresh Markdown converter (converters keep state, so one per render).

    ``sections``: the body in sections, one per ``##`` heading, as a lesson page
    shows it; fragments (a drill's text, tests of one construct) stay flat.
    """
    return markdown.Markdown(
        extensions=[
            "tables",
            "admonition",
            VariantsExtension(),
            "attr_list",
            "def_list",
            "sane_lists",
            "fenced_code",
            "toc",
            DrillBlockExtension(context=context),
            InlineTilesExtension(context=context),
            GlossaryTermExtension(context=context),
            LinkCollectExtension(context=context),
            RawHtmlExtension(context=context),
            CitationExtension(),
            SafetyExtension(context=context),
            *([SectionsExtension()] if sections else []),
        ],
        extension_configs={
            # ``align="…"`` on cells, not ``style`` (which the allow-list drops).
            "tables": {"use_align_attribute": True},
            "toc": {
                "slugify": slugify_unicode,
                "permalink": "#",
                "permalink_title": "Ссылка на этот раздел",
                "toc_depth": "2-3",
            }
        },
        output_format="html",
    )
