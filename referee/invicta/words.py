"""Ergo (Invicta) in the players' words: its pieces, its results, why the rules refuse.

The one place the game's refusals (:class:`~referee.invicta.state.Refusal`)
and results become sentences; the terminal, the web table and the replays all
say them from here.
"""

from __future__ import annotations

from collections.abc import Sequence

from referee.client.grammar import and_list
from referee.client.reasons import Words, register
from referee.invicta.board import Kind, Piece, Square
from referee.invicta.refusals import Refusal, Tip, Why
from referee.invicta.setup import PIECES
from referee.invicta.state import Finish, Result
from referee.language.characters import quoted
from referee.language.errors import Location, excerpt

COUNT = {5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten"}


def piece_words(piece: Piece) -> str:
    """``white lion``, ``black hollow piece``."""
    return f"{piece.side} {'lion' if piece.kind is Kind.LION else 'hollow piece'}"


def piece_on(piece: Piece, square: Square) -> str:
    """``the white lion on a3``."""
    return f"the {piece_words(piece)} on {square}"


def rows_words(rows: Sequence[Sequence[Square]]) -> str:
    """``five in a row (a1 b2 c3 d4 e5) and six in a row (...)``."""
    return and_list(
        [
            f"{COUNT.get(len(row), len(row))} in a row ({' '.join(s.name for s in row)})"
            for row in rows
        ]
    )


def result_words(result: Result) -> str:
    """``white has five in a row (a1 b2 c3 d4 e5)``, ``a draw: neither side can move``."""
    if result.finish is Finish.FIVE:
        return f"{result.winner} has {rows_words(result.rows) or 'five in a row'}"
    if result.finish is Finish.REPETITION:
        return "a draw by the third repetition of the position"
    if result.finish is Finish.BLOCKED:
        if result.winner is None:
            return "a draw: neither side can move"
        return f"{result.winner.other} cannot move and loses"
    return "the game goes on"


def repetition_words(times: int) -> str:
    """``this position has occurred 2 times``: said once a position comes round again
    (ruling 14: the third time is a draw), at the prompt and on every screen."""
    return f"this position has occurred {times} times"


def repeating_words(moves: Sequence[str]) -> str:
    """``careful: a1-a2, b3-b2 would bring a position round the third time: a draw``."""
    return f"careful: {', '.join(moves)} would bring a position round the third time: a draw"


HOW = "type a square to place a piece (e5) or two squares to move one (e5-e6)"

TEMPLATES = {
    Why.EMPTY: "there is no piece on {square}",
    Why.SAME_SQUARE: "a move goes to another square",
    Why.HOLLOW_DIAGONAL: "a hollow piece moves orthogonally, not diagonally: {square}-{target}",
    Why.HOLLOW_TOO_FAR: (
        "a hollow piece moves one square at a time: {target} is too far from {square}"
    ),
    Why.PLACE_ONE_SQUARE: "place takes one square",
    Why.MOVE_TWO_SQUARES: "move takes two squares",
}

HINTS = {
    Tip.UNDO_MOVE: "undo takes back the last move",
    Tip.HOW: HOW,
    Tip.PLACE: "place e5, or e5 alone",
    Tip.MOVE: "move e5 e6, or e5-e6",
    Tip.MOVES: "moves e5",
    Tip.PLACE_HERE: "type {word} to place a piece there",
    Tip.ALL_MOVES: "moves lists every move you have",
    Tip.PLACE_ON: "to place a piece on {word}, type {word}",
    Tip.MOVES_FROM: "moves {word} lists where that piece may go",
}


# A move as typed that is not one; ``{at}`` is the text at the fault (``{quoted}``: quoted),
# ``{found}`` the same said as what stood where a square was expected.
NOTATION = {
    Why.NO_MOVE: f"no move: {HOW}",
    Why.EXPECTED_SQUARE: "expected a square, found {found}: " + HOW,
    Why.EXPECTED_TARGET: "expected a square after '-', found {found}: " + HOW,
    Why.NOT_A_SQUARE: "{quoted} is not a square (a column a-i and a row 1-10, e.g. e5)",
    Why.OFF_COLUMNS: "{at} is not on the board: the columns are a to i",
    Why.OFF_ROWS: "{at} is not on the board: the rows are 1 to 10",
    Why.ONE_DASH: "one dash between the two squares: e5-e6",
    Why.EXPECTED_DASH: "expected '-' between two squares, or nothing after one",
    Why.TEXT_AFTER_MOVE: "unexpected text after the move",
}


def notation_words(r: Refusal) -> str:
    """Why typed text is not a move (without the text and its caret)."""
    at = r.text[r.column - 1 : r.column - 1 + r.width]
    found = quoted(at) if at else "the end of the line"
    return NOTATION[r.why].format(at=at, quoted=quoted(at), found=found)


def pointed(r: Refusal) -> str:
    """A move as typed that is not one: why, then the text with a caret under the fault."""
    shown, caret = excerpt(Location(r.text, 1, r.column, r.width))
    return f"{notation_words(r)}\n  {shown}\n  {caret}"


def refusal_words(r: Refusal) -> str:
    """Why the rules refuse, as the players read it."""
    if r.why in NOTATION:
        return pointed(r)
    origin, target = r.square, r.target
    match r.why:
        case Why.GAME_OVER:
            assert r.result is not None
            return f"the game is over: {result_words(r.result)}"
        case Why.NOT_YOUR_TURN:
            assert r.side is not None
            return f"it is {r.side.other}'s move, not {r.side}'s"
        case Why.NO_PIECES:
            return (
                f"{r.side} has no pieces left to place: all {PIECES} are on the board, "
                "so move one instead"
            )
        case Why.OCCUPIED:
            assert r.piece is not None
            if target is None:
                return f"{origin} is taken by the {piece_words(r.piece)} (one piece to a square)"
            return f"{target} is taken by the {piece_words(r.piece)} (there is no capturing)"
        case Why.NOT_YOURS:
            assert r.piece is not None and origin is not None
            return (
                f"{piece_on(r.piece, origin)} is {r.piece.side}'s: {r.side} moves {r.side} pieces"
            )
        case Why.LION_TOO_FAR:
            where = "into the arena" if r.into else "from the arena"
            return (
                f"a lion steps one square {where}, like a chess king: "
                f"{target} is too far from {origin}"
            )
        case Why.CORNER_CUT:
            assert r.blocker is not None and r.other is not None
            return (
                f"{origin}-{target} cuts the corner: a lion goes from one edge square to "
                f"another only along the edge, through {r.other}, and {r.other} is taken by "
                f"{piece_on(r.blocker, r.other)} "
                "(house rule corner_cut=yes allows the diagonal step)"
            )
        case Why.TOO_MANY_CORNERS:
            return (
                f"the way along the edge from {origin} to {target} goes round "
                f"{r.corners} corners; house rule corners=one allows one"
            )
        case Why.SLIDE_BLOCKED:
            assert r.blocker is not None and r.other is not None
            return (
                f"the slide from {origin} to {target} is blocked: "
                f"{piece_on(r.blocker, r.other)} stands in the way "
                "(a lion never jumps over a piece), and so does a piece the other way round"
            )
    raise AssertionError(r.why)  # pragma: no cover - every Why is worded above


# The game's words, registered once for every client (the terminal, the web table, replay).
WORDS = register(Words(Why, Tip, TEMPLATES, refusal_words, HINTS))
