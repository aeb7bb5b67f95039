"""Friendly Russian error pages; an htmx request gets just the message box.

Every HTTP error goes through :func:`handle_http_error`; anything unexpected
becomes a 500 page without a stack trace (the trace goes to the log).
"""

from __future__ import annotations

import logging

from flask import Blueprint, current_app, get_template_attribute, render_template
from flask_wtf.csrf import CSRFError
from htmx_flask import request
from werkzeug.exceptions import HTTPException, InternalServerError

bp = Blueprint("errors", __name__)
log = logging.getLogger(__name__)

# Our own wording for the statuses a learner can meet; the default texts are English.
MESSAGES: dict[int, str] = {
    400: "Запрос не удалось разобрать. Обновите страницу и попробуйте ещё раз.",
    403: "Сюда нельзя.",
    404: "Такой страницы нет.",
    405: "Так к этой странице обращаться нельзя.",
    413: "Слишком большой ответ: так много данных упражнению не нужно.",
    422: "Ответ не удалось разобрать.",
    429: "Слишком много запросов. Подождите немного.",
    500: "Что-то сломалось на нашей стороне. Мы уже знаем; попробуйте позже.",
}
TITLES: dict[int, str] = {404: "Страница не найдена", 500: "Ошибка на сервере"}
CSRF_MESSAGE = (
    "Страница устарела (не совпал ключ защиты формы). Обновите страницу и ответьте ещё раз."
)


def message_for(error: HTTPException) -> str:
    """Our Russian message: a description we set ourselves, else the status's default."""
    code = error.code or 500
    description = error.description or ""
    default = type(error).description if hasattr(type(error), "description") else None
    if isinstance(error, CSRFError):
        return CSRF_MESSAGE
    if description and description != default and _is_russian(description):
        return description
    return MESSAGES.get(code, MESSAGES[400 if code < 500 else 500])


def _is_russian(text: str) -> bool:
    return any("а" <= ch.lower() <= "я" or ch in "ёЁ" for ch in text)


def render_error(code: int, message: str) -> tuple[str, int, dict[str, str]]:
    """Full page, or for htmx the message box alone (swapped into the feedback area)."""
    headers = {"Vary": "HX-Request"}
    if request.htmx:
        box = get_template_attribute("errors/_message.html", "message_box")
        return str(box(message)), code, headers
    title = TITLES.get(code, "Ошибка")
    return (
        render_template("errors/error.html", code=code, title=title, message=message),
        code,
        headers,
    )


@bp.app_errorhandler(HTTPException)
def handle_http_error(error: HTTPException) -> tuple[str, int, dict[str, str]]:
    return render_error(error.code or 500, message_for(error))


@bp.app_errorhandler(Exception)
def handle_unexpected(error: Exception) -> tuple[str, int, dict[str, str]]:
    if current_app.debug:
        raise error  # let the Werkzeug debugger show it during development
    log.exception("Unhandled error", exc_info=error)
    return render_error(500, MESSAGES[500])


__all__ = ["CSRF_MESSAGE", "InternalServerError", "bp", "message_for", "render_error"]
