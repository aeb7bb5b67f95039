"""CSRF, security headers, bad and forged input, page weight and third-party requests."""

from __future__ import annotations

import gzip
import re
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.support.client import HTMX, Answering
from tests.support.site import make_app
from tutor.web.security import CONTENT_SECURITY_POLICY

REPO = Path(__file__).resolve().parents[2]
CSRF_TEXT = "Страница устарела"


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/lessons/basics",
        "/lessons/nope",
        "/static/css/site.css",
        "/lessons/basics/drills/nobetan",
    ],
)
def test_every_response_carries_the_security_headers(client: FlaskClient, path: str) -> None:
    response = client.get(path)
    assert response.headers["Content-Security-Policy"] == (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'"
    )
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Referrer-Policy"] == "same-origin"
    response.close()


def test_policy_allows_no_inline_code() -> None:
    assert (
        "unsafe-inline" not in CONTENT_SECURITY_POLICY
        and "unsafe-eval" not in CONTENT_SECURITY_POLICY
    )


def test_pages_have_no_inline_scripts_styles_or_handlers(client: FlaskClient) -> None:
    for path in ("/", "/lessons/basics", "/lessons/broken", "/lessons/nope"):
        html = client.get(path).get_data(as_text=True)
        assert re.findall(r"<script(?![^>]*\bsrc=)", html) == [], path
        assert "<style" not in html and " style=" not in html, path
        assert not re.search(r"\son[a-z]+=", html), path
        assert "hx-on" not in html, path


@pytest.mark.parametrize("htmx", [pytest.param(True, id="htmx"), pytest.param(False, id="plain")])
def test_missing_csrf_token_is_400_with_a_russian_message_in_the_feedback_area(
    client: FlaskClient, htmx: bool
) -> None:
    response = client.post(
        "/lessons/basics/drills/set-size", data={"option": "3"}, headers=HTMX if htmx else {}
    )
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    assert CSRF_TEXT in html and "Bad Request" not in html
    if htmx:
        assert html.startswith('<div class="feedback feedback--error" data-verdict="error"')
    else:
        assert 'id="fb-set-size"><div class="feedback feedback--error"' in html


def test_wrong_csrf_token_is_rejected(client: FlaskClient) -> None:
    response = client.post(
        "/lessons/basics/drills/set-size",
        data={"option": "3", "csrf_token": "forged"},
        headers=HTMX,
    )
    assert response.status_code == 400
    assert CSRF_TEXT in response.get_data(as_text=True)


def test_csrf_token_in_the_htmx_header_is_accepted(client: FlaskClient) -> None:
    html = client.get("/lessons/basics").get_data(as_text=True)
    token = re.search(r'"X-CSRFToken": "([^"]+)"', html)
    assert token
    response = client.post(
        "/lessons/basics/drills/set-size",
        data={"option": "3"},
        headers={**HTMX, "X-CSRFToken": token.group(1)},
    )
    assert response.status_code == 200


@pytest.mark.parametrize(
    ("drill", "data", "status", "message"),
    [
        pytest.param(
            "nobetan", {"tiles": ["9x"]}, 400, "Неизвестный тайл «9x».", id="unknown-tile"
        ),
        pytest.param(
            "nobetan",
            {"tiles": ["<script>"]},
            400,
            "Неизвестный тайл «&lt;script",
            id="markup-as-tile",
        ),
        pytest.param(
            "nobetan", {"tiles": ["1m"] * 500}, 400, "Слишком много тайлов", id="500-tiles"
        ),
        pytest.param(
            "nobetan", {"tiles": ["11m"]}, 400, "Неизвестный тайл «11m».", id="two-tiles-as-one"
        ),
        pytest.param("pinfu-ron", {}, 400, "Введите число фу", id="missing-field"),
        pytest.param("discard", {"ron": "да!"}, 400, "Ответьте «да» или «нет».", id="forged-value"),
        pytest.param(
            "no-such-drill",
            {"option": "1"},
            404,
            "Такого упражнения в этом уроке нет.",
            id="unknown-drill",
        ),
    ],
)
def test_bad_input_is_4xx_with_a_russian_message_never_500(
    answer: Answering, drill: str, data: dict[str, object], status: int, message: str
) -> None:
    for htmx in (True, False):
        response = answer.post("basics", drill, data, htmx=htmx)
        html = response.get_data(as_text=True)
        assert response.status_code == status
        assert message in html
        assert "Traceback" not in html


