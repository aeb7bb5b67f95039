"""The documents the rule sets are taken from, and how a value cites one.

Every value of :mod:`engine.rules.sets` names where it comes from in a short
string: a document code, optionally a section, several joined by ``"; "``:

* ``"004"``, ``"001-EMA"`` — a seed document of the course (the five Russian
  texts the course was written from);
* ``"ema2016 3.3.9"``, ``"rrc 3.12.4"`` — a published document and its
  section; ``"tenhou"`` without a section: a page whose heading we do not
  give (the site says so beside the value);
* ``"jpml"`` — "the value of the ``jpml`` set" (the ``fenix`` set where its
  document is silent);
* ``""`` — no document says it: our choice, with the reason in
  :data:`engine.text.messages.RULE_CHOICE_REASONS`.

Titles are the documents' own (the seeds' in Russian, EMA's in English,
Tenhou's in Japanese); the Russian description of each lives in
:mod:`engine.text.messages`.

>>> [c.doc for c in parse_source("ema2016 3.3.9; 000")]
['ema2016', '000']
>>> [c.section for c in parse_source("ema2016 3.3.5; 3.3.6")]
['3.3.5', '3.3.6']
>>> parse_source("rrc 3.12.4")[0].section
'3.12.4'
>>> parse_source("")
()
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.errors import HandError


@dataclass(frozen=True)
class RuleDocument:
    """A document a rule value may cite. ``year`` is ``None`` where the document gives none."""

    code: str
    title: str  # the document's own title, in its own language
    year: int | None
    seed: bool  # one of the course's five source texts
    address: str = ""  # where a published document is read (a page, a repository file)


DOCUMENTS: dict[str, RuleDocument] = {
    d.code: d
    for d in (
        RuleDocument("000", "Как играть в риичи-маджонг", None, True),
        RuleDocument("001", "24.3. Риичи. Правила игры", None, True),
        RuleDocument("002", "Базовые правила риичи-маджонга", 2012, True),
        RuleDocument("003", "Правила японского риичи-маджонга", None, True),
        RuleDocument("004", "Основные правила", None, True),
        # European Mahjong Association, April 2016; section numbers as in its contents.
        RuleDocument("ema2016", "Riichi Competition Rules. Rules for Japanese Mahjong, "
                     "2016 edition", 2016, False),
        # Tenhou's manual; the page gives no date. Its rules section is the one with the
        # anchor #RULE (the riichi.wiki translation and other copies link there); the
        # heading of that section could not be read here, so no value cites one.
        RuleDocument("tenhou", "オンライン対戦麻雀 天鳳 / マニュアル", None, False,
                     "tenhou.net/man/#RULE"),
        # MahjongPantheon/rules-ru, rules.tex: «Версия 1.5 от 20 апреля 2026 г.».
        RuleDocument("rrc", "Риичи-маджонг: правила и регламенты (версия 1.5)", 2026, False,
                     "github.com/MahjongPantheon/rules-ru, rules.tex"),
    )
}

# The rule set whose values the fenix set takes where its document is silent.
SET_REFERENCES = ("jpml",)


@dataclass(frozen=True)
class Citation:
    """One document (or another rule set) named by a value, and the section if given."""

    doc: str
    section: str = ""

    @property
    def seed(self) -> bool:
        return self.doc.startswith(("000", "001", "002", "003", "004"))


def parse_source(text: str) -> tuple[Citation, ...]:
    """The citations of a source string (``()`` for our choice).

    An unknown document code is a :class:`HandError`: a value never cites a
    document the table does not list.
    """
    out: list[Citation] = []
    for part in filter(None, (p.strip() for p in text.split(";"))):
        doc, _sep, section = part.partition(" ")
        known = doc in DOCUMENTS or doc in SET_REFERENCES or (
            doc[:3] in DOCUMENTS and DOCUMENTS[doc[:3]].seed)
        if not known and out and not out[-1].seed:
            out.append(Citation(out[-1].doc, part))  # another section of the same document
            continue
        if not known:
            raise HandError(f"Неизвестный документ «{doc}» в источнике правила.")
        out.append(Citation(doc, section.strip()))
    return tuple(out)


def documents_of(sources: dict[str, str]) -> tuple[RuleDocument, ...]:
    """The documents a rule set's values cite, in the table's order.

    >>> [d.code for d in documents_of({"a": "004; tenhou", "b": ""})]
    ['004', 'tenhou']
    """
    cited = {c.doc[:3] if c.seed else c.doc for text in sources.values()
             for c in parse_source(text)}
    return tuple(d for code, d in DOCUMENTS.items() if code in cited)
