"""Feedback that diagnoses: from a wrong answer, name the rule most likely missed.

Each drill kind has a table of :class:`Rule` — a detector and a Russian
message. A detector compares the learner's answer (the verdict's details) with
the engine's itemised answer (the drill's solution) and returns the fields of
the message when the answer is exactly what forgetting that rule gives (a fu
answer 10 short on a closed ron, a dealer paid like a non-dealer…), else
``None``. :func:`diagnose` returns the messages of the first rules that match,
most specific first; lesson drills and practice use it alike.

The tables are data in :mod:`tutor.drills.diagnosis.scoring` (fu, han,
payment) and :mod:`tutor.drills.diagnosis.shapes` (waits, shanten, dora,
furiten), :mod:`tutor.drills.diagnosis.game` (draw, multi_ron, next_hand,
final) and :mod:`tutor.drills.diagnosis.play` (discard, ukeire, safety), the
row type in :mod:`tutor.drills.diagnosis.rule`. The wording
is site wording, so it lives there rather than in engine.text.messages.

:func:`diagnoses` also gives each message's stable rule id (``fu.pinfu-tsumo-20``),
which the progress store keeps with the wrong answer.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache

from tutor.drills.base import Drill, Verdict
from tutor.drills.diagnosis import game, play, scoring, shapes
from tutor.drills.diagnosis.rule import MAX_NOTES, Rule


@cache
def rules() -> Mapping[str, tuple[Rule, ...]]:
    """Every kind's table."""
    return {
        "fu": scoring.FU_RULES,
        "han": scoring.HAN_RULES,
        "payment": scoring.PAYMENT_RULES,
        "waits": shapes.WAITS_RULES,
        "shanten": shapes.SHANTEN_RULES,
        "dora": shapes.DORA_RULES,
        "furiten": shapes.FURITEN_RULES,
        "draw": game.DRAW_RULES,
        "multi_ron": game.MULTI_RON_RULES,
        "next_hand": game.NEXT_HAND_RULES,
        "final": game.FINAL_RULES,
        "discard": play.DISCARD_RULES,
        "ukeire": play.UKEIRE_RULES,
        "safety": play.SAFETY_RULES,
    }


@dataclass(frozen=True)
class Diagnosis:
    """A rule the wrong answer most likely missed: its stable id and the message."""

    rule: str  # "<kind>.<rule name>"
    text: str


def rule_ids() -> list[str]:
    """Every rule's id, table by table (the ids are unique)."""
    return [f"{kind}.{rule.name}" for kind, table in rules().items() for rule in table]


def _matches_of(drill: Drill, verdict: Verdict, fallback: bool) -> Iterator[Diagnosis]:
    kind = drill.kind.name
    for rule in rules().get(kind, ()):
        if rule.fallback != fallback:
            continue
        try:
            fields = rule.detect(drill, verdict)
        except (KeyError, AttributeError, TypeError, ValueError):
            continue  # a detector never breaks feedback; a kind without those details is skipped
        if fields is not None:
            text = rule.message.format(**fields)
            yield Diagnosis(f"{kind}.{rule.name}", text[:1].upper() + text[1:])


def diagnoses(drill: Drill, verdict: Verdict) -> list[Diagnosis]:
    """The rules most likely missed (at most :data:`MAX_NOTES`), for a wrong answer only."""
    if verdict.correct or verdict.solution_only:
        return []
    found: list[Diagnosis] = []
    for fallback in (False, True):
        for match in _matches_of(drill, verdict, fallback):
            if all(match.text != seen.text for seen in found):
                found.append(match)
            if len(found) == MAX_NOTES:
                return found
        if found:
            break
    return found


def diagnose(drill: Drill, verdict: Verdict) -> list[str]:
    """The messages of :func:`diagnoses`."""
    return [match.text for match in diagnoses(drill, verdict)]
