"""Liar's dice as the house lists it."""

from dice.rules import GAME
from referee.table.registry import GameRegistration, Option

REGISTRATION = GameRegistration.of(
    __package__,
    kind=GAME,
    title="Liar's dice",
    options=(Option.players("Player names, comma-separated."), Option.seed("The dice")),
)
