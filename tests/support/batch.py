"""Hypothesis strategies for the batch contract's tests: any JSON value, any tile text."""

from __future__ import annotations

from hypothesis import strategies as st

_scalars = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
_json_values = st.recursive(
    _scalars | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=8,
)


_tiles_text = st.text(alphabet="0123456789mpsz", max_size=20)
