"""Mastermind's command language, its outcomes and what each seat may see."""

from __future__ import annotations

from dataclasses import dataclass

from mastermind.rules import PEGS, Game, Guess, SetCode
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

    def _code(self, session, game: Game, rest: str, actor):
        maker = game.setup.maker
        return self.submit(session, SetCode(maker, rest.strip().lower()), CodeSet(maker))

    def _guess(self, session, game: Game, rest: str, actor):
        return self.submit(session, Guess(game.setup.breaker, rest.strip().lower()))

    def followed(self, session, shown):  # a guess: its pegs, once the rules have judged it
        return shown or (Guessed(session.record.events[-1], *session.game.guesses[-1][1:]),)


def seat_view(game: Game, seat: str | None) -> dict:
    """What ``seat`` sees (None: the table): the guesses and their pegs; the code only for
    the codemaker's seat, and for everyone once the game is over."""
    shown = game.code if game.finished or seat == game.setup.maker else None
    view: dict = {
        "pegs": PEGS,
        "players": [{"name": p, "you": p == seat} for p in game.players],
        "guesses": [{"guess": g, "black": b, "white": w} for g, b, w in game.guesses],
        "code": game.code if game.finished else None,
    }
    if seat is not None:
        view["you"] = {"name": seat, "code": shown}
    return view
