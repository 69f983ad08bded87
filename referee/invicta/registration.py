"""Ergo (Invicta) as the house registers it (:mod:`referee.table.registry`)."""

from __future__ import annotations

from referee.invicta import outcomes, views
from referee.invicta.commands import InvictaCommands
from referee.invicta.records import GAME
from referee.invicta.setup import HouseRules, Setup
from referee.table.registry import GameRegistration, Option, outcomes_of


def new_setup(values, rules: HouseRules, deck) -> Setup:
    return Setup(values["white"], values["black"], rules)


REGISTRATION = GameRegistration(
    kind=GAME,
    title="Ergo (Invicta)",
    commands=InvictaCommands,
    outcomes=outcomes_of(outcomes),
    seat_view=views.seat_view,
    options=(
        Option("white", "The name of the player with the white pieces.", required=True),
        Option("black", "The name of the player with the black pieces.", required=True),
    ),
    new_setup=new_setup,
    unit="moves",
)
