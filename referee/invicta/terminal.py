"""Ergo (Invicta) on screen: the board drawn with rich, one renderer per outcome.

The board reads without colour too (a script's output, a log): lions are
capital letters (``W`` ``B``), hollow pieces small ones (``w`` ``b``), empty
edge squares ``+`` and empty arena squares ``.``; the last move's squares
are bracketed ``[ ]`` and a winning row is marked ``< >``. Colour adds to
that (bold lions, a tinted edge), never replaces it. Nothing in this game is
hidden, so nothing is cleared from the screen.
"""

from __future__ import annotations

from rich.text import Text

from referee.client.layout import HelpPage, compact
from referee.client.renders import event_words, renders
from referee.client.safe import user
from referee.client.table_io import TableRenderer, game_over_line
from referee.invicta.board import COLUMNS, HEIGHT, WIDTH, Kind, Piece, Side, Square
from referee.invicta.events import Move, Place
from referee.invicta.outcomes import AllMoves, History, Played, Targets
from referee.invicta.state import Finish, Game
from referee.invicta.words import (
    piece_words,
    repeating_words,
    repetition_words,
    result_words,
    rows_words,
)
from referee.table.views import GameOver, ShowBoard

HELP = HelpPage(
    (
        "Type a move as it is written:",
        (
            ("e5", "place a piece from your hand on e5 (a lion on the edge, hollow in the arena)"),
            ("e5-e6", "move your piece from e5 to e6 (also e5 e6, e5–e6, move e5 e6)"),
        ),
        "Commands:",
        (
            ("moves e5", "(m) where the piece on e5 may go; moves alone: every move you have"),
            ("history", "(l) the moves so far, as a move list"),
            ("board", "(b) draw the board again"),
            ("rules", "the house rules of this game"),
            ("undo", "(u) take back the last move"),
            ("save | quit", "write the record | leave (q; the record is saved after every move)"),
            ("help", "(?) this text"),
        ),
        "How pieces move: a hollow piece one square orthogonally (it becomes a lion on "
        "reaching the edge); a lion one square any way, like a chess king, and a lion on "
        "the edge also slides along the edge as far as it likes, round corners, never over "
        "a piece. No capturing. Five or more of one colour in a row (any direction) wins; "
        "the third time a position comes round, the game is a draw.",
    )
)

STYLE = {Side.WHITE: "bright_white", Side.BLACK: "bright_red"}
EDGE_STYLE = "on grey23"
LAST_STYLE = "bold yellow"
ROW_STYLE = "bold green"
SHORT_LIST = 5  # pieces whose moves are listed in full by "moves"; more are summed up


def letter(piece: Piece) -> str:
    """The piece as a letter: capital for a lion, small for a hollow piece."""
    c = "W" if piece.side is Side.WHITE else "B"
    return c if piece.kind is Kind.LION else c.lower()


def _who(side: Side, setup) -> str:
    name = setup.player(side) if setup is not None else None
    return f"{side} ({name})" if name and name != side.value else f"{side}"


describe = event_words()  # one line for an event (undo, replay --step), named by ``setup``


@describe.register
def _(event: Place, setup=None) -> str:
    return f"{_who(event.side, setup)} places on {event.square}"


@describe.register
def _(event: Move, setup=None) -> str:
    return f"{_who(event.side, setup)} moves {event.origin}-{event.target}"


def player_text(game: Game, side: Side) -> Text:
    """``white (alice)``; a side alone when it has no other name (a replayed move list)."""
    name = game.setup.player(side)
    if name == side.value:
        return Text(f"{side}", style=STYLE[side])
    return Text(f"{side} (", style=STYLE[side]) + user(name) + Text(")", style=STYLE[side])


