"""The right (and a wrong) answer to any prepared drill, as the form a learner would post.

Shared by the practice, progress and browser tests: they need to answer
generated problems without knowing them in advance.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask.testing import FlaskClient

from engine.tiles import tile_code
from tests.support.client import HTMX, csrf_token, nonce
from tutor.course.content import store as content_store
from tutor.drills import Drill
from tutor.practice.views import task

# The right answer of the engine-graded kinds, from their prepared solution.
ENGINE_GRADED_ANSWERS: dict[str, Callable[[Any], dict[str, Any]]] = {
    "discard": lambda sol: {"discard": tile_code(min(sol.correct))},
    "complete": lambda sol: {"hands": sorted(sol.answer)},
    "yaku": lambda sol: {"win": "yes" if sol.can_win else "no"},
    "ukeire": lambda sol: {"count": str(sol.value)},
    "safety": lambda sol: {"discard": tile_code(min(sol.correct))},
    "call": lambda sol: {"decision": sol.row.verdict},
    "push": lambda sol: {"decision": sol.row.verdict},
    "riichi": lambda sol: {"decision": sol.row.verdict},
    "all_last": lambda sol: {"step": "none" if sol.answer is None
                             else str(sol.steps.index(sol.answer))},
}
# The other answer of each two-way judgement kind.
OTHER_DECISION = {"call": "pass", "pass": "call", "push": "fold", "fold": "push",
                  "riichi": "dama", "dama": "riichi"}
SEATS = ("E", "S", "W", "N")


def _game_answer(drill: Drill) -> dict[str, Any]:
    """The whole-game kinds: signed changes or scores first, then the rest."""
    sol = drill.solution
    kind = drill.kind.name
    if kind == "draw":
        return {**{f"pay-{s}": str(v) for s, v in sol.payments.items()}, "repeat": sol.repeat,
                "honba": str(sol.settlement.honba_next),
                "sticks": str(sol.settlement.riichi_sticks_next)}
    if kind == "multi_ron":
        return {**{f"pay-{s}": str(v) for s, v in zip(SEATS, sol.payments, strict=True)},
                "winner": sorted(sol.winners)}
    if kind == "next_hand":
        return {**{f"score-{s}": str(v) for s, v in sol.scores.items()}, "dealer": sol.dealer,
                "honba": str(sol.outcome.state.honba),
                "sticks": str(sol.outcome.state.riichi_sticks)}
    return {**{f"result-{s}": str(v) for s, v in sol.results.items()},
            **{f"place-{s}": str(v) for s, v in sol.places.items()}}


GAME_KINDS = ("draw", "multi_ron", "next_hand", "final")


def right_answer(drill: Drill) -> dict[str, Any]:
    """Form fields that the drill grades as correct."""
    sol = drill.solution
    kind = drill.kind.name
    if kind == "waits":
        return {"tiles": [tile_code(t) for t in sol.waits]}
    if kind == "dora":
        return {"tiles": [tile_code(t) for t in sorted(drill.kind.answer(drill))]}
    if kind == "shanten":
        return {"shanten": str(sol.value)}
    if kind == "fu":
        return {"fu": str(sol.fu)}
    if kind == "han":
        return {"han": str(sol.han), "yaku": [y.id for y in sol.yaku]}
    if kind == "payment":
        return {f.name: str(f.value) for f in drill.kind.fields(drill)}
    if kind == "choice":
        return {"option": str(sol)}
    if kind == "furiten":
        if sol.can_ron:
            return {"ron": "yes"}
        return {"ron": "no", "kinds": sorted(sol.kinds)}
    if kind in ENGINE_GRADED_ANSWERS:
        return ENGINE_GRADED_ANSWERS[kind](sol)
    if kind in GAME_KINDS:
        return _game_answer(drill)
    raise AssertionError(f"no answer helper for {kind}")


def wrong_answer(drill: Drill) -> dict[str, Any]:
    """Form fields that the drill grades as incorrect."""
    right = right_answer(drill)
    kind = drill.kind.name
    if kind in ("waits", "dora"):
        return {"tiles": [c for c in ("1m", "9p", "5z") if c not in right["tiles"]][:1]}
    if kind == "furiten":
        return {"ron": "no" if right["ron"] == "yes" else "yes"}
    if kind == "choice":
        return {"option": "1" if right["option"] != "1" else "2"}
    if kind == "discard":
        return {"discard": tile_code(drill.solution.others[0].tile)}
    if kind == "safety":
        return {"discard": tile_code(drill.solution.ranked[-1].tile)}
    if kind == "complete":  # one hand judged the other way
        first = drill.solution.hands[0].letter
        return {"hands": sorted(set(right["hands"]) ^ {first})}
    if kind == "yaku":
        return {"win": "no" if right["win"] == "yes" else "yes"}
    if kind in ("call", "push", "riichi"):
        return {"decision": OTHER_DECISION[right["decision"]]}
    if kind == "all_last":  # two steps away from the answer: neither right nor «почти»
        answer = right["step"]
        return {"step": "0" if answer == "none" else
                str(int(answer) + 2 if int(answer) + 2 < len(drill.solution.steps) else 0)
                if int(answer) < 2 else "0"}
    wrong = dict(right)
    field = next(k for k in right if k != "yaku")
    wrong[field] = str(int(right[field]) + 1)
    return wrong


def form_fields(client: FlaskClient, url: str) -> dict[str, str]:
    """The hidden fields a drill's form carries: its CSRF token and nonce."""
    page = client.get(url).get_data(as_text=True)
    return {"csrf_token": csrf_token(client, url), "nonce": nonce(page)}


def answer_practice(
    client: FlaskClient, kind: str, level: str, seed: int, right: bool, *, htmx: bool = True,
    attempt: int = 1, hidden: dict[str, str] | None = None,
) -> str:
    """Answer practice problem ``seed`` of ``kind`` at ``level``; the reply's HTML.

    ``attempt=2``: a second try — a miss then shows the solution (a first one asks
    to try again). ``hidden``: the form's fields read earlier (a form sent again,
    or a tab that opened the problem before another answered it).
    """
    url = f"/practice/{kind}/{level}/{seed}"
    hidden = hidden or form_fields(client, url)
    with client.application.test_request_context():
        drill = task(kind, level, seed).drill
    data = {**hidden, "attempt": str(attempt),
            **(right_answer(drill) if right else wrong_answer(drill))}
    response = client.post(url, data=data, headers=HTMX if htmx else {})
    assert response.status_code == 200
    return response.get_data(as_text=True)

def answer_lesson(client: FlaskClient, slug: str, drill_id: str, right: bool) -> str:
    form = form_fields(client, f"/lessons/{slug}")
    with client.application.app_context():
        lesson = content_store().get(slug)
        assert lesson is not None
        drill = lesson.drills[drill_id]
    data = {**form, **(right_answer(drill) if right else wrong_answer(drill))}
    response = client.post(f"/lessons/{slug}/drills/{drill_id}", data=data, headers=HTMX)
    assert response.status_code == 200
    return response.get_data(as_text=True)
