"""A lesson's body in sections, one per second-level heading.

Each section is a ``<section class="lesson__part">`` (the text before the
first heading is one too), so the browser may leave a section it has not
scrolled near unstyled and unlaid-out (``content-visibility: auto`` in
site.css): a long lesson on a phone then costs its first screen at load, not
all of its hands and drills. The section carries no heading of its own and
no ``aria-*``: it is grouping for the renderer, the headings inside it stay
the page's outline.

Runs after the attribute allow-list (:mod:`tutor.course.markdown.safety`):
the class is ours, not the author's. Drill markers are stashed raw HTML
paragraphs; they move into their section like any other paragraph and are
put back by Markdown's raw-HTML postprocessor wherever they are.
"""

from __future__ import annotations

import xml.etree.ElementTree as etree

from markdown import Markdown
from markdown.extensions import Extension
from markdown.treeprocessors import Treeprocessor

PART_CLASS = "lesson__part"


class SectionsTreeprocessor(Treeprocessor):
    """Regroup the root's children: a new section at each ``h2``."""

    def run(self, root: etree.Element) -> None:
        children = list(root)
        if not children:
            return
        groups: list[list[etree.Element]] = [[]]
        for child in children:
            if child.tag == "h2" and groups[-1]:
                groups.append([])
            groups[-1].append(child)
        for child in children:
            root.remove(child)
        for group in groups:
            section = etree.SubElement(root, "section", {"class": PART_CLASS})
            section.text = "\n"
            section.tail = "\n"
            section.extend(group)


class SectionsExtension(Extension):
    """Register :class:`SectionsTreeprocessor` after the allow-list (priority 5)."""

    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 - Python-Markdown API
        md.treeprocessors.register(SectionsTreeprocessor(md), "tempai_sections", 4)
