"""Moves as players write them: ``e5`` places a piece, ``e5-e6`` moves one.

This is where typed text becomes a typed move, checked for shape only
(python-chess's *invalid* as against *illegal*): ``j5`` or ``e5-`` is not a
move at all and is refused here with the column at fault; ``e5-f6`` is a
move, which the rules may then refuse. A move list (a file, one move per
line, ``#`` starting a comment, white first) is read the same way, every
error naming its line and column.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.invicta.board import Side, Square, SquareError
from referee.invicta.events import Move, Place
from referee.invicta.refusals import Refusal, Why
from referee.language.characters import split_lines
from referee.language.errors import LocatedError, Location


@dataclass(frozen=True)
class Placement:
    square: Square

    def __str__(self) -> str:
        return self.square.name


@dataclass(frozen=True)
class Step:
    origin: Square
    target: Square

    def __str__(self) -> str:
        return f"{self.origin}-{self.target}"


Notation = Placement | Step


def as_event(move: Notation, side: Side) -> Place | Move:
    """The event of ``side`` making ``move``."""
    if isinstance(move, Placement):
        return Place(side, move.square)
    return Move(side, move.origin, move.target)


class NotationError(ValueError):
    """Text that is not a move: ``reason`` says why (typed; the interface words it), with
    the text, and the ``column`` (from 1) and ``width`` at fault."""

    def __init__(self, why: Why, text: str, column: int, width: int = 1) -> None:
        self.reason = Refusal(why, text=text, column=column, width=max(1, width))
        super().__init__(f"column {column}: {self.reason}")
        self.column = column
        self.width = self.reason.width


_WORD = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
# A move that cannot be read: these reasons' words already say how moves are typed.
SAYS_HOW = frozenset({Why.NO_MOVE, Why.EXPECTED_SQUARE, Why.EXPECTED_TARGET})


def _skip_spaces(text: str, i: int) -> int:
    while i < len(text) and text[i] in " \t":
        i += 1
    return i


def _square(text: str, i: int, expected: Why) -> tuple[Square, int]:
    j = i
    while j < len(text) and text[j] in _WORD:
        j += 1
    if j == i:
        raise NotationError(expected, text, i + 1)
    try:
        return Square.parse(text[i:j]), j
    except SquareError as exc:
        raise NotationError(exc.why, text, i + 1, j - i) from None


# What stands between two squares: a hyphen, or the dashes phones and keyboards
# put in its place (en dash, em dash, minus sign), or nothing but spaces.
DASHES = "-\u2013\u2014\u2212\u2010\u2011"


def parse_move(text: str) -> Notation:
    """``text`` as a move; NotationError (with the column) when it is not one.

    ``e5`` places; ``e5-e6``, ``e5–e6`` and ``e5 e6`` move.
    """
    i = _skip_spaces(text, 0)
    if i == len(text):
        raise NotationError(Why.NO_MOVE, text, i + 1)
    origin, i = _square(text, i, Why.EXPECTED_SQUARE)
    spaced = _skip_spaces(text, i)
    if spaced == len(text):
        return Placement(origin)
    if text[spaced] in DASHES:
        i = _skip_spaces(text, spaced + 1)
        if i < len(text) and text[i] in DASHES:
            raise NotationError(Why.ONE_DASH, text, i + 1)
    elif spaced > i and text[spaced] in _WORD:
        i = spaced  # two squares with a space between: e5 e6
    else:
        raise NotationError(Why.EXPECTED_DASH, text, spaced + 1)
    target, i = _square(text, i, Why.EXPECTED_TARGET)
    i = _skip_spaces(text, i)
    if i != len(text):
        raise NotationError(Why.TEXT_AFTER_MOVE, text, i + 1, len(text) - i)
    return Step(origin, target)


def written(event: Place | Move) -> str:
    """An event as a move list writes it: ``e5`` or ``e5-e6``."""
    if isinstance(event, Place):
        return event.square.name
    return f"{event.origin}-{event.target}"


def move_list(events) -> tuple[str, ...]:
    """A game's moves as a move list writes them, in order."""
    return tuple(written(e) for e in events)


@dataclass(frozen=True)
class ListedMove:
    """One move of a move list, with where it stands in the file (from 1)."""

    line: int
    column: int
    text: str
    move: Notation


class MoveListError(LocatedError):
    """A line of a move list that is not a move: ``reason`` says why (typed; the interface
    words it and :meth:`render` places the words)."""

    def __init__(self, line: int, source: str, error: NotationError) -> None:
        super().__init__(str(error.reason), Location(source, 1, error.column, error.width))
        self.reason = error.reason
        self.line = line
        self.column = error.column
        self.width = error.width
        self.source = source

    def where(self) -> str:
        return f"line {self.line}, column {self.column}"


def parse_move_list(text: str) -> tuple[ListedMove, ...]:
    """Every move of a move list, in order; MoveListError at the first line that is not one."""
    moves = []
    for number, raw in enumerate(split_lines(text), start=1):
        body = raw.split("#", 1)[0].rstrip()
        if not body.strip():
            continue
        word, _, after = body.strip().partition(" ")
        if word.lower() in ("place", "move") and after.strip():  # as typed at the prompt
            body = " " * (len(body) - len(body.lstrip()) + len(word) + 1) + after
        try:
            move = parse_move(body)
        except NotationError as exc:
            raise MoveListError(number, raw, exc) from None
        start = _skip_spaces(body, 0)
        moves.append(ListedMove(number, start + 1, body.strip(), move))
    return tuple(moves)
