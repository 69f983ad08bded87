"""Mastermind as the house lists it: the one object ``referee.games.GAMES`` holds."""

from mastermind.commands import seat_view
from mastermind.rules import GAME
from referee.table.registry import GameRegistration, Option

REGISTRATION = GameRegistration.of(
    __package__,
    kind=GAME,  # its rules are one module (the four games' are records.GAME)
    seat_view=seat_view,  # beside its commands (the four games': views.seat_view)
    title="Mastermind",
    options=(
        Option("maker", "Who sets the code.", required=True),
        Option("breaker", "Who guesses it.", required=True),
    ),
)
