"""The authoring guide, live editing, the preview's access control and sanitising."""

from __future__ import annotations

import os
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.support.authoring import login
from tests.support.client import HTMX, csrf_token
from tests.support.content import CASES
from tests.support.databases import DOWN_URL
from tests.support.site import make_app
from tutor import storage
from tutor.accounts import limits
from tutor.authoring.guide import GUIDE_NAME, all_tables, describe, refresh_tables
from tutor.authoring.sanitise import TAGS, sanitise
from tutor.drills import COMMON_PARAMS, build_drill, kinds
from tutor.storage import throttle as storage_throttle

COURSE = Path(__file__).resolve().parents[2] / "content" / "ru"
GUIDE = COURSE / GUIDE_NAME
FIXTURE_LESSON = Path(__file__).parent.parent / "fixtures" / "content" / "01-basics.md"
WAITS_DRAFT = (
    "---\ntitle: Черновик\nslug: draft\norder: 7\nsummary: Проба.\n---\n"
    "Текст.\n\n/// waits\nid: w\nhand: 23456m456p789s55z\n///\n"
)


# -- the guide ---------------------------------------------------------------------


def test_guide_is_served_with_its_tables_and_code_shown_as_code(client: FlaskClient) -> None:
    page = client.get("/authoring")
    html = page.get_data(as_text=True)
    assert page.status_code == 200
    assert "<h1" in html and "Руководство для авторов" in html
    assert html.count("<table") >= len(all_tables())
    # A drill example is shown as code, never turned into a working drill.
    assert "<code>/// waits\nid: sanmenchan" in html
    assert "data-drill-kind" not in html
    assert "[//]" not in html and "конец таблицы" not in html


def test_guide_is_not_loaded_as_a_lesson(app: Flask) -> None:
    course = make_app(COURSE, SECRET_KEY="t")
    with course.app_context():
        from tutor.course.content import store

        names = [lesson.path.name for lesson in store().lessons()]
    assert GUIDE_NAME not in names and len(names) == len(list(COURSE.glob("[0-9]*.md")))


def test_guide_parameter_tables_are_up_to_date() -> None:
    text = GUIDE.read_text(encoding="utf-8")
    with make_app(None, SECRET_KEY="t").app_context():
        assert refresh_tables(text) == text, "run: flask --app tutor content guide"


@pytest.mark.parametrize("kind", sorted(kinds()))
def test_every_parameter_of_every_kind_is_described(kind: str) -> None:
    for param in (*COMMON_PARAMS, *kinds()[kind].params):
        assert describe(kind, param).strip(), f"{kind}.{param.name} has no description"


def _guide_examples() -> list[tuple[str, str]]:
    text = GUIDE.read_text(encoding="utf-8")
    blocks = re.findall(r"^```\n/// ([a-z_]+)\n(.*?)^///\n```", text, re.M | re.S)
    return [(kind, body) for kind, body in blocks]


def test_guide_has_a_copy_paste_example_of_every_kind() -> None:
    assert {kind for kind, _ in _guide_examples()} >= set(kinds())


@pytest.mark.parametrize(
    ("kind", "body"),
    [pytest.param(k, b, id=f"{k}-{i}") for i, (k, b) in enumerate(_guide_examples())],
)
def test_every_example_in_the_guide_is_a_valid_drill(kind: str, body: str) -> None:
    import yaml

    drill = build_drill(kind, yaml.safe_load(body), 1)
    assert drill.kind.name == kind


@pytest.mark.parametrize(("fixture", "message"), [pytest.param(c[0], c[2], id=c[0]) for c in CASES])
def test_guide_quotes_every_check_message_exactly(fixture: str, message: str) -> None:
    assert message.format(base="content/ru/") in GUIDE.read_text(encoding="utf-8")


