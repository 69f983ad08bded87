"""The Ergo (Invicta) board: 9 × 10 squares named as chess names them, its edge and its arena.

Columns ``a``–``i`` (9), rows ``1``–``10`` (10). The 34 squares of column a,
column i, row 1 and row 10 are the *edge*; the 56 others are the *arena*.
The edge is also a ring (:data:`RING`): a lion slides along it, around
corners, so the ring's order is what a slide follows.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from functools import cache

from referee.invicta.refusals import Why

COLUMNS = "abcdefghi"
WIDTH = len(COLUMNS)  # 9
HEIGHT = 10
_NAME = re.compile(r"([a-z])(\d{1,2})", re.IGNORECASE)


class Side(enum.StrEnum):
    WHITE = "white"
    BLACK = "black"

    @property
    def other(self) -> Side:
        return Side.BLACK if self is Side.WHITE else Side.WHITE


class Kind(enum.StrEnum):
    """Which face of the piece is up."""

    LION = "lion"
    HOLLOW = "hollow"


@dataclass(frozen=True)
class Piece:
    side: Side
    kind: Kind


class SquareError(ValueError):
    """Text that names no square; ``why`` says how (not a letter and a number, or off the
    board): a :class:`~referee.invicta.refusals.Why` the notation's refusal carries."""

    def __init__(self, why: Why) -> None:
        super().__init__(why.value)
        self.why = why


@dataclass(frozen=True, order=True)
class Square:
    """A square by column (0 = a) and row (0 = row 1); written and read as ``e5``."""

    column: int
    row: int

    def __post_init__(self) -> None:
        if not (0 <= self.column < WIDTH and 0 <= self.row < HEIGHT):
            raise ValueError(f"no square at column {self.column}, row {self.row}")

    @classmethod
    def parse(cls, text: str) -> Square:
        """``"e5"`` → the square; :class:`SquareError` saying why for anything else."""
        match = _NAME.fullmatch(text.strip())
        if match is None:
            raise SquareError(Why.NOT_A_SQUARE)
        letter, digits = match.group(1).lower(), match.group(2)
        column = COLUMNS.find(letter)
        row = int(digits)
        if column < 0:
            raise SquareError(Why.OFF_COLUMNS)
        if not 1 <= row <= HEIGHT or digits.startswith("0"):
            raise SquareError(Why.OFF_ROWS)
        return cls(column, row - 1)

    @property
    def name(self) -> str:
        return f"{COLUMNS[self.column]}{self.row + 1}"

    def __str__(self) -> str:
        return self.name

    @property
    def on_edge(self) -> bool:
        return self.column in (0, WIDTH - 1) or self.row in (0, HEIGHT - 1)

    @property
    def corner(self) -> bool:
        return self.column in (0, WIDTH - 1) and self.row in (0, HEIGHT - 1)

    def offset(self, dc: int, dr: int) -> Square | None:
        c, r = self.column + dc, self.row + dr
        if 0 <= c < WIDTH and 0 <= r < HEIGHT:
            return Square(c, r)
        return None

    # Records store a square as its name; the shared shape reader uses these.
    def to_json(self) -> str:
        return self.name

    @classmethod
    def from_json(cls, data: object) -> Square:
        try:
            if isinstance(data, str):
                return cls.parse(data)
        except SquareError:
            pass
        raise ValueError(f"a square is a column a-i and a row 1-10 like 'e5', not {data!r}")


SQUARES: tuple[Square, ...] = tuple(Square(c, r) for r in range(HEIGHT) for c in range(WIDTH))
EDGE: frozenset[Square] = frozenset(s for s in SQUARES if s.on_edge)
ARENA: frozenset[Square] = frozenset(s for s in SQUARES if not s.on_edge)

ORTHOGONAL = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAGONAL = ((1, 1), (1, -1), (-1, 1), (-1, -1))
KING = ORTHOGONAL + DIAGONAL
# One direction of each line: along a row, along a column, and the two diagonals.
LINES = ((1, 0), (0, 1), (1, 1), (1, -1))


def _ring() -> tuple[Square, ...]:
    """The edge in order: a1 along row 1 to i1, up column i, back along row 10, down column a."""
    bottom = [Square(c, 0) for c in range(WIDTH)]
    right = [Square(WIDTH - 1, r) for r in range(1, HEIGHT)]
    top = [Square(c, HEIGHT - 1) for c in range(WIDTH - 2, -1, -1)]
    left = [Square(0, r) for r in range(HEIGHT - 2, 0, -1)]
    return tuple(bottom + right + top + left)


RING: tuple[Square, ...] = _ring()
RING_INDEX: dict[Square, int] = {s: i for i, s in enumerate(RING)}


@cache
def neighbours(square: Square, directions: tuple[tuple[int, int], ...]) -> tuple[Square, ...]:
    out = []
    for dc, dr in directions:
        n = square.offset(dc, dr)
        if n is not None:
            out.append(n)
    return tuple(out)
