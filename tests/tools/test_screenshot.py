"""``tools/screenshot.py`` without a browser: its in-process server and its PNG check."""

from __future__ import annotations

import importlib.util
import struct
import urllib.request
import zlib
from pathlib import Path
from types import ModuleType

import pytest
from flask import Flask

SCRIPT = Path(__file__).resolve().parent.parent.parent / "tools" / "screenshot.py"


def _load() -> ModuleType:
    """The script by path (``tools/`` is not a package)."""
    spec = importlib.util.spec_from_file_location("tempai_screenshot", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


screenshot = _load()


def _png(width: int, height: int) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)  # 8-bit greyscale
    pixels = zlib.compress(b"".join(b"\0" + b"\xff" * width for _ in range(height)))
    return (screenshot.PNG_SIGNATURE + chunk(b"IHDR", header) + chunk(b"IDAT", pixels)
            + chunk(b"IEND", b""))


def test_png_size_reads_the_header() -> None:
    assert screenshot.png_size(_png(37, 5)) == (37, 5)


@pytest.mark.parametrize("data", [
    pytest.param(b"", id="empty"),
    pytest.param(b"GIF89a" + b"\0" * 30, id="gif"),
    pytest.param(screenshot.PNG_SIGNATURE + b"\0" * 8, id="cut-short"),
])
def test_png_size_refuses_what_is_not_a_png(data: bytes) -> None:
    with pytest.raises(ValueError):
        screenshot.png_size(data)


def test_the_committed_screenshot_is_a_light_png() -> None:
    data = (SCRIPT.parent.parent / "docs" / "screenshot.png").read_bytes()
    width, height = screenshot.png_size(data)
    assert width > 300 and height > 300
    assert len(data) <= screenshot.MAX_BYTES


def test_serving_answers_and_then_stops(app: Flask) -> None:
    with screenshot.serving(app) as base:
        with urllib.request.urlopen(f"{base}/healthz", timeout=5) as response:
            assert response.status == 200
    with pytest.raises(OSError):
        urllib.request.urlopen(f"{base}/healthz", timeout=2)
