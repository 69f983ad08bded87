"""The state of a game of Ergo (Invicta), moved on one event at a time.

:meth:`Game.apply` judges legality only (an event's shape was checked when
it was read): whose turn it is, the pieces in hand, how each kind of piece
moves. A refused event raises :class:`IllegalMove`, whose ``why`` says in a
word what was wrong, before anything changes. After each event the game
sees at once whether the mover has five in a row, whether the next player
can move at all, and whether the position has come round a third time.
The rulings behind each decision are in ``docs/rulings.md``.
"""

from __future__ import annotations

import copy
import enum
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from referee.invicta.board import (
    ARENA,
    DIAGONAL,
    KING,
    LINES,
    ORTHOGONAL,
    RING,
    RING_INDEX,
    SQUARES,
    Kind,
    Piece,
    Side,
    Square,
    neighbours,
)
from referee.invicta.events import CODEC, Move, Place
from referee.invicta.refusals import Refusal, Why
from referee.invicta.setup import PIECES, REPETITIONS, ROW, Blocked, Corners, Setup
from referee.table.errors import IllegalEvent
from referee.table.events import Judged
from referee.table.players import SetupState
from referee.table.reveals import Reveal
from referee.table.views import Ending


class Finish(enum.StrEnum):
    """How a game ended."""

    FIVE = "five"  # five or more in a row: the mover wins
    REPETITION = "repetition"  # the third occurrence of a position: a draw
    BLOCKED = "blocked"  # nobody can move (a draw), or house rule blocked=lose


@dataclass(frozen=True)
class Result:
    """How a game stands at its end: how it ended, who won, the winning rows."""

    finish: Finish | None
    winner: Side | None
    rows: tuple[tuple[Square, ...], ...] = ()


class IllegalMove(IllegalEvent):
    """The rules refuse a well-formed event; ``reason`` says which rule and ``why`` names it."""

    def __init__(self, field: str, reason: Refusal) -> None:
        super().__init__(field, reason=reason)
        self.refusal = reason

    @property
    def why(self) -> Why:
        return self.refusal.why


@dataclass(frozen=True)
class Slide:
    """The way along the edge from one square to another, one direction round the ring."""

    path: tuple[Square, ...]  # the squares passed, the target last
    blocker: Square | None  # the first square on the way that holds a piece
    corners: int  # corner squares passed on the way (the target not counted)


Position = tuple[tuple[tuple[int, int, str, str], ...], int, int, str | None]


