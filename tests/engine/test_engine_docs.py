"""docs/engine.md names every module of ``engine/``, and only modules that exist.

The module list there is how a newcomer finds their way in the engine; a
module added without a line there, or a line left behind by a move, fails.
"""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent.parent
DOC = REPO / "docs" / "engine.md"
NAMED = re.compile(r"`(engine/[\w/]*\.py)`")


def named_in(text: str) -> set[str]:
    """Every ``engine/….py`` path the text names in backticks."""
    return set(NAMED.findall(text))


def engine_modules() -> set[str]:
    return {p.relative_to(REPO).as_posix() for p in (REPO / "engine").rglob("*.py")}


def test_every_engine_module_is_in_the_doc() -> None:
    missing = sorted(engine_modules() - named_in(DOC.read_text(encoding="utf-8")))
    assert missing == [], f"docs/engine.md does not name: {missing}"


def test_the_doc_names_no_module_that_is_gone() -> None:
    gone = sorted(named_in(DOC.read_text(encoding="utf-8")) - engine_modules())
    assert gone == [], f"docs/engine.md names modules that do not exist: {gone}"


def test_every_sub_package_has_its_section() -> None:
    text = DOC.read_text(encoding="utf-8")
    packages = sorted(p.name for p in (REPO / "engine").iterdir() if (p / "__init__.py").exists())
    assert [p for p in packages if f"`engine/{p}/`" not in text] == []


def test_the_check_sees_a_missing_module() -> None:
    """The check can fail: a module the text does not name is reported."""
    text = "| `engine/tiles.py` | тайлы |"
    assert named_in(text) == {"engine/tiles.py"}
    assert "engine/hand.py" in engine_modules() - named_in(text)
