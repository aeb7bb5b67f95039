"""The import form read: one log (pasted, uploaded or a Tenhou link), its seat and rule set.

Everything wrong is an :class:`IntakeError` whose Russian message names what
is wrong; the view answers 400 with it and stores nothing.

Size caps per format, from measured logs (docs/review.md): a bot hanchan
written as tenhou.net/6 JSON is about 10 KB, its mjai lines a few times that;
real logs with long names and many calls stay within twice those. The caps
leave room for that and bound the engine's work on one request.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from flask import Flask
from werkzeug.datastructures import FileStorage, MultiDict

from engine.rules.sets import RULESETS
from engine.table.logs import GameLog, LogError, read_log
from engine.text.messages import RULESET_NAMES
from tutor.review import tenhou

KB = 1024
CAPS = {"tenhou6": 128 * KB, "mjlog": 256 * KB, "mjai": 512 * KB}
FORMAT_NAMES = {"tenhou6": "tenhou.net/6 (JSON)", "mjai": "mjai (JSON Lines)",
                "mjlog": "mjlog (XML Тэнхоу)"}
MAX_BODY = max(CAPS.values()) + 16 * KB  # the largest log and the rest of the form

NOTHING = "Вставьте лог партии, загрузите файл или дайте ссылку на партию Тэнхоу."
SEVERAL = ("Дайте партию одним способом: вставленный текст, файл или ссылка — "
           "а заполнено несколько.")
TOO_BIG = "Лог слишком большой: {size} КБ, а в формате {format} принимается не больше {cap} КБ."
NOT_TEXT = "Файл не похож на текстовый лог (ожидается UTF-8): загрузите JSON или mjai."
NO_PLAYER = "Игрока «{name}» в этой партии нет. В ней играли: {names}."
NO_RULES = "Неизвестный свод правил «{name}». Выберите его из списка."
AT_PLACE = " (раздача {hand}{event})"


class IntakeError(Exception):
    """The form cannot be imported: ``message`` (Russian) says why."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class Intake:
    """What the form gave: the log's text, the game read from it, the seat, the rules."""

    text: str
    game: GameLog
    seat: int
    rules: str


def format_of(text: str) -> str:
    """tenhou6 (a JSON object), mjlog (XML) or mjai (JSON lines), from the first character."""
    head = text.lstrip()[:1]
    return "tenhou6" if head == "{" else "mjlog" if head == "<" else "mjai"


def _file_text(upload: FileStorage) -> str:
    data = upload.stream.read(max(CAPS.values()) + 1)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise IntakeError(NOT_TEXT) from None


def given_text(app: Flask, form: Mapping[str, str], files: MultiDict[str, FileStorage]) -> str:
    """The log's text from exactly one of the three fields (a link is fetched)."""
    pasted = form.get("log", "").strip()
    upload = files.get("file")
    has_file = upload is not None and bool(upload.filename)
    link = form.get("link", "").strip()
    given = [bool(pasted), has_file, bool(link)]
    if sum(given) == 0:
        raise IntakeError(NOTHING)
    if sum(given) > 1:
        raise IntakeError(SEVERAL)
    if has_file:
        assert upload is not None
        return _file_text(upload).strip()
    if link:
        try:
            return tenhou.fetch(app, link).strip()
        except tenhou.FetchError as err:
            raise IntakeError(err.message) from None
    return pasted


def check_size(text: str) -> str:
    """The format of ``text``, or :class:`IntakeError` when it is over its cap."""
    found = format_of(text)
    size = len(text.encode("utf-8"))
    if size > CAPS[found]:
        raise IntakeError(TOO_BIG.format(size=(size + KB - 1) // KB,
                                         format=FORMAT_NAMES[found], cap=CAPS[found] // KB))
    return found


def read(text: str) -> GameLog:
    """The game of a log; the engine's Russian message, with its place, when it cannot be read."""
    try:
        return read_log(text)
    except LogError as err:
        raise IntakeError(error_text(err)) from None


def error_text(err: LogError) -> str:
    """The engine's message with the hand and event it names, counted from 1."""
    message = str(err)
    if err.hand is None:
        return message
    event = f", событие {err.event + 1}" if err.event is not None else ""
    return message.rstrip(".") + AT_PLACE.format(hand=err.hand + 1, event=event) + "."


def seat_of(name: str, players: tuple[str, ...]) -> int:
    """The seat of the player called ``name`` (empty: the first); :class:`IntakeError` if none."""
    wanted = name.strip()
    if not wanted:
        return 0
    for seat, player in enumerate(players):
        if player.strip().casefold() == wanted.casefold():
            return seat
    names = ", ".join(f"«{p}»" if p else f"игрок {i + 1} без имени"
                      for i, p in enumerate(players))
    raise IntakeError(NO_PLAYER.format(name=wanted[:40], names=names))


def rules_of(value: str, game: GameLog) -> str:
    """The chosen rule set; unset: the one the log says it was played under, else online."""
    if value:
        if value not in RULESETS or value not in RULESET_NAMES:
            raise IntakeError(NO_RULES.format(name=value[:20]))
        return value
    hint = game.rules_hint
    return hint if hint in RULESETS else "online"


def intake(app: Flask, form: Mapping[str, str], files: MultiDict[str, FileStorage]) -> Intake:
    """Read the import form (:class:`IntakeError` for anything wrong)."""
    text = given_text(app, form, files)
    check_size(text)
    game = read(text)
    return Intake(text, game, seat_of(form.get("seat", ""), game.players),
                  rules_of(form.get("rules", ""), game))