@dataclass
class Game(SetupState, Judged):
    codec = CODEC  # its events (the shared apply finds their handlers by it)
    setup: Setup
    board: dict[Square, Piece] = field(default_factory=dict)
    in_hand: dict[Side, int] = field(default_factory=dict)
    to_move: Side | None = None
    moves: int = 0
    events: int = 0  # counted by the shared apply (referee.table.events.Judged)
    winner: Side | None = None
    finish: Finish | None = None
    rows: tuple[tuple[Square, ...], ...] = ()  # the winning rows, each in board order
    last: Place | Move | None = None
    promoted: bool = False  # the last move turned a hollow piece into a lion
    passed: Side | None = None  # the side whose turn the last event skipped (no legal move)
    seen: Counter = field(default_factory=Counter, repr=False)  # Position -> occurrences
    last_reveal: Reveal | None = None  # Invicta hides nothing: every move may be undone

    @classmethod
    def new(cls, setup: Setup) -> Game:
        game = cls(setup, in_hand={Side.WHITE: PIECES, Side.BLACK: PIECES})
        game.to_move = setup.rules.first
        game.seen[game.position()] += 1
        return game

    # ------------------------------------------------------------ reading

    @property
    def finished(self) -> bool:
        return self.finish is not None

    @property
    def draw(self) -> bool:
        return self.finished and self.winner is None

    @property
    def ending(self) -> Ending | None:
        """How the game ended (None while it goes on): its finish and the winning side's
        player (none for a draw); the rows are the board's (``rows``)."""
        if self.finish is None:
            return None
        winners = () if self.winner is None else (self.setup.player(self.winner),)
        return Ending(self.finish, winners)

    @property
    def mover(self) -> str | None:
        """Whose move it is: the player of the side to move (None once the game is over)."""
        return None if self.to_move is None else self.setup.player(self.to_move)

    @property
    def next_side(self) -> Side:
        """Whose move the next event would be (after the end: who would have moved)."""
        if self.to_move is not None:
            return self.to_move
        if isinstance(self.last, (Place, Move)):
            return self.last.side.other
        return self.rules.first

    def position(self) -> Position:
        """The full position: every piece with its side and face, the hands, the side to move."""
        pieces = tuple(
            sorted((s.column, s.row, p.side.value, p.kind.value) for s, p in self.board.items())
        )
        side = self.to_move.value if self.to_move is not None else None
        return pieces, self.in_hand[Side.WHITE], self.in_hand[Side.BLACK], side

    @property
    def repetitions(self) -> int:
        """How often the present position has occurred (this time included)."""
        return self.seen[self.position()]

    def repeating_moves(self) -> tuple[Move, ...]:
        """The moves of the side to play that would bring a position round the third time
        (a draw), so a table can be warned before, not after."""
        if self.to_move is None or max(self.seen.values(), default=0) < REPETITIONS - 1:
            return ()  # over (nobody to move), or no position has come round twice
        found = []
        for move in self.legal_events(self.to_move):
            if not isinstance(move, Move):  # a placement: the pieces in hand never come back
                continue
            # A trial game sharing nothing that apply changes in place.
            trial = copy.copy(self)
            trial.board, trial.in_hand, trial.seen = dict(self.board), dict(self.in_hand), Counter()
            trial.apply(move)
            if not trial.finished and self.seen[trial.position()] + 1 >= REPETITIONS:
                found.append(move)
        return tuple(found)

    # ------------------------------------------------------------ how pieces move

    def slides(self, origin: Square, target: Square) -> tuple[Slide, Slide]:
        """Both ways along the edge from ``origin`` to ``target`` (both on the edge)."""
        n = len(RING)
        start, end = RING_INDEX[origin], RING_INDEX[target]
        ways = []
        for step in (1, -1):
            length = ((end - start) * step) % n
            path = tuple(RING[(start + step * k) % n] for k in range(1, length + 1))
            passed = path[:-1]
            blocker = next((s for s in passed if s in self.board), None)
            ways.append(Slide(path, blocker, sum(1 for s in passed if s.corner)))
        return ways[0], ways[1]

    def _corner_limit(self) -> int:
        return 1 if self.rules.corners is Corners.ONE else len(RING)

    def targets(self, origin: Square) -> tuple[Square, ...]:
        """Every square the piece on ``origin`` may move to now (whoever's turn it is)."""
        piece = self.board.get(origin)
        if piece is None:
            return ()
        found: set[Square] = set()
        if piece.kind is Kind.HOLLOW:
            found.update(s for s in neighbours(origin, ORTHOGONAL) if s not in self.board)
        elif not origin.on_edge:
            found.update(s for s in neighbours(origin, KING) if s not in self.board)
        else:
            found.update(s for s in neighbours(origin, KING) if s in ARENA and s not in self.board)
            if self.rules.corner_cut:
                found.update(
                    s for s in neighbours(origin, DIAGONAL) if s.on_edge and s not in self.board
                )
            limit = self._corner_limit()
            start = RING_INDEX[origin]
            for step in (1, -1):
                corners = 0
                for k in range(1, len(RING)):
                    square = RING[(start + step * k) % len(RING)]
                    if square in self.board or corners > limit:
                        break
                    found.add(square)
                    corners += square.corner
        return tuple(sorted(found, key=lambda s: (s.row, s.column)))

    def legal_events(self, side: Side) -> Iterator[Place | Move]:
        """Every event ``side`` could make if it were its turn."""
        if self.in_hand[side]:
            for square in SQUARES:
                if square not in self.board:
                    yield Place(side, square)
        for origin, piece in sorted(self.board.items(), key=lambda i: (i[0].row, i[0].column)):
            if piece.side is side:
                for target in self.targets(origin):
                    yield Move(side, origin, target)

    def can_move(self, side: Side) -> bool:
        return next(self.legal_events(side), None) is not None

    # ------------------------------------------------------------ judging an event

    def check(self, event: Place | Move) -> IllegalMove | None:
        """Why the rules refuse ``event`` now, or None if they allow it."""
        if self.finished:
            return IllegalMove("", Refusal(Why.GAME_OVER, result=self.result))
        if event.side is not self.to_move:
            return IllegalMove("side", Refusal(Why.NOT_YOUR_TURN, side=event.side))
        if isinstance(event, Place):
            return self._check_place(event)
        return self._check_move(event)

    def _check_place(self, event: Place) -> IllegalMove | None:
        side, square = event.side, event.square
        if self.in_hand[side] == 0:
            return IllegalMove("square", Refusal(Why.NO_PIECES, side=side))
        if square in self.board:
            return IllegalMove(
                "square", Refusal(Why.OCCUPIED, side, square, piece=self.board[square])
            )
        return None

    def _check_move(self, event: Move) -> IllegalMove | None:
        side, origin, target = event.side, event.origin, event.target
        piece = self.board.get(origin)
        if piece is None:
            return IllegalMove("origin", Refusal(Why.EMPTY, side, origin, target))
        if piece.side is not side:
            return IllegalMove("origin", Refusal(Why.NOT_YOURS, side, origin, target, piece))
        if origin == target:
            return IllegalMove("target", Refusal(Why.SAME_SQUARE, side, origin, target, piece))
        if target in self.board:
            return IllegalMove(
                "target",
                Refusal(Why.OCCUPIED, side, origin, target, self.board[target]),
            )
        dc, dr = abs(target.column - origin.column), abs(target.row - origin.row)
        adjacent = max(dc, dr) == 1
        if piece.kind is Kind.HOLLOW:
            if dc + dr == 1:
                return None
            why = Why.HOLLOW_DIAGONAL if adjacent else Why.HOLLOW_TOO_FAR
            return IllegalMove("target", Refusal(why, side, origin, target, piece))
        if not origin.on_edge or not target.on_edge:
            if adjacent:
                return None
            return IllegalMove(
                "target",
                Refusal(Why.LION_TOO_FAR, side, origin, target, piece, into=origin.on_edge),
            )
        return self._check_slide(side, origin, target, dc == dr == 1)

    def _check_slide(
        self, side: Side, origin: Square, target: Square, diagonal: bool
    ) -> IllegalMove | None:
        if diagonal and self.rules.corner_cut:
            return None
        ways = self.slides(origin, target)
        limit = self._corner_limit()
        if any(w.blocker is None and w.corners <= limit for w in ways):
            return None
        lion = self.board[origin]
        if diagonal:
            corner = min(ways, key=lambda w: len(w.path)).path[0]
            return IllegalMove(
                "target",
                Refusal(Why.CORNER_CUT, side, origin, target, lion, corner, self.board[corner]),
            )
        free = [w for w in ways if w.blocker is None]
        if free:
            corners = min(w.corners for w in free)
            return IllegalMove(
                "target",
                Refusal(Why.TOO_MANY_CORNERS, side, origin, target, lion, corners=corners),
            )
        short = min(ways, key=lambda w: len(w.path))
        assert short.blocker is not None
        blocker = short.blocker
        return IllegalMove(
            "target",
            Refusal(Why.SLIDE_BLOCKED, side, origin, target, lion, blocker, self.board[blocker]),
        )

    # ------------------------------------------------------------ moving on

    def handler(self, event: Place | Move) -> Callable[[Place | Move], None]:
        """Every Invicta event moves on the same way, once :meth:`check` finds it legal
        (an IllegalMove, raised before anything changes, if not)."""
        refusal = self.check(event)
        if refusal is not None:
            raise refusal
        return self._moved

    def _moved(self, event: Place | Move) -> None:
        side = event.side
        self.promoted = False
        if isinstance(event, Place):
            square = event.square
            kind = Kind.LION if square.on_edge else Kind.HOLLOW
            self.in_hand[side] -= 1
        else:
            square = event.target
            before = self.board.pop(event.origin)
            kind = Kind.LION if square.on_edge else before.kind
            self.promoted = before.kind is not kind
        self.board[square] = Piece(side, kind)
        self.moves += 1
        self.last = event
        self.passed = None
        self.rows = self.rows_through(square, side)
        if self.rows:
            self._end(Finish.FIVE, side)
            return
        following = side.other
        if not self.can_move(following):
            if self.rules.blocked is Blocked.LOSE:
                self._end(Finish.BLOCKED, side)
                return
            if not self.can_move(side):
                self._end(Finish.BLOCKED, None)
                return
            self.passed, following = following, side
        self.to_move = following
        self.seen[self.position()] += 1
        if self.seen[self.position()] >= REPETITIONS:
            self._end(Finish.REPETITION, None)

    def _end(self, finish: Finish, winner: Side | None) -> None:
        self.finish = finish
        self.winner = winner
        self.to_move = None

    def rows_through(self, square: Square, side: Side) -> tuple[tuple[Square, ...], ...]:
        """Each line through ``square`` holding an unbroken row of ``side``'s of five or more.

        Only the mover's pieces change, and only at the square moved to, so any
        new row runs through it (the rulings explain why the opponent never
        needs checking).
        """
        found = []
        for dc, dr in LINES:
            row = [square]
            for sign in (1, -1):
                s = square.offset(sign * dc, sign * dr)
                while s is not None and self._is(s, side):
                    row.append(s)
                    s = s.offset(sign * dc, sign * dr)
            if len(row) >= ROW:
                found.append(tuple(sorted(row, key=lambda q: (q.column, q.row))))
        return tuple(found)

    def _is(self, square: Square, side: Side) -> bool:
        piece = self.board.get(square)
        return piece is not None and piece.side is side

    # ------------------------------------------------------------ for people and tools

    @property
    def result(self) -> Result:
        """How the game stands (the interface words it)."""
        return Result(self.finish, self.winner, self.rows)

    def summary(self) -> dict:
        board = {
            s.name: {"color": p.side.value, "kind": p.kind.value}
            for s, p in sorted(self.board.items(), key=lambda i: (i[0].row, i[0].column))
        }
        return {
            "moves": self.moves,
            "to_move": self.to_move.value if self.to_move is not None else None,
            "winner": self.winner.value if self.winner is not None else None,
            "draw": self.draw,
            "finish": self.finish.value if self.finish is not None else None,
            "rows": [[s.name for s in row] for row in self.rows],
            "board": board,
            "in_hand": {"white": self.in_hand[Side.WHITE], "black": self.in_hand[Side.BLACK]},
        }
