"""Mastermind as the house lists it: the one object ``referee.games.GAMES`` holds."""

from mastermind import commands
from mastermind.rules import GAME
from mastermind.words import WORDS
from referee.table.registry import GameRegistration, Option


def terminal():
    from mastermind.terminal import CLIENT

    return CLIENT


REGISTRATION = GameRegistration(
    kind=GAME,
    title="Mastermind",
    commands=commands.Commands,
    outcomes=(commands.CodeSet, commands.Guessed),
    options=(
        Option("maker", "Who sets the code.", required=True),
        Option("breaker", "Who guesses it.", required=True),
    ),
    new_setup=lambda values, rules, deck: GAME.setup(values["maker"], values["breaker"], rules),
    seat_view=commands.seat_view,
    words=WORDS,
    cli=("mastermind",),
    terminal=terminal,
)
