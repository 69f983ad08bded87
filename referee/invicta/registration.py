"""Ergo (Invicta) as the house registers it (:mod:`referee.table.registry`)."""

from __future__ import annotations

from referee.invicta import outcomes, views
from referee.invicta.commands import InvictaCommands
from referee.invicta.records import GAME
from referee.invicta.setup import HouseRules, Setup
from referee.table.errors import SetupError
from referee.table.registry import GameRegistration, Option, outcomes_of, player_names

MISSING = (
    "name the players: referee invicta play --white alice --black bob (or --players alice,bob)"
)


def new_setup(values, rules: HouseRules, deck) -> Setup:
    """White and black from --white and --black, or from --players WHITE,BLACK as the
    other games take their players (a script can then start every game the same way)."""
    white, black = values.get("white"), values.get("black")
    if values.get("players") is not None:
        if white or black:
            raise SetupError("players", "give either --players or --white and --black, not both")
        names = player_names(values)
        if len(names) != 2:
            raise SetupError("players", "Invicta is played by two: --players WHITE,BLACK")
        white, black = names
    if not white or not black:
        raise SetupError("", MISSING)
    return Setup(white, black, rules)


REGISTRATION = GameRegistration(
    kind=GAME,
    title="Ergo (Invicta)",
    commands=InvictaCommands,
    outcomes=outcomes_of(outcomes),
    seat_view=views.seat_view,
    options=(
        Option("white", "The name of the player with the white pieces."),
        Option("black", "The name of the player with the black pieces."),
        Option("players", "Both names at once, white first: --players alice,bob."),
    ),
    new_setup=new_setup,
    unit="moves",
)
