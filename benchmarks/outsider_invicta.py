"""An outside opponent for Invicta's players: a depth-2 alpha-beta that sees forks.

Issue 39 measures the default player against "a fixed-shape depth-2 alpha-beta with a
threat-counting evaluation", written from the rules alone (``../shared/seeds``, the
rulings' house rules) and sharing nothing with ``referee.invicta.position`` or
``referee.invicta.search``, so it is a fair outside opponent: its own board (a dict of
squares), its own move generator, its own evaluation.

The shape is fixed, so its strength does not depend on the machine: every move looks at
the best ``WIDTHS[0]`` of its moves (by a one-move score), answers each with the
opponent's best ``WIDTHS[1]`` replies (and so on, one width a ply: ``DEEPER`` is the
depth-3 shape), and judges the position at the end. The judgement counts threats
for both sides: a *four* is a row of five squares holding four of a side and one empty
square it can reach; a *three-point* is an empty square where that side's piece would make
a four; the evaluation sees forks, so it knows that two fours (or an open four) win, that a
three-point whose four has two ends wins when the other side has no four, and that two
threes no single move blocks win too. Ties are broken by the seed.

Against a win in one it blocks; with a win in one it wins. It reads only the seat's view
and says only one of ``view["you"]["legal"]``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

COLS, ROWS = 9, 10
SQUARES = [(c, r) for r in range(ROWS) for c in range(COLS)]
WIN = 1_000_000
WIDTHS = (40, 30)  # moves looked at: its own, then the replies to each
DEEPER = (14, 10, 10)  # the depth-3 shape
# A window of five squares holding k of one side and none of the other is worth this to it.
SHAPE = (0, 2, 12, 70, 600, WIN)
HAND = 25  # each piece still in hand


def name(sq: tuple[int, int]) -> str:
    return "abcdefghi"[sq[0]] + str(sq[1] + 1)


def square(text: str) -> tuple[int, int]:
    return "abcdefghi".index(text[0]), int(text[1:]) - 1


def on_edge(sq: tuple[int, int]) -> bool:
    return sq[0] in (0, COLS - 1) or sq[1] in (0, ROWS - 1)


def is_corner(sq: tuple[int, int]) -> bool:
    return sq[0] in (0, COLS - 1) and sq[1] in (0, ROWS - 1)


def _ring() -> list[tuple[int, int]]:
    ring = [(c, 0) for c in range(COLS)]
    ring += [(COLS - 1, r) for r in range(1, ROWS)]
    ring += [(c, ROWS - 1) for c in range(COLS - 2, -1, -1)]
    ring += [(0, r) for r in range(ROWS - 2, 0, -1)]
    return ring


RING = _ring()
RING_AT = {sq: k for k, sq in enumerate(RING)}
STEPS4 = ((1, 0), (-1, 0), (0, 1), (0, -1))
STEPS8 = STEPS4 + ((1, 1), (1, -1), (-1, 1), (-1, -1))


def _windows() -> list[tuple[tuple[int, int], ...]]:
    out = []
    for c, r in SQUARES:
        for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
            cells = tuple((c + k * dc, r + k * dr) for k in range(5))
            if all(0 <= x < COLS and 0 <= y < ROWS for x, y in cells):
                out.append(cells)
    return out


WINDOWS = _windows()
THROUGH = {sq: [w for w in WINDOWS if sq in w] for sq in SQUARES}


class Board:
    """Pieces by square (side, lion?), pieces in hand, the house rules a lion moves by."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.cells: dict[tuple[int, int], tuple[str, bool]] = {
            square(n): (p["side"], p["kind"] == "lion") for n, p in view["board"].items()
        }
        self.hand = {"white": int(view["in_hand"]["white"]), "black": int(view["in_hand"]["black"])}
        rules = view.get("rules") or {}
        self.corner_cut = bool(rules.get("corner_cut"))
        self.corner_limit = 1 if rules.get("corners") == "one" else len(RING)

    def moves_of(self, piece_at: tuple[int, int]) -> list[tuple[int, int]]:
        side, lion = self.cells[piece_at]
        c, r = piece_at
        out = []
        near = STEPS8 if lion else STEPS4
        for dc, dr in near:
            t = (c + dc, r + dr)
            if not (0 <= t[0] < COLS and 0 <= t[1] < ROWS) or t in self.cells:
                continue
            if lion and on_edge(piece_at) and on_edge(t):
                diagonal = dc != 0 and dr != 0
                if not diagonal or not self.corner_cut:
                    continue  # edge to edge goes by the slide (or the corner cut)
            out.append(t)
        if lion and on_edge(piece_at):
            start = RING_AT[piece_at]
            for way in (1, -1):
                turned = 0
                for k in range(1, len(RING)):
                    t = RING[(start + way * k) % len(RING)]
                    if t in self.cells or turned > self.corner_limit:
                        break
                    out.append(t)
                    turned += is_corner(t)
        return list(dict.fromkeys(out))

    def all_moves(self, side: str) -> list[tuple[tuple[int, int] | None, tuple[int, int]]]:
        out: list[tuple[tuple[int, int] | None, tuple[int, int]]] = []
        if self.hand[side]:
            out += [(None, t) for t in SQUARES if t not in self.cells]
        for at, (owner, _) in list(self.cells.items()):
            if owner == side:
                out += [(at, t) for t in self.moves_of(at)]
        return out

    def play(self, side: str, move) -> tuple:
        origin, target = move
        if origin is None:
            self.hand[side] -= 1
            self.cells[target] = (side, on_edge(target))
            return move, None
        was = self.cells.pop(origin)
        self.cells[target] = (side, was[1] or on_edge(target))
        return move, was

    def undo(self, side: str, done: tuple) -> None:
        (origin, target), was = done
        del self.cells[target]
        if origin is None:
            self.hand[side] += 1
        else:
            self.cells[origin] = was

    def five_through(self, sq: tuple[int, int], side: str) -> bool:
        return any(all(self.cells.get(s, ("",))[0] == side for s in w) for w in THROUGH[sq])


