"""A class with an instructor and a learner on a running server: the pages only they see.

``benchmarks/lighthouse.py --signed-in`` measures these pages; they sit behind
a sign-in, so the home page's links never reach them. Everything is made the
way a person makes it — the app's own command line and routes, nothing
written into the database behind its back:

1. ``flask users create-admin`` (the server's database, password on stdin);
2. an instructor and a learner register (``/account/register``); the admin
   gives the instructor his role (``/admin/users/<id>/role``), and he signs in
   again;
3. the instructor creates a class, assigns it a lesson and a practice set of
   three tasks, imports a game from ``tests/fixtures/review/`` for review and
   starts a studio lesson;
4. the learner joins the class with its code and answers every task of the
   set (:func:`loadkit.fill`: whatever the form offers, so some answers are
   wrong), which makes ``/progress`` non-empty and the set's page its result.

Standard library only, like :mod:`loadkit`.
"""

from __future__ import annotations

import gzip
import http.client
import random
import re
import secrets
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode, urlsplit

import loadkit

FLASK = Path(sys.executable).parent / "flask"
GAME = loadkit.REPO / "tests" / "fixtures" / "review" / "two_hands.json"


class Browser:
    """One person's browser: cookies, the CSRF token of the last page, no redirects followed."""

    def __init__(self, base: str) -> None:
        parts = urlsplit(base)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self.cookies: dict[str, str] = {}
        self.token = ""

    def send(self, method: str, path: str,
             fields: list[tuple[str, str]] | None = None) -> tuple[int, str, str]:
        """(status, body, Location) of one request; cookies and the CSRF token are kept."""
        headers = {"Accept-Encoding": "gzip"}
        if self.cookies:
            headers["Cookie"] = self.cookie_header
        body = None
        if fields is not None:
            body = urlencode([("csrf_token", self.token), *fields]).encode()
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        conn = http.client.HTTPConnection(self.host, self.port, timeout=120)
        try:
            conn.request(method, path, body=body, headers=headers)
            response = conn.getresponse()
            raw = response.read()
        finally:
            conn.close()
        for cookie in response.msg.get_all("Set-Cookie") or []:
            key, _, rest = cookie.partition("=")
            self.cookies[key.strip()] = rest.split(";", 1)[0]
        if response.getheader("Content-Encoding") == "gzip":
            raw = gzip.decompress(raw)
        text = raw.decode("utf-8", "replace")
        found = re.search(r'name="csrf_token" value="([^"]+)"', text)
        if found:
            self.token = found.group(1)
        return response.status, text, response.getheader("Location") or ""

    def get(self, path: str) -> str:
        status, text, _ = self.send("GET", path)
        if status != 200:
            raise RuntimeError(f"GET {path}: {status}")
        return text

    def post(self, page: str, action: str, fields: list[tuple[str, str]]) -> str:
        """Open ``page`` (for its CSRF token), then post the form; the redirect's target."""
        self.get(page)
        status, text, location = self.send("POST", action, fields)
        if status not in (200, 302, 303):
            said = re.findall(r'<p[^>]*(?:error|message)[^>]*>([^<]+)', text)
            raise RuntimeError(f"POST {action}: {status} {' '.join(said)}")
        return location

    @property
    def cookie_header(self) -> str:
        return "; ".join(f"{k}={v}" for k, v in self.cookies.items())


@dataclass
class World:
    """The two people's browsers and the pages each of them sees."""

    instructor: Browser
    learner: Browser
    pages: list[tuple[str, Browser]] = field(default_factory=list)  # (path, whose)


def _one(pattern: str, text: str, what: str) -> str:
    found = re.search(pattern, text)
    if not found:
        raise RuntimeError(f"{what} not found")
    return found.group(1)


def _register(base: str, login: str, password: str) -> Browser:
    person = Browser(base)
    person.post("/account/register", "/account/register",
                [("login", login), ("display_name", login.capitalize()),
                 ("password", password), ("password2", password)])
    return person