def test_unknown_lesson_in_a_drill_url_is_404(answer: Answering) -> None:
    response = answer.post("no-such-lesson", "x", {"option": "1"})
    assert response.status_code == 404
    assert "Такого урока нет." in response.get_data(as_text=True)


def test_answers_to_a_broken_lessons_bad_drill_are_404(answer: Answering) -> None:
    response = answer.post("broken", "not-tenpai", {"tiles": ["1m"]})
    assert response.status_code == 404


def test_huge_body_is_413_in_russian(answer: Answering) -> None:
    response = answer.post("basics", "nobetan", {"tiles": "1m" * 100_000})
    assert response.status_code == 413
    assert "Слишком большой ответ" in response.get_data(as_text=True)


def test_parameters_come_from_the_lesson_not_the_form(answer: Answering) -> None:
    # A forged hand in the form must not change the question being graded.
    html = answer.post("basics", "nobetan", {"tiles": ["1p"], "hand": "1112345678999p"}).get_data(
        as_text=True
    )
    assert 'data-verdict="incorrect"' in html


def test_unexpected_errors_are_a_russian_500_without_a_trace(app: Flask) -> None:
    @app.get("/boom")
    def boom() -> str:
        raise ZeroDivisionError("secret detail")

    app.logger.disabled = True
    response = app.test_client().get("/boom")
    html = response.get_data(as_text=True)
    assert response.status_code == 500
    assert "Что-то сломалось на нашей стороне." in html and "secret detail" not in html


# --- page weight and hosts -------------------------------------------------------------

ASSET_RE = re.compile(r'(?:src|href)="(/static/[^"#]+)')
URL_RE = re.compile(r"https?://[^\s\"'<>)]+")
# Strings that look like URLs but never cause a request: XML namespaces, htmx's URL-parsing base.
NOT_REQUESTS = {"http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink", "http://x"}
BUDGET = 150 * 1024


def _transfer_size(client: FlaskClient, path: str) -> tuple[int, str]:
    response = client.get(path, headers={"Accept-Encoding": "gzip"})
    assert response.status_code < 500, path
    body = response.get_data()
    text = gzip.decompress(body) if response.headers.get("Content-Encoding") == "gzip" else body
    response.close()
    return len(body), text.decode("utf-8")


def _page_weight(client: FlaskClient, path: str) -> int:
    size, html = _transfer_size(client, path)
    for asset in sorted(set(ASSET_RE.findall(html))):
        size += _transfer_size(client, asset)[0]
    return size


def _real_content_client() -> FlaskClient:
    return make_app(REPO / "content" / "ru", SECRET_KEY=None).test_client()


def test_every_page_with_its_assets_transfers_under_150_kb() -> None:
    client = _real_content_client()
    _, home = _transfer_size(client, "/")
    pages = ["/", *sorted(set(re.findall(r'href="(/lessons/[a-z0-9-]+)"', home)))]
    weights = {page: _page_weight(client, page) for page in pages}
    heavy = {page: weight for page, weight in weights.items() if weight > BUDGET}
    assert heavy == {}


def test_fixture_lesson_page_is_light(client: FlaskClient) -> None:
    assert _page_weight(client, "/lessons/basics") < BUDGET


def test_pages_and_assets_never_reference_another_host(client: FlaskClient) -> None:
    texts = [_transfer_size(client, path)[1] for path in ("/", "/lessons/basics", "/lessons/nope")]
    for asset in sorted(set(ASSET_RE.findall(texts[1]))):
        texts.append(_transfer_size(client, asset)[1])
    foreign = {
        url for text in texts for url in URL_RE.findall(text) if url.rstrip("/") not in NOT_REQUESTS
    }
    assert foreign == set()
