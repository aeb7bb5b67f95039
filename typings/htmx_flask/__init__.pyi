# Types for the part of htmx-flask the app uses. The package ships no py.typed
# marker, yet its own __init__ exports ``request`` cast to HtmxAwareRequest for
# type checkers; this stub states that cast so ``request.htmx`` is checked.
from flask import Flask
from htmx_flask.requests import HtmxAwareRequest

class Htmx:
    def __init__(self, app: Flask | None = None) -> None: ...
    def init_app(self, app: Flask) -> None: ...

request: HtmxAwareRequest
