"""Ergo (Invicta) on screen: the board and the moves as words, one renderer per outcome.

The board reads without colour too (a script's output, a log): lions are
capital letters (``W`` ``B``), hollow pieces small ones (``w`` ``b``), empty
edge squares ``+`` and empty arena squares ``.``; the last move's squares
are bracketed ``[ ]`` and a winning row is marked ``< >``. Colour adds to
that (bold lions, a tinted edge), never replaces it. Nothing in this game is
hidden, so nothing is cleared from the screen.
"""

from __future__ import annotations

from referee.client.layout import HelpPage, compact
from referee.client.renders import event_words, renders
from referee.client.said import Line, Span, Tone, typed, words
from referee.client.table_io import TableRenderer, game_over_words
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

TONE = {Side.WHITE: Tone.FIRST, Side.BLACK: Tone.SECOND}  # a side's name and pieces
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


def player_text(game: Game, side: Side, more: str = "", strong: bool = False) -> Line:
    """``white (alice)``; a side alone when it has no other name (a replayed move list);
    ``more`` words after it, in the side's tone as the name."""
    tone, name = TONE[side], game.setup.player(side)
    if name == side.value:
        line = words(f"{side}", tone, strong)
    else:
        line = words(f"{side} (", tone, strong) + typed(name, tone, strong) + ")"
        line = line.toned(tone, strong)
    return line + words(more, tone, strong)


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
        header = words("     " + "".join(f" {c} " for c in COLUMNS))
        self.say(header)
        for r in range(HEIGHT - 1, -1, -1):
            line = words(f" {r + 1:>2}  ")
            for c in range(WIDTH):
                line += self._cell(game, Square(c, r), last, row_squares)
            self.say(line + f"  {r + 1}")
        self.say(header)
        legend = words("     W B lion   w b hollow   + edge   . arena", aside=True)
        marks = words("[ ] last move", aside=True)
        if row_squares:
            marks += words("   < > the winning row", aside=True)
        if compact(self.out):  # two lines, each within the board's own width and a bit
            self.say(legend, "     " + marks)
        else:
            self.say(legend + words("   ", aside=True) + marks)

    @staticmethod
    def _cell(game: Game, square: Square, last: set[Square], rows: set[Square]) -> Line:
        piece = game.board.get(square)
        edge = square.on_edge
        if piece is None:
            mark = Span("+" if edge else ".", aside=True, shaded=edge)
        else:
            lion = piece.kind is Kind.LION
            mark = Span(letter(piece), TONE[piece.side], strong=lion, shaded=edge)
        if square in rows:  # the winning row
            frame, tone = "<>", Tone.GOOD
        elif square in last:
            frame, tone = "[]", Tone.NEW
        else:
            frame, tone = "  ", Tone.PLAIN
        strong = tone is not Tone.PLAIN
        left, right = (Span(f, tone, strong, shaded=edge) for f in frame)
        return Line((left, mark, right))

    def hands(self, game: Game) -> None:
        line = words("In hand: ")
        for i, side in enumerate(Side):
            if i:
                line += "   "
            line += player_text(game, side) + f" {game.in_hand[side]}"
        self.say(line)

    def turn(self, game: Game) -> None:
        if game.finished:
            self.say(words(f"Game over: {result_words(game.result)}.", strong=True))
            return
        side = game.to_move
        assert side is not None
        line = words(f"Move {game.moves + 1}: ", strong=True) + player_text(game, side, strong=True)
        line += words(" to play", strong=True)
        if game.repetitions > 1:
            line += words(f"  ({repetition_words(game.repetitions)})", Tone.DOUBT, strong=True)
        self.say(line)
        repeating = game.repeating_moves()
        if repeating:
            moves = [f"{m.origin}-{m.target}" for m in repeating]
            self.say(words(f"  {repeating_words(moves)}", Tone.DOUBT))

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
        if isinstance(e, Place):
            article = "a lion" if o.kind is Kind.LION else "a hollow piece"
            line = player_text(game, e.side, f" places {article} on {e.square}")
        else:
            line = player_text(game, e.side, f" moves {e.origin}-{e.target}")
            if o.promoted:
                became = ": the hollow piece reaches the edge and becomes a lion"
                line += words(became, TONE[e.side], strong=True)
        self.say(line)
        if o.passed is not None:  # the whole note a warning, whoever it names
            note = player_text(game, o.passed, " has no legal move, so ")
            note += player_text(game, o.passed.other, " moves again")
            self.say(note.toned(Tone.DOUBT))

    @renders(GameOver)
    def game_over(self, o: GameOver) -> None:
        game = self.game  # the board as the game ended: its winning side and rows
        winner, finish = game.winner, o.ending.termination
        line = game_over_words()
        if finish is Finish.FIVE and winner is not None:
            line += player_text(game, winner, strong=True)
            line += words(f" wins with {rows_words(game.rows)}", strong=True)
        elif finish is Finish.BLOCKED and winner is not None:
            line += player_text(game, winner, strong=True) + words(" wins: ", strong=True)
            line += player_text(game, winner.other, strong=True)
            line += words(" cannot move (house rule blocked=lose)", strong=True)
        else:
            line += words(result_words(game.result), strong=True)
        self.say(line + words(".", strong=True))

    @renders(History)
    def history(self, o: History) -> None:
        """The moves so far, numbered in pairs (white's, black's), as many a line as fit."""
        if not o.moves:
            self.say("No moves yet.")
            return
        pairs = [
            f"{n}. {' '.join(o.moves[i : i + 2])}"
            for n, i in enumerate(range(0, len(o.moves), 2), start=1)
        ]
        self.say(
            words("  " + "   ".join(pairs)),  # wrapped lines keep the indent
            words(
                "  (a move list: referee invicta replay --moves RECORD)", aside=True
            ).only_at_a_terminal(),
        )

    @renders(Targets)
    def targets(self, o: Targets) -> None:
        what = f"The {piece_words(o.piece)} on {o.square}"
        if not o.targets:
            self.say(f"{what} cannot move now.")
            return
        squares = " ".join(s.name for s in o.targets)
        self.say(f"{what} may go to: {squares}  ({len(o.targets)})")

    @renders(AllMoves)
    def all_moves(self, o: AllMoves) -> None:
        if o.in_hand:
            has = f" has {o.in_hand} in hand, to place on any of {o.empty} empty squares"
        else:
            has = " has no pieces in hand"
        self.say(player_text(self.game, o.side, has))
        if len(o.pieces) <= SHORT_LIST:
            for square, piece, targets in o.pieces:
                where = " ".join(s.name for s in targets) if targets else "(cannot move)"
                self.say(f"  {letter(piece)} {square}: {where}")
            return
        # Many pieces out: one entry each (how many squares it may go to), the board stays
        # on the screen, and "moves SQUARE" lists one piece's squares.
        summary = ", ".join(f"{letter(p)} {sq} ({len(t)})" for sq, p, t in o.pieces)
        self.say(
            words("  " + summary),  # wrapped lines keep the indent
            words("  (moves SQUARE: where that piece may go)", aside=True),
        )