def test_stale_guide_table_is_a_check_problem(tmp_path: Path) -> None:
    import shutil

    content = tmp_path / "ru"
    shutil.copytree(COURSE, content)
    guide = content / GUIDE_NAME
    text = guide.read_text(encoding="utf-8")
    guide.write_text(text.replace("| `hand` | тайлы |", "| `hand` | руки |", 1), encoding="utf-8")
    app = make_app(content, SECRET_KEY="t")
    result = app.test_cli_runner().invoke(args=["content", "check"])
    assert result.exit_code == 1
    assert "Таблица параметров «waits» устарела: выполните flask --app tutor content guide." in (
        result.output
    )
    fixed = app.test_cli_runner().invoke(args=["content", "guide"])
    assert "обновлены" in fixed.output
    assert app.test_cli_runner().invoke(args=["content", "check"]).exit_code == 0


# -- live editing --------------------------------------------------------------------


def test_saved_lesson_shows_on_next_request_without_restart(
    client: FlaskClient, content_dir: Path
) -> None:
    path = content_dir / "02-second.md"
    assert "Новый абзац" not in client.get("/lessons/second").get_data(as_text=True)
    path.write_text(path.read_text(encoding="utf-8") + "\nНовый абзац после правки.\n", "utf-8")
    later = path.stat().st_mtime_ns + 1_000_000_000  # a coarse file-system clock still moves on
    os.utime(path, ns=(later, later))
    assert "Новый абзац после правки." in client.get("/lessons/second").get_data(as_text=True)


def test_broken_lesson_shows_the_check_messages_and_others_keep_working(
    app: Flask, client: FlaskClient
) -> None:
    result = app.test_cli_runner().invoke(args=["content", "check"])
    broken = [line for line in result.output.splitlines() if "03-broken.md:" in line]
    assert broken, result.output
    page = client.get("/lessons/broken")
    html = page.get_data(as_text=True)
    assert page.status_code == 200 and "В этом уроке есть ошибки" in html
    from markupsafe import escape

    from tutor.course.lessons import public_problem
    from tutor.course.problems import Problem

    for line in broken:
        # Same file:line: message as the CLI, with the server's directories cut off.
        file, number, message = line.split(":", 2)
        shown = public_problem(Problem(file, int(number), message.strip()))
        assert f"<code>{escape(shown)}</code>" in html
    for path in ("/", "/lessons/basics", "/lessons/second", "/authoring"):
        assert client.get(path).status_code == 200, path


def test_broken_link_is_shown_on_the_lesson_page_too(
    client: FlaskClient, content_dir: Path
) -> None:
    path = content_dir / "02-second.md"
    path.write_text(path.read_text(encoding="utf-8") + "\n[дальше](/lessons/nope)\n", "utf-8")
    html = client.get("/lessons/second").get_data(as_text=True)
    assert "02-second.md:15: Ссылка «/lessons/nope»: урока со slug «nope» нет." in html


# -- access control --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "path"),
    [
        pytest.param("post", "/author/preview", id="render"),
        pytest.param("post", "/author/preview/drills/w", id="grade"),
        pytest.param("get", "/author/login", id="login"),
    ],
)
def test_without_password_preview_is_forbidden_outside_debug(
    content_dir: Path, method: str, path: str
) -> None:
    site = make_app(content_dir, WTF_CSRF_ENABLED=False, INSTRUCTOR_PASSWORD="")
    response = getattr(site.test_client(), method)(path, data={"source": WAITS_DRAFT})
    assert response.status_code == 403
    assert "войдите в учётную запись преподавателя" in response.get_data(as_text=True)


def test_without_password_the_preview_page_sends_to_the_account_login(content_dir: Path) -> None:
    """Instructors sign in with their accounts; the password is only a bootstrap."""
    site = make_app(content_dir, INSTRUCTOR_PASSWORD="")
    response = site.test_client().get("/author/preview")
    assert response.status_code == 302
    assert response.headers["Location"] == "/account/login?next=/author/preview"


