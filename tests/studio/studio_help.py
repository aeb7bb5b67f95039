"""Shared by the studio tests: lesson sources and the client steps of writing and publishing."""

from __future__ import annotations

import re

from flask.testing import FlaskClient

from tests.accounts_help import token

HTMX = {"HX-Request": "true"}
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
    response = client.post("/studio/new", data={"csrf_token": token(client, "/studio"),
                                                  "title": title})
    assert response.status_code == 302, response.get_data(as_text=True)
    return int(re.search(r"/studio/(\d+)", response.headers["Location"]).group(1))  # type: ignore[union-attr]


def save(client: FlaskClient, lesson_id: int, text: str) -> int:
    response = client.post(f"/studio/{lesson_id}/save", data={
        "csrf_token": token(client, f"/studio/{lesson_id}"), "source": text})
    assert response.status_code == 302, response.get_data(as_text=True)
    return int(re.search(r"saved=(\d+)", response.headers["Location"]).group(1))  # type: ignore[union-attr]


def publish(client: FlaskClient, lesson_id: int, class_id: int, position: str = "0") -> int:
    return client.post(f"/studio/{lesson_id}/publish", data={
        "csrf_token": token(client, f"/studio/{lesson_id}"), "class_id": str(class_id),
        "position": position}).status_code
