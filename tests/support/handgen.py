"""Seeded generators of valid random hands, as batch-contract JSON objects.

The differential tests and the benchmark feed the same objects to our
``python -m engine batch`` and to the oracle (:mod:`oracle`, the PyPI
``mahjong`` package), so everything here speaks the batch contract (docs/engine.md).

Hands are built the way a real table makes them: four sets and a pair (or
chiitoitsu / kokushi), some sets called as melds, never more than four copies
of a kind counting melds and dora indicators. Uniform random tiles are almost
never tenpai, so a waiting hand is a complete hand minus one tile; a share of
them get one more tile swapped so that noten hands are tested too. Suits are
biased (one-suit and honour-heavy hands) so multi-sided waits, honitsu,
chinitsu, yakuhai and yakuman appear often enough to matter.

>>> line = waits_lines(seed=1, count=1)[0]
>>> line["kind"], len(line["hand"]) > 0
('waits', True)
"""

from __future__ import annotations

import random
from typing import Any

FIVES = (4, 13, 22)
KOKUSHI = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
WIND_NAMES = ("E", "S", "W", "N")
Line = dict[str, Any]


def _code(kinds: list[int], red: set[int] | None = None) -> str:
    """mpsz for ``kinds``; the fives whose suit is in ``red`` print one ``0``."""
    red = set(red or ())
    out = []
    for suit, letter in enumerate("mpsz"):
        digits = []
        for kind in sorted(k for k in kinds if k // 9 == suit):
            if kind in red:
                digits.append("0")
                red.discard(kind)
            else:
                digits.append(str(kind % 9 + 1) if kind < 27 else str(kind - 26))
        if digits:
            out.append("".join(digits) + letter)
    return "".join(out)


def _palette(rng: random.Random) -> list[int]:
    """Kinds a hand may use: all, one suit (+ honours), simples, or terminals+honours."""
    roll = rng.random()
    suit = rng.randrange(3) * 9
    if roll < 0.25:
        return list(range(suit, suit + 9))
    if roll < 0.45:
        return [*range(suit, suit + 9), *range(27, 34)]
    if roll < 0.55:
        return [k for k in range(27) if 1 <= k % 9 <= 7]
    if roll < 0.60:
        return [*KOKUSHI, 19, 20, 21, 23, 25]  # also the green tiles
    return list(range(34))


_TERMINAL_SEQS = [0, 6, 9, 15, 18, 24]  # 123 and 789 of each suit


def _theme(rng: random.Random) -> tuple[list[tuple[str, int]], list[int] | None, list[int] | None]:
    """Sets to start from, and optionally a palette and allowed sequence starts.

    Random sets rarely make sanshoku, ittsu, chanta, dragon or wind yaku, so a
    share of hands start from a theme that does.
    """
    n, suit = rng.randrange(7), rng.randrange(3) * 9
    themes: list[tuple[list[tuple[str, int]], list[int] | None, list[int] | None]] = [
        ([("seq", n), ("seq", 9 + n), ("seq", 18 + n)], None, None),  # sanshoku doujun
        ([("tri", n + 1), ("tri", 10 + n), ("tri", 19 + n)], None, None),  # sanshoku doukou
        ([("seq", suit), ("seq", suit + 3), ("seq", suit + 6)], None, None),  # ittsu
        ([("tri", d) for d in rng.sample((31, 32, 33), rng.choice((2, 3)))], None, None),
        ([("tri", w) for w in rng.sample((27, 28, 29, 30), rng.choice((3, 4)))], None, None),
        ([], [*KOKUSHI], _TERMINAL_SEQS),  # chanta
        ([], [0, 8, 9, 17, 18, 26], _TERMINAL_SEQS),  # junchan
        ([], [19, 20, 21, 23, 25, 32], [19]),  # ryuuiisou
        ([], [k for k in range(27) if k % 9 in (0, 8)], []),  # chinroutou
        ([("seq", suit + n)] * rng.choice((2, 3)), None, None),  # iipeikou, three alike
        ([("seq", suit + n)] * 2 + [("seq", suit + (n + 1) % 7)] * 2, None, None),  # ryanpeikou
    ]
    return themes[rng.randrange(len(themes))]


def _standard(rng: random.Random, counts: list[int]) -> tuple[list[tuple[str, int]], int] | None:
    """Four sets ("seq"/"tri", lowest kind) and a pair; ``counts`` is updated."""
    preset, palette, seq_starts = _theme(rng) if rng.random() < 0.35 else ([], None, None)
    palette = palette or _palette(rng)
    if seq_starts is None:
        seq_starts = [k for k in palette if k < 27 and k % 9 <= 6 and k + 2 in palette]
    sets: list[tuple[str, int]] = []
    for shape, kind in preset:
        _add(counts, sets, shape, kind)
    triplet_share = rng.choice((0.0, 0.15, 0.35, 0.7))
    for _ in range(200):
        if len(sets) == 4:
            break
        if seq_starts and rng.random() >= triplet_share:
            _add(counts, sets, "seq", rng.choice(seq_starts))
        else:
            _add(counts, sets, "tri", rng.choice(palette))
    free = [k for k in palette if counts[k] <= 2]
    if len(sets) < 4 or not free:
        return None
    pair = rng.choice(free)
    counts[pair] += 2
    return sets, pair


def _add(counts: list[int], sets: list[tuple[str, int]], shape: str, kind: int) -> None:
    """Add a set if the copies allow it."""
    kinds = [kind] * 3 if shape == "tri" else [kind, kind + 1, kind + 2]
    if len(sets) < 4 and all(counts[k] + kinds.count(k) <= 4 for k in kinds):
        for k in kinds:
            counts[k] += 1
        sets.append((shape, kind))


def _chiitoitsu(rng: random.Random, counts: list[int]) -> None:
    """Seven different pairs; often with runs like 223344 that also read as sequences.

    Such runs make the hand readable as sets and pairs too (ryanpeikou against
    chiitoitsu), which is where reading code goes wrong.
    """
    kinds: set[int] = _split_pairs(rng) if rng.random() < 0.25 else set()
    for _ in range(rng.choice((0, 1, 1, 2)) if not kinds else 0):
        start = rng.randrange(3) * 9 + rng.randrange(7)
        kinds |= {start, start + 1, start + 2}
    palette = _palette(rng)
    if len(set(palette)) < 7:
        palette = list(range(34))
    while len(kinds) < 7:
        kinds.add(rng.choice(palette))
    for kind in rng.sample(sorted(kinds), 7):
        counts[kind] += 2


def _split_pairs(rng: random.Random) -> set[int]:
    """Seven pair kinds like 99m 99p 44778899s 22z: each suit alone reads as sets and a pair."""
    suit = rng.randrange(3) * 9
    start = suit + rng.randrange(7)
    kinds = {start, start + 1, start + 2}
    kinds.add(rng.choice([k for k in range(suit, suit + 9) if k not in kinds]))
    for other in sorted({0, 9, 18, 27} - {suit}):
        kinds.add(other + rng.randrange(7 if other == 27 else 9))
    return kinds


def split_pairs_lines(seed: int, count: int, rules: str = "online") -> list[Line]:
    """Score requests for :func:`_split_pairs` chiitoitsu hands (closed, random situation)."""
    rng = random.Random(seed)
    lines = []
    for _ in range(count):
        kinds = sorted(_split_pairs(rng))
        concealed = [k for k in kinds for _ in range(2)]
        line: Line = {
            "kind": "score",
            "hand": _code(concealed),
            "win_tile": _code([rng.choice(kinds)]),
            "melds": [],
            "rules": rules,
            **_situation(rng, True, False, False, False),
        }
        _indicators(rng, line, _all_counts([concealed.count(k) for k in range(34)], []), 1)
        lines.append(line)
    return lines


def _kokushi(rng: random.Random, counts: list[int]) -> None:
    for kind in KOKUSHI:
        counts[kind] += 1
    counts[rng.choice(KOKUSHI)] += 1


def _melds(rng: random.Random, sets: list[tuple[str, int]], counts: list[int]) -> list[dict]:
    """Call some of the sets; returns batch meld objects and removes them from ``counts``."""
    roll = rng.random()
    n = 0 if roll < 0.45 else rng.choice((1, 1, 2, 2, 3, 4))
    melds = []
    for shape, kind in rng.sample(sets, n):
        if shape == "seq":
            for i in range(3):
                counts[kind + i] -= 1
            melds.append({"type": "chi", "tiles": _code([kind, kind + 1, kind + 2])})
            continue
        counts[kind] -= 3
        total = _all_counts(counts, melds)[kind] + 3
        kinds = ["pon", "pon", "minkan", "ankan", "shouminkan"] if total < 4 else ["pon"]
        meld_type = rng.choice(kinds)
        size = 4 if meld_type != "pon" else 3
        melds.append({"type": meld_type, "tiles": _code([kind] * size)})
    return melds


def _all_counts(counts: list[int], melds: list[dict]) -> list[int]:
    """Concealed plus meld tiles (kans as four)."""
    total = list(counts)
    for meld in melds:
        for kind in _kinds(meld["tiles"]):
            total[kind] += 1
    return total


def _kinds(code: str) -> list[int]:
    kinds, digits = [], ""
    for ch in code:
        if ch.isdigit():
            digits += ch
            continue
        suit = "mpsz".index(ch)
        kinds += [suit * 9 + (int(d) or 5) - 1 for d in digits]
        digits = ""
    return kinds


def complete_hand(rng: random.Random) -> tuple[list[int], list[dict], str]:
    """A complete hand: concealed counts (14 - 3 * melds tiles), melds, form."""
    while True:
        counts = [0] * 34
        roll = rng.random()
        if roll < 0.06:
            _chiitoitsu(rng, counts)
            return counts, [], "chiitoitsu"
        if roll < 0.09:
            _kokushi(rng, counts)
            return counts, [], "kokushi"
        built = _standard(rng, counts)
        if built is None:
            continue
        sets, _pair = built
        return counts, _melds(rng, sets, counts), "standard"


def _reds(rng: random.Random, counts: list[int], melds: list[dict], share: float) -> set[int]:
    """Pick which suits' fives are red: at most one per suit, in the hand or in a meld.

    Returns the fives red in the concealed part; a red five in a meld is written
    into that meld's ``tiles`` (``"505p"``) directly.
    """
    red = set()
    held = _all_counts(counts, melds)
    for five in FIVES:
        # With red fives in play, a player holding all four fives of a suit holds the red one.
        if rng.random() >= share and not (share and held[five] == 4):
            continue
        letter = "mps"[five // 9]
        holders = [m for m in melds if m["tiles"].endswith(letter) and "5" in m["tiles"]]
        if counts[five] and (not holders or rng.random() < 0.7):
            red.add(five)
        elif holders:
            meld = rng.choice(holders)
            meld["tiles"] = meld["tiles"].replace("5", "0", 1)
    return red


def waits_lines(seed: int, count: int) -> list[Line]:
    """``count`` waits requests: mostly tenpai (complete minus one), some noten."""
    rng = random.Random(seed)
    lines = []
    for _ in range(count):
        counts, melds, _form = complete_hand(rng)
        _remove_one(rng, counts)
        if rng.random() < 0.2:
            _swap_one(rng, counts, melds)
        reds = _reds(rng, counts, melds, 0.2)
        concealed = [k for k in range(34) for _ in range(counts[k])]
        lines.append({"kind": "waits", "hand": _code(concealed, reds), "melds": melds})
    return lines


def _remove_one(rng: random.Random, counts: list[int]) -> int:
    kind = rng.choice([k for k in range(34) if counts[k]])
    counts[kind] -= 1
    return kind


def _swap_one(rng: random.Random, counts: list[int], melds: list[dict]) -> None:
    _remove_one(rng, counts)
    total = _all_counts(counts, melds)
    counts[rng.choice([k for k in range(34) if total[k] < 4])] += 1


def furiten_lines(seed: int, count: int) -> list[Line]:
    """Furiten requests: waits-style hands with ponds that often hold a wait."""
    rng = random.Random(seed)
    lines = []
    for base in waits_lines(seed + 7919, count):
        hand_kinds = _kinds(base["hand"])
        near = sorted({k for k in hand_kinds for k in (k - 1, k, k + 1) if 0 <= k < 34})
        pond = [rng.choice(near) for _ in range(rng.randrange(0, 6))]
        missed = [rng.choice(near) for _ in range(rng.randrange(0, 3))]
        riichi = all(m["type"] == "ankan" for m in base["melds"]) and rng.random() < 0.5
        since = [rng.choice(near) for _ in range(rng.randrange(0, 3))] if riichi else []
        lines.append(
            {
                **base,
                "kind": "furiten",
                "discards": _code(pond),
                "missed": _code(missed),
                "riichi": riichi,
                "missed_since_riichi": _code(since),
            }
        )
    return lines


def score_lines(seed: int, count: int, rules: str = "online", red_share: float = 0.3) -> list[Line]:
    """``count`` score requests for complete hands with random situations."""
    rng = random.Random(seed)
    return [_score_line(rng, rules, red_share) for _ in range(count)]


def _score_line(rng: random.Random, rules: str, red_share: float) -> Line:
    counts, melds, _form = complete_hand(rng)
    reds = _reds(rng, counts, melds, red_share)
    concealed = [k for k in range(34) for _ in range(counts[k])]
    win = rng.choice(concealed)
    closed = all(m["type"] == "ankan" for m in melds)
    has_kan = any(m["type"] != "chi" and len(m["tiles"]) == 5 for m in melds)
    line: Line = {
        "kind": "score",
        "hand": _code(concealed, reds),
        "win_tile": _code([win], reds if win in reds and rng.random() < 0.5 else set()),
        "melds": melds,
        "rules": rules,
        **_situation(rng, closed, has_kan, bool(melds), counts[win] == 1),
    }
    if line["chankan"] and _all_counts(counts, melds)[win] > 1:
        line["chankan"] = False  # a robbed tile is the fourth copy: no other in the melds
    _indicators(rng, line, _all_counts(counts, melds), 1 + sum(len(m["tiles"]) == 5 for m in melds))
    return line


def _situation(
    rng: random.Random, closed: bool, has_kan: bool, any_meld: bool, single_win: bool
) -> Line:
    """Flags that the rules allow together (riichi only closed, rinshan only after a kan...)."""
    tsumo = rng.random() < 0.5
    seat = rng.choice(WIND_NAMES)
    riichi = closed and rng.random() < 0.45
    double = riichi and rng.random() < 0.1
    flags: Line = {"tsumo": tsumo, "riichi": riichi, "double_riichi": double}
    flags["ippatsu"] = riichi and rng.random() < 0.2
    flags["rinshan"] = tsumo and has_kan and rng.random() < 0.3
    flags["chankan"] = not tsumo and single_win and rng.random() < 0.05
    flags["haitei"] = tsumo and not flags["rinshan"] and rng.random() < 0.05
    flags["houtei"] = not tsumo and not flags["chankan"] and rng.random() < 0.05
    first_turn = not any_meld and not riichi and not flags["rinshan"] and rng.random() < 0.03
    flags["tenhou"] = first_turn and tsumo and seat == "E"
    flags["chiihou"] = first_turn and tsumo and seat != "E"
    flags["renhou"] = first_turn and not tsumo and seat != "E" and not flags["chankan"]
    if first_turn:
        flags["haitei"] = flags["houtei"] = False
    flags["seat_wind"] = seat
    flags["round_wind"] = rng.choice(("E", "E", "S", "W", "N"))
    flags["honba"] = rng.choice((0, 0, 1, 2, 5))
    flags["riichi_sticks"] = rng.choice((0, 0, 1, 3))
    return flags


def _indicators(rng: random.Random, line: Line, total: list[int], n: int) -> None:
    """Dora (and, with riichi, ura) indicators: ``n`` each, copies still ≤ 4."""
    for key, wanted in (("dora_indicators", n), ("ura_indicators", n if line["riichi"] else 0)):
        picked = []
        for _ in range(wanted):
            kind = rng.choice([k for k in range(34) if total[k] < 4])
            total[kind] += 1
            picked.append(kind)
        line[key] = _code(picked)


def shanten_lines(seed: int, count: int) -> list[Line]:
    """13-tile hands spread over shanten 0–6: complete minus one, then 0–5 random swaps.

    Every fourth hand is 13 tiles drawn uniformly from the 136 (no melds), which
    is how far from tenpai real starting hands are.
    """
    rng = random.Random(seed)
    lines = []
    for i in range(count):
        if i % 4 == 3:
            wall = [k for k in range(34) for _ in range(4)]
            lines.append({"hand": _code(rng.sample(wall, 13)), "melds": []})
            continue
        counts, melds, _form = complete_hand(rng)
        _remove_one(rng, counts)
        for _ in range(rng.randrange(6)):
            _swap_one(rng, counts, melds)
        concealed = [k for k in range(34) for _ in range(counts[k])]
        lines.append({"hand": _code(concealed), "melds": melds})
    return lines