class InvictaRenderer(TableRenderer):
    help_words = HELP

    def describe(self, event) -> str:
        """An event in one line, its side named by its player (``black (bob) places …``)."""
        game = self.game if self.session is not None or self.watched is not None else None
        return describe(event, game.setup if game is not None else None)

    def show(self, outcomes, changed: bool) -> None:
        """As every table shows outcomes, but the end of the game below the new board."""
        ends = tuple(o for o in outcomes if isinstance(o, GameOver))
        rest = tuple(o for o in outcomes if not isinstance(o, GameOver))
        super().show(rest, changed and not ends)
        if ends:
            self.board(self.game)
            self.hands(self.game)
        for o in ends:
            self.game_over(o)

    def after_change(self, outcomes) -> None:
        if any(isinstance(o, GameOver) for o in outcomes):
            return  # the end was drawn with its board (show)
        self.status(self.game)

    # ------------------------------------------------------------ the table

    def board(self, game: Game) -> None:
        last: set[Square] = set()
        if isinstance(game.last, Place):
            last = {game.last.square}
        elif isinstance(game.last, Move):
            last = {game.last.origin, game.last.target}
        row_squares = {s for row in game.rows for s in row}
        header = Text("     " + "".join(f" {c} " for c in COLUMNS))
        self.out.print(header)
        for r in range(HEIGHT - 1, -1, -1):
            line = Text(f" {r + 1:>2}  ")
            for c in range(WIDTH):
                line.append_text(self._cell(game, Square(c, r), last, row_squares))
            line.append(f"  {r + 1}")
            self.out.print(line)
        self.out.print(header)
        legend = Text("     W B lion   w b hollow   + edge   . arena", style="dim")
        marks = Text("[ ] last move", style="dim")
        if row_squares:
            marks.append("   < > the winning row", style="dim")
        if compact(self.out):  # two lines, each within the board's own width and a bit
            self.out.print(legend)
            self.out.print(Text("     ") + marks)
        else:
            self.out.print(legend + Text("   ") + marks)

    @staticmethod
    def _cell(game: Game, square: Square, last: set[Square], rows: set[Square]) -> Text:
        piece = game.board.get(square)
        if piece is None:
            mark, style = ("+" if square.on_edge else "."), "dim"
        else:
            mark = letter(piece)
            style = STYLE[piece.side] + (" bold" if piece.kind is Kind.LION else "")
        background = EDGE_STYLE if square.on_edge else ""
        if square in rows:
            left, right, frame = "<", ">", ROW_STYLE
        elif square in last:
            left, right, frame = "[", "]", LAST_STYLE
        else:
            left = right = " "
            frame = ""
        cell = Text()
        cell.append(left, style=f"{frame} {background}".strip())
        cell.append(mark, style=f"{style} {background}".strip())
        cell.append(right, style=f"{frame} {background}".strip())
        return cell

    def hands(self, game: Game) -> None:
        line = Text("In hand: ")
        for i, side in enumerate(Side):
            if i:
                line.append("   ")
            line.append_text(player_text(game, side))
            line.append(f" {game.in_hand[side]}")
        self.out.print(line)

    def turn(self, game: Game) -> None:
        if game.finished:
            self.out.print(Text(f"Game over: {result_words(game.result)}.", style="bold"))
            return
        side = game.to_move
        assert side is not None
        line = Text(f"Move {game.moves + 1}: ", style="bold") + player_text(game, side)
        line.append(" to play", style="bold")
        if game.repetitions > 1:
            line.append(f"  ({repetition_words(game.repetitions)})", style="yellow")
        self.out.print(line)
        repeating = game.repeating_moves()
        if repeating:
            moves = [f"{m.origin}-{m.target}" for m in repeating]
            self.out.print(Text(f"  {repeating_words(moves)}", style="yellow"))

    @renders(ShowBoard)  # the board with whose turn it is
    def show_board(self, o: ShowBoard) -> None:
        self.status(self.game)

    def status(self, game: Game) -> None:
        self.board(game)
        self.hands(game)
        self.turn(game)

    # ------------------------------------------------------------ outcomes

    @renders(Played)
    def played(self, o: Played) -> None:
        game = self.game
        e = o.event
        line = player_text(game, e.side)
        if isinstance(e, Place):
            article = "a lion" if o.kind is Kind.LION else "a hollow piece"
            line.append(f" places {article} on {e.square}")
        else:
            line.append(f" moves {e.origin}-{e.target}")
            if o.promoted:
                line.append(": the hollow piece reaches the edge and becomes a lion", style="bold")
        self.out.print(line)
        if o.passed is not None:
            note = player_text(game, o.passed)
            note.append(" has no legal move, so ")
            note.append_text(player_text(game, o.passed.other))
            note.append(" moves again")
            note.stylize("yellow")
            self.out.print(note)

    @renders(GameOver)
    def game_over(self, o: GameOver) -> None:
        game = self.game  # the board as the game ended: its winning side and rows
        winner, finish = game.winner, o.ending.termination
        line = game_over_line()
        if finish is Finish.FIVE and winner is not None:
            line.append_text(player_text(game, winner))
            line.append(f" wins with {rows_words(game.rows)}", style="bold")
        elif finish is Finish.BLOCKED and winner is not None:
            line.append_text(player_text(game, winner))
            line.append(" wins: ", style="bold")
            line.append_text(player_text(game, winner.other))
            line.append(" cannot move (house rule blocked=lose)", style="bold")
        else:
            line.append(result_words(game.result), style="bold")
        line.append(".")
        self.out.print(line)

    @renders(History)
    def history(self, o: History) -> None:
        """The moves so far, numbered in pairs (white's, black's), as many a line as fit."""
        if not o.moves:
            self.out.print("No moves yet.")
            return
        pairs = [
            f"{n}. {' '.join(o.moves[i : i + 2])}"
            for n, i in enumerate(range(0, len(o.moves), 2), start=1)
        ]
        self.out.print(Text("  " + "   ".join(pairs)))  # wrapped lines keep the indent
        self.out.print(Text("  (a move list: referee invicta replay --moves RECORD)", style="dim"))

    @renders(Targets)
    def targets(self, o: Targets) -> None:
        what = f"The {piece_words(o.piece)} on {o.square}"
        if not o.targets:
            self.out.print(f"{what} cannot move now.")
            return
        squares = " ".join(s.name for s in o.targets)
        self.out.print(f"{what} may go to: {squares}  ({len(o.targets)})")

    @renders(AllMoves)
    def all_moves(self, o: AllMoves) -> None:
        head = player_text(self.game, o.side)
        if o.in_hand:
            head.append(f" has {o.in_hand} in hand, to place on any of {o.empty} empty squares")
        else:
            head.append(" has no pieces in hand")
        self.out.print(head)
        if len(o.pieces) <= SHORT_LIST:
            for square, piece, targets in o.pieces:
                where = " ".join(s.name for s in targets) if targets else "(cannot move)"
                self.out.print(f"  {letter(piece)} {square}: {where}")
            return
        # Many pieces out: one entry each (how many squares it may go to), the board stays
        # on the screen, and "moves SQUARE" lists one piece's squares.
        summary = Text(", ".join(f"{letter(p)} {sq} ({len(t)})" for sq, p, t in o.pieces))
        self.out.print(Text("  ") + summary)  # wrapped lines keep the indent
        self.out.print(Text("  (moves SQUARE: where that piece may go)", style="dim"))
