"""The Markdown extensions on their own: a render context with fake tiles, glossary and drills.

The fakes stand in for the site's tile drawings, glossary and drill builder,
so a test sees exactly what the extensions do with a lesson's text.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.tiles import parse_tiles
from tutor.course.markdown import RenderContext, make_markdown
from tutor.drills import DrillError


def fake_tiles(spec: str) -> str:
    for group in spec.split():
        parse_tiles(group.replace("'", "").replace("#", "1"))
    return f'<span class="t">{spec}</span>'


@dataclass(frozen=True)
class FakeTerm:
    id: str
    definition: str
    term: str = "фуритен"


class FakeGlossary:
    def lookup(self, term: str) -> FakeTerm | None:
        return {"фуритен": FakeTerm("furiten", "Запрет на рон.")}.get(term)


@dataclass(frozen=True)
class FakeDrill:
    id: str


def fake_build(kind: str, raw: Any, line: int) -> FakeDrill:
    if kind != "demo":
        raise DrillError(f"Неизвестный вид упражнения «{kind}».")
    if "bad" in raw:
        raise DrillError("Параметр «bad»: плохо.", "bad")
    return FakeDrill(raw["id"])


def render(text: str, *, sections: bool = False, **overrides: Any) -> tuple[str, RenderContext]:
    context = RenderContext(
        file="l.md",
        line_offset=5,
        render_tiles=fake_tiles,
        glossary=FakeGlossary(),
        build_drill=fake_build,
    )
    for key, value in overrides.items():
        setattr(context, key, value)
    return make_markdown(context, sections=sections).convert(text), context
