"""Face drawings as the fewest ``<path>`` elements that paint the same pixels.

:mod:`tutor.tiles.faces` draws with nested groups (a colour role per group,
transforms for insets and glyph boxes) and one element per shape, which is easy
to read and to change. The browser pays for every element of the sprite: it is
its own document, styled and painted on every page with tiles, and a style pass
costs about the same per element whatever the element draws. So the sprite is
written flat: each shape becomes path data (circles, ellipses and rounded
rectangles as arcs), carrying its groups' paint and transforms itself, and
consecutive shapes with the same paint, transform and opacity share one
``<path>`` as subpaths. For opaque shapes drawn in a row that is the same
picture: a stroke or a nonzero fill of several subpaths covers their union,
which is what painting them one after another covers. A group's opacity moves
onto its shapes, which is the same only while they do not overlap (the veins
of a bamboo stick do not).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass

from tutor.tiles.faces import num

# Attributes a group hands down to its shapes (what faces.paint writes).
PAINT = ("class", "stroke-width")
GEOMETRY = ("d", "cx", "cy", "r", "rx", "ry", "x", "y", "width", "height")


@dataclass(frozen=True)
class Shape:
    """One shape's path data and everything it is painted with."""

    paint: tuple[tuple[str, str], ...]
    transform: str
    opacity: str
    d: str


def circle_d(cx: float, cy: float, rx: float, ry: float | None = None) -> str:
    """A circle (or an axis-aligned ellipse) as two arcs, starting at its left end."""
    ry = rx if ry is None else ry
    return (f"M{num(cx - rx)} {num(cy)}a{num(rx)} {num(ry)} 0 1 0 {num(2 * rx)} 0"
            f"a{num(rx)} {num(ry)} 0 1 0 {num(-2 * rx)} 0z")


def rect_d(x: float, y: float, w: float, h: float, r: float = 0) -> str:
    """A rectangle with corners of radius ``r`` (``<rect rx>``, ``ry`` the same)."""
    if not r:
        return f"M{num(x)} {num(y)}h{num(w)}v{num(h)}h{num(-w)}z"
    s, e = num(r), num(-r)
    return (f"M{num(x + r)} {num(y)}h{num(w - 2 * r)}a{s} {s} 0 0 1 {s} {s}"
            f"v{num(h - 2 * r)}a{s} {s} 0 0 1 {e} {s}h{num(2 * r - w)}"
            f"a{s} {s} 0 0 1 {e} {e}v{num(2 * r - h)}a{s} {s} 0 0 1 {s} {e}z")


def _d(node: ET.Element) -> str:
    a = {k: float(v) for k, v in node.attrib.items()
         if k in ("cx", "cy", "r", "rx", "ry", "x", "y", "width", "height")}
    if node.tag == "path":
        d = node.attrib["d"]
        if not d.startswith("M"):  # a relative moveto would follow the subpath before it
            raise ValueError(f"path data starts with {d[:1]!r}, not M")
        return d
    if node.tag == "circle":
        return circle_d(a["cx"], a["cy"], a["r"])
    if node.tag == "ellipse":
        return circle_d(a["cx"], a["cy"], a["rx"], a["ry"])
    if node.tag == "rect":
        if a.get("ry", a.get("rx", 0)) != a.get("rx", 0):
            raise ValueError("a rect with ry unlike rx")
        return rect_d(a.get("x", 0), a.get("y", 0), a["width"], a["height"], a.get("rx", 0))
    raise ValueError(f"no path for <{node.tag}>")


def _walk(node: ET.Element, paint: dict[str, str], transform: tuple[str, ...],
          opacity: float) -> Iterator[Shape]:
    paint = paint | {k: v for k, v in node.attrib.items() if k in PAINT}
    if "transform" in node.attrib:
        transform = (*transform, node.attrib["transform"])
    opacity *= float(node.attrib.get("opacity", "1"))
    unknown = set(node.attrib) - {*PAINT, *GEOMETRY, "transform", "opacity"}
    if unknown:  # an attribute this module would silently drop
        raise ValueError(f"<{node.tag}> has {sorted(unknown)}")
    if node.tag == "g":
        for child in node:
            yield from _walk(child, paint, transform, opacity)
        return
    yield Shape(tuple(sorted(paint.items())), " ".join(transform),
                num(opacity) if opacity != 1 else "", _d(node))


def shapes(markup: str) -> list[Shape]:
    """Every shape of a fragment, in painting order, with its inherited paint."""
    return list(_walk(ET.fromstring(f"<g>{markup}</g>"), {}, (), 1.0))


def merged(found: list[Shape]) -> list[Shape]:
    """Runs of shapes painted alike joined into one shape with several subpaths."""
    out: list[Shape] = []
    for shape in found:
        last = out[-1] if out else None
        if last and (last.paint, last.transform, last.opacity) == (
                shape.paint, shape.transform, shape.opacity):
            out[-1] = Shape(last.paint, last.transform, last.opacity, last.d + shape.d)
        else:
            out.append(shape)
    return out


def path(shape: Shape, prefix: str = "") -> str:
    """One ``<path>``; ``prefix`` is a transform put before the shape's own (its cell)."""
    attrs = "".join(f' {k}="{v}"' for k, v in shape.paint)
    transform = " ".join(t for t in (prefix, shape.transform) if t)
    if transform:
        attrs += f' transform="{transform}"'
    if shape.opacity:
        attrs += f' opacity="{shape.opacity}"'
    return f'<path{attrs} d="{shape.d}"/>'


def flat(markup: str, prefix: str = "") -> str:
    """``markup`` redrawn as merged paths, each placed by ``prefix`` first."""
    return "".join(path(s, prefix) for s in merged(shapes(markup)))
