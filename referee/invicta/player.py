"""Invicta's computer players (issue 29): each answers a seat's view with one legal line.

Level 0 picks any legal move; level 1 looks one move ahead (a win in one, else
a move after which the opponent has no win in one, else any); level 2 (the
default) searches threats and then alpha-beta (:mod:`referee.invicta.search`) on
budgets of nodes, so its move does not depend on how busy the machine is. Every
level reads only the view: the position is rebuilt from its board, hands, side
to move and house rules, and the answer is always one of ``view["you"]["legal"]``;
a level's choice depends on that view and its seed (and, for level 2, on the
positions it has seen this game, so that it can tell a move that would draw by
repetition).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

from referee.invicta.position import Position, parse_line
from referee.invicta.search import Budgets, Searcher, defences
from referee.table.computer import ComputerPlayer, RandomPlayer, legal

DEFAULT_LEVEL = 2
SECONDS = 4.0  # the wall-clock safety cap of a move, for a starved machine (the budgets decide)
BUDGETS = Budgets()  # the nodes each part of the default's thinking may spend


def _position(view: Mapping[str, Any], lines: list[str]) -> tuple[Position, dict[int, str]]:
    """The view's position (the seat to move: it has legal lines) and its legal moves by
    number."""
    return Position.from_view(view), {parse_line(line): line for line in lines}


class OnePly:
    """Level 1: a win in one if there is one, else a block of the opponent's, else at random."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: Mapping[str, Any]) -> str | None:
        lines = legal(view)
        if not lines:
            return None
        pos, by_move = _position(view, lines)
        win = pos.winning_move(pos.to_move)
        if win in by_move:
            return by_move[win]
        if pos.winning_move(-pos.to_move) is not None:
            blocks = [by_move[m] for m in defences(pos) if m in by_move]
            if blocks:
                return self.rng.choice(sorted(blocks))
        return self.rng.choice(lines)

    def close(self) -> None:
        pass


class Searching:
    """Level 2: threat-space search, then alpha-beta, on node budgets; it remembers the
    positions it has seen this game, so it can tell a move that would draw by repetition."""

    def __init__(
        self, seed: int | None = None, budgets: Budgets = BUDGETS, seconds: float = SECONDS
    ) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.searcher = Searcher(budgets, seconds)
        self.seen: Counter[int] = Counter()
        self.moves = -1

    def choose(self, view: Mapping[str, Any]) -> str | None:
        lines = legal(view)
        if not lines:
            return None
        pos, by_move = _position(view, lines)
        number = int(view.get("moves", 0))
        if number < self.moves:  # a new game, or moves taken back: what was seen is gone
            self.seen.clear()
        self.moves = number
        self.seen[pos.hash] += 1
        avoid = {h for h, n in self.seen.items() if n >= 2}
        moves = list(by_move)
        # Equal moves are chosen among at random, not by name: by the seed and the position.
        rng = self.rng if self.seed is None else random.Random(self.seed * 1_000_003 ^ pos.hash)
        rng.shuffle(moves)
        move = self.searcher.best(pos, moves, avoid)
        undo = pos.make(move)
        self.seen[pos.hash] += 1
        pos.unmake(undo)
        return by_move[move] if move in by_move else self.rng.choice(lines)

    def close(self) -> None:
        self.searcher.table.clear()


def computer_player(level: int = DEFAULT_LEVEL, seed: int | None = None) -> ComputerPlayer:
    """Invicta's player of ``level`` (0: random, 1: one ply, 2: threats and search)."""
    if level <= 0:
        return RandomPlayer(seed)
    if level == 1:
        return OnePly(seed)
    return Searching(seed)
