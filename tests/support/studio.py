"""Shared by the studio tests: lesson sources and the client steps of writing and publishing."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from flask.testing import FlaskClient

from tests.support.classes import World
from tests.support.client import csrf_token
from tutor.studio.check import check_source

WAITS_13 = "23456m456p789s55z"
WAITS_12 = "2345m456p789s55z"


def source(title: str = "Правила клуба", slug: str = "club-rules", hand: str = WAITS_13,
           body: str = "Вступление урока.") -> str:
    return f"""---
title: {title}
slug: {slug}
order: 100
summary: Как мы играем в клубе.
---
{body}

## Ожидания

/// waits
id: club-waits
hand: {hand}
///

/// fu
id: club-fu
hand: 234m456p111s789s55z
win: 8s
by: ron
riichi: true
///
"""


def new_lesson(client: FlaskClient, title: str = "Правила клуба") -> int:
    response = client.post("/studio/new", data={"csrf_token": csrf_token(client, "/studio"),
                                                  "title": title})
    assert response.status_code == 302, response.get_data(as_text=True)
    return int(re.search(r"/studio/(\d+)", response.headers["Location"]).group(1))  # type: ignore[union-attr]


def save(client: FlaskClient, lesson_id: int, text: str) -> int:
    response = client.post(f"/studio/{lesson_id}/save", data={
        "csrf_token": csrf_token(client, f"/studio/{lesson_id}"), "source": text})
    assert response.status_code == 302, response.get_data(as_text=True)
    return int(re.search(r"saved=(\d+)", response.headers["Location"]).group(1))  # type: ignore[union-attr]


def publish(client: FlaskClient, lesson_id: int, class_id: int, position: str = "0") -> int:
    return client.post(f"/studio/{lesson_id}/publish", data={
        "csrf_token": csrf_token(client, f"/studio/{lesson_id}"), "class_id": str(class_id),
        "position": position}).status_code


def club_url(world: World, slug: str = "club-rules") -> str:
    return f"/classes/{world.ids['club']}/lessons/{slug}"


def published_lesson(world: World, text: str | None = None) -> int:
    teacher = world.client("teacher")
    lesson_id = new_lesson(teacher)
    save(teacher, lesson_id, text or source())
    assert publish(teacher, lesson_id, world.ids["club"]) == 302
    return lesson_id


def drill_of(world: World, text: str, drill_id: str):  # noqa: ANN201
    with world.app.test_request_context():
        return check_source(text).lesson.drills[drill_id]


def assert_clean(html: str) -> None:
    """No script, frame, event handler or javascript: URL as markup (escaped text is fine)."""
    parser = Unsafe()
    parser.feed(html)
    assert parser.found == []


class Unsafe(HTMLParser):
    """Collects markup a browser would run: scripts not ours, frames, handlers, javascript: URLs."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "script" and not (values.get("src") or "").startswith("/static/"):
            self.found.append("script")
        if tag in ("iframe", "object", "embed"):
            self.found.append(tag)
        for name, value in attrs:
            if name.startswith("on"):
                self.found.append(f"{tag}[{name}]")
            if name in ("href", "src", "action") and (value or "").strip().lower().startswith(
                    "javascript:"):
                self.found.append(f"{tag}[{name}=javascript:]")
