"""The events of Ergo (Invicta), as the record keeps them: a placement or a move.

Each names the side that made it, so a record says whose move it was and
the rules can refuse a move out of turn. Whether an event is legal is
:meth:`referee.invicta.state.Game.apply`'s question; here only its shape.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.invicta.board import Side, Square
from referee.table.events import Event, EventCodec


@dataclass(frozen=True)
class Place(Event):
    """A piece from the hand onto an empty square (a lion on the edge, hollow in the arena)."""

    TYPE = "place"
    REVEALS = frozenset()  # every piece is on the board: nothing hidden
    side: Side
    square: Square

    @property
    def text(self) -> str:
        return self.square.name


@dataclass(frozen=True)
class Move(Event):
    """One of the side's pieces from ``origin`` to ``target``."""

    TYPE = "move"
    REVEALS = frozenset()  # every piece is on the board: nothing hidden
    side: Side
    origin: Square
    target: Square

    @property
    def text(self) -> str:
        return f"{self.origin.name}-{self.target.name}"


InvictaEvent = Place | Move

CODEC = EventCodec([Place, Move])