def test_debug_mode_opens_the_preview(content_dir: Path) -> None:
    site = make_app(content_dir, DEBUG=True, INSTRUCTOR_PASSWORD="")
    page = site.test_client().get("/author/preview")
    assert page.status_code == 200 and 'id="author-source"' in page.get_data(as_text=True)


@pytest.fixture
def guarded(content_dir: Path) -> Flask:
    return make_app(content_dir, INSTRUCTOR_PASSWORD="верный-пароль")


def test_with_password_the_preview_asks_to_sign_in(guarded: Flask) -> None:
    response = guarded.test_client().get("/author/preview")
    assert response.status_code == 302 and response.headers["Location"].endswith("/author/login")


def test_wrong_password_gives_no_access(guarded: Flask) -> None:
    client = guarded.test_client()
    assert login(client, "неверный") == 403
    assert client.get("/author/preview").status_code == 302
    assert client.post("/author/preview", data={"source": "x"}, headers=HTMX).status_code in (
        400, 403,
    )


def test_right_password_gives_access_with_a_safe_cookie_and_logout_ends_it(
    guarded: Flask,
) -> None:
    client = guarded.test_client()
    csrf = csrf_token(client, "/author/login")
    response = client.post("/author/login", data={"csrf_token": csrf, "password": "верный-пароль"})
    assert response.status_code == 302
    cookie = response.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie
    assert client.get("/author/preview").status_code == 200
    client.post("/author/logout", data={"csrf_token": csrf_token(client, "/author/preview")})
    assert client.get("/author/preview").status_code == 302


def test_login_requires_the_csrf_token(guarded: Flask) -> None:
    client = guarded.test_client()
    response = client.post("/author/login", data={"password": "верный-пароль"})
    assert response.status_code == 400
    assert client.get("/author/preview").status_code == 302


def test_password_guessing_holds_the_login_and_the_hold_ends_by_itself(
    guarded: Flask, later: list[float]
) -> None:
    client = guarded.test_client()
    for _ in range(limits.ACCOUNT_FREE + 1):
        assert login(client, "угадываю") == 403
    assert login(client, "угадываю") == 429
    assert login(client, "верный-пароль") == 429  # refused before the comparison
    later.append(limits.hold_seconds(limits.ACCOUNT_FREE + 1) + 1)
    assert login(client, "верный-пароль") == 302  # the hold ended by itself
    assert client.get("/author/preview").status_code == 200


def test_wrong_passwords_are_counted_across_processes_sharing_the_database(
    content_dir: Path, tmp_path: Path
) -> None:
    """Two app processes (or servers) on one database add up the same address's tries."""
    url = f"sqlite:///{tmp_path / 'shared.sqlite3'}"
    first, second = (
        make_app(content_dir, INSTRUCTOR_PASSWORD="верный-пароль", DATABASE_URL=url)
        for _ in range(2)
    )
    for _ in range(3):
        assert login(first.test_client(), "угадываю") == 403
    for _ in range(2):
        assert login(second.test_client(), "угадываю") == 403
    assert login(second.test_client(), "верный-пароль") == 429  # the fifth held it, for both
    assert login(first.test_client(), "верный-пароль") == 429


def test_old_wrong_passwords_stop_counting_after_the_window(
    guarded: Flask, later: list[float]
) -> None:
    client = guarded.test_client()
    for _ in range(limits.ACCOUNT_FREE):
        assert login(client, "угадываю") == 403
    later.append(limits.WINDOW + 1)
    assert login(client, "угадываю") == 403  # counted again from one: no hold
    with guarded.app_context(), storage.store().transaction() as conn:
        now = limits.clock()
        assert storage_throttle.failures(conn, "address:127.0.0.1", now, limits.WINDOW) == 1


