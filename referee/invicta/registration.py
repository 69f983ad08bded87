"""Ergo (Invicta) as the house registers it (:mod:`referee.table.registry`)."""

from __future__ import annotations

from referee.invicta.setup import HouseRules, Setup
from referee.table.errors import SetupError
from referee.table.registry import GameRegistration, Option

MISSING = (
    "name the players: referee invicta play --white alice --black bob (or --players alice,bob)"
)


def new_setup(values, rules: HouseRules, deck) -> Setup:
    """White and black from --white and --black, or from --players WHITE,BLACK as the
    other games take their players (a script can then start every game the same way)."""
    white, black, names = values["white"], values["black"], values["players"]
    if names is not None:
        if white or black:
            raise SetupError("players", "give either --players or --white and --black, not both")
        if len(names) != 2:
            raise SetupError("players", "Invicta is played by two: --players WHITE,BLACK")
        white, black = names
    if not white or not black:
        raise SetupError("", MISSING)
    return Setup(white, black, rules)


REGISTRATION = GameRegistration.of(
    __package__,
    title="Ergo (Invicta)",
    options=(
        Option("white", "The name of the player with the white pieces."),
        Option("black", "The name of the player with the black pieces."),
        Option.players("Both names at once, white first: --players alice,bob.", required=False),
    ),
    new_setup=new_setup,
    unit="moves",
)
