"""A compact position the computer players search, built from a seat's view alone.

The rules' :class:`~referee.invicta.state.Game` judges one event with every
reason a refusal needs; a search makes and takes back hundreds of thousands,
so this keeps the board as a list of 90 small numbers and counts, for every
five squares in a line (a *window*), each side's pieces in it. A window holding
five of a side is a win; four of a side and none of the other names the square
that would complete it; three and none, the squares a four may be made on (the
threat search's windows, kept as sets like the fours). Moves follow the same
rules as ``state.py`` (the tests hold the two to the same legal moves), house
rules included.

A square is an index ``row * 9 + column``; a piece is ``side * kind``
(side +1 white, -1 black; kind 1 hollow, 2 lion); a move is an int, the target
in the low 7 bits and ``origin + 1`` above them (0 for a placement).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from referee.invicta.board import (
    ARENA,
    DIAGONAL,
    HEIGHT,
    KING,
    ORTHOGONAL,
    RING,
    SQUARES,
    WIDTH,
    Square,
    neighbours,
)
from referee.invicta.setup import ROW

WHITE, BLACK = 1, -1
HOLLOW, LION = 1, 2
N = WIDTH * HEIGHT


def index(square: Square) -> int:
    return square.row * WIDTH + square.column


NAMES = tuple(s.name for s in SQUARES)
BY_NAME = {s.name: index(s) for s in SQUARES}
EDGE = tuple(s not in ARENA for s in SQUARES)
CORNER = tuple(s.corner for s in SQUARES)
ORTH = tuple(tuple(index(n) for n in neighbours(s, ORTHOGONAL)) for s in SQUARES)
KINGS = tuple(tuple(index(n) for n in neighbours(s, KING)) for s in SQUARES)
DIAGS = tuple(tuple(index(n) for n in neighbours(s, DIAGONAL)) for s in SQUARES)
DIAG_EDGE = tuple(tuple(index(n) for n in neighbours(s, DIAGONAL) if n.on_edge) for s in SQUARES)
RING_I = tuple(index(s) for s in RING)
RING_AT = {sq: k for k, sq in enumerate(RING_I)}
# From each edge square, the other edge squares in the order a slide passes them: one way
# round the ring, then the other (the empty tuple for an arena square).
RING_WALKS = tuple(
    tuple(
        tuple(RING_I[(RING_AT[i] + step * k) % len(RING_I)] for k in range(1, len(RING_I)))
        for step in (1, -1)
    )
    if i in RING_AT
    else ()
    for i in range(WIDTH * HEIGHT)
)


def _windows() -> tuple[tuple[int, ...], ...]:
    found = []
    for s in SQUARES:
        for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
            end = s.offset(dc * (ROW - 1), dr * (ROW - 1))
            if end is not None:
                found.append(tuple(index(s) + k * (dr * WIDTH + dc) for k in range(ROW)))
    return tuple(found)


WINDOWS = _windows()
WINDOW_SET = tuple(frozenset(w) for w in WINDOWS)
AT = tuple(tuple(w for w, cells in enumerate(WINDOWS) if i in cells) for i in range(N))
# What a window is worth to the side holding k pieces of it (the other holding none).
WORTH = (0, 1, 6, 40, 400, 100000)
# What a (k+1)-th piece of a side adds to a window the other side has none of.
GAIN = tuple(WORTH[k + 1] - WORTH[k] for k in range(len(WORTH) - 1))

_KEYS = random.Random(2026)
PIECE_KEY = {(i, v): _KEYS.getrandbits(64) for i in range(N) for v in (-2, -1, 1, 2)}
HAND_KEY = {(side, k): _KEYS.getrandbits(64) for side in (1, -1) for k in range(64)}
SIDE_KEY = _KEYS.getrandbits(64)


def move_of(origin: int | None, target: int) -> int:
    return target | ((origin + 1 if origin is not None else 0) << 7)


def origin_of(move: int) -> int:
    """The square moved from, or -1 for a placement."""
    return (move >> 7) - 1


def target_of(move: int) -> int:
    return move & 127


def line_of(move: int) -> str:
    """The move as a player types it: ``e5`` or ``e5-e6``."""
    origin = origin_of(move)
    target = NAMES[target_of(move)]
    return target if origin < 0 else f"{NAMES[origin]}-{target}"


def parse_line(line: str) -> int:
    if "-" in line:
        a, b = line.split("-")
        return move_of(BY_NAME[a], BY_NAME[b])
    return move_of(None, BY_NAME[line])


class Position:
    """A board, the hands, the side to move and the rules a lion moves by; ``make`` and
    ``unmake`` change it in place and keep the window counts and the hash."""

    def __init__(
        self,
        cells: list[int],
        hand: dict[int, int],
        to_move: int,
        corner_cut: bool = False,
        corner_limit: int = len(RING),
        blocked_loses: bool = False,
    ) -> None:
        self.cells = [0] * N
        self.hand = dict(hand)
        self.to_move = to_move
        self.corner_cut = corner_cut
        self.corner_limit = corner_limit
        self.blocked_loses = blocked_loses
        self.count = {WHITE: [0] * len(WINDOWS), BLACK: [0] * len(WINDOWS)}
        self.fours: dict[int, set[int]] = {WHITE: set(), BLACK: set()}
        # Windows holding three of a side and none of the other: where its fours come from.
        self.threes: dict[int, set[int]] = {WHITE: set(), BLACK: set()}
        self.fives = {WHITE: 0, BLACK: 0}
        self.score = 0  # the windows' worth, white's minus black's
        self.pieces: dict[int, set[int]] = {WHITE: set(), BLACK: set()}
        self.hash = HAND_KEY[WHITE, hand[WHITE]] ^ HAND_KEY[BLACK, hand[BLACK]]
        if to_move == BLACK:
            self.hash ^= SIDE_KEY
        for i, v in enumerate(cells):
            if v:
                self._put(i, v)

    @classmethod
    def from_view(cls, view: Mapping[str, Any]) -> Position:
        """The position a seat's view shows (``board``, ``in_hand``, ``to_move``,
        ``rules``); the side to move is the seat's own when the view names none."""
        cells = [0] * N
        for name, piece in view["board"].items():
            side = WHITE if piece["side"] == "white" else BLACK
            cells[BY_NAME[name]] = side * (LION if piece["kind"] == "lion" else HOLLOW)
        hand = {WHITE: int(view["in_hand"]["white"]), BLACK: int(view["in_hand"]["black"])}
        mover = view.get("to_move") or view.get("you", {}).get("side") or "white"
        rules = view.get("rules") or {}
        return cls(
            cells,
            hand,
            WHITE if mover == "white" else BLACK,
            corner_cut=bool(rules.get("corner_cut", False)),
            corner_limit=1 if rules.get("corners") == "one" else len(RING),
            blocked_loses=rules.get("blocked") == "lose",
        )

    # ------------------------------------------------------------ the incremental board

    def _put(self, i: int, v: int) -> None:
        side = 1 if v > 0 else -1
        mine, theirs = self.count[side], self.count[-side]
        self.cells[i] = v
        self.pieces[side].add(i)
        self.hash ^= PIECE_KEY[i, v]
        delta = 0
        for w in AT[i]:  # the hottest loop of the search: the common windows first
            k = mine[w]
            mine[w] = k + 1
            if not theirs[w]:
                delta += GAIN[k]
                if k >= 2:
                    if k == 2:
                        self.threes[side].add(w)
                    elif k == 3:
                        self.threes[side].discard(w)
                        self.fours[side].add(w)
                    else:
                        self.fours[side].discard(w)
                        self.fives[side] += 1
            elif not k:  # the window was the other side's alone
                j = theirs[w]
                delta += WORTH[j]
                if j == 4:
                    self.fours[-side].discard(w)
                elif j == 3:
                    self.threes[-side].discard(w)
        self.score += delta * side

    def _take(self, i: int) -> int:
        v = self.cells[i]
        side = 1 if v > 0 else -1
        mine, theirs = self.count[side], self.count[-side]
        self.cells[i] = 0
        self.pieces[side].discard(i)
        self.hash ^= PIECE_KEY[i, v]
        delta = 0
        for w in AT[i]:
            k = mine[w] - 1
            mine[w] = k
            if not theirs[w]:
                delta -= GAIN[k]
                if k >= 2:
                    if k == 2:
                        self.threes[side].discard(w)
                    elif k == 3:
                        self.fours[side].discard(w)
                        self.threes[side].add(w)
                    else:
                        self.fours[side].add(w)
                        self.fives[side] -= 1
            elif not k:  # the window is the other side's alone again
                j = theirs[w]
                delta -= WORTH[j]
                if j == 4:
                    self.fours[-side].add(w)
                elif j == 3:
                    self.threes[-side].add(w)
        self.score += delta * side
        return v

    def make(self, move: int) -> tuple[int, int]:
        """Play ``move`` for the side to move; returns what ``unmake`` needs."""
        side = self.to_move
        origin, target = (move >> 7) - 1, move & 127
        if origin < 0:
            self.hash ^= HAND_KEY[side, self.hand[side]]
            self.hand[side] -= 1
            self.hash ^= HAND_KEY[side, self.hand[side]]
            was = 0
            self._put(target, side * (LION if EDGE[target] else HOLLOW))
        else:
            was = self._take(origin)
            self._put(target, side * LION if EDGE[target] else was)
        self.to_move = -side
        self.hash ^= SIDE_KEY
        return move, was

    def unmake(self, undo: tuple[int, int]) -> None:
        move, was = undo
        self.to_move = side = -self.to_move
        self.hash ^= SIDE_KEY
        origin, target = (move >> 7) - 1, move & 127
        self._take(target)
        if origin < 0:
            self.hash ^= HAND_KEY[side, self.hand[side]]
            self.hand[side] += 1
            self.hash ^= HAND_KEY[side, self.hand[side]]
        else:
            self._put(origin, was)

    def pass_turn(self) -> None:
        self.to_move = -self.to_move
        self.hash ^= SIDE_KEY

    # ------------------------------------------------------------ how pieces move

    def targets(self, origin: int) -> list[int]:
        """Every square the piece on ``origin`` may move to (as ``Game.targets``)."""
        cells = self.cells
        kind = abs(cells[origin])
        if kind == HOLLOW:
            return [t for t in ORTH[origin] if not cells[t]]
        if not EDGE[origin]:
            return [t for t in KINGS[origin] if not cells[t]]
        found = {t for t in KINGS[origin] if not cells[t] and not EDGE[t]}
        if self.corner_cut:
            found.update(t for t in DIAG_EDGE[origin] if not cells[t])
        limit = self.corner_limit
        for walk in RING_WALKS[origin]:
            corners = 0
            for square in walk:
                if cells[square] or corners > limit:
                    break
                found.add(square)
                corners += CORNER[square]
        return list(found)

    def moves(self) -> list[int]:
        """Every legal move of the side to move."""
        side = self.to_move
        cells = self.cells
        found = [t for t in range(N) if not cells[t]] if self.hand[side] else []
        for origin in self.pieces[side]:
            high = (origin + 1) << 7
            found.extend(high | t for t in self.targets(origin))
        return found

    def moves_onto(self, squares) -> list[int]:
        """The legal moves of the side to move that end on one of ``squares`` (the same as
        those of :meth:`moves`, found from the squares instead of from every piece)."""
        side = self.to_move
        cells = self.cells
        found = []
        hand = self.hand[side]
        for t in sorted(squares):
            if cells[t]:
                continue
            if hand:
                found.append(t)
            found.extend(((o + 1) << 7) | t for o in self.reachers(t, side))
        return found

    def can_move(self, side: int) -> bool:
        if self.hand[side] and len(self.pieces[WHITE]) + len(self.pieces[BLACK]) < N:
            return True
        return any(self.targets(o) for o in self.pieces[side])

    def won(self, side: int) -> bool:
        return self.fives[side] > 0

    def completions(self, side: int) -> set[int]:
        """The empty squares where a piece of ``side`` would complete five."""
        cells = self.cells
        found = set()
        for w in self.fours[side]:
            for i in WINDOWS[w]:
                if not cells[i]:
                    found.add(i)
        return found

    def winning_move(self, side: int) -> int | None:
        """A move by which ``side`` would make five now (whoever is to move), or None."""
        fours = self.fours[side]
        if not fours:
            return None
        squares = self.completions(side)
        if self.hand[side]:
            return min(squares)
        # A piece moved from ``origin`` to ``target`` makes five through a row of four whose
        # empty square is ``target`` and that ``origin`` is not part of (no other row
        # through ``target`` can hold five: it had a gap there).
        for target in sorted(squares):
            rows = [WINDOW_SET[w] for w in fours if target in WINDOW_SET[w]]
            for origin in self.reachers(target, side):
                if any(origin not in row for row in rows):
                    return move_of(origin, target)
        return None

    def reachers(self, target: int, side: int) -> list[int]:
        """The squares of ``side``'s pieces that may move to the empty square ``target``
        now, in order: a step from next to it, or a lion's slide along the edge (as
        :meth:`targets` allows, read from the target's side)."""
        cells = self.cells
        found = [n for n in ORTH[target] if cells[n] * side > 0]
        lion = side * LION
        edge = EDGE[target]
        for n in DIAGS[target]:
            if cells[n] == lion and (not (edge and EDGE[n]) or self.corner_cut):
                found.append(n)
        if edge:
            limit = self.corner_limit
            for walk in RING_WALKS[target]:
                corners = 0
                for square in walk:
                    v = cells[square]
                    if v:
                        if v * side > 0 and corners <= limit and square not in found:
                            found.append(square)
                        break
                    corners += CORNER[square]
        found.sort()
        return found
