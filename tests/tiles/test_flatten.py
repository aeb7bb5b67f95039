"""Flattening a face drawing into merged paths (tutor.tiles.flatten)."""

from __future__ import annotations

import pytest

from tutor.tiles.flatten import circle_d, flat, rect_d


def test_shapes_painted_alike_in_a_row_share_one_path() -> None:
    markup = ('<g class="r"><circle cx="5" cy="5" r="2"/><circle cx="15" cy="5" r="2"/></g>'
              '<g class="r"><path d="M1 1h2"/></g><g class="f"><circle cx="5" cy="5" r="1"/></g>')
    assert flat(markup) == (
        f'<path class="r" d="{circle_d(5, 5, 2)}{circle_d(15, 5, 2)}M1 1h2"/>'
        f'<path class="f" d="{circle_d(5, 5, 1)}"/>'
    )


def test_a_change_of_paint_transform_or_opacity_starts_a_new_path() -> None:
    markup = ('<g class="ks" stroke-width="2"><path d="M0 0h1"/></g>'
              '<g class="ks" stroke-width="3"><path d="M0 0h1"/></g>'
              '<g class="ks" stroke-width="3" transform="scale(2)"><path d="M0 0h1"/></g>'
              '<g opacity="0.5"><g class="ks" stroke-width="3" transform="scale(2)">'
              '<path d="M0 0h1"/></g></g>')
    assert flat(markup, "translate(52 0)").split("/>")[:-1] == [
        '<path class="ks" stroke-width="2" transform="translate(52 0)" d="M0 0h1"',
        '<path class="ks" stroke-width="3" transform="translate(52 0)" d="M0 0h1"',
        '<path class="ks" stroke-width="3" transform="translate(52 0) scale(2)" d="M0 0h1"',
        '<path class="ks" stroke-width="3" transform="translate(52 0) scale(2)" opacity="0.5"'
        ' d="M0 0h1"',
    ]


def test_circles_and_rounded_rects_become_arcs() -> None:
    assert circle_d(24, 30, 8) == "M16 30a8 8 0 1 0 16 0a8 8 0 1 0 -16 0z"
    assert rect_d(0.5, 2, 47, 61.5, 5) == (
        "M5.5 2h37a5 5 0 0 1 5 5v51.5a5 5 0 0 1 -5 5h-37a5 5 0 0 1 -5 -5v-51.5a5 5 0 0 1 5 -5z")
    assert flat('<g class="b"><rect x="1" y="2" width="3" height="4"/></g>') == (
        '<path class="b" d="M1 2h3v4h-3z"/>')


@pytest.mark.parametrize("markup", [
    '<g class="k" fill="#000"><path d="M0 0h1"/></g>',  # a colour attribute the class would hide
    '<g class="k"><path d="m0 0h1"/></g>',  # relative start: would move with the path before it
    '<g class="k"><rect x="0" y="0" width="2" height="2" rx="1" ry="0.5"/></g>',
    '<g class="k"><polygon points="0 0 1 1"/></g>',
])
def test_what_it_cannot_redraw_exactly_is_refused(markup: str) -> None:
    with pytest.raises(ValueError):
        flat(markup)
