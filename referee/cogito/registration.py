"""Cogito (Olerant) as the house registers it (:mod:`referee.table.registry`)."""

from __future__ import annotations

from referee.cogito import outcomes, views
from referee.cogito.commands import CogitoCommands
from referee.cogito.diagram import load_diagram
from referee.cogito.records import GAME
from referee.cogito.setup import HouseRules, Setup
from referee.resources import data_path
from referee.table.registry import Decks, GameRegistration, Option, outcomes_of, player_names, seed


def new_setup(values, rules: HouseRules, deck) -> Setup:
    first = values.get("first") or ""
    shown = bool(values.get("show_secrets"))  # the terminal's flag, kept so resume can check it
    return Setup(player_names(values), seed(values), deck.text, deck.name, first, rules, shown)


REGISTRATION = GameRegistration(
    kind=GAME,
    title="Cogito",
    commands=CogitoCommands,
    outcomes=outcomes_of(outcomes),
    seat_view=views.seat_view,
    options=(
        Option.players("Player names in seating order (each has the next on the left)."),
        Option.seed("The secret deal"),
        Option("first", "Who starts every round (default: the first listed)."),
    ),
    new_setup=new_setup,
    decks=Decks(
        lambda: data_path("cards", "cogito-example.toml"),
        load_diagram,
        help="The deck file (TOML) with the diagram; default: cards/cogito-example.toml "
        "(an invented example, not the printed game's diagram).",
    ),
)
