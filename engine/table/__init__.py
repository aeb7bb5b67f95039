"""The whole game at the table: draws, multiple ron, penalties, the next hand,
the final result and defence against a riichi.

One place for the state of a game: what happens between hands and across the
game is computed here from scoring results and the rule set.
"""
