"""Accounts on two app servers sharing one PostgreSQL database (nothing is kept per process).

Two gunicorn processes (the production configuration, one worker each, each
behind the repository's nginx) on loopback share a SECRET_KEY and one fresh
PostgreSQL schema. An account registered through one signs in through the
other; signing out through one revokes every copy of the session cookie on
the other as well (its memo of verified sessions must not outlive the
revocation); wrong passwords sent to both are counted together, once each,
and the right one still gets in.
Skipped without ``TEMPAI_TEST_PG_URL``.
"""

from __future__ import annotations

import secrets
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
import sqlalchemy as sa

from tests.support.accounts import PASSWORD
from tests.support.databases import NO_PG, fresh_database
from tests.support.live import (
    copy_content,
    loadkit,
    need_gunicorn,
    start_behind_nginx,
    stop_behind_nginx,
    suite_deadline,
)
from tutor.accounts import limits
from tutor.storage.progress import ProgressStore
from tutor.storage.throttle import login_throttle

pytestmark = [pytest.mark.server, NO_PG]


class Site:
    """The two servers and the database they share."""

    def __init__(self, servers: list[Any], url: str) -> None:
        self.servers, self.url = servers, url

    def failures(self, key: str) -> int:
        store = ProgressStore(self.url)
        try:
            with store.transaction() as conn:
                found = conn.execute(sa.select(login_throttle.c.failures)
                                     .where(login_throttle.c.key == key)).scalar()
        finally:
            store.engine.dispose()
        return int(found or 0)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    need_gunicorn()
    folder = tmp_path_factory.mktemp("two-servers")
    with fresh_database("postgresql", folder) as url:
        env = {"SECRET_KEY": secrets.token_hex(32), "DATABASE_URL": url,
               "FLASK_CONTENT_DIR": str(copy_content(folder / "content")),
               "WEB_CONCURRENCY": "1", "GUNICORN_THREADS": "4", **suite_deadline()}
        servers: list[Any] = []
        try:
            for n in range(2):
                servers.append(start_behind_nginx(env, folder / f"nginx{n}"))
            yield Site(servers, url)
        finally:
            for server in servers:
                stop_behind_nginx(server)


class Browser:
    """One browser's cookies, sent to whichever server it is pointed at."""

    def __init__(self, cookies: dict[str, str] | None = None) -> None:
        self.client = loadkit().Learner("https://127.0.0.1:1", {}, 0)
        self.client.cookies = dict(cookies or {})

    def on(self, server: Any) -> Browser:
        self.client.close()  # a new connection, to the other process
        self.client.host, self.client.port = "127.0.0.1", int(server.url.rsplit(":", 1)[1])
        return self

    def get(self, path: str) -> int:
        return int(self.client.request("get", "GET", path))

    def post(self, path: str, form_page: str, **fields: str) -> int:
        assert self.get(form_page) == 200, form_page
        body = [("csrf_token", self.client.token), *fields.items()]
        return int(self.client.request("post", "POST", path, body))

    @property
    def page(self) -> str:
        return str(self.client.last_body)

    def close(self) -> None:
        self.client.close()


@pytest.fixture
def browsers() -> Iterator[list[Browser]]:
    made: list[Browser] = []
    yield made
    for browser in made:
        browser.close()


def _new(browsers: list[Browser], cookies: dict[str, str] | None = None) -> Browser:
    browsers.append(Browser(cookies))
    return browsers[-1]


def _register(browser: Browser, server: Any) -> str:
    login = f"u{uuid.uuid4().hex[:10]}"
    status = browser.on(server).post("/account/register", "/account/register", login=login,
                                     display_name="Ученица Аня", password=PASSWORD,
                                     password2=PASSWORD)
    assert status == 200 and "data-recovery-code" in browser.page, browser.page[:500]
    return login


def _signed_in(browser: Browser, server: Any) -> bool:
    status = browser.on(server).get("/account")
    assert status in (200, 302), status
    return status == 200 and "Ученица Аня" in browser.page


def test_an_account_registered_on_one_server_signs_in_on_the_other(
        site: Site, browsers: list[Browser]) -> None:
    first, second = site.servers
    login = _register(_new(browsers), first)
    other = _new(browsers)
    assert not _signed_in(other, second)
    assert other.on(second).post("/account/login", "/account/login", login=login,
                                 password=PASSWORD) == 302
    assert _signed_in(other, second) and _signed_in(other, first)


def test_signing_out_on_one_server_revokes_the_cookie_on_both(
        site: Site, browsers: list[Browser]) -> None:
    first, second = site.servers
    owner = _new(browsers)
    _register(owner, first)
    copy = _new(browsers, owner.client.cookies)  # a copied cookie, e.g. on another machine
    assert _signed_in(copy, first) and _signed_in(copy, second)  # both processes verified it
    assert owner.on(second).post("/account/logout", "/account") == 302
    assert not _signed_in(copy, first)  # the other process's memo did not outlive the logout
    assert not _signed_in(copy, second)
    assert not _signed_in(owner, first)


def test_wrong_passwords_through_both_servers_are_counted_together(
        site: Site, browsers: list[Browser]) -> None:
    first, second = site.servers
    login = _register(_new(browsers), first)
    guesser = _new(browsers)
    tries = limits.ACCOUNT_FREE  # one more would hold the account
    before = site.failures(limits.address_key("127.0.0.1"))
    for n in range(tries):
        status = guesser.on(site.servers[n % 2]).post(
            "/account/login", "/account/login", login=login, password="not the password")
        assert status == 403 and "Неверный логин или пароль" in guesser.page, guesser.page[:300]
    assert site.failures(limits.login_key(login)) == tries  # each try counted once, by both
    assert site.failures(limits.address_key("127.0.0.1")) == before + tries
    assert guesser.on(second).post("/account/login", "/account/login", login=login,
                                   password=PASSWORD) == 302  # not held yet
    assert site.failures(limits.address_key("127.0.0.1")) == 0  # the address forgiven
    assert site.failures(limits.login_key(login)) == 0  # and the account's count