def test_without_the_database_nobody_may_try_a_password(content_dir: Path) -> None:
    """A guesser must not get unlimited tries while the count cannot be kept."""
    down = make_app(content_dir, INSTRUCTOR_PASSWORD="верный-пароль", DATABASE_URL=DOWN_URL)
    client = down.test_client()
    response = client.post(
        "/author/login", data={"csrf_token": csrf_token(client, "/author/login"), "password": "x"}
    )
    assert response.status_code == 503
    assert "Вход преподавателя сейчас недоступен" in response.get_data(as_text=True)
    assert client.get("/author/preview").status_code == 302  # not signed in
    assert client.get("/").status_code == 200  # the rest of the site goes on


def test_changing_the_password_signs_instructors_out(guarded: Flask) -> None:
    client = guarded.test_client()
    assert login(client, "верный-пароль") == 302
    guarded.config["INSTRUCTOR_PASSWORD"] = "новый-пароль"
    assert client.get("/author/preview").status_code == 302


# -- the preview ----------------------------------------------------------------------


@pytest.fixture
def author(content_dir: Path) -> tuple[FlaskClient, str]:
    """A client in debug mode (preview open) and its CSRF token."""
    client = make_app(content_dir, DEBUG=True, INSTRUCTOR_PASSWORD="").test_client()
    return client, csrf_token(client, "/author/preview")


def preview(author: tuple[FlaskClient, str], source: str) -> str:
    client, csrf = author
    response = client.post(
        "/author/preview", data={"csrf_token": csrf, "source": source}, headers=HTMX
    )
    assert response.status_code == 200
    return response.get_data(as_text=True)


def test_preview_renders_every_drill_kind_of_a_lesson_with_no_problems(author) -> None:  # noqa: ANN001
    html = preview(author, FIXTURE_LESSON.read_text(encoding="utf-8"))
    assert "Проверка: ошибок нет." in html
    for kind in ("waits", "furiten", "fu", "choice"):
        assert f'data-drill-kind="{kind}"' in html
    # The forms survive the sanitiser with everything htmx and grading need.
    assert html.count('hx-post="/author/preview/drills/') == 4
    assert html.count('name="csrf_token"') == 4 and html.count('name="source"') == 4
    assert '<span class="tile t-' in html and 'role="img" aria-label=' in html  # tiles survive


def test_preview_shows_the_check_messages_with_draft_lines(author) -> None:  # noqa: ANN001
    html = preview(author, WAITS_DRAFT.replace("55z", "5z") + "\n[[рибаунд]] :99z:\n")
    assert "черновик:11: В руке должно быть 13 тайлов, а указано 12." in html  # the hand: line
    assert "черновик:14: Термина «рибаунд» нет в глоссарии." in html
    assert "Проверка: 3 ошибки" in html


def test_preview_warns_about_a_slug_taken_by_another_lesson(author) -> None:  # noqa: ANN001
    own = FIXTURE_LESSON.read_text(encoding="utf-8")
    assert "Проверка: ошибок нет." in preview(author, own)  # editing basics itself is fine
    clash = preview(author, own.replace("order: 1", "order: 5"))
    assert "черновик:1: Поле «slug» = basics уже занято уроком " in clash
    assert "Поле «order»" not in clash


def answer_draft(author, data: dict[str, object], htmx: bool = True):  # noqa: ANN001, ANN201
    client, csrf = author
    payload = {"csrf_token": csrf, "source": WAITS_DRAFT, **data}
    return client.post("/author/preview/drills/w", data=payload, headers=HTMX if htmx else {})


def test_preview_drill_is_graded_from_the_posted_draft(author) -> None:  # noqa: ANN001
    right = answer_draft(author, {"tiles": ["1m", "4m", "7m"], "action": "check"})
    assert right.status_code == 200 and 'data-verdict="correct"' in right.get_data(as_text=True)
    wrong = answer_draft(author, {"tiles": ["1m"], "action": "check"})
    assert 'data-verdict="incorrect"' in wrong.get_data(as_text=True)
    shown = answer_draft(author, {"action": "solution"})
    assert 'data-verdict="solution"' in shown.get_data(as_text=True)


