"""A Tenhou log link or id, fetched from tenhou.net only.

The learner may give a log by its id (``2024010112gm-0029-0000-1a2b3c4d``)
or by the link Tenhou's viewer shows (``https://tenhou.net/0/?log=<id>&tw=2``).
The server then fetches the tenhou.net/6 JSON of that game from
``https://tenhou.net/5/mjlog2json.cgi?<id>`` — and from nowhere else:

- the link must be ``https://`` to the host ``tenhou.net`` (or
  ``www.tenhou.net``), named, never an IP address; the URL fetched is built
  here from the id alone, so nothing of the learner's link is fetched;
- a redirect is refused (it could lead to another host), so is a body over
  :data:`MAX_BYTES`, or a connection or read that waits over :data:`TIMEOUT` seconds;
- ``REVIEW_TENHOU_FETCH`` turns fetching on; it is off in tests (no test
  touches the network) and on by default elsewhere.

Every refusal is a :class:`FetchError` whose message says why, in Russian.
"""

from __future__ import annotations

import ipaddress
import re
import urllib.error
import urllib.request
from typing import IO, Any
from urllib.parse import parse_qs, urlsplit

from flask import Flask

HOSTS = frozenset({"tenhou.net", "www.tenhou.net"})
SOURCE = "https://tenhou.net/5/mjlog2json.cgi?{id}"
TIMEOUT = 5.0  # seconds for the whole answer
MAX_BYTES = 256 * 1024  # a hanchan's tenhou.net/6 JSON is a few tens of KB
LOG_ID = re.compile(r"[0-9]{10}gm-[0-9a-f]{4}-[0-9]{4,5}-[0-9a-f]{8}")
SETTING = "REVIEW_TENHOU_FETCH"

NOT_A_LINK = ("Ссылка на Тэнхоу не распознана: дайте номер партии вида "
              "2024010112gm-0029-0000-1a2b3c4d или ссылку https://tenhou.net/0/?log=….")
OTHER_HOST = "Партии загружаются только с tenhou.net по https, а ссылка ведёт на «{host}»."
IP_HOST = "Ссылка должна называть сайт tenhou.net, а не IP-адрес."
OFF = ("Загрузка партий с Тэнхоу на этом сервере выключена: вставьте текст лога "
       "или загрузите файл.")
FAILED = "Не удалось загрузить партию с Тэнхоу: {why}. Вставьте текст лога или загрузите файл."
WHY_TIMEOUT = "сайт не ответил за {seconds} секунд"
WHY_STATUS = "сайт ответил кодом {status}"
WHY_REDIRECT = "сайт перенаправил запрос, а переходы не разрешены"
WHY_BIG = "ответ больше {kb} КБ"
WHY_NETWORK = "нет связи с сайтом"


class FetchError(Exception):
    """A link refused or a fetch failed: ``message`` says why, in Russian."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def log_id(text: str) -> str:
    """The log id of a Tenhou link or a bare id; :class:`FetchError` otherwise."""
    value = text.strip()
    if LOG_ID.fullmatch(value):
        return value
    if len(value) > 500 or "://" not in value:
        raise FetchError(NOT_A_LINK)
    parts = urlsplit(value)
    host = (parts.hostname or "").lower()
    if _is_ip(host):
        raise FetchError(IP_HOST)
    if parts.scheme != "https" or host not in HOSTS or parts.port not in (None, 443) \
            or parts.username or parts.password:
        raise FetchError(OTHER_HOST.format(host=host or value[:60]))
    found = parse_qs(parts.query).get("log", [])
    if len(found) != 1 or not LOG_ID.fullmatch(found[0]):
        raise FetchError(NOT_A_LINK)
    return found[0]


def _is_ip(host: str) -> bool:
    try:
        ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return host.replace(".", "").isdigit()  # 2130706433, 127.1: numbers browsers take
    return True


def fetch_enabled(app: Flask) -> bool:
    """``REVIEW_TENHOU_FETCH``: on unless set false; never in tests unless set on."""
    value = app.config.get(SETTING)
    if value is None:
        return not app.testing
    return str(value).lower() in ("1", "true", "yes", "on")


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        raise FetchError(FAILED.format(why=WHY_REDIRECT))


_OPENER = urllib.request.build_opener(_NoRedirect)


def fetch(app: Flask, text: str) -> str:
    """The tenhou.net/6 JSON of the game a link or id names (:class:`FetchError` on failure)."""
    game = log_id(text)  # validated first: a bad link is said even when fetching is off
    if not fetch_enabled(app):
        raise FetchError(OFF)
    request = urllib.request.Request(SOURCE.format(id=game),
                                     headers={"User-Agent": "tempai-review/1"})
    try:
        with _OPENER.open(request, timeout=TIMEOUT) as response:
            return _read_capped(response)
    except FetchError:
        raise
    except urllib.error.HTTPError as err:
        raise FetchError(FAILED.format(why=WHY_STATUS.format(status=err.code))) from None
    except TimeoutError:
        raise FetchError(FAILED.format(why=WHY_TIMEOUT.format(seconds=int(TIMEOUT)))) from None
    except (urllib.error.URLError, OSError, ValueError):
        raise FetchError(FAILED.format(why=WHY_NETWORK)) from None


def _read_capped(response: IO[bytes]) -> str:
    body = response.read(MAX_BYTES + 1)
    if len(body) > MAX_BYTES:
        raise FetchError(FAILED.format(why=WHY_BIG.format(kb=MAX_BYTES // 1024)))
    return body.decode("utf-8", errors="replace")
