"""Liar's dice at the terminal."""

from dice.registration import REGISTRATION
from dice.rules import Game
from referee.client.house import TerminalClient, TerminalGame
from referee.client.said import typed
from referee.client.table_io import TableRenderer, private_view


class Renderer(TableRenderer):
    help_words = "bid COUNT FACE (at least COUNT dice show FACE), liar, hand, undo, quit"

    def board(self, game: Game) -> None:
        for bid in game.bids:
            self.say(typed(f"{bid.player} bid {bid.count} × {bid.face}"))
        if game.finished:
            for player, dice in game.cups.items():
                self.say(typed(f"{player}: {' '.join(map(str, dice))}"))

    def hand(self, game: Game, player: str) -> None:
        def draw() -> None:
            self.say(typed(f"{player}'s dice: {' '.join(map(str, game.cups[player]))}"))

        if not private_view(self.out, typed(player), draw):
            self.say(typed(f"{player}'s dice are for {player} alone: ask at a terminal."))


CLIENT = TerminalClient.of(TerminalGame(REGISTRATION, Renderer))
