"""CSRF protection and the security headers every response carries.

The CSP forbids inline scripts and style attributes; htmx is configured by a
``<meta name="htmx-config">`` tag and our own behaviour lives in
``static/js/app.js``, so nothing on the site needs ``'unsafe-inline'``.
"""

from __future__ import annotations

from flask import Flask, Response
from flask_wtf.csrf import CSRFProtect

csrf = CSRFProtect()

CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
        "form-action 'self'",
    )
)

SECURITY_HEADERS: dict[str, str] = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
}


def init_app(app: Flask) -> None:
    """Turn on CSRF checks for every POST and add the headers to every response."""
    csrf.init_app(app)
    app.after_request(_add_headers)


def _add_headers(response: Response) -> Response:
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    return response