def _sign_in(person: Browser, login: str, password: str) -> None:
    person.cookies.clear()
    person.post("/account/login", "/account/login", [("login", login), ("password", password)])


def create_admin(server: loadkit.Server, login: str, password: str) -> None:
    """``flask users create-admin`` against the server's own database."""
    env = {"DATABASE_URL": f"sqlite:///{server.scratch / 'progress.sqlite3'}",
           "SECRET_KEY": secrets.token_hex(16), "PATH": "/usr/bin:/bin"}
    subprocess.run([str(FLASK), "--app", "tutor", "users", "create-admin", login],
                   input=password + "\n", text=True, env=env, cwd=loadkit.REPO, check=True,
                   capture_output=True, timeout=120)


def build(server: loadkit.Server) -> World:
    """Make the class (module docstring) and list the pages to measure."""
    base, password = server.url, secrets.token_hex(8)
    create_admin(server, "boss", password)
    teacher = _register(base, "teacher", password)
    learner = _register(base, "learner", password)
    admin = Browser(base)
    _sign_in(admin, "boss", password)
    users = admin.get("/admin/users?q=teacher")
    teacher_id = _one(r'action="/admin/users/(\d+)/role"', users, "the instructor's role form")
    admin.post("/admin/users?q=teacher", f"/admin/users/{teacher_id}/role",
               [("role", "instructor")])
    _sign_in(teacher, "teacher", password)

    class_url = teacher.post("/classes", "/classes", [("name", "Клуб"), ("rules", "ema"),
                                                      ("ends_on", "")])
    class_path = urlsplit(class_url).path
    lesson = _one(r'<select id="assign-lesson" name="lesson">\s*<option value="([^"]+)"',
                  teacher.get(class_path), "a lesson to assign")
    teacher.post(class_path, f"{class_path}/assignments", [("kind", "lesson"), ("lesson", lesson)])
    teacher.post(class_path, f"{class_path}/assignments",
                 [("kind", "practice"), ("practice_kind", "waits"), ("level", "novice"),
                  ("count", "3")])
    code = _one(r"data-join-code>(\w+)<", teacher.get(class_path), "the join code")
    game_path = urlsplit(teacher.post("/review", "/review", [
        ("log", GAME.read_text(encoding="utf-8")), ("seat", ""), ("rules", "")])).path
    studio_path = urlsplit(teacher.post("/studio", "/studio/new",
                                        [("title", "Урок клуба")])).path

    learner.post(f"/classes/join?code={code}", "/classes/join", [("code", code)])
    set_path = _one(r'href="(/classes/\d+/sets/\d+)"', teacher.get(class_path),
                    "the practice set")
    tasks = re.findall(r'<li data-task-state="\w+"><a href="([^"]+)"', learner.get(set_path))
    rng = random.Random(30)
    for task in tasks:
        task = task.replace("&amp;", "&")
        form = next(f for f in loadkit.page_forms(learner.get(task))
                    if f["action"].startswith("/practice/"))  # not the menu's «Выйти»
        fields = [(k, v) for k, v in loadkit.fill(form["fields"], rng) if k != "csrf_token"]
        status, _, _ = learner.send("POST", form["action"], fields)
        if status != 200:
            raise RuntimeError(f"an answer to {task}: {status}")
    learner_path = _one(r'href="(/classes/\d+/learners/\d+)"', teacher.get(class_path),
                        "the learner's page")
    world = World(teacher, learner)
    world.pages = [
        ("/progress", learner), ("/classes", learner), (set_path, learner),
        (tasks[0].replace("&amp;", "&"), learner), ("/account", learner), ("/", learner),
        (class_path, teacher), (learner_path, teacher), ("/review", teacher),
        (game_path, teacher), ("/studio", teacher), (studio_path, teacher),
    ]
    return world