def other(side: str) -> str:
    return "black" if side == "white" else "white"


class Threats:
    """What one side threatens: its fours' empty squares it can reach, its three-points
    (square -> the fours' empty squares a piece there would make) and its windows' worth."""

    def __init__(self, board: Board, side: str, reach: set[tuple[int, int]]) -> None:
        self.worth = 0
        self.fours: set[tuple[int, int]] = set()
        makes: dict[tuple[int, int], set[tuple[int, int]]] = {}
        cells = board.cells
        for w in WINDOWS:
            mine = theirs = 0
            empty = []
            for s in w:
                p = cells.get(s)
                if p is None:
                    empty.append(s)
                elif p[0] == side:
                    mine += 1
                else:
                    theirs += 1
            if theirs or not mine:
                continue
            self.worth += SHAPE[mine]
            if mine == 4 and empty[0] in reach:
                self.fours.add(empty[0])
            elif mine == 3:
                a, b = empty
                makes.setdefault(a, set()).add(b)
                makes.setdefault(b, set()).add(a)
        self.points = {
            s: ends | self.fours for s, ends in makes.items() if s in reach and len(ends) >= 2
        }  # a piece there makes two ways to five: an open four, or a four and a four
        self.makes = makes

    def fork_needs_two_blocks(self) -> bool:
        """Whether no single square spoils every three-point (two threes at once)."""
        if len(self.points) < 2:
            return False
        spots = set(self.points)
        for ends in self.points.values():
            spots |= ends
        for s in spots:
            if all(s == p or len(ends - {s}) < 2 for p, ends in self.points.items()):
                return False
        return True


def reach_of(board: Board, side: str) -> set[tuple[int, int]]:
    if board.hand[side]:
        return {s for s in SQUARES if s not in board.cells}
    out: set[tuple[int, int]] = set()
    for at, (owner, _) in board.cells.items():
        if owner == side:
            out.update(board.moves_of(at))
    return out