def test_preview_drill_without_js_returns_the_whole_preview(author) -> None:  # noqa: ANN001
    page = answer_draft(author, {"tiles": ["1m", "4m", "7m"], "action": "check"}, htmx=False)
    html = page.get_data(as_text=True)
    assert page.status_code == 200
    assert 'id="author-source"' in html and 'data-verdict="correct"' in html


def test_preview_drill_bad_input_is_a_russian_4xx(author) -> None:  # noqa: ANN001
    forged = answer_draft(author, {"tiles": ["9z"], "action": "check"})
    assert forged.status_code == 400 and "Неизвестный тайл" in forged.get_data(as_text=True)
    client, csrf = author
    missing = client.post(
        "/author/preview/drills/nope", data={"csrf_token": csrf, "source": WAITS_DRAFT},
        headers=HTMX,
    )
    assert missing.status_code == 404 and "черновике" in missing.get_data(as_text=True)
    no_csrf = client.post("/author/preview", data={"source": WAITS_DRAFT}, headers=HTMX)
    assert no_csrf.status_code == 400


# -- sanitising ------------------------------------------------------------------------

XSS_MARKDOWN = [
    pytest.param("<script>alert(1)</script>", id="script-tag"),
    pytest.param('<img src=x onerror="alert(1)">', id="img-onerror"),
    pytest.param("[клик](javascript:alert(1))", id="md-link-javascript"),
    pytest.param("[клик](JaVaScRiPt:alert(1))", id="md-link-mixed-case"),
    pytest.param("[клик](<javascript:alert(1)>)", id="md-link-angle"),
    pytest.param("[клик](&#106;avascript:alert(1))", id="md-link-entity"),
    pytest.param("![x](javascript:alert(1))", id="md-image-javascript"),
    pytest.param("<svg onload=alert(1)><circle r=9 /></svg>", id="svg-onload"),
    pytest.param('<iframe src="https://evil.example"></iframe>', id="iframe"),
    pytest.param('<object data="evil.swf"></object><embed src="evil.swf">', id="object-embed"),
    pytest.param('<div style="width: expression(alert(1))">x</div>', id="style-expression"),
    pytest.param("![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)", id="md-data-img"),
    pytest.param("[x](data:text/html,<script>alert(1)</script>)", id="md-data-link"),
    pytest.param('"><script>alert(1)</script><a title="', id="attribute-breaking"),
    pytest.param("Абзац\n{: onclick=\"alert(1)\" }", id="attr-list-onclick"),
    pytest.param('## Заголовок {: onmouseover="alert(1)" style="color:red" }', id="attr-heading"),
    pytest.param('Абзац\n{: hx-get="/progress" hx-trigger="load" }', id="attr-list-htmx"),
    pytest.param('<a href="javascript:alert(1)">x</a>', id="raw-a-javascript"),
    pytest.param("<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>", id="mxss"),
    pytest.param('<form action="https://evil.example"><button>x</button></form>', id="form"),
    pytest.param("[x](vbscript:msgbox(1))", id="vbscript"),
    pytest.param('<base href="https://evil.example/">', id="base"),
    pytest.param('<meta http-equiv="refresh" content="0;url=javascript:alert(1)">', id="meta"),
    pytest.param(
        "/// waits\nid: x\nhand: 23456m456p789s55z\nprompt: '<img src=x onerror=alert(1)>'\n///",
        id="drill-prompt-html",
    ),
    pytest.param(
        '/// choice\nid: c\nquestion: "<script>alert(1)</script>"\n'
        'options: ["<svg onload=alert(1)>", "<a href=javascript:alert(1)>b</a>"]\n'
        "answer: 1\nexplain: '<iframe src=x>'\n///",
        id="drill-choice-html",
    ),
    pytest.param("`<script>alert(1)</script>`\n\n    <script>alert(1)</script>", id="code"),
]
_URL_ATTRS = ("href", "src", "action", "hx-post", "formaction", "xlink:href")
_DANGEROUS_URL = re.compile(r"^\s*(?:javascript|vbscript|data):", re.I)


