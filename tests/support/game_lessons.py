"""A lesson with one drill of each whole-game kind, for the drill and browser tests."""

from __future__ import annotations

LESSON = """---
title: Вся партия
slug: game-kinds
order: 56
summary: Ничьи, несколько рон, следующая раздача, итог.
---

/// draw
id: two-tenpai
tenpai: [E, W]
honba: 1
riichi_sticks: 2
///

/// draw
id: dealer-noten
tenpai: [S]
honba: 2
///

/// draw
id: dead-hand
tenpai: [E, S]
dead_hand: [S]
///

/// multi_ron
id: double-ron
from: W
winners: [{seat: S, han: 3, fu: 30}, {seat: E, han: 5, fu: 30}]
honba: 1
riichi_sticks: 1
///

/// multi_ron
id: double-ron-rrc
rules: rrc
from: W
winners: [{seat: S, han: 3, fu: 30}, {seat: E, han: 5, fu: 30}]
honba: 1
riichi_sticks: 2
riichi: [S, N]
///

/// multi_ron
id: head-bump
rules: fenix
from: W
winners: [{seat: S, han: 3, fu: 30}, {seat: N, han: 2, fu: 40}]
honba: 1
///

/// multi_ron
id: pao-ron
from: W
winners: [{seat: N, yakuman: 1}]
pao: {liable: S, yaku: daisangen}
honba: 1
///

/// next_hand
id: south-four
round: S
hand: 4
scores: {E: 32000, S: 28000, W: 21000, N: 19000}
riichi: [W]
result: {type: ron, from: W, winners: [{seat: S, han: 3, fu: 30}]}
///

/// next_hand
id: draw-passes
round: E
hand: 2
honba: 1
scores: {E: 25000, S: 25000, W: 25000, N: 25000}
result: {type: draw, tenpai: [S]}
///

/// final
id: tenhou-end
scores: {E: 40000, S: 20000, W: 20000, N: 20000}
///

/// final
id: ema-tie
rules: ema
scores: {E: 40000, S: 40000, W: 20000, N: 20000}
///
"""
