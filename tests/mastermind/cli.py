"""Mastermind at the terminal: its renderer and its ``mastermind play`` / ``replay``."""

import click

from mastermind.commands import CodeSet, Guessed
from mastermind.registration import REGISTRATION
from mastermind.rules import Game
from mastermind.words import describe
from referee.client.house import (
    Replay,
    TerminalClient,
    TerminalGame,
    mover_prompt,
    play_command,
    replay_command,
)
from referee.client.renders import renders
from referee.client.safe import user
from referee.client.table_io import TableRenderer
from referee.table.views import GameOver


class Renderer(TableRenderer):
    help_words = "code rgby (the codemaker: four of r g b y o p), guess rgby, board, undo, quit"

    @renders(CodeSet)
    def code_set(self, o: CodeSet) -> None:
        self.out.print(user(f"{o.maker} has set the code."))

    @renders(Guessed)
    def guessed(self, o: Guessed) -> None:
        self.out.print(
            user(f"{o.event.player} guesses {o.event.guess}: {o.black} black, {o.white} white")
        )

    @renders(GameOver)
    def game_over(self, o: GameOver) -> None:
        winner, code = o.ending.winners[0], self.game.code
        self.out.print(user(f"Game over: {winner} wins; the code was {code}."))

    def board(self, game: Game) -> None:
        for n, (guess, black, white) in enumerate(game.guesses, start=1):
            self.out.print(user(f"{n:>2}. {guess}  {black} black, {white} white"))
        if game.finished:
            self.out.print(user(f"The code was {game.code}."))

    describe = staticmethod(describe)


TERMINAL = TerminalGame(
    REGISTRATION,
    lambda out, session, flags: Renderer(out, session),
    mover_prompt,
    missing="name the players: --maker ann --breaker bob",
    prefix="mastermind",
    play_help="Play Mastermind.",
    opening=lambda renderer, record, flags: renderer.board(renderer.game),
    replay=Replay(
        help="Replay a game of Mastermind.",
        step=lambda renderer, s: renderer.out.print(user(renderer.describe(s.event))),
        final=lambda renderer, report, record: renderer.board(report.game),
    ),
)


@click.group()
def mastermind() -> None:
    """Mastermind: a codemaker's secret code, ten guesses."""


mastermind.add_command(play_command(TERMINAL))
mastermind.add_command(replay_command(TERMINAL))
CLIENT = TerminalClient(TERMINAL, {"mastermind": mastermind})
