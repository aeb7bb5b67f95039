"""Behind nginx (docs/deployment.md «За nginx»): client address and scheme from X-Forwarded-*.

Only when ``TRUSTED_PROXIES`` says a proxy stands in front; otherwise the
headers are the client's own words and are ignored.
"""

from __future__ import annotations

from pathlib import Path

from flask import Flask

from tests.support.authoring import login
from tests.support.site import make_app
from tutor import storage
from tutor.accounts import limits
from tutor.storage import throttle

NGINX = "127.0.0.1"  # every request reaches the app from the local proxy


def _client(app: Flask, forwarded_for: str):  # noqa: ANN202
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = NGINX
    client.environ_base["HTTP_X_FORWARDED_FOR"] = forwarded_for
    client.environ_base["HTTP_X_FORWARDED_PROTO"] = "https"
    # Over HTTPS the CSRF check also wants a same-site Referer, which browsers
    # send (Referrer-Policy: same-origin).
    client.environ_base["HTTP_REFERER"] = "https://localhost/author/login"
    return client


def _address_count(app: Flask, address: str) -> int:
    with app.app_context(), storage.store().transaction() as conn:
        return throttle.failures(conn, limits.address_key(address), limits.clock(),
                                 limits.ADDRESS_WINDOW)


def test_behind_one_proxy_wrong_passwords_are_counted_per_real_client(
    content_dir: Path
) -> None:
    app = make_app(content_dir, INSTRUCTOR_PASSWORD="верный-пароль", TRUSTED_PROXIES=1)
    guesser = _client(app, "203.0.113.7")
    for _ in range(3):
        assert login(guesser, "угадываю") == 403
    # Another client behind the same nginx starts from its own count.
    assert login(_client(app, "198.51.100.2"), "опечатка") == 403
    assert _address_count(app, "203.0.113.7") == 3
    assert _address_count(app, "198.51.100.2") == 1
    assert _address_count(app, NGINX) == 0
    assert login(_client(app, "198.51.100.2"), "верный-пароль") == 302


def test_behind_one_proxy_the_learner_cookie_is_secure_over_https(content_dir: Path) -> None:
    app = make_app(content_dir, TRUSTED_PROXIES=1)
    cookie = _client(app, "203.0.113.7").get("/").headers["Set-Cookie"]
    assert "Secure" in cookie


def test_without_a_trusted_proxy_forwarded_headers_are_ignored(content_dir: Path) -> None:
    app = make_app(content_dir, INSTRUCTOR_PASSWORD="верный-пароль")
    for address in ("203.0.113.1", "203.0.113.2", "203.0.113.3", "203.0.113.4"):
        # A guesser cannot dodge the count by writing a new address in the header.
        assert login(_client(app, address), "угадываю") == 403
    assert _address_count(app, NGINX) == 4
    cookie = _client(app, "203.0.113.7").get("/").headers["Set-Cookie"]
    assert "Secure" not in cookie
