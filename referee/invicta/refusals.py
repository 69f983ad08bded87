"""Why Ergo (Invicta)'s rules, its commands or its notation refuse, as data (the interface
words it in :mod:`referee.invicta.words`).

Unlike the other games' plain facts (:class:`~referee.table.errors.Refusal`),
Invicta's are the board's own types: a side, squares, pieces, the game's result.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING

from referee.table.errors import Reason

if TYPE_CHECKING:  # the board and the state refuse with these: only the annotations name them
    from referee.invicta.board import Piece, Side, Square
    from referee.invicta.state import Result


class Why(enum.Enum):
    """Why the rules refuse an event, a command, or a move as typed (the interface words it)."""

    GAME_OVER = "game_over"
    NOT_YOUR_TURN = "not_your_turn"
    NO_PIECES = "no_pieces"  # a thirteenth placement
    OCCUPIED = "occupied"
    EMPTY = "empty"  # no piece on the square moved from
    NOT_YOURS = "not_yours"
    SAME_SQUARE = "same_square"
    HOLLOW_DIAGONAL = "hollow_diagonal"
    HOLLOW_TOO_FAR = "hollow_too_far"
    LION_TOO_FAR = "lion_too_far"
    SLIDE_BLOCKED = "slide_blocked"
    CORNER_CUT = "corner_cut"
    TOO_MANY_CORNERS = "too_many_corners"
    PLACE_ONE_SQUARE = "place_one_square"  # ``place`` given a move
    MOVE_TWO_SQUARES = "move_two_squares"  # ``move`` given a placement
    # a move as typed (:mod:`referee.invicta.notation`): text, column (from 1), width
    NO_MOVE = "no_move"
    EXPECTED_SQUARE = "expected_square"  # at column: what is there instead (or the end)
    EXPECTED_TARGET = "expected_target"  # the same, after the dash
    NOT_A_SQUARE = "not_a_square"  # the square's name at column, width
    OFF_COLUMNS = "off_columns"  # a column past i
    OFF_ROWS = "off_rows"  # a row past 10, or 0
    ONE_DASH = "one_dash"
    EXPECTED_DASH = "expected_dash"
    TEXT_AFTER_MOVE = "text_after_move"


class Tip(enum.Enum):
    """What to type instead (a :class:`~referee.table.errors.Hint`; ``word``: the square)."""

    UNDO_MOVE = "undo_move"  # the game is over
    HOW = "how"  # a move that cannot be read: a square, or two
    PLACE = "place"  # usage of place
    MOVE = "move"  # usage of move
    MOVES = "moves"  # usage of moves
    PLACE_HERE = "place_here"  # word: an empty square asked about
    ALL_MOVES = "all_moves"  # moves lists every move
    PLACE_ON = "place_on"  # word: an empty square moved from
    MOVES_FROM = "moves_from"  # word: the square moved from


@dataclass(frozen=True)
class Refusal(Reason):
    """Why the rules refuse: ``why``, and the facts its sentence needs.

    ``side``: the side that tried; ``square``: the square placed on or moved
    from; ``target``: where to; ``piece``: the piece on the square at fault;
    ``other``: the square in the way (the corner, the blocker) and ``blocker``
    the piece on it; ``corners``: corners a slide goes round; ``into``: a lion
    stepping into the arena (else out of it); ``result``: the game's end;
    ``text``, ``column`` (from 1) and ``width``: a move as typed and where in it
    the fault is, for a caret.
    """

    why: Why
    side: Side | None = None
    square: Square | None = None
    target: Square | None = None
    piece: Piece | None = None
    other: Square | None = None
    blocker: Piece | None = None
    corners: int = 0
    into: bool = False
    result: Result | None = None
    text: str = ""
    column: int = 0
    width: int = 1
