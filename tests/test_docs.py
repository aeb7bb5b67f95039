"""The repository stands alone: every cited source and every note is inside it.

Rule values and lessons cite documents by the anchors of ``docs/sources.md``
(``docs/sources.md#d002``, ``#ema-2016``); the engine's rule data names the
five Russian documents by their codes 000–004. A citation that points at an
anchor nobody wrote, or a code the list does not describe, would send the
next reader nowhere — so both are checked here, together with the rule that
nothing reads the folder beside the checkout.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ROOT / "docs" / "sources.md"
CHECKED = ("engine", "tutor", "tests", "docs", "content", "templates", "benchmarks", "tools")
SUFFIXES = {".py", ".md", ".toml", ".yaml", ".html", ".txt"}
PUBLISHED = {"ema-2016", "tenhou", "jpml", "rrc"}


def _files() -> list[Path]:
    found = [ROOT / "README.md", ROOT / "pyproject.toml", ROOT / "Makefile"]
    for folder in CHECKED:
        found += [p for p in (ROOT / folder).rglob("*") if p.suffix in SUFFIXES and p.is_file()]
    return found


def _anchors() -> set[str]:
    return set(re.findall(r'<a id="([\w-]+)"></a>', SOURCES.read_text(encoding="utf-8")))


def test_sources_describe_the_five_documents_and_the_published_rules() -> None:
    assert {f"d00{n}" for n in range(5)} | PUBLISHED <= _anchors()


def test_every_citation_of_docs_sources_points_at_an_anchor_it_has() -> None:
    anchors = _anchors()
    cited = {
        (path.relative_to(ROOT).as_posix(), anchor)
        for path in _files()
        for anchor in re.findall(r"sources\.md#([\w-]+)", path.read_text(encoding="utf-8"))
    }
    assert {(path, anchor) for path, anchor in cited if anchor not in anchors} == set()


def test_every_document_code_the_rule_data_uses_is_described() -> None:
    rule_files = [p for p in (ROOT / "engine" / "rules").rglob("*.py")]
    codes = {c for p in rule_files for c in re.findall(r"\b00[0-4]\b", p.read_text("utf-8"))}
    assert codes and {f"d{code}" for code in codes} <= _anchors()


def test_nothing_reads_the_folder_beside_the_checkout() -> None:
    outside = re.compile(r"\.\./shared|/work/shared|parents\[3\]")
    hits = [
        path.relative_to(ROOT).as_posix()
        for path in _files()
        if path != Path(__file__).resolve() and outside.search(path.read_text(encoding="utf-8"))
    ]
    assert hits == []
