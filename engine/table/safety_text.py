"""The Russian reason of a tile's danger: which waits remain and which are closed, and why.

Tiles are named in words (``7 ман``), never by their codes; the wording is in
:mod:`engine.text.messages`.

>>> from engine.table.safety_waits import analyse
>>> from engine.tiles import parse_tiles
>>> seen = parse_tiles("4m").counts()
>>> suited_reason(analyse(0, frozenset({3}), None, seen), "")
'возможны: шанпон, танки; закрыты: рянмен 2-3 ман — 4 ман безопасен (суджи)'
"""

from __future__ import annotations

from engine.table.safety_waits import RyanmenSide, Side, Waits
from engine.text import messages as msg
from engine.text.core import SUIT_NAMES
from engine.tiles import tile_name


def honour_reason(tile: int, seen: int, kokushi: bool) -> str:
    """Copies seen and the waits left on an honour."""
    head = msg.SAFETY_HONOUR_SEEN.format(seen=seen)
    if seen >= 4:
        tail = msg.SAFETY_HONOUR_KOKUSHI if kokushi else msg.SAFETY_HONOUR_NONE
    else:
        waits = [msg.SAFETY_TANKI] if seen == 3 else [msg.SAFETY_SHANPON, msg.SAFETY_TANKI]
        tail = msg.SAFETY_POSSIBLE.format(waits=", ".join(waits))
    return f"{head}; {tail}"


def suited_reason(w: Waits, note: str) -> str:
    """«возможны: …; закрыты: …» for a suited tile, then the dora note if any."""
    base, n = w.tile - w.tile % 9, w.number
    suit = SUIT_NAMES[w.tile // 9]
    possible: list[str] = []
    closed: list[str] = []
    for side in w.sides:
        shape = msg.SAFETY_RYANMEN.format(first=side.first + 1, second=side.second + 1, suit=suit)
        why = _why(side, base, w)
        if side.state in (Side.OPEN, Side.RIICHI_SUJI, Side.ONE_CHANCE):
            possible.append(f"{shape} ({why})" if why else shape)
        else:
            closed.append(f"{shape} — {why}")
    if w.kanchan:
        possible.append(msg.SAFETY_KANCHAN.format(first=n, second=n + 2, suit=suit))
    if w.penchan:
        first = 1 if n == 2 else 8
        possible.append(msg.SAFETY_PENCHAN.format(first=first, second=first + 1, suit=suit))
    if w.unseen >= 2:
        possible.append(msg.SAFETY_SHANPON)
    if w.unseen >= 1:
        possible.append(msg.SAFETY_TANKI)
    parts = [msg.SAFETY_POSSIBLE.format(waits=", ".join(possible)) if possible
             else msg.SAFETY_NOTHING]
    if closed:
        parts.append(msg.SAFETY_CLOSED.format(waits="; ".join(closed)))
    if note:
        parts.append(note)
    return "; ".join(parts)


def _why(side: RyanmenSide, base: int, w: Waits) -> str:
    other = tile_name(base + side.other)
    if side.state is Side.SUJI:
        drawn = base + side.other == w.drawn_riichi
        return (msg.SAFETY_WHY_DRAWN_RIICHI if drawn else msg.SAFETY_WHY_SUJI).format(other=other)
    if side.state is Side.RIICHI_SUJI:
        text = msg.SAFETY_WHY_TEDASHI if w.tedashi else msg.SAFETY_WHY_RIICHI
        return text.format(other=other)
    if side.state in (Side.KABE, Side.ONE_CHANCE):
        wall = tile_name(base + side.wall)
        text = msg.SAFETY_WHY_KABE if side.state is Side.KABE else msg.SAFETY_WHY_ONE
        return text.format(wall=wall)
    return ""

