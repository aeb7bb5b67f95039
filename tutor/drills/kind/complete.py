"""«Собрана ли рука?»: several 14-tile hands; the learner ticks the complete ones.

With ``pick: incomplete`` the learner ticks the hands that are *not* complete
instead (a lesson asking "which hand is not a winning hand?"). Graded as an
exact set of letters. The engine decides (:func:`engine.shape.decompose.is_complete`);
the feedback draws every reading of each complete hand block by block and, for
the others, how far they are (shanten) and — when one exchange is missing —
which discard leaves them waiting on what.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from werkzeug.datastructures import MultiDict

from engine.errors import HandError
from engine.hand import Hand, parse_hand
from engine.shape.blocks import Decomposition, Form
from engine.shape.decompose import decompositions, is_complete
from engine.shape.shanten import shanten
from engine.text.messages import BLOCK_NAMES, FORM_NAMES
from engine.tiles import KOKUSHI_TILES
from tutor.drills import params as p
from tutor.drills import register
from tutor.drills.base import BadAnswer, Drill, DrillKind, Param, Verdict
from tutor.drills.explain import BlockView, DiscardOption, discard_options

LETTERS = "абвгдеёжз"
MAX_HANDS = 6
FIELD = "hands"


def hand_list(value: Any) -> tuple[Hand, ...]:
    """2–6 hands: each an mpsz string, or ``{hand: …, melds: [pon 555z]}``; 14 tiles each."""
    if not isinstance(value, list) or not 2 <= len(value) <= MAX_HANDS:
        raise ValueError(f"Руки записываются списком из 2–{MAX_HANDS} строк, например "
                         "[123m456p789s11122z, 1133m5577p22s4466z].")
    hands = []
    for letter, item in zip(LETTERS, value, strict=False):
        mapping = item if isinstance(item, dict) else {"hand": item}
        text, melds = mapping.get("hand"), mapping.get("melds")
        try:
            hands.append(parse_hand(p.tiles_text(text), p.melds(melds), size=14))
        except (HandError, ValueError) as exc:
            raise ValueError(f"рука {letter}: {exc}") from None
    return tuple(hands)


@dataclass(frozen=True)
class DrawnReading:
    """One way to split a complete hand: its form and blocks as drawn."""

    form: str
    blocks: tuple[BlockView, ...]


def drawn(deco: Decomposition) -> DrawnReading:
    """How a reading is drawn: block by block (melds last); kokushi by suit."""
    if deco.form is Form.KOKUSHI:
        # Four groups (terminals of each suit, then honours), so a phone can wrap them.
        tiles = sorted((*KOKUSHI_TILES, *(() if deco.pair is None else (deco.pair,))))
        groups = (tuple(t for t in tiles if t // 9 == suit) for suit in range(4))
        name = FORM_NAMES[deco.form.value]
        return DrawnReading(name, tuple(BlockView(g, name) for g in groups))
    ordered = sorted(deco.blocks, key=lambda b: (b.meld is not None, b.sort_key()))
    views = tuple(BlockView(b.tiles, BLOCK_NAMES[b.kind.value], called=b.meld is not None)
                  for b in ordered)
    return DrawnReading(FORM_NAMES[deco.form.value], views)


@dataclass(frozen=True)
class HandVerdict:
    """One hand of the drill as the engine sees it."""

    letter: str
    hand: Hand
    complete: bool
    readings: tuple[DrawnReading, ...]
    shanten: int
    closest: tuple[DiscardOption, ...]  # discards that leave tenpai, when one exchange is missing

    @property
    def exchanges(self) -> int:
        """Tiles to replace before the hand is complete (shanten of 14 tiles + 1)."""
        return self.shanten + 1


def judge(letter: str, hand: Hand) -> HandVerdict:
    if is_complete(hand):
        readings = tuple(dict.fromkeys(drawn(d) for d in decompositions(hand)))
        return HandVerdict(letter, hand, True, readings, -1, ())
    n = shanten(hand).minimum
    tenpai = discard_options(hand, lambda shanten: shanten == 0) if n == 0 else ()
    closest = tuple(o for o in tenpai if o.tenpai)
    return HandVerdict(letter, hand, False, (), n, closest)


@dataclass(frozen=True)
class CompleteSolution:
    pick: str
    hands: tuple[HandVerdict, ...]

    @property
    def answer(self) -> frozenset[str]:
        """Letters the learner must tick."""
        want = self.pick == "complete"
        return frozenset(h.letter for h in self.hands if h.complete == want)


def picked_letters(form: MultiDict[str, str] | None, letters: str) -> frozenset[str]:
    values = (form or MultiDict()).getlist(FIELD)
    if len(values) > len(letters) or any(v not in letters or not v for v in values):
        raise BadAnswer("Такой руки в упражнении нет.")
    return frozenset(values)


@register
class Complete(DrillKind):
    name = "complete"
    title = "Собрана ли рука?"
    default_prompt = "Какие из этих рук собраны полностью? Отметьте все."
    params = (
        Param("hands", hand_list,
              help="2–6 рук по 14 тайлов списком: `[123m456p789s11122z, …]`; "
              "руку с сетами пишут так: `{hand: 123m456p11z, melds: [pon 555z]}`"),
        Param("pick", p.one_of("complete", "incomplete"), "complete",
              help="что отмечает ученик: `complete` — собранные руки, "
              "`incomplete` — несобранные"),
    )

    def prepare(self, params: Mapping[str, Any]) -> CompleteSolution:
        hands = tuple(judge(letter, hand)
                      for letter, hand in zip(LETTERS, params["hands"], strict=False))
        return CompleteSolution(params["pick"], hands)

    def grade(self, drill: Drill, form: MultiDict[str, str]) -> Verdict:
        solution: CompleteSolution = drill.solution
        letters = "".join(h.letter for h in solution.hands)
        picked = picked_letters(form, letters)
        truth = solution.answer
        return Verdict(picked == truth, {
            "picked": sorted(picked),
            "missed": [x for x in letters if x in truth - picked],
            "wrong": [x for x in letters if x in picked - truth],
        })

    def kept_answer(self, form: MultiDict[str, str] | None) -> list[str]:
        return list((form or MultiDict()).getlist(FIELD))
