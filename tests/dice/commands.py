"""Liar's dice's command language and its outcomes."""

from __future__ import annotations

from dataclasses import dataclass

from dice.rules import Bid, Game, Liar, Why
from referee.table.commands import TableCommands, Unread
from referee.table.errors import Refusal
from referee.table.session import Accepted


@dataclass(frozen=True)
class Bidden(Accepted[Bid]):
    """A bid the rules took."""


@dataclass(frozen=True)
class Called(Accepted[Liar]):
    showing: int  # the dice of the bid's face on the table: the cups lifted


class Commands(TableCommands):
    commands = frozenset({"bid", "liar", "hand", "rules"})
    moves = frozenset({"bid", "liar"})

    def _bid(self, session, game: Game, rest: str, actor):
        words = rest.split()
        if len(words) != 2 or not all(w.isdigit() for w in words):
            raise Unread(Refusal(Why.NOT_A_BID, word=rest))
        bid = Bid(game.mover or "", int(words[0]), int(words[1]))
        return self.submit(session, bid, Bidden(bid))

    def _liar(self, session, game: Game, rest: str, actor):
        return self.submit(session, Liar(game.mover or ""))

    def followed(self, session, shown):
        event, game = session.record.events[-1], session.game
        if isinstance(event, Liar):
            return (Called(event, game.showing(game.bids[-1].face)),)
        return shown
