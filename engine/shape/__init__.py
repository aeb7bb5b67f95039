"""The shape of a hand: blocks, readings, waits, shanten, ukeire and furiten.

Everything here depends on the tiles alone (and on the player's own discards
for furiten), never on the situation of a win or on scores: :mod:`engine.scoring`
and :mod:`engine.table` build on it, it builds on the core modules
(:mod:`engine.tiles`, :mod:`engine.melds`, :mod:`engine.hand`).
"""
