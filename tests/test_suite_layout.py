"""The layout of ``tests/``: fixtures in conftest.py, helpers in tests/support/, one app factory.

A newcomer finds every shared helper in one package and every fixture in a
conftest.py; a test module is a leaf nobody imports (importing one runs its
module-level code twice under two names and ties unrelated tests together).
Every test app is made by :func:`tests.support.site.make_app`, so a setting all
test apps need is written once. The checker takes the sources as data, and
the tests at the end plant each kind of violation.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

TESTS = Path(__file__).resolve().parent
REPO = TESTS.parent
# The app factory's own tests call it with the deployment's settings on purpose.
FACTORY_CALLERS = frozenset({"tests/support/site.py", "tests/web/test_app.py"})


@dataclass(frozen=True)
class Source:
    path: str  # relative to the repository, e.g. "tests/web/test_app.py"
    text: str


def _imported_modules(tree: ast.AST) -> list[tuple[str, int]]:
    found: list[tuple[str, int]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.module, node.lineno))
            # ``from tests.browser import conftest`` names the module in the list
            found.extend((f"{node.module}.{alias.name}", node.lineno) for alias in node.names)
        elif isinstance(node, ast.Import):
            found.extend((alias.name, node.lineno) for alias in node.names)
    return found


def layout_problems(sources: list[Source]) -> list[str]:
    """Every breach of the suite's layout, as «file:line: what»."""
    problems: list[str] = []
    for source in sources:
        name = Path(source.path).name
        is_helper = not (name.startswith("test_") or name == "conftest.py")
        if is_helper and not source.path.startswith(("tests/support/", "tests/fixtures/")):
            problems.append(f"{source.path}: a helper module belongs in tests/support/")
        tree = ast.parse(source.text)
        for module, line in _imported_modules(tree):
            last = module.rsplit(".", 1)[-1]
            if module.startswith("tests.") and (last == "conftest" or last.startswith("test_")):
                problems.append(f"{source.path}:{line}: imports {module} "
                                "(helpers go into tests/support/, fixtures stay in conftest.py)")
        if source.path in FACTORY_CALLERS:
            continue
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name | ast.Attribute)
                    and (getattr(node.func, "id", None) or getattr(node.func, "attr", None))
                    == "create_app"):
                problems.append(f"{source.path}:{node.lineno}: calls create_app "
                                "(make the app with tests.support.site.make_app)")
    return problems


def suite_sources() -> list[Source]:
    return [Source(str(path.relative_to(REPO)), path.read_text(encoding="utf-8"))
            for path in sorted(TESTS.rglob("*.py"))]


def test_the_suite_keeps_its_layout() -> None:
    assert layout_problems(suite_sources()) == []


def test_the_checker_finds_each_kind_of_breach() -> None:
    planted = [
        Source("tests/web/test_a.py", "from tests.conftest import HTMX\n"),
        Source("tests/web/test_b.py", "from tests.drills.test_waits import verdict\n"),
        Source("tests/web/test_c.py", "from tests.browser import conftest as helpers\n"),
        Source("tests/web/test_d.py", "from tutor import create_app\napp = create_app({})\n"),
        Source("tests/web/helpers.py", "X = 1\n"),
    ]
    problems = layout_problems(planted)
    assert [p.split(":")[0] for p in problems] == [
        "tests/web/test_a.py", "tests/web/test_b.py", "tests/web/test_c.py",
        "tests/web/test_d.py", "tests/web/helpers.py",
    ], problems
    assert layout_problems([
        Source("tests/support/site.py", "from tutor import create_app\ncreate_app({})\n"),
        Source("tests/web/test_e.py", "from tests.support.client import HTMX\n"),
    ]) == []
