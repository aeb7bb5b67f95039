"""The app factory and every page route, for both the htmx and the plain path."""

from __future__ import annotations

import re
from pathlib import Path

import click
import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.support.client import HTMX
from tutor import create_app


def test_secret_key_is_required_outside_debug_and_tests(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("FLASK_SECRET_KEY", raising=False)
    monkeypatch.delenv("FLASK_DEBUG", raising=False)
    with pytest.raises(RuntimeError, match=r"export SECRET_KEY="):
        create_app({"TESTING": False})


@pytest.mark.parametrize(
    ("command", "needs_secret"),
    [pytest.param("run", True, id="run-serves"), pytest.param("check", False, id="tools-do-not")],
)
def test_only_serving_commands_need_a_secret_key(
    monkeypatch: pytest.MonkeyPatch, command: str, needs_secret: bool
) -> None:
    monkeypatch.delenv("FLASK_SECRET_KEY", raising=False)
    monkeypatch.delenv("FLASK_DEBUG", raising=False)
    with click.Context(click.Command(command), info_name=command):
        if needs_secret:
            with pytest.raises(RuntimeError, match=r"export SECRET_KEY="):
                create_app({"TESTING": False})
        else:
            assert len(create_app({"TESTING": False}).config["SECRET_KEY"]) == 64


def test_secret_key_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FLASK_SECRET_KEY", "from-env")
    app = create_app({"TESTING": False})
    assert app.config["SECRET_KEY"] == "from-env"


def test_the_documented_names_work_without_the_flask_prefix(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """``SECRET_KEY=… flask --app tutor run`` works as ``make serve`` does (docs/deployment.md)."""
    for name in ("FLASK_SECRET_KEY", "FLASK_DEBUG", "FLASK_TRUSTED_PROXIES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("SECRET_KEY", "plain-name")
    monkeypatch.setenv("TRUSTED_PROXIES", "1")
    monkeypatch.setenv("INSTRUCTOR_PASSWORD", "bootstrap")
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'p.sqlite3'}")
    with click.Context(click.Command("run"), info_name="run"):
        app = create_app()
    assert app.config["SECRET_KEY"] == "plain-name"
    assert app.config["TRUSTED_PROXIES"] == "1"
    assert app.config["INSTRUCTOR_PASSWORD"] == "bootstrap"  # read here only, not by authoring
    monkeypatch.setenv("FLASK_SECRET_KEY", "prefixed-wins")
    with click.Context(click.Command("run"), info_name="run"):
        assert create_app().config["SECRET_KEY"] == "prefixed-wins"


def test_tests_do_not_read_the_plain_names(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SECRET_KEY", "from-the-shell")
    assert create_app({"TESTING": True, "SECRET_KEY": "t"}).config["SECRET_KEY"] == "t"


def test_debug_mode_runs_without_a_secret_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("FLASK_SECRET_KEY", raising=False)
    monkeypatch.setenv("FLASK_DEBUG", "1")
    app = create_app({})
    assert app.debug and app.config["SECRET_KEY"]


def test_content_dir_is_configurable(app: Flask, content_dir) -> None:  # noqa: ANN001
    assert app.config["CONTENT_DIR"] == str(content_dir)


def test_home_lists_every_lesson_in_order_with_summary_and_drill_count(client: FlaskClient) -> None:
    html = client.get("/").get_data(as_text=True)
    titles = re.findall(r'class="course-map__title">([^<]+)<', html)
    assert titles == ["Основы для тестов", "Второй урок", "Сломанный урок"]
    assert "Урок-образец со всеми видами упражнений." in html
    assert "4 упражнения" in html  # Russian plural for 4
    assert "без упражнений" in html
    assert 'href="/lessons/basics">Начать с первого урока' in html


@pytest.mark.parametrize(
    ("count", "words"),
    [
        pytest.param(1, "1 упражнение", id="one"),
        pytest.param(3, "3 упражнения", id="few"),
        pytest.param(5, "5 упражнений", id="many"),
        pytest.param(11, "11 упражнений", id="eleven"),
        pytest.param(21, "21 упражнение", id="twenty-one"),
    ],
)
def test_drill_count_uses_russian_plurals(app: Flask, count: int, words: str) -> None:
    assert app.jinja_env.filters["drills_count"](count) == words


def test_lesson_page_has_toc_anchors_drills_and_next_link(client: FlaskClient) -> None:
    response = client.get("/lessons/basics")
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert '<nav class="toc"' in html and '<a href="#ожидание">Ожидание</a>' in html
    assert '<h2 id="ожидание">' in html
    for kind, drill_id in [
        ("waits", "nobetan"),
        ("furiten", "discard"),
        ("fu", "pinfu-ron"),
        ("choice", "set-size"),
    ]:
        assert f'data-drill-kind="{kind}" data-drill-id="{drill_id}"' in html
        assert f'id="fb-{drill_id}">' in html  # not a live region: say-<id> announces
        assert f'<p class="visually-hidden" role="status" id="say-{drill_id}"></p>' in html
    assert 'rel="next" href="/lessons/second"' in html
    assert 'rel="prev"' not in html


def test_middle_lesson_links_both_ways(client: FlaskClient) -> None:
    html = client.get("/lessons/second").get_data(as_text=True)
    assert 'rel="prev" href="/lessons/basics"' in html
    assert 'rel="next" href="/lessons/broken"' in html
    assert "<table>" in html


def test_unknown_lesson_is_a_friendly_russian_404(client: FlaskClient) -> None:
    response = client.get("/lessons/no-such-lesson")
    html = response.get_data(as_text=True)
    assert response.status_code == 404
    assert "Страница не найдена" in html and "Такого урока нет." in html
    assert "Not Found" not in html


def test_unknown_url_is_a_russian_404(client: FlaskClient) -> None:
    response = client.get("/nowhere")
    assert response.status_code == 404
    assert "Такой страницы нет." in response.get_data(as_text=True)


def test_404_for_htmx_is_just_the_message_box(client: FlaskClient) -> None:
    response = client.get("/lessons/no-such-lesson", headers=HTMX)
    html = response.get_data(as_text=True)
    assert response.status_code == 404
    assert html.lstrip().startswith('<div class="feedback feedback--error" data-verdict="error"')
    assert "<html" not in html


def test_wrong_method_is_a_russian_405(client: FlaskClient) -> None:
    response = client.put("/lessons/basics")
    assert response.status_code == 405
    assert "Так к этой странице обращаться нельзя." in response.get_data(as_text=True)


def test_retry_with_htmx_returns_a_fresh_drill(client: FlaskClient) -> None:
    response = client.get("/lessons/basics/drills/nobetan", headers=HTMX)
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert html.startswith('<section class="drill drill--waits" id="drill-nobetan"')
    assert "data-autofocus" in html and "data-verdict" not in html
    assert "HX-Request" in response.headers["Vary"]


def test_retry_without_htmx_goes_back_to_the_lesson(client: FlaskClient) -> None:
    response = client.get("/lessons/basics/drills/nobetan")
    assert response.status_code == 302
    assert response.location == "/lessons/basics#drill-nobetan"


def test_static_assets_are_served(client: FlaskClient) -> None:
    for path in ("/static/css/site.css", "/static/js/app.js", "/static/vendor/htmx/htmx.min.js"):
        response = client.get(path)
        assert response.status_code == 200, path
        response.close()


def test_pages_load_htmx_and_configure_it_by_meta_tag(client: FlaskClient) -> None:
    html = client.get("/lessons/basics").get_data(as_text=True)
    # The ?v= content hash is added by tutor/web/assets.py (fingerprinted static files).
    assert re.search(r'<script src="/static/vendor/htmx/htmx\.min\.js(\?v=[0-9a-f]{8})?" defer>'
                     r"</script>", html)
    meta = re.search(r"<meta name=\"htmx-config\" content='([^']+)'>", html)
    assert meta is not None
    for setting in (
        '"allowEval":false',
        '"includeIndicatorStyles":false',
        '"historyRestoreAsHxRequest":false',
    ):
        assert setting in meta.group(1)
    assert re.search(r"<body hx-headers='\{\"X-CSRFToken\": \"[^\"]+\"\}'>", html)


def test_every_drill_of_the_real_course_renders_its_solution_and_survives_an_empty_answer() -> None:
    """Integration: each lesson in content/ru renders and each drill's solution renders."""
    from pathlib import Path

    from tutor.course.content import store

    content = Path(__file__).resolve().parents[2] / "content" / "ru"
    app = create_app({"TESTING": True, "CONTENT_DIR": str(content), "WTF_CSRF_ENABLED": False})
    client = app.test_client()
    with app.app_context():
        lessons = store().lessons()
    assert lessons, "the course must have lessons"
    for lesson in lessons:
        page = client.get(f"/lessons/{lesson.slug}")
        assert page.status_code == 200, lesson.slug
        html = page.get_data(as_text=True)
        # Our CSP would block these; none may reach a lesson page.
        assert " style=" not in html and "<script>" not in html, lesson.slug
        for drill_id in lesson.drills:
            url = f"/lessons/{lesson.slug}/drills/{drill_id}"
            response = client.post(url, data={"action": "solution"}, headers=HTMX)
            assert response.status_code == 200, url
            assert 'data-verdict="solution"' in response.get_data(as_text=True), url
            # An empty answer is either graded (wrong) or refused in Russian — never a 500.
            empty = client.post(url, data={"action": "check"}, headers=HTMX)
            assert empty.status_code in (200, 400), url
