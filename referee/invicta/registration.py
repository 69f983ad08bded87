"""Ergo (Invicta) as the house registers it (:mod:`referee.table.registry`).

Declaring it imports nothing of the game: its rules are imported the first time a part is
asked for (``referee --help`` lists it without)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.table.registry import GameRegistration, Option

if TYPE_CHECKING:
    from referee.invicta.setup import HouseRules, Setup

MISSING = (
    "name the players: referee invicta play --white alice --black bob (or --players alice,bob)"
)


def new_setup(values, rules: HouseRules, deck) -> Setup:
    """White and black from --white and --black, or from --players WHITE,BLACK as the
    other games take their players (a script can then start every game the same way)."""
    from referee.invicta.setup import Setup
    from referee.table.errors import SetupError

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
    cli={"invicta": "Ergo (Invicta): the five-in-a-row board game for two, refereed at the table."},
    options=(
        Option("white", "The name of the player with the white pieces."),
        Option("black", "The name of the player with the black pieces."),
        Option.players("Both names at once, white first: --players alice,bob.", required=False),
    ),
    new_setup=new_setup,
    unit="moves",
)
