"""What a command of Ergo (Invicta) can come to, as values for the interface.

Each outcome carries what its renderer needs as it was when it happened;
the interface has one renderer per class.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.invicta.board import Kind, Piece, Side, Square
from referee.invicta.events import Move, Place
from referee.table.session import Accepted, Outcome


@dataclass(frozen=True)
class Played(Accepted[Place | Move]):
    """A placement or a move the rules accepted."""

    kind: Kind  # the face up after it
    promoted: bool  # a hollow piece reached the edge and became a lion
    passed: Side | None  # the opponent has no legal move: this side's turn is skipped


@dataclass(frozen=True)
class Targets(Outcome):
    """Where the piece on ``square`` may go now."""

    square: Square
    piece: Piece
    targets: tuple[Square, ...]


@dataclass(frozen=True)
class AllMoves(Outcome):
    """Everything ``side`` may do now: pieces to place, and where each piece may go."""

    side: Side
    in_hand: int
    empty: int  # empty squares a piece could be placed on
    pieces: tuple[tuple[Square, Piece, tuple[Square, ...]], ...]


@dataclass(frozen=True)
class History(Outcome):
    """The moves so far, as a move list writes them (white's first unless the rules say)."""

    moves: tuple[str, ...]
