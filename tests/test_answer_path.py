"""The drill-answer hot path (issue 8): cheaper, but answering exactly the same.

Rules: gzip with a body-sized window decompresses to the same bytes and is
never bigger than the default window's output; ``Vary`` names each header once.
"""

from __future__ import annotations

import gzip
import random
from pathlib import Path

import pytest
from flask import Response

from tutor.compression import add_vary, gzip_body

# --- gzip and Vary -------------------------------------------------------------------

FRAGMENT = (Path(__file__).resolve().parent.parent / "templates" / "drills" / "_frame.html")


@pytest.mark.parametrize("size", [1, 499, 500, 512, 763, 1000, 2400, 4096, 4400, 40_000, 300_000])
def test_a_body_sized_gzip_window_gives_the_same_bytes_back_and_never_a_bigger_body(
    size: int,
) -> None:
    text = FRAGMENT.read_bytes() * (size // 1000 + 2)
    start = random.Random(size).randrange(200)
    body = text[start:start + size]
    packed = gzip_body(body)
    assert gzip.decompress(packed) == body
    assert len(packed) <= len(gzip.compress(body, compresslevel=6))


def test_vary_names_each_header_once_and_keeps_the_others() -> None:
    response = Response("x")
    add_vary(response, "Accept-Encoding")
    assert response.headers["Vary"] == "Accept-Encoding"
    response.headers["Vary"] = "HX-Request"
    add_vary(response, "Accept-Encoding")
    add_vary(response, "accept-encoding")
    assert response.headers["Vary"] == "HX-Request, Accept-Encoding"


