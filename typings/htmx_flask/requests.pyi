from flask import Request

class HtmxHeaders:
    # True when the HX-Request header is "true".
    def __bool__(self) -> bool: ...

class HtmxAwareRequest(Request):
    htmx: HtmxHeaders
