"""Folded boxes: ``!!! variants "Как в других правилах"`` becomes ``<details>``.

A lesson teaches one rule set in its main text; what the other sets do is
there for whoever wants it, folded so that a beginner is not made to read it.
The author writes an ordinary admonition of type ``variants``; after the
admonition extension has built ``<div class="admonition variants">`` with its
title paragraph, this tree processor turns the div into ``<details>`` and the
title into its ``<summary>``. The browser folds and unfolds it: no script, so
nothing for the CSP to allow. Without a title (admonition would print the
English «Variants») the summary reads :data:`DEFAULT_SUMMARY`.

>>> import markdown
>>> md = markdown.Markdown(extensions=["admonition", VariantsExtension()])
>>> print(md.convert('!!! variants "Как в других правилах"\\n    Текст.'))
<details class="admonition variants">
<summary class="admonition-title">Как в других правилах</summary>
<p>Текст.</p>
</details>
"""

from __future__ import annotations

import xml.etree.ElementTree as etree

from markdown import Markdown
from markdown.extensions import Extension
from markdown.treeprocessors import Treeprocessor

KIND = "variants"
DEFAULT_SUMMARY = "Как в других правилах"


class VariantsTreeprocessor(Treeprocessor):
    def run(self, root: etree.Element) -> None:
        for el in root.iter("div"):
            if KIND not in el.get("class", "").split():
                continue
            el.tag = "details"
            title = el[0] if len(el) and "admonition-title" in el[0].get("class", "") else None
            if title is None:
                title = etree.Element("p", {"class": "admonition-title"})
                el.insert(0, title)
            title.tag = "summary"
            if not len(title) and (title.text or "").strip() in ("", KIND.capitalize()):
                title.text = DEFAULT_SUMMARY


class VariantsExtension(Extension):
    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 - Python-Markdown API
        # After the block parser (admonition builds the div), before inline
        # patterns (priority 20) so the summary's text is still processed.
        md.treeprocessors.register(VariantsTreeprocessor(md), "variants", 25)
