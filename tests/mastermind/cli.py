"""Mastermind at the terminal: its board, and ``referee mastermind play`` / ``replay``."""

from mastermind.registration import REGISTRATION
from mastermind.rules import Game
from referee.client.house import TerminalClient, TerminalGame
from referee.client.said import typed
from referee.client.table_io import TableRenderer


class Renderer(TableRenderer):
    help_words = "code rgby (the codemaker: four of r g b y o p), guess rgby, board, undo, quit"

    def board(self, game: Game) -> None:
        for n, (guess, black, white) in enumerate(game.guesses, start=1):
            self.say(typed(f"{n:>2}. {guess}  {black} black, {white} white"))
        if game.finished:
            self.say(typed(f"The code was {game.code}."))


CLIENT = TerminalClient.of(TerminalGame(REGISTRATION, Renderer))
