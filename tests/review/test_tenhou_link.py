"""A Tenhou link or id is fetched from https://tenhou.net only; fetching is off in tests.

Rules (the project's game-review issue, «Logs in»): https only, the host tenhou.net,
no IP literals, no redirect to another host, a short timeout and a size cap,
configurable and off in tests; a failed fetch says why. No test touches the network.
"""

from __future__ import annotations

import io

import pytest
from flask import Flask

from tutor.review import tenhou

LOG_ID = "2024010112gm-0029-0000-1a2b3c4d"


@pytest.mark.parametrize("text", [
    pytest.param(LOG_ID, id="bare-id"),
    pytest.param(f"https://tenhou.net/0/?log={LOG_ID}&tw=2", id="viewer-link"),
    pytest.param(f"https://www.tenhou.net/0/?log={LOG_ID}", id="www"),
    pytest.param(f"  https://tenhou.net/6/?log={LOG_ID}  ", id="spaces"),
])
def test_a_tenhou_link_or_id_gives_the_log_id(text: str) -> None:
    assert tenhou.log_id(text) == LOG_ID


@pytest.mark.parametrize(("text", "says"), [
    pytest.param(f"http://tenhou.net/0/?log={LOG_ID}", "https", id="plain-http"),
    pytest.param(f"https://tenhou.net.evil.example/0/?log={LOG_ID}", "evil", id="other-host"),
    pytest.param(f"https://evil.example/?u=tenhou.net&log={LOG_ID}", "evil", id="host-in-query"),
    pytest.param(f"https://127.0.0.1/0/?log={LOG_ID}", "IP", id="ipv4"),
    pytest.param(f"https://[::1]/0/?log={LOG_ID}", "IP", id="ipv6"),
    pytest.param(f"https://2130706433/0/?log={LOG_ID}", "IP", id="decimal-ip"),
    pytest.param(f"https://user@tenhou.net/0/?log={LOG_ID}", "tenhou.net", id="userinfo"),
    pytest.param(f"https://tenhou.net:8443/0/?log={LOG_ID}", "tenhou.net", id="port"),
    pytest.param("https://tenhou.net/0/?log=../../etc/passwd", "номер", id="bad-id"),
    pytest.param("2024010112gm-0029-0000-1a2b3c4d&x", "номер", id="id-with-tail"),
    pytest.param("просто текст", "номер", id="words"),
])
def test_a_link_elsewhere_is_refused_in_russian(text: str, says: str) -> None:
    with pytest.raises(tenhou.FetchError) as refused:
        tenhou.log_id(text)
    assert says in refused.value.message


def test_fetching_is_off_in_tests_and_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    app = Flask(__name__)
    app.testing = True

    def no_network(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the network was touched")

    monkeypatch.setattr(tenhou._OPENER, "open", no_network)
    assert not tenhou.fetch_enabled(app)
    with pytest.raises(tenhou.FetchError) as refused:
        tenhou.fetch(app, LOG_ID)
    assert refused.value.message == tenhou.OFF


def test_the_setting_turns_fetching_on_and_the_source_is_tenhou(
        monkeypatch: pytest.MonkeyPatch) -> None:
    app = Flask(__name__)
    app.testing = True
    app.config[tenhou.SETTING] = "1"
    asked: list[str] = []

    def fake_open(request: object, timeout: float) -> io.BytesIO:
        asked.append(request.full_url)  # type: ignore[attr-defined]
        assert timeout == tenhou.TIMEOUT
        return io.BytesIO(b'{"log": []}')

    monkeypatch.setattr(tenhou._OPENER, "open", fake_open)
    assert tenhou.fetch(app, f"https://tenhou.net/0/?log={LOG_ID}&tw=1") == '{"log": []}'
    assert asked == [f"https://tenhou.net/5/mjlog2json.cgi?{LOG_ID}"]


def test_a_too_big_answer_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    app = Flask(__name__)
    app.config[tenhou.SETTING] = True
    monkeypatch.setattr(tenhou._OPENER, "open",
                        lambda *_a, **_k: io.BytesIO(b"x" * (tenhou.MAX_BYTES + 1)))
    with pytest.raises(tenhou.FetchError) as refused:
        tenhou.fetch(app, LOG_ID)
    assert "КБ" in refused.value.message


def test_a_redirect_is_refused() -> None:
    handler = tenhou._NoRedirect()
    with pytest.raises(tenhou.FetchError) as refused:
        handler.redirect_request(None, None, 302, "Found", {}, "https://evil.example/")
    assert "перенаправил" in refused.value.message