class _Elements(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.found.append((tag, dict(attrs)))


def assert_harmless(html: str) -> None:
    """Only allow-listed tags; no handlers, styles, script URLs or foreign htmx."""
    parser = _Elements()
    parser.feed(html)
    for tag, attrs in parser.found:
        assert tag in TAGS, tag
        for name, value in attrs.items():
            assert not name.startswith("on") and name not in ("style", "srcdoc"), (tag, name)
            if name in _URL_ATTRS:
                assert not _DANGEROUS_URL.match(value or ""), (tag, name, value)
            if name.startswith("hx-"):
                assert tag == "form" and name != "hx-get" and name != "hx-trigger", (tag, name)
                if name == "hx-post":
                    assert (value or "").startswith("/author/preview/drills/"), value
            if tag == "form" and name == "action":
                assert (value or "").startswith("/author/preview/drills/"), value


@pytest.mark.parametrize("payload", XSS_MARKDOWN)
def test_preview_payload_does_not_survive(author, payload: str) -> None:  # noqa: ANN001
    source = f"---\ntitle: T\nslug: t\norder: 1\nsummary: s\n---\nТекст :123m:.\n\n{payload}\n"
    html = preview(author, source)
    assert_harmless(html)


@pytest.mark.parametrize("payload", XSS_MARKDOWN)
def test_sanitiser_alone_drops_the_payload_as_raw_html(payload: str) -> None:
    """The second layer: even unescaped, the payload cannot pass the allow-list."""
    assert_harmless(sanitise(payload, "/p/"))


def test_sanitiser_keeps_our_tiles_and_drops_any_svg() -> None:
    """Tiles are spans with the sprite as a CSS background; no template writes <svg><use>."""
    ours = '<span class="tile t-1m" role="img" aria-label="1 ман"></span>'
    assert sanitise(ours, "/p/") == ours
    for svg in ('<svg><use href="https://evil.example/x.svg#a"></use></svg>',
                '<svg class="tile"><use href="/static/tiles.svg#t-1m"></use></svg>'):
        assert "<svg" not in sanitise(svg, "/p/") and "<use" not in sanitise(svg, "/p/")


@pytest.mark.parametrize(
    "raw",
    [
        pytest.param("<script>alert(1)</script>", id="script"),
        pytest.param('<img src=x onerror="alert(1)">', id="handler"),
        pytest.param('<a href="javascript:alert(1)">x</a>', id="javascript-url"),
        pytest.param('<p hx-get="/progress" hx-trigger="load">x</p>', id="htmx"),
        pytest.param('<div style="color:red">x</div>', id="style"),
    ],
)
def test_the_harmless_check_itself_catches_unsanitised_html(raw: str) -> None:
    """Guard for the tests above: without the sanitiser the same HTML is caught."""
    with pytest.raises(AssertionError):
        assert_harmless(raw)


def test_an_edited_guide_shows_on_the_next_view(client: FlaskClient, content_dir: Path) -> None:
    """The rendered guide is kept while its file is unchanged, and re-rendered when it changes."""
    from tutor.authoring.guide import _REPO_GUIDE

    local = content_dir / _REPO_GUIDE.name
    local.write_text("# Руководство для авторов\n\nПервая версия.\n", encoding="utf-8")
    assert "Первая версия." in client.get("/authoring").get_data(as_text=True)
    assert "Первая версия." in client.get("/authoring").get_data(as_text=True)
    local.write_text("# Руководство для авторов\n\nВторая, более длинная версия.\n",
                     encoding="utf-8")
    html = client.get("/authoring").get_data(as_text=True)
    assert "Вторая, более длинная версия." in html and "Первая версия." not in html
