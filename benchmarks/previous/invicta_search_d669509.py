"""The strongest computer player's thinking: tactics first, then alpha-beta on the clock.

Tactics are exact under Invicta's own rules, because a move may be a
placement or a step or an edge slide and a block may be any of them: a win
now; else, against a win in one, only the moves after which the opponent has
none; else a forcing sequence (each move makes a win in one, every defence is
tried) that ends in two threats no defence meets. Then an iterative-deepening
alpha-beta over the window counts of :mod:`referee.invicta.position`, with a
transposition table, the moves ordered by the threats they make and block,
and the wider part of the tree cut to the likeliest moves, so each move stays
within its time budget.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from previous.invicta_position_d669509 import AT, WINDOWS, Position, target_of

WIN = 10_000_000
HAND = 30  # a piece in hand: it may go anywhere, so it is worth more than its windows say
# What a move to a square gains: making k+1 of one's own window, and spoiling k of the other's.
MAKE = (1, 5, 30, 400, 100000)
SPOIL = (0, 4, 25, 300, 50000)


class OutOfTime(Exception):
    """The budget ran out mid-search: the last full depth's move stands."""


@dataclass
class Budget:
    seconds: float
    start: float = field(default_factory=time.perf_counter)

    def left(self) -> float:
        return self.seconds - (time.perf_counter() - self.start)


def evaluate(pos: Position) -> int:
    """The position's worth to the side to move."""
    side = pos.to_move
    return side * pos.score + HAND * (pos.hand[side] - pos.hand[-side]) + 10


# A square's worth before any piece is near: MAKE[0] for each window through it.
BASE = tuple(len(windows) * MAKE[0] for windows in AT)


def square_values(pos: Position, side: int) -> list[int]:
    """What a piece of ``side`` arriving on each square would make and spoil (occupied
    squares' values mean nothing): each window touched by a piece adds to its squares."""
    values = list(BASE)
    make0 = MAKE[0]
    for w, (a, b) in enumerate(zip(pos.count[side], pos.count[-side], strict=True)):
        if a or b:
            v = (MAKE[a] if b == 0 else SPOIL[b] if a == 0 else 0) - make0
            if v:
                for i in WINDOWS[w]:
                    values[i] += v
    return values


def leaving(pos: Position, origin: int, side: int) -> int:
    """What ``side`` loses by taking its piece off ``origin``."""
    mine, theirs = pos.count[side], pos.count[-side]
    v = 0
    for w in AT[origin]:
        if theirs[w] == 0:
            v += MAKE[mine[w] - 1]
        elif mine[w] == 1:
            v += SPOIL[theirs[w]]
    return v


def ordered(pos: Position, moves: list[int], first: int | None = None) -> list[int]:
    """``moves`` best first by the threats they make and block (``first`` before all)."""
    side = pos.to_move
    values = square_values(pos, side)
    losses: dict[int, int] = {}
    scored = []
    for m in moves:
        if m < 128:  # a placement
            scored.append((values[m], m))
            continue
        origin = (m >> 7) - 1
        loss = losses.get(origin)
        if loss is None:  # a placement is worth a little more than the same move
            loss = losses[origin] = leaving(pos, origin, side) + 2
        scored.append((values[m & 127] - loss, m))
    scored.sort(reverse=True)
    found = [m for _, m in scored]
    if first is not None and first in moves:
        found.remove(first)
        found.insert(0, first)
    return found


def double_threat(pos: Position, side: int) -> bool:
    """Whether ``side`` (with a piece in hand) has two squares that would complete five:
    one move can fill only one of them, so the other wins next move."""
    return bool(pos.hand[side] and pos.fours[side]) and len(pos.completions(side)) >= 2


def defences(pos: Position, budget: Budget | None = None) -> list[int]:
    """The moves of the side to move after which the opponent has no win in one."""
    side = pos.to_move
    found = []
    for m in pos.moves():
        undo = pos.make(m)
        if pos.won(side) or pos.winning_move(-side) is None:
            found.append(m)
        pos.unmake(undo)
    return found


def threats(pos: Position) -> list[int]:
    """Moves of the side to move that may make a win in one: onto a window holding three
    of its own and none of the other's (exact checking is the caller's)."""
    side = pos.to_move
    mine, theirs = pos.count[side], pos.count[-side]
    squares = set()
    for w, cells in enumerate(WINDOWS):
        if mine[w] == 3 and theirs[w] == 0:
            squares.update(i for i in cells if not pos.cells[i])
    if not squares:
        return []
    return [m for m in pos.moves() if target_of(m) in squares]


