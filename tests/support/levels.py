"""What a problem of each level looks like (whole-game and decision kinds), for the generators."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.rules.sets import GAME_RULES, get_ruleset
from engine.table.judgement import PushVerdict
from tutor.drills import Drill


def _draw_fits(level: str, d: Drill) -> bool:
    p = d.params
    return {
        "novice": p["rules"] == "online" and 1 <= len(p["tenpai"]) <= 3 and p["honba"] == 0
        and p["riichi_sticks"] == 0 and not p["nagashi"],
        "player": not p["nagashi"],
        "master": not p["nagashi"] or GAME_RULES[p["rules"]].nagashi_mangan,
    }[level]


def _ron_fits(level: str, d: Drill) -> bool:
    p = d.params
    return {
        "novice": p["rules"] == "online" and len(p["winners"]) == 2 and p["honba"] == 0
        and p["pao"] is None,
        "player": p["pao"] is None and 2 <= len(p["winners"]) <= 3,
        "master": True,
    }[level]


def _next_fits(level: str, d: Drill) -> bool:
    p = d.params
    kind = p["result"]["type"]
    fits = {
        "novice": p["rules"] == "online" and p["round"] == "E" and not p["riichi"]
        and kind in ("ron", "tsumo"),
        "player": p["round"] in ("E", "S") and kind in ("ron", "tsumo", "draw"),
        "master": True,
    }[level]
    tenpai_riichi = kind != "draw" or set(p["riichi"]) <= set(p["result"]["tenpai"])
    return fits and _balanced(d) and tenpai_riichi


def _final_fits(level: str, d: Drill) -> bool:
    p = d.params
    distinct = len(set(p["scores"]))
    return _balanced(d) and {
        "novice": p["rules"] == "online" and distinct == 4 and p["riichi_sticks"] == 0,
        "player": p["rules"] in ("online", "ema", "jpml") and distinct == 4,
        "master": distinct >= 3,
    }[level]


GAME_LEVEL_RULES: dict[str, Callable[[str, Drill], bool]] = {
    "draw": _draw_fits, "multi_ron": _ron_fits, "next_hand": _next_fits, "final": _final_fits,
}


def _balanced(d: Drill) -> bool:
    start = get_ruleset(d.params["rules"]).starting_points
    return sum(d.params["scores"]) + 1000 * d.params["riichi_sticks"] == 4 * start


def _met(v: PushVerdict) -> int:
    return v.ready + v.high + v.good


def _call_fits(level: str, d: Any) -> bool:
    return level != "novice" or d.solution.row.id in ("call_ready", "call_no_yaku",
                                                      "call_no_progress")


def _push_fits(level: str, d: Any) -> bool:
    v = d.solution
    met = {"novice": (0, 3), "player": (1, 2), "master": (0, 1, 2, 3)}[level]
    return not v.danger.tier.certain and _met(v) in met


def _riichi_fits(level: str, d: Any) -> bool:
    v = d.solution
    if level == "novice":
        return v.row.id == "dama_riichi_only_bad" or (v.wait.good and v.extra_han >= 1)
    if level == "player" and v.row.id == "riichi_one_of_three":
        return (v.extra_han >= 1) + v.wait.good + v.dealer == 1
    return True


def _all_last_fits(level: str, d: Any) -> bool:
    s = d.solution
    if level == "novice":
        return s.needs.place_now == 2 and s.place == 1 and not s.way.tsumo
    return s.answer is not None and s.place < s.needs.place_now


JUDGEMENT_LEVEL_RULES: dict[str, Callable[[str, Any], bool]] = {
    "call": _call_fits, "push": _push_fits, "riichi": _riichi_fits, "all_last": _all_last_fits,
}
