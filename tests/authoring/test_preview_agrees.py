"""The author preview and the published lesson show the same attributes.

The preview used to hide a lesson's ``{: hx-post=… }`` (nh3 stripped it there)
while the published page kept it. Each case is rendered both ways and the
element with the probe id must carry exactly the same attributes.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.support.client import HTMX, csrf_token
from tests.support.site import make_app
from tutor.authoring.sanitise import ATTRIBUTES, TAGS
from tutor.course.markdown.allowlist import ALLOWED, ANYWHERE

FRONT = "---\ntitle: Проба\nslug: probe\norder: 40\nsummary: Проба атрибутов.\n---\n"
_PROBE = re.compile(r"<(\w+)([^>]*\bid=\"probe\"[^>]*)>")
_ATTR = re.compile(r'([\w-]+)="([^"]*)"')
NOT_ALLOWED = "в уроке не разрешён (можно только class, id, title): он убран со страницы."

CASES = [
    pytest.param('Абзац\n{: #probe .note title="Подсказка" }',
                 {"class": "note", "id": "probe", "title": "Подсказка"}, [], id="allowed"),
    pytest.param('Абзац\n{: #probe hx-post="/progress/wipe" hx-trigger="load" }',
                 {"id": "probe"}, ["hx-post", "hx-trigger"], id="htmx-wipe"),
    pytest.param('Абзац\n{: #probe role="button" tabindex="0" aria-label="x" }',
                 {"id": "probe"}, ["role", "tabindex", "aria-label"],
                 id="preview-only-attributes"),
    pytest.param('Абзац\n{: #probe data-drill-id="w" data-verdict="correct" }',
                 {"id": "probe"}, ["data-drill-id", "data-verdict"], id="data-attributes"),
    pytest.param('[ссылка](/lessons/basics){: #probe title="t" rel="x" }',
                 {"href": "/lessons/basics", "id": "probe", "title": "t"}, ["rel"], id="link"),
]


def _probe_attributes(html: str) -> dict[str, str]:
    found = _PROBE.search(html)
    assert found, html[:2000]
    return dict(_ATTR.findall(found.group(2)))


@pytest.mark.parametrize(("body", "attributes", "dropped"), CASES)
def test_preview_and_published_lesson_keep_the_same_attributes(
    content_dir: Path, body: str, attributes: dict[str, str], dropped: list[str]
) -> None:
    source = FRONT + body + "\n"
    (content_dir / "40-probe.md").write_text(source, encoding="utf-8")
    client = make_app(content_dir, DEBUG=True, INSTRUCTOR_PASSWORD="").test_client()
    published = client.get("/lessons/probe").get_data(as_text=True)
    draft = client.post(
        "/author/preview",
        headers=HTMX,
        data={"csrf_token": csrf_token(client, "/author/preview"), "source": source},
    ).get_data(as_text=True)
    in_draft = _probe_attributes(draft)
    if in_draft.get("rel") == "noopener noreferrer":  # nh3 adds it to every preview link
        del in_draft["rel"]
    assert _probe_attributes(published) == in_draft == attributes
    for name in dropped:  # and both tell the author why it is gone
        assert f"Атрибут «{name}» {NOT_ALLOWED}" in draft
        assert f"Атрибут «{name}» {NOT_ALLOWED}" in published


def test_the_preview_keeps_every_attribute_a_lesson_may_have() -> None:
    """Lesson allow-list ⊆ preview allow-list, so nh3 never removes what a lesson shows."""
    for name in ANYWHERE:
        assert name in ATTRIBUTES["*"]
    for tag, names in ALLOWED.items():
        assert tag in TAGS
        assert set(names) <= ATTRIBUTES.get(tag, set()) | ATTRIBUTES["*"], tag
