"""Errors that point at what a person typed: one base class, one caret.

Every refusal of text a player or a file gave (a statement, a board line, a
derivation step, a Proof of cards, a move list, a deck) is a
:class:`LocatedError`: a message in the players' words and, when there is
one, the :class:`Location` it is about. :func:`excerpt` is the one place a
source line and its caret are drawn: a window of a long line, invisible
characters shown, the caret under what the location covers.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.language.characters import picture_invisible, split_lines

# An error shows at most this many characters of the line it is about.
SHOWN_WIDTH = 76


@dataclass(frozen=True)
class Location:
    """``text`` (the source: a line or a whole text), its line, column and width (from 1).

    ``column`` 0: the line as a whole (no caret).
    """

    text: str
    line: int = 1
    column: int = 1
    width: int = 1


def excerpt(location: Location) -> tuple[str, str]:
    """(the part of the line shown, the caret line under it; empty when no column)."""
    lines = split_lines(location.text) or [""]
    line = picture_invisible(lines[location.line - 1]) if 0 < location.line <= len(lines) else ""
    if location.column <= 0:
        if len(line) > SHOWN_WIDTH:
            line = line[:SHOWN_WIDTH] + "…"
        return line, ""
    column = location.column
    width = min(max(1, location.width), max(1, len(line) - column + 1), SHOWN_WIDTH)
    if len(line) > SHOWN_WIDTH:
        start = max(0, min(column - 1 - SHOWN_WIDTH // 4, len(line) - SHOWN_WIDTH))
        shown = line[start : start + SHOWN_WIDTH]
        column -= start
        if start > 0:
            shown, column = "…" + shown, column + 1
        if start + SHOWN_WIDTH < len(line):
            shown += "…"
        line, width = shown, min(width, len(shown) - column + 1)
    return line, " " * (column - 1) + "^" * max(1, width)


class LocatedError(ValueError):
    """A refusal of typed text: ``message``, and where (``location``), if known.

    Subclasses say how they name the place (:meth:`where`); :meth:`render`
    gives the message, the line and the caret, the same way for all of them.
    """

    def __init__(self, message: str, location: Location | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.location = location

    def where(self) -> str:
        loc = self.location
        if loc is None:
            return ""
        return f"line {loc.line}, column {loc.column}" if loc.column else f"line {loc.line}"

    def render(self, words: str | None = None) -> str:
        """Where, the message (or ``words``: the interface's, for an error whose reason is
        typed), the line and the caret."""
        where = self.where()
        said = self.message if words is None else words
        text = f"{where}: {said}" if where else said
        if self.location is not None and self.location.text:
            shown, caret = excerpt(self.location)
            text += f"\n  {shown}"
            if caret:
                text += f"\n  {caret}"
        return text

    def __str__(self) -> str:
        return self.render()


def position(text: str, index: int) -> tuple[int, int]:
    """(line, column), 1-based, of ``text[index]``; lines end at \\n only."""
    line = text.count("\n", 0, index) + 1
    start = text.rfind("\n", 0, index) + 1
    return line, index - start + 1


def index_at(text: str, line: int, column: int) -> int:
    """The index of (line, column) in ``text``: the inverse of :func:`position`."""
    start = 0
    for _ in range(line - 1):
        found = text.find("\n", start)
        if found < 0:
            break
        start = found + 1
    return start + column - 1


class ParseError(LocatedError):
    """A statement that cannot be read, with where the problem is (1-based)."""

    def __init__(
        self, message: str, text: str = "", line: int = 1, column: int = 1, width: int = 1
    ) -> None:
        super().__init__(message, Location(text, line, max(1, column), max(1, width)))
        self.text = text
        self.line = line
        self.column = column
        self.width = max(1, width)

    @property
    def offset(self) -> int:
        """Where the problem starts, as an index into ``text``."""
        return index_at(self.text, self.line, self.column)

    def source_line(self) -> str:
        """The line the problem is on (a window of it if long), invisible characters shown."""
        return excerpt(self.location)[0]

    def caret(self) -> str:
        return excerpt(self.location)[1]

    def render(self, prefix: str = "") -> str:
        shown, caret = excerpt(self.location)
        return f"{prefix}{self.where()}: {self.message}\n  {shown}\n  {caret}"

    def to_json(self) -> dict:
        return {"message": self.message, "line": self.line, "column": self.column}
