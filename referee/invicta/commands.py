"""Ergo (Invicta) at the table: what players type, read into events and questions.

A move is typed as it is written: ``e5`` places a piece, ``e5-e6`` moves
one. ``moves e5`` lists where the piece on e5 may go (``moves`` alone: every
move of the side to play). A move becomes an event for the side to play and
reaches the record only through :meth:`referee.table.session.Session.submit`,
so a refused move changes nothing. The shared commands (undo, save, quit,
help) are the session's.
"""

from __future__ import annotations

import re

from referee.invicta.board import SQUARES, Square, SquareError
from referee.invicta.events import Move, Place
from referee.invicta.notation import (
    SAYS_HOW,
    NotationError,
    Placement,
    as_event,
    move_list,
    parse_move,
)
from referee.invicta.outcomes import AllMoves, History, Played, Targets
from referee.invicta.refusals import Refusal, Tip, Why
from referee.invicta.state import Game, IllegalMove
from referee.table.commands import TableCommands
from referee.table.errors import Hint, IllegalEvent
from referee.table.events import Event
from referee.table.session import Actor, Outcomes, Refused, Session

ALIASES = {
    "m": "moves",
    "b": "board",
    "show": "board",
    "p": "place",
    "l": "history",
}
_LOOKS_LIKE_A_MOVE = re.compile(r"[a-z]\d")


class InvictaCommands(TableCommands):
    aliases = ALIASES
    commands = frozenset({"moves", "board", "rules", "history", "place", "move", "typed"})
    moves = frozenset({"place", "move", "typed"})
    names_player = frozenset()
    over_hint = Hint(Tip.UNDO_MOVE)

    def word(self, command: str, rest: str) -> tuple[str, str]:
        """A move typed bare (``e5``, ``e5-e6``) is the command ``typed``."""
        if command not in self.commands and _LOOKS_LIKE_A_MOVE.match(command):
            return "typed", f"{command} {rest}".strip()
        return command, rest

    def over(self, game: Game) -> Outcomes:
        return (Refused(hint=self.over_hint, reason=Refusal(Why.GAME_OVER, result=game.result)),)

    def author(self, game: Game, event) -> str | None:
        return game.setup.player(event.side)  # every Invicta event is a side's move

    # ------------------------------------------------------------ moves

    def _place(self, session: Session, game: Game, rest: str, actor: Actor | None) -> Outcomes:
        return self._moved(session, game, rest, "place")

    def _move(self, session: Session, game: Game, rest: str, actor: Actor | None) -> Outcomes:
        return self._moved(session, game, rest, "move")

    def _typed(self, session: Session, game: Game, rest: str, actor: Actor | None) -> Outcomes:
        return self._moved(session, game, rest, "")

    def _moved(self, session: Session, game: Game, text: str, word: str) -> Outcomes:
        try:
            move = parse_move(text)
        except NotationError as exc:
            hint = None if exc.reason.why in SAYS_HOW else Hint(Tip.HOW)
            return (Refused(hint=hint, reason=exc.reason),)
        if word == "place" and not isinstance(move, Placement):
            return (Refused(hint=Hint(Tip.PLACE), reason=Refusal(Why.PLACE_ONE_SQUARE)),)
        if word == "move" and isinstance(move, Placement):
            return (Refused(hint=Hint(Tip.MOVE), reason=Refusal(Why.MOVE_TWO_SQUARES)),)
        return self.submit(session, as_event(move, game.next_side))

    def refusal(self, exc: IllegalEvent, event: Event | None = None) -> Outcomes:
        if isinstance(exc, IllegalMove) and isinstance(event, (Place, Move)):
            return (Refused(hint=_hint(exc, event), reason=exc.refusal),)
        return super().refusal(exc, event)

    def followed(self, session: Session, shown: Outcomes) -> Outcomes:
        game: Game = session.game  # type: ignore[assignment]
        event = game.last
        assert event is not None
        square = event.square if isinstance(event, Place) else event.target
        return (*shown, Played(event, game.board[square].kind, game.promoted, game.passed))

    # ------------------------------------------------------------ questions

    def _history(self, session: Session, game: Game, rest: str, actor: Actor | None) -> Outcomes:
        return (History(move_list(session.record.events)),)

    def _moves(self, session: Session, game: Game, rest: str, actor: Actor | None) -> Outcomes:
        if rest:
            try:
                square = Square.parse(rest)
            except SquareError as exc:
                said = Refusal(exc.why, text=rest, column=1, width=len(rest))
                return (Refused(hint=Hint(Tip.MOVES), reason=said),)
            piece = game.board.get(square)
            if piece is None:
                hint = Hint(Tip.PLACE_HERE, str(square)) if not game.finished else None
                return (Refused(hint=hint, reason=Refusal(Why.EMPTY, square=square)),)
            return (Targets(square, piece, game.targets(square)),)
        if game.finished:
            return (Refused(reason=Refusal(Why.GAME_OVER, result=game.result)),)
        side = game.next_side
        pieces = tuple(
            (s, p, game.targets(s))
            for s, p in sorted(game.board.items(), key=lambda i: (i[0].row, i[0].column))
            if p.side is side
        )
        empty = sum(1 for s in SQUARES if s not in game.board)
        return (AllMoves(side, game.in_hand[side], empty, pieces),)


def _hint(exc: IllegalMove, move: Place | Move) -> Hint | None:
    if exc.why in (Why.NO_PIECES,):
        return Hint(Tip.ALL_MOVES)
    if exc.why in (Why.EMPTY, Why.NOT_YOURS, Why.OCCUPIED) and isinstance(move, Place):
        return Hint(Tip.ALL_MOVES)
    if exc.why is Why.EMPTY:
        return Hint(Tip.PLACE_ON, str(move.origin))
    if exc.why in (Why.NOT_YOURS, Why.GAME_OVER, Why.NOT_YOUR_TURN):
        return None
    return Hint(Tip.MOVES_FROM, str(move.origin))