def judge(board: Board, me: str) -> int:
    """The position's worth to ``me``, the side to move."""
    you = other(me)
    mine = Threats(board, me, reach_of(board, me))
    yours = Threats(board, you, reach_of(board, you))
    if mine.fours:
        return WIN // 2
    if len(yours.fours) >= 2:
        return -WIN // 2
    if mine.points and not yours.fours:
        return WIN // 4
    value = mine.worth - yours.worth + HAND * (board.hand[me] - board.hand[you])
    if yours.fours:
        value -= 400
    if yours.fork_needs_two_blocks():
        value -= WIN // 8
    value -= 900 * len(yours.points) - 300 * len(mine.points)
    return value


def quick(board: Board, side: str, move) -> int:
    """A move's one-look score: what it makes of its own windows and spoils of the other's,
    less what it gives up where it leaves."""
    origin, target = move
    cells = board.cells
    score = 0
    for w in THROUGH[target]:
        mine = theirs = 0
        for s in w:
            if s == origin:
                continue
            p = cells.get(s)
            if p is not None:
                if p[0] == side:
                    mine += 1
                else:
                    theirs += 1
        if not theirs:
            score += SHAPE[mine + 1] - SHAPE[mine] if mine < 4 else WIN
        elif not mine:
            score += SHAPE[theirs] * (3 if theirs >= 3 else 1)
    if origin is not None:
        score -= 10
        for w in THROUGH[origin]:
            mine = sum(1 for s in w if cells.get(s, ("",))[0] == side)
            theirs = sum(1 for s in w if cells.get(s, ("",))[0] not in ("", side))
            if not theirs:
                score -= SHAPE[mine] - SHAPE[mine - 1]
            elif mine == 1:
                score -= SHAPE[theirs]
    return score


class Outsider:
    """The outside opponent: fixed depth, fixed widths, threat-counting evaluation."""

    def __init__(self, seed: int | None = None, widths: tuple[int, ...] = WIDTHS) -> None:
        self.rng = random.Random(seed)
        self.widths = widths

    def _best(self, board: Board, side: str, width: int) -> list:
        """The ``width`` best moves by their one-look score, and every move onto a square
        where the other side would make five (a block is never left out)."""
        moves = board.all_moves(side)
        self.rng.shuffle(moves)
        moves.sort(key=lambda m: -quick(board, side, m))
        must = Threats(board, other(side), reach_of(board, other(side))).fours
        return moves[:width] + [m for m in moves[width:] if m[1] in must]

    def _value(self, board: Board, side: str, ply: int, alpha: int, beta: int) -> int:
        """Negamax: the worth to ``side`` (to move) looked ``len(widths) - ply`` moves on."""
        if ply == len(self.widths):
            return judge(board, side)
        best = -2 * WIN
        for move in self._best(board, side, self.widths[ply]):
            done = board.play(side, move)
            if board.five_through(move[1], side):
                value = WIN - ply
            else:
                value = -self._value(board, other(side), ply + 1, -beta, -alpha)
            board.undo(side, done)
            if value > best:
                best = value
                alpha = max(alpha, value)
                if alpha >= beta:
                    break
        return best if best > -2 * WIN else judge(board, side)

    def choose(self, view: Mapping[str, Any]) -> str | None:
        legal = (view.get("you") or {}).get("legal") or []
        if not legal:
            return None
        me = view["you"]["side"]
        board = Board(view)

        def line(move) -> str:
            origin, target = move
            return name(target) if origin is None else f"{name(origin)}-{name(target)}"

        best, alpha = None, -2 * WIN
        for move in self._best(board, me, self.widths[0]):
            if line(move) not in legal:
                continue
            done = board.play(me, move)
            if board.five_through(move[1], me):
                value = WIN
            else:
                value = -self._value(board, other(me), 1, -2 * WIN, -alpha)
            board.undo(me, done)
            if value > alpha:
                best, alpha = move, value
        return line(best) if best is not None else self.rng.choice(legal)

    def close(self) -> None:
        pass
