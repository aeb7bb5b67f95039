"""The engine's Russian wording: a leaf that imports nothing from the engine.

Its dictionaries are keyed by plain strings (an enum's ``.value``), so every
layer may read its wording here without an import circle.
"""
