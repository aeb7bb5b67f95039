"""``python -m engine review``: a review as plain Russian text, grouped like the page.

The flags come in the review's order (by category, costliest first); each
category gets a heading, each flag a line saying where it was, what was
played and what the measure prefers, then its message. The stated measures
close the text.
"""

from __future__ import annotations

from engine.review import Flag, Review, summary_text, threshold_lines
from engine.review.position import call_words
from engine.table.events import GameLog
from engine.text import review as text


def render_review(found: Review, log: GameLog, seat: int, rules: str) -> str:
    name = log.players[seat]
    who = (text.CLI_SEAT_NAMED.format(name=name, seat=seat) if name
           else text.CLI_SEAT.format(seat=seat))
    lines = [text.CLI_HEADER.format(who=who, rules=rules), summary_text(found)]
    category = ""
    for flag in found.decisions:
        if flag.category != category:
            category = flag.category
            lines += ["", text.CATEGORY_NAMES[category]]
        lines += [_where(flag, log), "    " + flag.message]
    lines += ["", text.CLI_THRESHOLDS, *("  • " + line for line in threshold_lines())]
    return "\n".join(lines)


def _where(flag: Flag, log: GameLog) -> str:
    hand = log.hands[flag.hand]
    line = text.CLI_FLAG if flag.better else text.CLI_FLAG_NO_BETTER
    out = line.format(round=text.ROUND_WORDS.get(hand.round[:1], hand.round[:1]),
                      number=hand.round[1:], honba=hand.honba, event=flag.event,
                      played=_played(flag), better=text.BETTER_WORDS.get(flag.better, flag.better))
    return out + (text.CLI_INFORMATIONAL if flag.informational else "")


def _played(flag: Flag) -> str:
    played = call_words(flag.played) if " " in flag.played else flag.played
    return text.PLAYED_WORDS.get(flag.action, "{played}").format(played=played)