class Searcher:
    """One player's search: its transposition table lives from move to move."""

    def __init__(self, seconds: float = 0.6, table_size: int = 400_000) -> None:
        self.seconds = seconds
        self.table: dict[int, tuple[int, int, int, int]] = {}  # hash -> depth, flag, value, move
        self.table_size = table_size
        self.orders: dict[int, list[int]] = {}  # hash -> the position's moves, ordered
        self.nodes = 0
        self.budget = Budget(seconds)

    # ------------------------------------------------------------ the clock

    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes & 255 == 0 and self.budget.left() <= 0:
            raise OutOfTime

    # ------------------------------------------------------------ forcing sequences

    def forcing(self, pos: Position, depth: int) -> int | None:
        """A first move of a sequence of threats that wins however the opponent answers,
        looked for ``depth`` threats deep; None when there is none (or no time)."""
        side = pos.to_move
        if pos.winning_move(-side) is not None:
            return None  # the opponent threatens: a threat of ours that does not block loses
        for m in ordered(pos, threats(pos))[:12]:
            self._tick()
            undo = pos.make(m)
            try:
                if pos.won(side):
                    return m
                if pos.winning_move(-side) is not None or pos.winning_move(side) is None:
                    continue
                if self._all_answers_lose(pos, side, depth - 1):
                    return m
            finally:
                pos.unmake(undo)
        return None

    def _all_answers_lose(self, pos: Position, side: int, depth: int) -> bool:
        for answer in defences(pos):
            self._tick()
            undo = pos.make(answer)
            try:
                if pos.won(-side):
                    return False
                if depth <= 0 or self.forcing(pos, depth) is None:
                    return False
            finally:
                pos.unmake(undo)
        return True  # no defence at all, or every one meets another winning threat

    # ------------------------------------------------------------ alpha-beta

    def negamax(self, pos: Position, depth: int, alpha: int, beta: int, ply: int) -> int:
        self._tick()
        side = pos.to_move
        if pos.winning_move(side) is not None:
            return WIN - ply
        if double_threat(pos, -side):
            return -WIN + ply + 1
        if depth <= 0:
            return evaluate(pos)
        entry = self.table.get(pos.hash)
        best_move = None
        if entry is not None:
            d, flag, value, best_move = entry
            if d >= depth:
                if flag == 0 or (flag > 0 and value >= beta) or (flag < 0 and value <= alpha):
                    return value
        moves = self.orders.get(pos.hash)
        if moves is None:  # ordering is most of a node's cost: each position's is kept
            moves = ordered(pos, pos.moves())
            if len(self.orders) >= self.table_size // 4:
                self.orders.clear()
            self.orders[pos.hash] = moves
        if not moves:
            if pos.blocked_loses:
                return -WIN + ply
            if not pos.can_move(-side):
                return 0
            pos.pass_turn()
            try:
                return -self.negamax(pos, depth - 1, -beta, -alpha, ply + 1)
            finally:
                pos.pass_turn()
        threat = pos.winning_move(-side) is not None
        if best_move is not None and best_move != moves[0] and best_move in moves:
            moves = [best_move] + [m for m in moves if m != best_move]
        if not threat:
            moves = moves[: 8 + 4 * depth]
        start_alpha, best, best_move = alpha, -WIN - 1, moves[0]
        for m in moves:
            undo = pos.make(m)
            try:
                if pos.won(side):
                    value = WIN - ply - 1
                else:
                    value = -self.negamax(pos, depth - 1, -beta, -alpha, ply + 1)
            finally:
                pos.unmake(undo)
            if value > best:
                best, best_move = value, m
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        flag = 1 if best >= beta else (-1 if best <= start_alpha else 0)
        if len(self.table) >= self.table_size:
            self.table.clear()
        self.table[pos.hash] = (depth, flag, best, best_move)
        return best

    def best(self, pos: Position, moves: list[int], avoid: set[int] = frozenset()) -> int:
        """The move to play among ``moves`` (the tactics' choice, else the deepest search's);
        ``avoid``: hashes of positions that would come round a third time (draws)."""
        self.budget = Budget(self.seconds)
        self.nodes = 0
        self.orders.clear()
        side = pos.to_move
        win = pos.winning_move(side)
        if win is not None and win in moves:
            return win
        if pos.winning_move(-side) is not None:
            safe = [m for m in defences(pos) if m in moves]
            moves = safe or moves
            if len(moves) == 1:
                return moves[0]
        else:
            try:
                for depth in (1, 2, 3):
                    found = self.forcing(pos, depth)
                    if found is not None and found in moves:
                        return found
                    if self.budget.left() < self.seconds / 2:
                        break
            except OutOfTime:
                pass
            self.budget = Budget(max(self.budget.left(), self.seconds / 2))
        order = ordered(pos, moves)
        ranked = order
        try:
            for depth in range(1, 12):
                values = self._root(pos, order, depth, avoid)
                ranked = sorted(values, key=lambda m: -values[m])  # stable: ties keep order
                order = ranked + [m for m in order if m not in values]
                if abs(values[ranked[0]]) >= WIN - 100:
                    break
                if self.budget.left() < self.seconds * 0.4:
                    break  # the next depth would not finish
        except OutOfTime:
            pass
        return self._safe(pos, order)

    def _root(self, pos: Position, moves: list[int], depth: int, avoid) -> dict[int, int]:
        """Each root move's value at ``depth`` (a move the budget cut off is left out, so
        the last full depth's order stands for it)."""
        alpha, beta = -WIN - 1, WIN + 1
        side = pos.to_move
        values: dict[int, int] = {}
        for m in moves:
            undo = pos.make(m)
            try:
                if pos.won(side):
                    value = WIN
                elif pos.hash in avoid:
                    value = 0
                else:
                    value = -self.negamax(pos, depth - 1, -beta, -alpha + 1, 1)
            finally:
                pos.unmake(undo)
            values[m] = value
            alpha = max(alpha, value)
        return values

    def _safe(self, pos: Position, order: list[int], tries: int = 6) -> int:
        """The first of the best moves after which the opponent has no forcing win (two
        threats deep), looked for in a budget of its own; the best when none is safe."""
        self.budget = Budget(self.seconds / 2)
        side = pos.to_move
        try:
            for m in order[:tries]:
                undo = pos.make(m)
                try:
                    if pos.won(side) or self.forcing(pos, 2) is None:
                        return m
                finally:
                    pos.unmake(undo)
        except OutOfTime:
            pass
        return order[0]
