"""Mastermind's command language, its outcomes and what each seat may see."""

from __future__ import annotations

from dataclasses import dataclass

from mastermind.rules import PEGS, Game, Guess, SetCode
from referee.table import views
from referee.table.commands import TableCommands
from referee.table.session import Accepted, Outcome


@dataclass(frozen=True)
class CodeSet(Outcome):  # not the event: its code is the maker's secret
    maker: str


@dataclass(frozen=True)
class Guessed(Accepted[Guess]):
    black: int
    white: int


class Commands(TableCommands):
    commands = frozenset({"code", "guess", "board", "rules"})
    moves = frozenset({"code", "guess"})
    names_player = frozenset()

    def _code(self, session, game: Game, rest: str, actor):
        return self.submit(session, SetCode(game.setup.maker, rest.strip().lower()))

    def _guess(self, session, game: Game, rest: str, actor):
        return self.submit(session, Guess(game.setup.breaker, rest.strip().lower()))

    def followed(self, session, shown):
        event = session.record.events[-1]
        if isinstance(event, SetCode):
            return (CodeSet(event.player),)
        return (Guessed(event, *session.game.guesses[-1][1:]),)

    def _board(self, session, game, rest: str, actor):
        return (views.ShowBoard(),)


def seat_view(game: Game, seat: str | None) -> dict:
    """What ``seat`` sees (None: the table): the guesses and their pegs; the code only for
    the codemaker's seat, and for everyone once the game is over."""
    view: dict = {
        "game": "mastermind",
        "pegs": PEGS,
        "players": [{"name": p, "you": p == seat} for p in game.players],
        "guesses": [{"guess": g, "black": b, "white": w} for g, b, w in game.guesses],
        "finished": game.finished,
        "winner": game.winner,
        "code": game.code if game.finished else None,
    }
    if seat is not None:
        mine = seat == game.setup.maker or game.finished
        view["you"] = {
            "name": seat,
            "code": game.code if mine else None,
        }
    return view
